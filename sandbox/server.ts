import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { CODES } from "../app/shipping/contract.ts";
import { AREAS, searchAreas } from "./areas.ts";
import { EventDispatcher } from "./events.ts";
import { RateLimiter, defaultRateLimits, type ApiGroup, type RateLimitConfig, type RateTable } from "./ratelimit.ts";
import { ShippingService } from "./service.ts";
import { SandboxError } from "./validation.ts";

/** Faults on demand, for reliability tests and benchmarks. Apply to /v1 routes only. */
export interface FaultConfig {
  /** Added to every answer: fixed part and uniform random jitter, ms. */
  latencyMs: number;
  jitterMs: number;
  /** Share (0..1) of requests answered 5xx without doing anything. */
  errorRate: number;
  errorStatus: 500 | 502 | 503 | 504;
  /** Share (0..1) of requests that get no answer at all (held open hangMs, then reset). */
  hangRate: number;
  hangMs: number;
  /** Until this epoch ms, every request fails: answered 503 (mode error) or never answered (hang). */
  outageUntil: number;
  outageMode: "error" | "hang";
  /** Share (0..1) of writes (POST, DELETE) that are committed but whose answer is dropped. */
  dropAfterCommitRate: number;
  /** The next N writes are committed and their answers dropped (deterministic). */
  dropNext: number;
  /** Only requests whose "METHOD /path" matches this regular expression are subject to faults. */
  match: string | null;
}

export const noFaults = (): FaultConfig => ({
  latencyMs: 0,
  jitterMs: 0,
  errorRate: 0,
  errorStatus: 500,
  hangRate: 0,
  hangMs: 120_000,
  outageUntil: 0,
  outageMode: "error",
  dropAfterCommitRate: 0,
  dropNext: 0,
  match: null,
});

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

type Body = Record<string, unknown>;
interface Ctx {
  key: string;
  params: string[];
  body: Body;
  query: URLSearchParams;
}
type Handler = (ctx: Ctx) => { status?: number; body: unknown };
interface Route {
  method: string;
  pattern: RegExp;
  group: ApiGroup;
  handler: Handler;
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
  const route = (method: string, path: string, group: ApiGroup, handler: Handler) =>
    routes.push({ method, pattern: new RegExp(`^${path.replace(/:[a-z_]+/g, "([^/]+)")}$`), group, handler });

  // Locations
  route("POST", "/v1/locations", "locations", ({ key, body }) => ({ body: service.locationJson(service.createLocation(key, body)) }));
  route("GET", "/v1/locations/:id", "locations", ({ key, params }) => ({ body: service.locationJson(service.getLocation(key, params[0]!)) }));
  route("POST", "/v1/locations/:id", "locations", ({ key, params, body }) => ({ body: service.locationJson(service.updateLocation(key, params[0]!, body)) }));
  route("DELETE", "/v1/locations/:id", "locations", ({ key, params }) => {
    service.deleteLocation(key, params[0]!);
    return { body: { success: true, id: params[0], message: "Location successfully deleted" } };
  });

  // Draft orders
  // 201: the success code 20111002 carries the HTTP-like status 201.
  route("POST", "/v1/draft_orders", "draft_orders", ({ key, body }) => ({
    status: 201,
    body: service.draftJson(service.createDraft(key, body), { message: "Draft order successfully created", code: CODES.draftCreated }),
  }));
  route("GET", "/v1/draft_orders/:id", "draft_orders", ({ key, params }) => ({
    body: service.draftJson(service.getDraft(key, params[0]!, { includeDeleted: true }), { message: "Draft order successfully retrieved", code: CODES.draftRetrieved }),
  }));
  route("POST", "/v1/draft_orders/:id", "draft_orders", ({ key, params, body }) => ({
    body: service.draftJson(service.updateDraft(key, params[0]!, body), { message: "Draft order successfully updated", code: CODES.draftUpdated }),
  }));
  route("DELETE", "/v1/draft_orders/:id", "draft_orders", ({ key, params }) => {
    const draft = service.deleteDraft(key, params[0]!);
    return { body: { success: true, object: "draft_order", id: draft.id, message: "Draft order successfully deleted" } };
  });
  route("POST", "/v1/draft_orders/:id/confirm", "draft_orders", ({ key, params }) => {
    const order = service.confirmDraft(key, params[0]!);
    return { body: service.orderJson(order, { message: "Order successfully created" }) };
  });
  route("GET", "/v1/draft_orders/:id/rates", "draft_orders", ({ key, params }) => ({
    body: { success: true, object: "courier_pricing", message: "Success to retrieve courier pricing", code: CODES.draftRates, pricing: service.draftRates(key, params[0]!) },
  }));

