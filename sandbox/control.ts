import type http from "node:http";
import { CODES } from "#app/shipping/contract.ts";
import { patchBehaviour, type Behaviour } from "./behaviour.ts";
import type { EventDispatcher } from "./events.ts";
import type { RateLimitConfig, RateLimiter } from "./ratelimit.ts";
import type { Body } from "./routes.ts";
import type { ShippingService } from "./service.ts";
import { SandboxError } from "./validation.ts";
import { noFaults, type FaultConfig } from "./faults.ts";
import { playJourney } from "./journeys.ts";

export interface ControlDeps {
  service: ShippingService;
  rateLimiter: RateLimiter;
  events: EventDispatcher;
  faults: FaultConfig;
  requests: Map<string, number>;
  /** The behaviours the sandbox was started with, restored by reset. */
  initialBehaviour: Behaviour;
  stateFile: string | undefined;
  saveState: () => void;
  send: (res: http.ServerResponse, status: number, body: unknown) => void;
  fail: (res: http.ServerResponse, status: number, code: number, error: string) => void;
}

/**
 * The control endpoints (`/_sandbox/…`, no authentication: loopback only) that stand in for the
 * live service's dashboard and for couriers: state, reset, faults, rate limits, behaviours,
 * webhook registration, forced status/price/waybill changes, the clock, the event log, snapshots.
 */
export async function handleControl(
  d: ControlDeps,
  method: string,
  path: string,
  key: string | null,
  body: Body,
  res: http.ServerResponse,
): Promise<void> {
  const { service, rateLimiter, events, faults, requests, send, fail } = d;
  let match: RegExpExecArray | null;
  if (method === "GET" && path === "/_sandbox/health") return send(res, 200, { success: true });
  if (method === "GET" && path === "/_sandbox/state") {
    return send(res, 200, {
      success: true,
      ...service.counts(),
      requests: Object.fromEntries(requests),
      faults,
      rateLimits: rateLimiter.config,
      behaviour: service.behaviour,
      events: {
        delivered: events.log.filter((e) => e.delivered).length,
        failed: events.log.filter((e) => !e.delivered).length,
      },
    });
  }
  if (method === "POST" && path === "/_sandbox/reset") {
    service.reset();
    rateLimiter.reset();
    requests.clear();
    events.log.length = 0;
    Object.assign(faults, noFaults());
    Object.assign(service.behaviour, d.initialBehaviour);
    return send(res, 200, { success: true });
  }
  if (path === "/_sandbox/faults" && method === "GET")
    return send(res, 200, { success: true, faults });
  if (path === "/_sandbox/faults" && method === "POST") {
    const next = body.clear === true ? noFaults() : { ...faults };
    for (const [k, v] of Object.entries(body)) {
      if (k === "clear") continue;
      if (k === "outageMs") {
        if (typeof v !== "number" || v < 0)
          throw new SandboxError(400, CODES.badRequest, "outageMs must be a non-negative number");
        next.outageUntil = Date.now() + v;
        continue;
      }
      if (!(k in next)) throw new SandboxError(400, CODES.badRequest, `unknown fault ${k}`);
      const current = (next as unknown as Record<string, unknown>)[k];
      if (k === "match" ? v !== null && typeof v !== "string" : typeof v !== typeof current)
        throw new SandboxError(400, CODES.badRequest, `fault ${k} must be a ${typeof current}`);
      (next as unknown as Record<string, unknown>)[k] = v;
    }
    if (next.match) new RegExp(next.match);
    Object.assign(faults, next);
    return send(res, 200, { success: true, faults });
  }
  if (path === "/_sandbox/behaviour" && method === "GET")
    return send(res, 200, { success: true, behaviour: service.behaviour });
  if (path === "/_sandbox/behaviour" && method === "POST") {
    const problem = patchBehaviour(service.behaviour, body);
    if (problem) throw new SandboxError(400, CODES.badRequest, problem);
    return send(res, 200, { success: true, behaviour: service.behaviour });
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
    if (!key)
      return fail(
        res,
        401,
        CODES.missingKey,
        "authorization header is required: the webhook belongs to the key's account",
      );
    if (method === "DELETE") {
      service.setWebhook(key, null);
      return send(res, 200, { success: true });
    }
    if (method === "POST") {
      if (typeof body.url !== "string" || !/^https?:\/\//.test(body.url))
        throw new SandboxError(400, CODES.badRequest, "url must be an http(s) URL");
      const config = {
        url: body.url,
        headerName:
          typeof body.header_name === "string" && body.header_name ? body.header_name : null,
        headerSecret:
          typeof body.header_secret === "string" && body.header_secret ? body.header_secret : null,
      };
      // The live dashboard pings the URL and saves it only if it answers 200.
      const ping = await events.ping(config, {
        empty: service.behaviour.webhookPing === "empty",
        withHeader: service.behaviour.pingWithHeader,
      });
      if (!ping.ok)
        throw new SandboxError(
          400,
          CODES.badRequest,
          `webhook URL did not answer the ping with 2xx (${ping.error})`,
        );
      service.setWebhook(key, config);
      return send(res, 200, { success: true, url: config.url });
    }
  }
  if (
    method === "POST" &&
    (match = /^\/_sandbox\/orders\/([^/]+)\/(status|price|waybill)$/.exec(path))
  ) {
    const [, id, what] = match;
    const { lifecycle } = service;
    const order =
      what === "status"
        ? lifecycle.forceStatus(
            id!,
            String(body.status),
            typeof body.note === "string" ? body.note : undefined,
          )
        : what === "price"
          ? lifecycle.forcePrice(id!, body.price)
          : lifecycle.forceWaybill(id!, body.waybill_id);
    return send(res, 200, service.orders.json(order));
  }
  if (method === "POST" && (match = /^\/_sandbox\/orders\/([^/]+)\/journey$/.exec(path))) {
    const taken = playJourney(service, match[1]!, body.journey, body.step_minutes, body.steps);
    const [, order] = service.lifecycle.locate(match[1]!);
    return send(res, 200, { ...service.orders.json(order), steps: taken });
  }
  if (method === "POST" && path === "/_sandbox/clock/forward") {
    if (typeof body.minutes !== "number" || !(body.minutes >= 0))
      throw new SandboxError(400, CODES.badRequest, "minutes must be a non-negative number");
    service.forward(body.minutes * 60_000);
    return send(res, 200, { success: true, now: service.iso() });
  }
  if (method === "POST" && path === "/_sandbox/clock/tick")
    return send(res, 200, { success: true, moved: service.lifecycle.advanceAll() });
  if (method === "GET" && path === "/_sandbox/events")
    return send(res, 200, { success: true, deliveries: events.log });
  if (method === "POST" && path === "/_sandbox/snapshot") {
    if (!d.stateFile)
      throw new SandboxError(
        400,
        CODES.badRequest,
        "no state file configured (SANDBOX_STATE_FILE)",
      );
    d.saveState();
    return send(res, 200, { success: true, stateFile: d.stateFile });
  }
  return fail(res, 404, CODES.notFound, `No control endpoint ${method} ${path}`);
}
