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
