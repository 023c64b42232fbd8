import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { CODES } from "#app/shipping/contract.ts";
import { areaCounts } from "./areas.ts";
import type { Behaviour } from "./behaviour.ts";
import { handleControl } from "./control.ts";
import { draftRoutes } from "./drafts.ts";
import { EventDispatcher } from "./events.ts";
import { noFaults, type FaultConfig } from "./faults.ts";
import { locationRoutes } from "./locations.ts";
import { mapRoutes } from "./maps.ts";
import { orderRoutes } from "./orders.ts";
import { rateRoutes } from "./rates.ts";
import { RateLimiter, defaultRateLimits, type ApiGroup, type RateTable } from "./ratelimit.ts";
import type { AddRoute, Body, Handler, RouteOptions } from "./routes.ts";
import { ShippingService } from "./service.ts";
import { trackingRoutes } from "./trackings.ts";
import { SandboxError } from "./validation.ts";

export { noFaults, type FaultConfig };

export interface SandboxOptions {
  port?: number;
  host?: string;
  /** false disables rate limiting; otherwise overrides of the documented limits. */
  rateLimits?: false | { test?: Partial<RateTable>; live?: Partial<RateTable> };
  faults?: Partial<FaultConfig>;
  /** Every this many ms each order in motion takes its next status; 0 (default) leaves it to /_sandbox/clock/tick. */
  statusIntervalMs?: number;
  courierNotFoundRate?: number;
  /** Seed of the fault and driver randomness, so a run is repeatable. */
  seed?: number;
  now?: () => Date;
  maxBodyBytes?: number;
  webhookRetryDelaysMs?: number[];
  /** Load state from this JSON file at start and write it on close and on POST /_sandbox/snapshot. */
  stateFile?: string;
  logger?: pino.Logger;
  /** Answers where the service's documentation is unclear (sandbox/behaviour.ts); also POST /_sandbox/behaviour. */
  behaviour?: Partial<Behaviour>;
}

export interface Sandbox {
  url: string;
  port: number;
  service: ShippingService;
  faults: FaultConfig;
  rateLimiter: RateLimiter;
  events: EventDispatcher;
  /** Requests per "METHOD /v1/route/:id" that reached a route with a valid key (429s included). */
  requests: Map<string, number>;
  close(): Promise<void>;
}

interface Route {
  method: string;
  pattern: RegExp;
  group: ApiGroup;
  handler: Handler;
  options: RouteOptions;
}

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEY = /^biteship_(test|live)\.\S+$/;

/** The key from `authorization`: the raw key, `Bearer <key>`, or HTTP Basic with the key as user name. */
function keyOf(header: string): string {
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic) {
    const decoded = Buffer.from(basic[1]!, "base64").toString("utf8");
    return decoded.split(":")[0]!;
  }
  return header.replace(/^Bearer\s+/i, "");
}

/**
 * Starts the sandbox shipping service. `port: 0` picks a free port (tests); the returned `url`
 * is its base URL.
 */