  // Orders (cancellation_reasons before :id)
  route("GET", "/v1/orders/cancellation_reasons", "orders", ({ query }) => ({
    body: { success: true, cancellation_reasons: service.cancellationReasons(query.get("lang") ?? "en") },
  }));
  route("POST", "/v1/orders", "orders", ({ key, body }) => ({ body: service.orderJson(service.createOrder(key, body), { message: "Order successfully created" }) }));
  route("GET", "/v1/orders/:id", "orders", ({ key, params }) => ({ body: service.orderJson(service.getOrder(key, params[0]!), { message: "Order successfully retrieved" }) }));
  route("POST", "/v1/orders/:id", "orders", ({ key, params, body }) => ({ body: service.orderJson(service.updateOrder(key, params[0]!, body), { message: "Order successfully updated" }) }));
  const cancelAnswer = (order: ReturnType<ShippingService["cancelOrder"]>) => ({
    body: {
      success: true,
      message: "Order successfully cancelled",
      object: "order",
      id: order.id,
      status: order.status,
      cancellation_reason_code: order.cancellation?.code ?? null,
      cancellation_reason: order.cancellation?.reason ?? null,
    },
  });
  route("POST", "/v1/orders/:id/cancel", "orders", ({ key, params, body }) => cancelAnswer(service.cancelOrder(key, params[0]!, body)));
  route("DELETE", "/v1/orders/:id", "orders", ({ key, params, body }) => cancelAnswer(service.deleteOrder(key, params[0]!, body)));

