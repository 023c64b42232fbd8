import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createSandbox, noFaults, type Sandbox } from "#sandbox/server.ts";

/**
 * Between tests sharing one sandbox: no faults, rate limiting off, and the limiter on a manual
 * clock (buckets refill only when the test moves `clock.ms`), so nothing depends on machine speed.
 */
export function resetSandbox(sandbox: Sandbox, clock: { ms: number }): void {
  Object.assign(sandbox.faults, noFaults());
  sandbox.rateLimiter.config.enabled = false;
  sandbox.rateLimiter.now = () => clock.ms;
}

/**
 * One sandbox for a test file (rate limits off), reset before each test; its fields are set once
 * the file's tests start.
 */
export function sandboxForFile(): { sandbox: Sandbox; api: ReturnType<typeof apiCaller> } {
  const shared = {} as { sandbox: Sandbox; api: ReturnType<typeof apiCaller> };
  const clock = { ms: 0 };
  beforeAll(async () => {
    shared.sandbox = await createSandbox({ port: 0, rateLimits: false });
    shared.api = apiCaller(shared.sandbox.url);
  });
  afterAll(() => shared.sandbox.close());
  beforeEach(() => resetSandbox(shared.sandbox, clock));
  return shared;
}

/** A fresh account: every key is its own tenant in the sandbox. */
export const testKey = (label = "t") =>
  `biteship_test.${label}-${crypto.randomBytes(6).toString("hex")}`;
export const liveKey = (label = "l") =>
  `biteship_live.${label}-${crypto.randomBytes(6).toString("hex")}`;

/** Registers a URL for the key's order events at the sandbox, as a merchant does in the service's dashboard. */
export function registerEvents(
  sandboxUrl: string,
  apiKey: string,
  url: string,
  header?: { name: string; secret: string },
): Promise<Response> {
  return fetch(`${sandboxUrl}/_sandbox/webhook`, {
    method: "POST",
    headers: { authorization: apiKey, "content-type": "application/json" },
    body: JSON.stringify({
      url,
      ...(header ? { header_name: header.name, header_secret: header.secret } : {}),
    }),
    signal: AbortSignal.timeout(10_000),
  });
}

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** Raw HTTP against the sandbox, to check envelopes, codes and headers exactly. */
export function apiCaller(baseUrl: string) {
  return async function api(
    method: string,
    path: string,
    key: string | null,
    body?: unknown,
    rawBody?: string,
  ): Promise<ApiAnswer> {
    const headers: Record<string, string> = {};
    if (key !== null) headers.authorization = key;
    if (body !== undefined || rawBody !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      headers: response.headers,
    };
  };
}

export { draftBody } from "../fixtures/draft-body.ts";

/** Coordinates in Jakarta (about 8 km apart), for instant couriers. */
export const JAKARTA_A = { latitude: -6.2886, longitude: 106.7986 };
export const JAKARTA_B = { latitude: -6.225, longitude: 106.87 };
