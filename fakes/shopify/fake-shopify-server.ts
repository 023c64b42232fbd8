import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { operationName } from "#app/admin-api/request.ts";
import {
  emptyAdminLog,
  fakeAdminGraphql,
  FakeShopifyOrders,
  holdDeliveredOrder,
  type FakeAdminLog,
} from "./fake-admin.ts";
import { appTomlScopes } from "./access.ts";
import { exchangeToken, type TokenExchangeApp } from "./fake-token-exchange.ts";

/**
 * The fake Admin API (fake-admin.ts) over HTTP, for processes that call Shopify the production
 * way (the worker process: unauthenticated.admin with the shop's offline session). Such a process
 * is started with `--import ./fakes/shopify/redirect-shopify-admin.ts` and FAKE_SHOPIFY_ADMIN_URL
 * set to `url`: its calls to https://<shop>/admin/api/<version>/graphql.json come here, where
 * the shop's access token must be the one `connect` gave it, as Shopify requires. Its token
 * exchange (fake-token-exchange.ts) answers https://<shop>/admin/oauth/access_token: the shop's
 * token for a valid session token while the app is installed (`connect`), 400
 * `invalid_subject_token` otherwise (never installed, or `uninstall`ed).
 *
 * Used by the worker-crash test, the benchmarks, the drills and the demo; the orders it holds
 * are those a genuine delivery was signed for (`hold`).
 */
export interface FakeShopify {
  url: string;
  orders: FakeShopifyOrders;
  log: FakeAdminLog;
  /** Calls answered for one shop, per operation name. */
  callsOf(shop: string): Map<string, number>;
  /** Calls answered, per operation name (OrderForShipping, ShipmentStatusMetafield, …). */
  calls: Map<string, number>;
  /** An access token for the shop, as installation would have given it (store it as its offline session). */
  connect(shop: string): string;
  /** Shopify issues the shop a new token: the old one is refused (401) from now on. */
  rotate(shop: string): string;
  /** The merchant uninstalls the app: the shop's token is revoked, and no session token exchanges. */
  uninstall(shop: string): void;
  /** Shopify holds the order of a delivery it signed for `shop`. */
  hold(topic: string, shop: string, raw: string): void;
  /**
   * Shopify answers the shop's next `times` calls of `operation` with 503 Service Unavailable
   * (what it answers during an incident), counted in `calls` like any other.
   */
  failNext(shop: string, operation: string, times?: number): void;
  /** How long each Admin call takes to answer (ms; 0 by default), as the real API's tens to hundreds. */
  latencyMs: number;
  /** The shop's Admin calls are never answered from now on (a connection that hangs). */
  hang(shop: string): void;
  close(): Promise<void>;
}

const GRAPHQL_PATH =
  /^\/([a-z0-9][a-z0-9-]*\.myshopify\.com)\/admin\/api\/\d{4}-\d{2}\/graphql\.json$/;
const TOKEN_PATH = /^\/([a-z0-9][a-z0-9-]*\.myshopify\.com)\/admin\/oauth\/access_token$/;

/** The app the fake knows (its client id and secret): the process's own, as the tests set them. */
const appOfEnv = (): TokenExchangeApp => ({
  apiKey: process.env.SHOPIFY_API_KEY ?? "",
  apiSecret: process.env.SHOPIFY_API_SECRET ?? "",
});

/**
 * `orders`: the store of orders and grants it answers from (its own unless given: a test whose
 * in-process workers use the process-wide one passes that, so both sides see one Shopify).
 */
export async function startFakeShopify(
  port = 0,
  orders = new FakeShopifyOrders(),
): Promise<FakeShopify> {
  const log: FakeAdminLog = emptyAdminLog();
  const tokens = new Map<string, string>();
  const calls = new Map<string, number>();
  const shopCalls = new Map<string, Map<string, number>>();
  const failures = new Map<string, number>();
  const hanging = new Set<string>();
  const unanswered = new Set<http.ServerResponse>();
  const graphql = fakeAdminGraphql([], log, orders);
  const server = http.createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const exchanging = TOKEN_PATH.exec(req.url ?? "")?.[1];
    if (req.method === "POST" && exchanging) {
      const { status, body } = await exchangeToken(
        appOfEnv(),
        exchanging,
        objectOf(await parsedBody(req)),
        tokens.get(exchanging) ?? null,
        orders.scopesOf(exchanging),
      );
      return reply(status, body);
    }
    const shop = GRAPHQL_PATH.exec(req.url ?? "")?.[1];
    if (req.method !== "POST" || !shop) return reply(404, { errors: "Not Found" });
    if (!tokens.has(shop) || req.headers["x-shopify-access-token"] !== tokens.get(shop)) {
      return reply(401, {
        errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
      });
    }
    const body = await parsedBody(req);
    if (body === undefined) return reply(400, { errors: "Invalid JSON" });
    const request = body as { query?: string; variables?: Record<string, unknown> };
    if (hanging.has(shop)) {
      unanswered.add(res);
      return;
    }
    const operation = operationName(request.query ?? "") ?? "anonymous";
    calls.set(operation, (calls.get(operation) ?? 0) + 1);
    const ofShop = shopCalls.get(shop) ?? new Map<string, number>();
    ofShop.set(operation, (ofShop.get(operation) ?? 0) + 1);
    shopCalls.set(shop, ofShop);
    if (fake.latencyMs > 0) await new Promise((r) => setTimeout(r, fake.latencyMs));
    const failing = `${shop} ${operation}`;
    const left = failures.get(failing) ?? 0;
    if (left > 0) {
      failures.set(failing, left - 1);
      return reply(503, { errors: "Service Unavailable" });
    }
    try {
      reply(200, await graphql(shop, request.query ?? "", request.variables ?? {}));
    } catch (error) {
      // What Shopify does with a document it refuses: 200 with the errors.
      reply(200, { errors: [{ message: (error as Error).message }] });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const fake: FakeShopify = {
    latencyMs: 0,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    orders,
    log,
    calls,
    callsOf: (shop) => new Map(shopCalls.get(shop) ?? []),
    connect(shop) {
      const token = tokens.get(shop) ?? `shpat_${crypto.randomBytes(16).toString("hex")}`;
      tokens.set(shop, token);
      return token;
    },
    rotate(shop) {
      const token = `shpat_${crypto.randomBytes(16).toString("hex")}`;
      tokens.set(shop, token);
      return token;
    },
    hang(shop) {
      hanging.add(shop);
    },
    uninstall(shop) {
      tokens.delete(shop);
    },
    failNext(shop, operation, times = 1) {
      failures.set(`${shop} ${operation}`, times);
    },
    hold(topic, shop, raw) {
      holdDeliveredOrder(topic, shop, raw, orders);
    },
    close: () => {
      for (const res of unanswered) res.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

/** A request's body as JSON; undefined when it is not JSON. */
async function parsedBody(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}

/** A JSON object, else an empty one (refused by what reads it). */
const objectOf = (parsed: unknown): Record<string, unknown> =>
  parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};

/**
 * The shop's offline session as token exchange stores it at installation (the `session` table of
 * app/db/schema.ts), holding the fake's access token: what unauthenticated.admin(shop) loads.
 */
export function offlineSessionRow(shop: string, accessToken: string) {
  return {
    id: `offline_${shop}`,
    shop,
    state: "",
    isOnline: false,
    scope: appTomlScopes().join(","),
    // Far enough ahead that no run refreshes it (expiring offline tokens are refreshed near expiry).
    expires: new Date(Date.now() + 30 * 24 * 3600_000),
    accessToken,
  };
}