  // Rates, couriers, areas, tracking
  route("POST", "/v1/rates/couriers", "rates", ({ body }) => ({
    body: {
      success: true,
      object: "courier_pricing",
      message: "Success to retrieve courier pricing",
      code: CODES.rates,
      origin: pick(body, "origin"),
      destination: pick(body, "destination"),
      pricing: service.rates(body),
    },
  }));
  route("GET", "/v1/couriers", "couriers", () => ({ body: { success: true, object: "courier", couriers: service.couriers() } }));
  route("GET", "/v1/maps/areas", "maps", ({ query }) => {
    const input = query.get("input");
    if (!input || input.trim().length < 3) throw new SandboxError(400, CODES.badRequest, "input is required (at least 3 characters)");
    const countries = (query.get("countries") ?? "ID").toUpperCase().split(",");
    const areas = countries.includes("ID") ? searchAreas(input) : [];
    return {
      body: {
        success: true,
        areas: areas.map((a) => ({
          id: a.id,
          name: a.name,
          country_name: "Indonesia",
          country_code: "ID",
          administrative_division_level_1_name: a.province,
          administrative_division_level_1_type: "province",
          administrative_division_level_2_name: a.city,
          administrative_division_level_2_type: "city",
          administrative_division_level_3_name: a.district,
          administrative_division_level_3_type: "district",
          postal_code: a.postalCode,
        })),
      },
    };
  });
  route("GET", "/v1/trackings/:id", "tracking", ({ key, params }) => ({ body: service.trackingByTrackingId(key, params[0]!) }));
  route("GET", "/v1/trackings/:waybill/couriers/:courier", "tracking", ({ key, params }) => ({ body: service.trackingByWaybill(key, params[0]!, params[1]!) }));

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

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text), ...headers });
    res.end(text);
  };
  const fail = (res: http.ServerResponse, status: number, code: number, error: string, extra: { details?: unknown; headers?: Record<string, string> } = {}) =>
    send(res, status, { success: false, error, code, ...(extra.details ? { details: extra.details } : {}) }, extra.headers);

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

  async function handleControl(method: string, path: string, key: string | null, body: Body, res: http.ServerResponse) {
    const m = (re: RegExp) => re.exec(path);
    let match: RegExpExecArray | null;
    if (method === "GET" && path === "/_sandbox/health") return send(res, 200, { success: true });
    if (method === "GET" && path === "/_sandbox/state") {
      return send(res, 200, { success: true, ...service.counts(), requests: Object.fromEntries(requests), faults, rateLimits: rateLimiter.config, events: { delivered: events.log.filter((e) => e.delivered).length, failed: events.log.filter((e) => !e.delivered).length } });
    }
    if (method === "POST" && path === "/_sandbox/reset") {
      service.reset();
      rateLimiter.reset();
      requests.clear();
      events.log.length = 0;
      Object.assign(faults, noFaults());
      return send(res, 200, { success: true });
    }
    if (path === "/_sandbox/faults" && method === "GET") return send(res, 200, { success: true, faults });
    if (path === "/_sandbox/faults" && method === "POST") {
      const next = body.clear === true ? noFaults() : { ...faults };
      for (const [k, v] of Object.entries(body)) {
        if (k === "clear") continue;
        if (k === "outageMs") {
          if (typeof v !== "number" || v < 0) throw new SandboxError(400, CODES.badRequest, "outageMs must be a non-negative number");
          next.outageUntil = Date.now() + v;
          continue;
        }
        if (!(k in next)) throw new SandboxError(400, CODES.badRequest, `unknown fault ${k}`);
        const current = (next as unknown as Record<string, unknown>)[k];
        if (k === "match" ? v !== null && typeof v !== "string" : typeof v !== typeof current) throw new SandboxError(400, CODES.badRequest, `fault ${k} must be a ${typeof current}`);
        (next as unknown as Record<string, unknown>)[k] = v;
      }
      if (next.match) new RegExp(next.match);
      Object.assign(faults, next);
      return send(res, 200, { success: true, faults });
    }
    if (path === "/_sandbox/rate-limits" && method === "POST") {
      const patch = body as Partial<RateLimitConfig>;
      if (typeof patch.enabled === "boolean") rateLimiter.config.enabled = patch.enabled;
      if (patch.test) Object.assign(rateLimiter.config.test, patch.test);
      if (patch.live) Object.assign(rateLimiter.config.live, patch.live);
      rateLimiter.reset();
      return send(res, 200, { success: true, rateLimits: rateLimiter.config });
    }
    if (path === "/_sandbox/webhook") {
      if (!key) return fail(res, 401, CODES.missingKey, "authorization header is required: the webhook belongs to the key's account");
      if (method === "DELETE") {
        service.setWebhook(key, null);
        return send(res, 200, { success: true });
      }
      if (method === "POST") {
        if (typeof body.url !== "string" || !/^https?:\/\//.test(body.url)) throw new SandboxError(400, CODES.badRequest, "url must be an http(s) URL");
        const config = {
          url: body.url,
          headerName: typeof body.header_name === "string" && body.header_name ? body.header_name : null,
          headerSecret: typeof body.header_secret === "string" && body.header_secret ? body.header_secret : null,
        };
        // The live dashboard posts {} and saves the URL only if it answers 200.
        const ping = await events.ping(config);
        if (!ping.ok) throw new SandboxError(400, CODES.badRequest, `webhook URL did not answer the {} ping with 2xx (${ping.error})`);
        service.setWebhook(key, config);
        return send(res, 200, { success: true, url: config.url });
      }
    }
    if (method === "POST" && (match = m(/^\/_sandbox\/orders\/([^/]+)\/(status|price|waybill)$/))) {
      const [, id, what] = match;
      const order =
        what === "status" ? service.forceStatus(id!, String(body.status), typeof body.note === "string" ? body.note : undefined)
        : what === "price" ? service.forcePrice(id!, body.price)
        : service.forceWaybill(id!, body.waybill_id);
      return send(res, 200, service.orderJson(order));
    }
    if (method === "POST" && path === "/_sandbox/clock/tick") return send(res, 200, { success: true, moved: service.advanceAll() });
    if (method === "GET" && path === "/_sandbox/events") return send(res, 200, { success: true, deliveries: events.log });
    if (method === "POST" && path === "/_sandbox/snapshot") {
      if (!options.stateFile) throw new SandboxError(400, CODES.badRequest, "no state file configured (SANDBOX_STATE_FILE)");
      saveState();
      return send(res, 200, { success: true, stateFile: options.stateFile });
    }
    return fail(res, 404, CODES.notFound, `No control endpoint ${method} ${path}`);
  }

  function trackPage(trackingId: string, res: http.ServerResponse) {
    const order = service.findByTrackingId(trackingId);
    if (!order) {
      res.writeHead(404, { "content-type": "text/plain" });
      return res.end("Unknown tracking id");
    }
    const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    const rows = order.history.map((h) => `<tr><td>${esc(h.updated_at)}</td><td>${esc(h.status)}</td><td>${esc(h.note)}</td></tr>`).join("");
    const html = `<!doctype html><meta charset="utf-8"><title>Tracking ${esc(order.waybillId)}</title><h1>${esc(order.spec.service!.courierName)} ${esc(order.waybillId)}</h1><p>Status: <b>${esc(order.status)}</b></p><table>${rows}</table>`;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  }

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
    if (tooLarge) return fail(res, 413, CODES.payloadTooLarge, `Request body is larger than ${maxBodyBytes} bytes`);
    let body: Body = {};
    if (size > 0) {
      try {
        const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return fail(res, 400, CODES.badRequest, "Request body must be a JSON object");
        body = parsed as Body;
      } catch {
        return fail(res, 400, CODES.badRequest, "Request body is not valid JSON");
      }
    }

    const rawAuth = req.headers.authorization?.trim() ?? "";
    const key = rawAuth.replace(/^Bearer\s+/i, "");

    if (path.startsWith("/_sandbox/")) return handleControl(method, path, key && KEY.test(key) ? key : null, body, res);
    if (method === "GET" && path.startsWith("/track/")) return trackPage(decodeURIComponent(path.slice(7)), res);
    if (!path.startsWith("/v1/")) return fail(res, 404, CODES.notFound, `Route not found: ${method} ${path}`);

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
      if (faults.errorRate > 0 && random() < faults.errorRate) return fail(res, faults.errorStatus, CODES.internal, "Internal server error (sandbox fault)");
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
    if (!KEY.test(key)) return fail(res, 400, CODES.invalidKey, "Invalid API key. Use a key of the form biteship_test.… or biteship_live.…");

    const label = `${method} ${path.replace(/^(\/v1\/[a-z_]+)\/[^/]+/, "$1/:id")}`;
    requests.set(label, (requests.get(label) ?? 0) + 1);
    const waitMs = rateLimiter.take(key, matched.group);
    if (waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      return fail(res, 429, CODES.rateLimited, `Too many requests to the ${matched.group} API for this key; retry after ${seconds} s`, {
        headers: { "retry-after": String(seconds) },
      });
    }

    let status = 200;
    let payload: unknown;
    try {
      const result = matched.handler({ key, params, body, query: url.searchParams });
      status = result.status ?? 200;
      payload = result.body;
    } catch (error) {
      if (error instanceof SandboxError) return fail(res, error.status, error.code, error.message, { details: error.details });
      throw error;
    }

    if (subject && (method === "POST" || method === "DELETE")) {
      const drop = faults.dropNext > 0 ? (faults.dropNext--, true) : faults.dropAfterCommitRate > 0 && random() < faults.dropAfterCommitRate;
      if (drop) {
        logger.debug({ method, path }, "write committed, answer dropped (fault)");
        res.socket?.destroy();
        return;
      }
    }
    send(res, status, payload);
    logger.debug({ method, path, status, ms: Math.round((performance.now() - started) * 10) / 10 }, "request");
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof SandboxError) return fail(res, error.status, error.code, error.message, { details: error.details });
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

  const clock = options.statusIntervalMs ? setInterval(() => service.advanceAll(), options.statusIntervalMs) : null;
  clock?.unref();

  logger.info({ url: baseUrl, areas: AREAS.length, rateLimits: rateLimiter.config.enabled, statusIntervalMs: options.statusIntervalMs ?? 0 }, "sandbox listening");

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

function pick(body: Body, prefix: string) {
  return Object.fromEntries(Object.entries(body).filter(([k]) => k.startsWith(`${prefix}_`)).map(([k, v]) => [k.slice(prefix.length + 1), v]));
}
