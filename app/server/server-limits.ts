import http from "node:http";

/**
 * How long and how many: the production web server's bounds on slow or numerous clients
 * (server.ts). Node's defaults (300 s to send a request, no connection limit) let a few slow
 * senders hold the server; every real client here (Shopify's webhooks and rate requests, the
 * admin) sends its request in well under a second.
 *
 * - `headersTimeoutMs`: a request's headers must arrive within this (Node's 60 s by default);
 * - `requestTimeoutMs`: the whole request, body included (Node's 300 s) — the time to answer is
 *   not counted;
 * - `maxConnections`: connections beyond this are closed as they arrive;
 * - `keepAliveTimeoutMs`: an idle keep-alive connection is closed after this, longer than the
 *   usual load balancer's 60 s so that the balancer closes first.
 */
export interface ServerLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  maxConnections: number;
  keepAliveTimeoutMs: number;
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxConnections: 2_000,
  keepAliveTimeoutMs: 65_000,
};

/** The limits from WEB_HEADERS_TIMEOUT_MS, WEB_REQUEST_TIMEOUT_MS and WEB_MAX_CONNECTIONS. */
export function serverLimitsFrom(env: Record<string, string | undefined>): ServerLimits {
  const positive = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n <= 0)
      throw new Error(`${name} must be a positive whole number, got ${JSON.stringify(raw)}`);
    return n;
  };
  const limits = {
    ...DEFAULT_SERVER_LIMITS,
    headersTimeoutMs: positive("WEB_HEADERS_TIMEOUT_MS", DEFAULT_SERVER_LIMITS.headersTimeoutMs),
    requestTimeoutMs: positive("WEB_REQUEST_TIMEOUT_MS", DEFAULT_SERVER_LIMITS.requestTimeoutMs),
    maxConnections: positive("WEB_MAX_CONNECTIONS", DEFAULT_SERVER_LIMITS.maxConnections),
  };
  if (limits.headersTimeoutMs > limits.requestTimeoutMs)
    throw new Error("WEB_HEADERS_TIMEOUT_MS must not be more than WEB_REQUEST_TIMEOUT_MS");
  return limits;
}

/** An HTTP server with these limits (checked every second, or more often for shorter ones). */
export function createLimitedServer(
  handler: http.RequestListener,
  limits: ServerLimits = DEFAULT_SERVER_LIMITS,
): http.Server {
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(
        10,
        Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4)),
      ),
    },
    handler,
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  return server;
}