export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const logger = options.logger ?? pino({ level: "silent" });
  const random = mulberry32(options.seed ?? 1);
  const faults: FaultConfig = { ...noFaults(), ...options.faults };
  const limits = defaultRateLimits();
  if (options.rateLimits === false) limits.enabled = false;
  else if (options.rateLimits) {
    Object.assign(limits.test, options.rateLimits.test);
    Object.assign(limits.live, options.rateLimits.live);
  }
  const rateLimiter = new RateLimiter(limits);
  const requests = new Map<string, number>();
  const events = new EventDispatcher({ retryDelaysMs: options.webhookRetryDelaysMs, logger });
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  let baseUrl = "";
  const service = new ShippingService({
    now: options.now,
    random,
    courierNotFoundRate: options.courierNotFoundRate,
    behaviour: options.behaviour,
    publicUrl: () => baseUrl,
    onEvent: (account, body) => {
      const config = service.webhookOf(account);
      if (config) events.dispatch(account, config, body);
    },
  });
  if (options.stateFile && fs.existsSync(options.stateFile)) {
    service.restore(JSON.parse(fs.readFileSync(options.stateFile, "utf8")));
    logger.info({ stateFile: options.stateFile, ...service.counts() }, "state restored");
  }
  const saveState = () => {
    if (options.stateFile) fs.writeFileSync(options.stateFile, JSON.stringify(service.snapshot()));
  };

  const routes: Route[] = [];
  const route: AddRoute = (method, path, group, handler, routeOptions = {}) =>
    routes.push({
      method,
      pattern: new RegExp(`^${path.replace(/:[a-z_]+/g, "([^/]+)")}$`),
      group,
      handler,
      options: routeOptions,
    });
  locationRoutes(route, service);
  draftRoutes(route, service);
  orderRoutes(route, service);
  rateRoutes(route, service);
  mapRoutes(route);
  trackingRoutes(route, service);
  const initialBehaviour = { ...service.behaviour };

  const hung = new Set<http.ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  const send = (
    res: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  };
  const fail = (
    res: http.ServerResponse,
    status: number,
    code: number,
    error: string,
    extra: { details?: unknown; headers?: Record<string, string> } = {},
  ) =>
    send(
      res,
      status,
      { success: false, error, code, ...(extra.details ? { details: extra.details } : {}) },
      extra.headers,
    );

  const controlDeps = {
    service,
    rateLimiter,
    events,
    faults,
    requests,
    initialBehaviour,
    stateFile: options.stateFile,
    saveState,
    send,
    fail,
  };

  const hang = (res: http.ServerResponse) => {
    hung.add(res);
    const t = setTimeout(() => {
      timers.delete(t);
      hung.delete(res);
      res.socket?.destroy();
    }, faults.hangMs);
    timers.add(t);
    res.on("close", () => {
      hung.delete(res);
      clearTimeout(t);
      timers.delete(t);
    });
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const started = performance.now();
    const url = new URL(req.url ?? "/", "http://sandbox");
    const method = req.method ?? "GET";
    const path = url.pathname.replace(/\/+$/, "") || "/";

    // Read the body first (bounded), so every answer leaves the connection reusable.
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > maxBodyBytes) tooLarge = true;
      else chunks.push(chunk as Buffer);
    }
    if (tooLarge)
      return fail(
        res,
        413,
        CODES.payloadTooLarge,
        `Request body is larger than ${maxBodyBytes} bytes`,
      );
    // Parsed now, judged where it is used: a route that takes no body ignores whatever came.
    let parsed: { ok: true; value: unknown } | { ok: false } = { ok: true, value: undefined };
    if (size > 0) {
      try {
        parsed = { ok: true, value: JSON.parse(Buffer.concat(chunks).toString("utf8")) };
      } catch {
        parsed = { ok: false };
      }
    }
    const objectBody = (): Body | string => {
      if (!parsed.ok) return "Request body is not valid JSON";
      if (parsed.value === undefined) return {};
      if (typeof parsed.value !== "object" || parsed.value === null || Array.isArray(parsed.value))
        return "Request body must be a JSON object";
      return parsed.value as Body;
    };

    const rawAuth = req.headers.authorization?.trim() ?? "";
    const key = keyOf(rawAuth);

    if (path.startsWith("/_sandbox/")) {
      const body = objectBody();
      if (typeof body === "string") return fail(res, 400, CODES.badRequest, body);
      return handleControl(controlDeps, method, path, key && KEY.test(key) ? key : null, body, res);
    }
    if (service.trackings.page(method, path, res)) return;
    if (!path.startsWith("/v1/"))
      return fail(res, 404, CODES.notFound, `Route not found: ${method} ${path}`);

    // Faults.
    const subject = !faults.match || new RegExp(faults.match).test(`${method} ${path}`);
    if (subject) {
      const wait = faults.latencyMs + (faults.jitterMs > 0 ? random() * faults.jitterMs : 0);
      if (wait > 0) await delay(wait);
      if (Date.now() < faults.outageUntil) {
        if (faults.outageMode === "hang") return hang(res);
        return fail(res, 503, CODES.internal, "Service unavailable (sandbox outage)");
      }
      if (faults.hangRate > 0 && random() < faults.hangRate) return hang(res);
      if (faults.errorRate > 0 && random() < faults.errorRate)
        return fail(
          res,
          faults.errorStatus,
          CODES.internal,
          "Internal server error (sandbox fault)",
        );
    }

    let matched: Route | undefined;
    let params: string[] = [];
    let pathKnown = false;
    for (const r of routes) {
      const m = r.pattern.exec(path);
      if (!m) continue;
      pathKnown = true;
      if (r.method === method) {
        matched = r;
        params = m.slice(1).map(decodeURIComponent);
        break;
      }
    }
    if (!matched) {
      return pathKnown
        ? fail(res, 405, CODES.notFound, `Method ${method} is not allowed on ${path}`)
        : fail(res, 404, CODES.notFound, `Route not found: ${method} ${path}`);
    }

    if (!rawAuth) return fail(res, 401, CODES.missingKey, "Authorization header is required");
    if (!KEY.test(key))
      return fail(
        res,
        400,
        CODES.invalidKey,
        "Invalid API key. Use a key of the form biteship_test.… or biteship_live.…",
      );

    const label = `${method} ${path.replace(/^(\/v1\/[a-z_]+)\/[^/]+/, "$1/:id")}`;
    requests.set(label, (requests.get(label) ?? 0) + 1);
    const waitMs = rateLimiter.take(key, matched.group);
    if (waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      if (service.behaviour.rateLimitBody === "empty") {
        res.writeHead(429, { "retry-after": String(seconds), "content-length": 0 });
        return res.end();
      }
      return fail(
        res,
        429,
        CODES.rateLimited,
        `Too many requests to the ${matched.group} API for this key; retry after ${seconds} s`,
        {
          headers: { "retry-after": String(seconds) },
        },
      );
    }

    const body = matched.options.ignoresBody ? {} : objectBody();
    if (typeof body === "string") return fail(res, 400, CODES.badRequest, body);

    let status = 200;
    let payload: unknown;
    try {
      const result = matched.handler({
        key,
        params,
        body,
        empty: size === 0,
        query: url.searchParams,
      });
      status = result.status ?? 200;
      payload = result.body;
    } catch (error) {
      if (error instanceof SandboxError)
        return fail(res, error.status, error.code, error.message, { details: error.details });
      throw error;
    }

    if (subject && (method === "POST" || method === "DELETE")) {
      const drop =
        faults.dropNext > 0
          ? (faults.dropNext--, true)
          : faults.dropAfterCommitRate > 0 && random() < faults.dropAfterCommitRate;
      if (drop) {
        logger.debug({ method, path }, "write committed, answer dropped (fault)");
        res.socket?.destroy();
        return;
      }
    }
    send(res, status, payload);
    logger.debug(
      { method, path, status, ms: Math.round((performance.now() - started) * 10) / 10 },
      "request",
    );
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof SandboxError)
        return fail(res, error.status, error.code, error.message, { details: error.details });
      logger.error({ err: (error as Error).message }, "unhandled sandbox error");
      if (!res.headersSent) fail(res, 500, CODES.internal, "Internal server error");
      else res.end();
    });
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 4010, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  baseUrl = `http://${address.address.includes(":") ? `[${address.address}]` : address.address}:${address.port}`;

  const clock = options.statusIntervalMs
    ? setInterval(() => service.lifecycle.advanceAll(), options.statusIntervalMs)
    : null;
  clock?.unref();

  logger.info(
    {
      url: baseUrl,
      areas: areaCounts(),
      rateLimits: rateLimiter.config.enabled,
      statusIntervalMs: options.statusIntervalMs ?? 0,
    },
    "sandbox listening",
  );

  return {
    url: baseUrl,
    port: address.port,
    service,
    faults,
    rateLimiter,
    events,
    requests,
    async close() {
      if (clock) clearInterval(clock);
      for (const t of timers) clearTimeout(t);
      for (const res of hung) res.socket?.destroy();
      events.close();
      saveState();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
