import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { shipmentEvents, shipments } from "#app/db/schema.ts";
import type { AdminGraphql } from "#app/orders/products.server.ts";
import { PRODUCTS_QUERY } from "#app/orders/products.server.ts";
import { ORDER_QUERY, ORDERS_QUERY } from "#app/orders/admin-order.ts";
import { adminQueryErrors } from "./admin-schema.ts";
import type { RouteAction } from "./shopify.ts";
import { orderToAdminNode } from "./admin-orders.ts";
import { recordInstall, setShippingApiKey, updateShopSettings } from "#app/shops/shops.server.ts";
import type { ShopSettings } from "#app/shops/settings.ts";
import { orderWithId } from "#test/fixtures/orders.ts";
import type { Env } from "#app/env.server.ts";
import { producerConnection } from "#app/jobs/queues.server.ts";
import { logger } from "#app/logger.server.ts";
import { lookupProducts } from "#app/orders/products.server.ts";
import { ServiceRateLimiter } from "#app/shipping/limiter.server.ts";
import { allProcessors } from "#worker/processors/index.ts";
import { startWorkers } from "#worker/worker.ts";
import { FULFILLMENT_CREATE, FULFILLMENT_ORDERS_QUERY, METAFIELDS_SET, TRACKING_UPDATE } from "#worker/processors/shopify-order.ts";

let nextOrderId = 7_000_000_000_000 + (process.pid % 10_000) * 100_000;

/** A fixture order with a fresh id, so tests never share store orders. */
export function freshOrder(fixture = "multi-item", patch: Record<string, unknown> = {}): Record<string, unknown> & { id: number; name: string } {
  nextOrderId += 1;
  return orderWithId(fixture, nextOrderId, { name: `#T${nextOrderId % 100_000}`, ...patch });
}

export const PICKUP = {
  contactName: "Gudang Toko Maju",
  contactPhone: "+6281234567890",
  address: "Jl. Fatmawati 10, Cilandak, Jakarta Selatan",
  postalCode: 12430,
  latitude: -6.2886,
  longitude: 106.7986,
};

/** An installed shop with its shipping key pointing at the sandbox and a pickup location. */
export async function setUpShop(db: Db, encryptionKey: Buffer, shop: string, apiKey: string, baseUrl: string, settings: Partial<ShopSettings> = {}) {
  await recordInstall(db, shop);
  await setShippingApiKey(db, encryptionKey, shop, apiKey, baseUrl);
  await updateShopSettings(db, shop, { pickup: PICKUP, autoConfirm: true, categoryMapping: { apparel: "fashion", coffee: "food_and_drink" }, ...settings });
}

/** Store orders the fake Admin API knows (what Shopify holds), per shop, in the webhook's shape. */
export class FakeShopifyOrders {
  readonly byShop = new Map<string, Map<string, Record<string, unknown>>>();
  put(shop: string, order: Record<string, unknown>): void {
    const orders = this.byShop.get(shop) ?? new Map<string, Record<string, unknown>>();
    orders.set(String(order.id), order);
    this.byShop.set(shop, orders);
  }
  list(shop: string): Record<string, unknown>[] {
    return [...(this.byShop.get(shop)?.values() ?? [])].sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
  }
}

/** Shopify's order search, as far as the app uses it: created_at/updated_at ranges, status:open, fulfillment_status:unfulfilled. */
function matchesSearch(order: Record<string, unknown>, query: string): boolean {
  for (const [, field, value] of query.matchAll(/(created_at|updated_at):>='([^']+)'/g)) {
    if (Date.parse(String(order[field!] ?? "")) < Date.parse(value!)) return false;
  }
  if (/\bstatus:open\b/.test(query) && order.cancelled_at) return false;
  if (/fulfillment_status:unfulfilled/.test(query) && order.fulfillment_status === "fulfilled") return false;
  return true;
}

/** What the fake Admin API was asked to do, per shop. */
export interface FakeAdminLog {
  fulfillments: { shop: string; input: Record<string, unknown> }[];
  trackingUpdates: { shop: string; fulfillmentId: string; tracking: Record<string, unknown> }[];
  metafields: { shop: string; ownerId: string; value: string }[];
}

/**
 * Stands in for Shopify's Admin GraphQL (which cannot run here): answers only the app's own
 * queries and mutations, checks their variables, and records what it was asked.
 */
