import type { IncomingMessage } from "node:http";
/**
 * A JSON response. Not `Response.json()`: the development server (Remix's Vite plugin) installs
 * Remix's fetch polyfills as globals, and their Response has no static json().
 */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}

/** A request's header by its lower-case name: what the framework-free handlers read headers with. */
export type HeaderGetter = (name: string) => string | null | undefined;

/** A Node request's headers as a HeaderGetter (the first value of a repeated header). */
export const headerOf =
  (req: IncomingMessage): HeaderGetter =>
  (name) => {
    const value = req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  };
