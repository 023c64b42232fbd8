/**
 * What the drills (bench/drills/*) share: their sizes, deterministic randomness, store orders,
 * shops, deliveries as Shopify makes them, pacing and waiting, and the counts their verdicts use.
 */
import crypto from "node:crypto";
import { loadOrder } from "#test/fixtures/orders.ts";
import { progress, type Stack } from "../stack.ts";

export const ORDERS = Number(process.env.DRILL_ORDERS ?? 2000);
export const OUTAGE_S = Number(process.env.OUTAGE_S ?? 120);
export const LATENCY = { latencyMs: 20, jitterMs: 10 };

/** Deterministic randomness (mulberry32). */
export function rng(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const template = loadOrder("multi-item");
let nextId = 5_000_000_000_000;
export type Order = Record<string, unknown> & { id: number };
export const newOrder = (patch: Record<string, unknown> = {}): Order => {
  nextId += 1;
  return {
    ...template,
    id: nextId,
    admin_graphql_api_id: `gid://shopify/Order/${nextId}`,
    name: `#D${nextId % 1_000_000}`,
    ...patch,
  };
};

export async function shopsFor(stack: Stack, label: string, n: number, settings = {}) {
  const shops = Array.from({ length: n }, (_, i) => ({
    shop: `${label}-${i + 1}.myshopify.com`,
    key: `biteship_live.${label}${i + 1}-${crypto.randomBytes(12).toString("hex")}`,
  }));
  for (const s of shops) await stack.addShop(s.shop, s.key, settings);
  return shops;
}

/** Shopify's behaviour: a delivery answered non-2xx (or not at all) is sent again, with the same id, later. */
export async function deliverLikeShopify(
  stack: Stack,
  topic: string,
  shop: string,
  order: unknown,
  webhookId = crypto.randomUUID(),
) {
  for (let attempt = 0; ; attempt++) {
    const { status } = await stack.deliver(topic, shop, order, { webhookId });
    if (status >= 200 && status < 300) return { status, attempts: attempt + 1 };
    if (attempt >= 60) return { status, attempts: attempt + 1 };
    await new Promise((r) => setTimeout(r, Math.min(5_000, 500 * 2 ** attempt)));
  }
}

/** Runs `fn` over items, `perSecond` started per second. */
export async function paced<T, R>(
  items: T[],
  perSecond: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const started: Promise<R>[] = [];
  const t0 = performance.now();
  for (const [i, item] of items.entries()) {
    const wait = t0 + (i * 1000) / perSecond - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    started.push(fn(item, i));
  }
  return Promise.all(started);
}

export async function waitUntil(
  label: string | (() => string),
  stack: Stack,
  check: () => Promise<{ done: boolean; text: string }>,
  timeoutS: number,
): Promise<boolean> {
  const t0 = performance.now();
  for (;;) {
    const { done, text } = await check();
    const s = (performance.now() - t0) / 1000;
    progress(
      `  ${typeof label === "string" ? label : label()}: ${s.toFixed(0)} s, ${text}, backlog ${await stack.backlog().catch(() => -1)}`,
    );
    if (done) return true;
    if (s > timeoutS) return false;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Polls `check` each 250 ms until it gives a value, for up to `timeoutS` seconds (undefined then). */
export async function pollFor<T>(
  timeoutS: number,
  check: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const deadline = performance.now() + timeoutS * 1000;
  for (;;) {
    const value = await check();
    if (value !== undefined || performance.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

export const confirmedAll = (stack: Stack, shops: string[], expected: number) => async () => {
  const counts = await stack.statusCounts(shops);
  return {
    done: (counts.confirmed ?? 0) === expected,
    text: `${counts.confirmed ?? 0}/${expected} confirmed ${JSON.stringify(counts)}`,
  };
};

/** References with more than one live draft or more than one order at the service. */
export function duplicates(stack: Stack, keys: string[]) {
  const { drafts, orders } = stack.serviceCounts(keys);
  return {
    drafts: drafts.size,
    orders: orders.size,
    doubledDrafts: [...drafts.values()].filter((n) => n > 1).length,
    doubledOrders: [...orders.values()].filter((n) => n > 1).length,
  };
}

export async function shipmentRows(stack: Stack, shops: string[]) {
  const { rows } = await stack.pool.query<{ n: string; orders: string }>(
    "SELECT count(*) AS n, count(DISTINCT (shop, order_id)) AS orders FROM shipments WHERE shop = ANY($1)",
    [shops],
  );
  return { rows: Number(rows[0]!.n), orders: Number(rows[0]!.orders) };
}