export function fakeAdminGraphql(calls: { shop: string; ids: string[] }[] = [], log?: FakeAdminLog, orders?: FakeShopifyOrders): AdminGraphql {
  return async (shop, query, variables) => {
    // Every document must be one Shopify's 2026-10 schema accepts.
    const invalid = adminQueryErrors(query);
    if (invalid.length > 0) throw new Error(`Admin GraphQL would refuse the query: ${invalid.join("; ")}`);
    if (query === ORDER_QUERY) {
      const id = String(variables.id).replace("gid://shopify/Order/", "");
      const order = orders?.byShop.get(shop)?.get(id);
      return { data: { order: order ? orderToAdminNode(order) : null } };
    }
    if (query === ORDERS_QUERY) {
      const all = (orders?.list(shop) ?? []).filter((o) => matchesSearch(o, String(variables.query)));
      const start = variables.after ? Number(variables.after) : 0;
      const page = all.slice(start, start + Number(variables.first));
      const end = start + page.length;
      return { data: { orders: { pageInfo: { hasNextPage: end < all.length, endCursor: page.length ? String(end) : null }, nodes: page.map(orderToAdminNode) } } };
    }
    if (query === FULFILLMENT_ORDERS_QUERY) {
      if (!/^gid:\/\/shopify\/Order\/\d+$/.test(String(variables.id))) throw new Error("order id must be an Order gid");
      const n = String(variables.id).split("/").pop();
      return { data: { order: { fulfillmentOrders: { nodes: [{ id: `gid://shopify/FulfillmentOrder/${n}1`, status: "OPEN", supportedActions: [{ action: "CREATE_FULFILLMENT" }] }] } } } };
    }
    if (query === FULFILLMENT_CREATE) {
      const input = variables.fulfillment as { lineItemsByFulfillmentOrder: { fulfillmentOrderId: string }[]; trackingInfo: { number: string } };
      if (!input?.lineItemsByFulfillmentOrder?.[0]?.fulfillmentOrderId || !input.trackingInfo?.number) throw new Error("fulfillmentCreate needs a fulfillment order and a tracking number");
      log?.fulfillments.push({ shop, input: input as never });
      return { data: { fulfillmentCreate: { fulfillment: { id: `gid://shopify/Fulfillment/${input.lineItemsByFulfillmentOrder[0].fulfillmentOrderId.split("/").pop()}`, status: "SUCCESS" }, userErrors: [] } } };
    }
    if (query === TRACKING_UPDATE) {
      log?.trackingUpdates.push({ shop, fulfillmentId: String(variables.fulfillmentId), tracking: variables.trackingInfoInput as never });
      return { data: { fulfillmentTrackingInfoUpdate: { fulfillment: { id: variables.fulfillmentId }, userErrors: [] } } };
    }
    if (query === METAFIELDS_SET) {
      const [m] = variables.metafields as { ownerId: string; namespace: string; key: string; value: string }[];
      if (m?.namespace !== "$app:shipping" || m.key !== "status") throw new Error("status metafield expected in the app's namespace");
      log?.metafields.push({ shop, ownerId: m.ownerId, value: m.value });
      return { data: { metafieldsSet: { metafields: [{ id: "gid://shopify/Metafield/1" }], userErrors: [] } } };
    }
    if (query !== PRODUCTS_QUERY) throw new Error(`Unexpected Admin GraphQL query: ${query.slice(0, 80)}`);
    const ids = variables.ids as string[];
    if (!Array.isArray(ids) || ids.some((id) => !/^gid:\/\/shopify\/Product\/\d+$/.test(id))) throw new Error("ids must be product gids");
    calls.push({ shop, ids });
    // Product type, tags and taxonomy category of the fixtures' products.
    const types: Record<string, [string, string[], string | null]> = {
      "9001": ["Apparel", [], "Apparel & Accessories > Clothing > Shirts & Tops"],
      "9002": ["", ["Coffee"], "Food, Beverages & Tobacco > Beverages > Coffee"],
      "9101": ["", [], "Electronics > Audio > Headphones"],
    };
    return {
      data: {
        nodes: ids.map((gid) => {
          const id = gid.split("/").pop()!;
          const t = types[id];
          return t ? { id: gid, productType: t[0], tags: t[1], category: t[2] ? { fullName: t[2] } : null } : null;
        }),
      },
    };
  };
}

/**
 * The worker's processors, in this test process, on this file's queues (QUEUE_PREFIX), against
 * the real database and Redis; Shopify's Admin API answered by the fake.
 */
export function startTestWorkers(
  db: Db,
  env: Env,
  options: { concurrency?: number; utilisation?: number; graphqlCalls?: { shop: string; ids: string[] }[]; adminLog?: FakeAdminLog; shopifyOrders?: FakeShopifyOrders } = {},
) {
  return startWorkers({
    logger,
    redisUrl: env.REDIS_URL,
    prefix: env.QUEUE_PREFIX,
    concurrency: options.concurrency ?? 8,
    processors: allProcessors({
      db,
      logger,
      env,
      limiter: new ServiceRateLimiter(producerConnection(), env.QUEUE_PREFIX, options.utilisation),
      products: (shop, ids) => lookupProducts(fakeAdminGraphql(options.graphqlCalls), shop, ids),
      adminGraphql: fakeAdminGraphql([], options.adminLog, options.shopifyOrders),
    }),
  });
}

/** Polls until `check` returns a value (not undefined/false), or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ""}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function shipmentOf(db: Db, shop: string, orderId: string | number) {
  const [row] = await db.select().from(shipments).where(eq(shipments.orderId, String(orderId))).limit(10);
  return row && row.shop === shop ? row : undefined;
}

export async function timelineOf(db: Db, shipmentId: string) {
  return db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipmentId)).orderBy(shipmentEvents.id);
}

/** Serves a Remix action over real HTTP (for the sandbox's events, which need a URL). */
export async function serveAction(action: RouteAction) {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    let response: Response;
    try {
      response = await action({ request, params: {}, context: {} });
    } catch (thrown) {
      response = thrown instanceof Response ? thrown : new Response(String(thrown), { status: 500 });
    }
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}
