/**
 * `npm run drill`: survival under faults, against the real web server, worker processes, Redis,
 * PostgreSQL and the sandbox. Each drill prints PASS or FAIL with its counts; all of them are
 * written to bench/results/drills.json (a run of some drills, `DRILLS=1,3`, updates theirs); `DRILL_ORDERS` (2000) sizes
 * drills 1 and 2; `OUTAGE_S` (120) is drill 4's outage. Random choices use a fixed seed.
 *
 * 1. Duplicate deliveries   5. Answers dropped after commit
 * 2. Worker SIGKILLs        6. Cancellations at every stage
 * 3. Redis killed           7. 1,000 malformed or unusual orders
 * 4. Service outage         8. Forged requests; no API key in Redis, logs or job payloads
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { Queue } from "bullmq";
import { referenceIdFor } from "../app/orders/map.ts";
import { loadOrder } from "../test/fixtures/orders.ts";
import { startPrivateRedis, stopProcess } from "../scripts/processes.ts";
import { API_SECRET, LOG_DIR, progress, Stack, writeResult } from "./stack.ts";

const ORDERS = Number(process.env.DRILL_ORDERS ?? 2000);
const OUTAGE_S = Number(process.env.OUTAGE_S ?? 120);
const SELECTED = (process.env.DRILLS ?? "1,2,3,4,5,6,7,8").split(",").map(Number);
const LATENCY = { latencyMs: 20, jitterMs: 10 };

/** Deterministic randomness (mulberry32). */
function rng(seed: number) {
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
type Order = Record<string, unknown> & { id: number };
const newOrder = (patch: Record<string, unknown> = {}): Order => {
  nextId += 1;
  return {
    ...template,
    id: nextId,
    admin_graphql_api_id: `gid://shopify/Order/${nextId}`,
    name: `#D${nextId % 1_000_000}`,
    ...patch,
  };
};

interface Result {
  drill: string;
  pass: boolean;
  counts: Record<string, unknown>;
  seconds: number;
  at: string;
}

async function shopsFor(stack: Stack, label: string, n: number, settings = {}) {
  const shops = Array.from({ length: n }, (_, i) => ({
    shop: `${label}-${i + 1}.myshopify.com`,
    key: `biteship_live.${label}${i + 1}-${crypto.randomBytes(12).toString("hex")}`,
  }));
  for (const s of shops) await stack.addShop(s.shop, s.key, settings);
  return shops;
}

/** Shopify's behaviour: a delivery answered non-2xx (or not at all) is sent again, with the same id, later. */
async function deliverLikeShopify(
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
async function paced<T, R>(
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

async function waitUntil(
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
async function pollFor<T>(
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

const confirmedAll = (stack: Stack, shops: string[], expected: number) => async () => {
  const counts = await stack.statusCounts(shops);
  return {
    done: (counts.confirmed ?? 0) === expected,
    text: `${counts.confirmed ?? 0}/${expected} confirmed ${JSON.stringify(counts)}`,
  };
};

/** References with more than one live draft or more than one order at the service. */
function duplicates(stack: Stack, keys: string[]) {
  const { drafts, orders } = stack.serviceCounts(keys);
  return {
    drafts: drafts.size,
    orders: orders.size,
    doubledDrafts: [...drafts.values()].filter((n) => n > 1).length,
    doubledOrders: [...orders.values()].filter((n) => n > 1).length,
  };
}

async function shipmentRows(stack: Stack, shops: string[]) {
  const { rows } = await stack.pool.query<{ n: string; orders: string }>(
    "SELECT count(*) AS n, count(DISTINCT (shop, order_id)) AS orders FROM shipments WHERE shop = ANY($1)",
    [shops],
  );
  return { rows: Number(rows[0]!.n), orders: Number(rows[0]!.orders) };
}

// --- 1 --------------------------------------------------------------------------------------------
async function drillDuplicates(): Promise<Result["counts"] & { pass: boolean }> {
  const stack = await Stack.start({
    name: "drill1",
    sandbox: { faults: LATENCY },
    workers: 2,
    workerConcurrency: 50,
  });
  try {
    const shops = await shopsFor(stack, "dup", 10);
    const orders = Array.from({ length: ORDERS }, (_, i) => ({
      ...shops[i % shops.length]!,
      order: newOrder(),
      webhookId: crypto.randomUUID(),
    }));
    // Each delivery twice at the same moment, and once more from a second subscription (new id).
    const answers = await paced(orders, 200, async (o) => {
      const [a, b, c] = await Promise.all([
        stack.deliver("orders/create", o.shop, o.order, { webhookId: o.webhookId }),
        stack.deliver("orders/create", o.shop, o.order, { webhookId: o.webhookId }),
        stack.deliver("orders/create", o.shop, o.order, {
          webhookId: `${o.webhookId}-second-subscription`,
        }),
      ]);
      return [a.status, b.status, c.status];
    });
    const non2xx = answers.flat().filter((s) => s !== 200).length;
    const names = shops.map((s) => s.shop);
    await waitUntil("drill 1, first deliveries", stack, confirmedAll(stack, names, ORDERS), 900);
    // Finished jobs removed from Redis, then every delivery once more: the database remembers.
    const queue = new Queue("shipments", {
      connection: stack.redis.duplicate(),
      prefix: stack.prefix,
    });
    const cleaned = (await queue.clean(0, 100_000, "completed")).length;
    await queue.close();
    const again = await paced(
      orders,
      200,
      async (o) =>
        (await stack.deliver("orders/create", o.shop, o.order, { webhookId: o.webhookId })).status,
    );
    const redelivered = await paced(
      orders,
      200,
      async (o) =>
        (
          await stack.deliver("orders/create", o.shop, o.order, {
            webhookId: `${o.webhookId}-after-cleanup`,
          })
        ).status,
    );
    await waitUntil(
      "drill 1, after clean-up",
      stack,
      async () => ({ done: (await stack.backlog()) === 0, text: "draining" }),
      300,
    );
    const dup = duplicates(
      stack,
      shops.map((s) => s.key),
    );
    const rows = await shipmentRows(stack, names);
    const counts = await stack.statusCounts(names);
    const failed = await stack.failedJobs();
    const pass =
      non2xx === 0 &&
      [...again, ...redelivered].every((s) => s === 200) &&
      dup.drafts === ORDERS &&
      dup.orders === ORDERS &&
      dup.doubledDrafts === 0 &&
      dup.doubledOrders === 0 &&
      rows.rows === ORDERS &&
      counts.confirmed === ORDERS &&
      failed === 0;
    return {
      pass,
      storeOrders: ORDERS,
      deliveries: ORDERS * 5,
      non2xx,
      jobsCleanedBeforeRedelivery: cleaned,
      shipmentRows: rows.rows,
      confirmed: counts.confirmed ?? 0,
      ...dup,
      failedJobs: failed,
    };
  } finally {
    await stack.stop();
  }
}

// --- 2 --------------------------------------------------------------------------------------------
async function drillWorkerKills() {
  const stack = await Stack.start({
    name: "drill2",
    sandbox: { faults: LATENCY },
    workers: 2,
    workerConcurrency: 50,
    env: { WORKER_LOCK_MS: "10000" },
  });
  const random = rng(2);
  let kills = 0;
  try {
    const shops = await shopsFor(stack, "kill", 4);
    const names = shops.map((s) => s.shop);
    const orders = Array.from({ length: ORDERS }, (_, i) => ({
      ...shops[i % shops.length]!,
      order: newOrder(),
    }));
    let running = true;
    const killer = (async () => {
      while (running) {
        await new Promise((r) => setTimeout(r, 5_000 + random() * 10_000));
        if (!running) break;
        const victim = Math.floor(random() * stack.workers.length);
        const child = stack.workers[victim]!;
        child.process.kill("SIGKILL");
        await new Promise((r) => child.process.once("exit", r));
        kills++;
        stack.workers.splice(victim, 1);
        await stack.startWorker();
      }
    })();
    const answers = await paced(orders, 100, (o) =>
      deliverLikeShopify(stack, "orders/create", o.shop, o.order),
    );
    const settled = await waitUntil(
      () => `drill 2 (${kills} kills so far)`,
      stack,
      confirmedAll(stack, names, ORDERS),
      900,
    );
    running = false;
    await killer;
    const dup = duplicates(
      stack,
      shops.map((s) => s.key),
    );
    const rows = await shipmentRows(stack, names);
    const counts = await stack.statusCounts(names);
    const failed = await stack.failedJobs();
    const lost = ORDERS - (counts.confirmed ?? 0);
    return {
      pass:
        settled &&
        kills >= 3 &&
        lost === 0 &&
        dup.doubledDrafts === 0 &&
        dup.doubledOrders === 0 &&
        rows.rows === ORDERS &&
        failed === 0,
      storeOrders: ORDERS,
      workerKills: kills,
      deliveriesRetried: answers.filter((a) => a.attempts > 1).length,
      confirmed: counts.confirmed ?? 0,
      lost,
      ...dup,
      failedJobs: failed,
    };
  } finally {
    await stack.stop();
  }
}

// --- 3 --------------------------------------------------------------------------------------------
async function drillRedisKilled() {
  const redis = await startPrivateRedis();
  const stack = await Stack.start({
    name: "drill3",
    sandbox: { faults: LATENCY },
    workers: 2,
    workerConcurrency: 50,
    redisUrl: redis.url,
  });
  let restarted: Awaited<ReturnType<typeof startPrivateRedis>> | null = null;
  try {
    const shops = await shopsFor(stack, "redis", 4);
    const names = shops.map((s) => s.shop);
    const n = Math.min(ORDERS, 1000);
    const orders = Array.from({ length: n }, (_, i) => ({
      ...shops[i % shops.length]!,
      order: newOrder(),
    }));
    const sending = paced(orders, 50, (o) =>
      deliverLikeShopify(stack, "orders/create", o.shop, o.order),
    );
    await new Promise((r) => setTimeout(r, 8_000));
    const t0 = performance.now();
    redis.process.kill("SIGKILL");
    await new Promise((r) => redis.process.once("exit", r));
    progress("  drill 3: Redis killed (no persistence: its jobs are gone)");
    await new Promise((r) => setTimeout(r, 5_000));
    restarted = await startPrivateRedis(redis.port);
    progress(
      `  drill 3: Redis back after ${((performance.now() - t0) / 1000).toFixed(1)} s, empty`,
    );
    const answers = await sending;
    const settled = await waitUntil("drill 3", stack, confirmedAll(stack, names, n), 600);
    const dup = duplicates(
      stack,
      shops.map((s) => s.key),
    );
    const counts = await stack.statusCounts(names);
    const lost = n - (counts.confirmed ?? 0);
    return {
      pass:
        settled &&
        lost === 0 &&
        dup.doubledDrafts === 0 &&
        dup.doubledOrders === 0 &&
        answers.every((a) => a.status === 200),
      storeOrders: n,
      deliveriesAnswered5xxThenRetried: answers.filter((a) => a.attempts > 1).length,
      confirmed: counts.confirmed ?? 0,
      lost,
      ...dup,
    };
  } finally {
    await stack.stop();
    await stopProcess(restarted?.process ?? redis.process);
  }
}

// --- 4 --------------------------------------------------------------------------------------------
async function drillOutage() {
  const stack = await Stack.start({
    name: "drill4",
    sandbox: { faults: { ...LATENCY, hangMs: 60_000 } },
    workers: 2,
    workerConcurrency: 50,
    env: { SHIPPING_API_TIMEOUT_MS: "5000" },
  });
  try {
    const shops = await shopsFor(stack, "outage", 4);
    const names = shops.map((s) => s.shop);
    const n = 400;
    const orders = Array.from({ length: n }, (_, i) => ({
      ...shops[i % shops.length]!,
      order: newOrder(),
    }));
    // First half of the outage: 503s; second half: no answer at all.
    const start = Date.now();
    Object.assign(stack.sandbox.faults, {
      outageUntil: start + (OUTAGE_S * 1000) / 2,
      outageMode: "error",
    });
    const sending = paced(orders, 20, (o) =>
      deliverLikeShopify(stack, "orders/create", o.shop, o.order),
    );
    await new Promise((r) => setTimeout(r, (OUTAGE_S * 1000) / 2));
    Object.assign(stack.sandbox.faults, {
      outageUntil: start + OUTAGE_S * 1000,
      outageMode: "hang",
    });
    const during = await waitUntil(
      "drill 4, service down",
      stack,
      async () => ({
        done: Date.now() >= start + OUTAGE_S * 1000,
        text: `outage ${((Date.now() - start) / 1000).toFixed(0)}/${OUTAGE_S} s, ${(await stack.statusCounts(names)).confirmed ?? 0} confirmed`,
      }),
      OUTAGE_S + 5,
    );
    const confirmedDuring = (await stack.statusCounts(names)).confirmed ?? 0;
    const recoveredAt = Date.now();
    await sending;
    const settled = await waitUntil(
      "drill 4, recovered",
      stack,
      confirmedAll(stack, names, n),
      600,
    );
    const clearedAfterS = (Date.now() - recoveredAt) / 1000;
    const dup = duplicates(
      stack,
      shops.map((s) => s.key),
    );
    const failed = await stack.failedJobs();
    const counts = await stack.statusCounts(names);
    return {
      pass:
        during &&
        settled &&
        failed === 0 &&
        dup.doubledDrafts === 0 &&
        dup.doubledOrders === 0 &&
        confirmedDuring === 0,
      storeOrders: n,
      outageS: OUTAGE_S,
      confirmedDuringOutage: confirmedDuring,
      backlogClearedAfterRecoveryS: +clearedAfterS.toFixed(1),
      confirmed: counts.confirmed ?? 0,
      jobsOutOfAttempts: failed,
      ...dup,
    };
  } finally {
    await stack.stop();
  }
}

// --- 5 --------------------------------------------------------------------------------------------
async function drillDroppedAnswers() {
  const stack = await Stack.start({
    name: "drill5",
    sandbox: { faults: { ...LATENCY, dropAfterCommitRate: 0.3, match: "^POST /v1/draft_orders" } },
    workers: 2,
    workerConcurrency: 50,
    env: { SHIPPING_API_TIMEOUT_MS: "3000" },
  });
  try {
    const shops = await shopsFor(stack, "drop", 4);
    const names = shops.map((s) => s.shop);
    const n = 500;
    const orders = Array.from({ length: n }, (_, i) => ({
      ...shops[i % shops.length]!,
      order: newOrder(),
    }));
    await paced(orders, 100, (o) => deliverLikeShopify(stack, "orders/create", o.shop, o.order));
    const settled = await waitUntil("drill 5", stack, confirmedAll(stack, names, n), 600);
    const dup = duplicates(
      stack,
      shops.map((s) => s.key),
    );
    const requests = Object.fromEntries(stack.sandbox.requests);
    return {
      pass:
        settled &&
        dup.drafts === n &&
        dup.orders === n &&
        dup.doubledDrafts === 0 &&
        dup.doubledOrders === 0,
      storeOrders: n,
      dropRate: 0.3,
      serviceRequests: requests,
      ...dup,
    };
  } finally {
    await stack.stop();
  }
}

// --- 6 --------------------------------------------------------------------------------------------
async function drillCancellations() {
  const stack = await Stack.start({
    name: "drill6",
    sandbox: { faults: LATENCY },
    workers: 2,
    workerConcurrency: 50,
  });
  try {
    const [manual] = await shopsFor(stack, "cancel-manual", 1, { autoConfirm: false });
    const [auto] = await shopsFor(stack, "cancel-auto", 1);
    const per = 100;
    const cancel = (shop: string, order: Order) =>
      deliverLikeShopify(stack, "orders/cancelled", shop, {
        ...order,
        cancelled_at: new Date().toISOString(),
      });
    const status = async (shop: string, id: number) =>
      (
        await stack.pool.query<{ status: string }>(
          "SELECT status FROM shipments WHERE shop = $1 AND order_id = $2",
          [shop, String(id)],
        )
      ).rows[0]?.status;
    const until = async (shop: string, id: number, wanted: string[]) => {
      for (let i = 0; i < 600; i++) {
        const s = await status(shop, id);
        if (s && wanted.includes(s)) return s;
        await new Promise((r) => setTimeout(r, 100));
      }
      return status(shop, id);
    };
    const groups = {
      beforeConfirmation: Array.from({ length: per }, () => ({
        shop: manual!.shop,
        order: newOrder(),
      })),
      duringConfirmation: Array.from({ length: per }, () => ({
        shop: auto!.shop,
        order: newOrder(),
      })),
      afterConfirmation: Array.from({ length: per }, () => ({
        shop: auto!.shop,
        order: newOrder(),
      })),
      beforeTheCreate: Array.from({ length: per }, () => ({ shop: auto!.shop, order: newOrder() })),
    };
    await Promise.all([
      paced(groups.beforeConfirmation, 20, async ({ shop, order }) => {
        await deliverLikeShopify(stack, "orders/create", shop, order);
        await until(shop, order.id, ["draft_ready"]);
        await cancel(shop, order);
      }),
      // The cancel follows the create at once: it meets the draft being made or being confirmed.
      paced(groups.duringConfirmation, 20, async ({ shop, order }, i) => {
        await deliverLikeShopify(stack, "orders/create", shop, order);
        if (i % 2 === 1) await until(shop, order.id, ["draft_ready", "confirmed"]);
        await cancel(shop, order);
      }),
      paced(groups.afterConfirmation, 20, async ({ shop, order }) => {
        await deliverLikeShopify(stack, "orders/create", shop, order);
        await until(shop, order.id, ["confirmed"]);
        await cancel(shop, order);
      }),
      paced(groups.beforeTheCreate, 20, async ({ shop, order }) => {
        await cancel(shop, order);
        await deliverLikeShopify(stack, "orders/create", shop, order);
      }),
    ]);
    const all = Object.values(groups).flat();
    await waitUntil(
      "drill 6",
      stack,
      async () => {
        const counts = await stack.statusCounts([manual!.shop, auto!.shop]);
        return {
          done: (counts.cancelled ?? 0) === all.length && (await stack.backlog()) === 0,
          text: JSON.stringify(counts),
        };
      },
      300,
    );
    // What the service holds: no live draft and no order that is not cancelled, for any of them.
    const byGroup: Record<string, Record<string, number>> = {};
    let wrong = 0;
    for (const [name, items] of Object.entries(groups)) {
      const tally: Record<string, number> = {};
      for (const { shop, order } of items) {
        const s = (await status(shop, order.id)) ?? "missing";
        tally[s] = (tally[s] ?? 0) + 1;
        const key = shop === manual!.shop ? manual!.key : auto!.key;
        const account = stack.sandbox.service.account(key);
        const reference = (
          await stack.pool.query<{ reference_id: string }>(
            "SELECT reference_id FROM shipments WHERE shop = $1 AND order_id = $2",
            [shop, String(order.id)],
          )
        ).rows[0]?.reference_id;
        const liveDrafts = [...account.drafts.values()].filter(
          (d) => d.spec.referenceId === reference && !d.deletedAt && d.status !== "confirmed",
        );
        const activeOrders = [...account.orders.values()].filter(
          (o) => o.spec.referenceId === reference && o.status !== "cancelled",
        );
        if (s !== "cancelled" || liveDrafts.length > 0 || activeOrders.length > 0) wrong++;
      }
      byGroup[name] = tally;
    }
    let ordersMadeBeforeTheCreate = 0;
    for (const { shop, order } of groups.beforeTheCreate) {
      const reference = (
        await stack.pool.query<{ reference_id: string }>(
          "SELECT reference_id FROM shipments WHERE shop = $1 AND order_id = $2",
          [shop, String(order.id)],
        )
      ).rows[0]?.reference_id;
      if (
        [...stack.sandbox.service.account(auto!.key).drafts.values()].some(
          (d) => d.spec.referenceId === reference,
        )
      )
        ordersMadeBeforeTheCreate++;
    }
    return {
      pass: wrong === 0 && ordersMadeBeforeTheCreate === 0,
      storeOrders: all.length,
      endStates: byGroup,
      wrongEndState: wrong,
      draftsMadeForOrdersCancelledBeforeTheirCreate: ordersMadeBeforeTheCreate,
    };
  } finally {
    await stack.stop();
  }
}

// --- 7 --------------------------------------------------------------------------------------------
/** Store orders as Shopify might send them on a bad day: fields missing, null, oddly typed, extreme. */
function unusualOrder(random: () => number, i: number): Order {
  const base = newOrder();
  const address = { ...(base.shipping_address as Record<string, unknown>) };
  const items = (base.line_items as Record<string, unknown>[]).map((l) => ({ ...l }));
  const mutations: ((o: Order) => void)[] = [
    (o) => delete o.shipping_address,
    (o) => (o.shipping_address = null),
    (o) => (o.shipping_address = { ...address, zip: null }),
    (o) => (o.shipping_address = { ...address, zip: "ABCDE" }),
    (o) => (o.shipping_address = { ...address, phone: null }),
    (o) => (o.shipping_address = { ...address, address1: "" }),
    (o) => (o.shipping_address = { ...address, country_code: "US", zip: "10001" }),
    (o) => (o.shipping_address = { ...address, latitude: "not a number" }),
    (o) => (o.line_items = []),
    (o) => (o.line_items = items.map((l) => ({ ...l, requires_shipping: false }))),
    (o) => (o.line_items = items.map((l) => ({ ...l, quantity: -1 }))),
    (o) => (o.line_items = items.map((l) => ({ ...l, quantity: "two" }))),
    (o) => (o.line_items = items.map((l) => ({ ...l, quantity: 100_000 }))),
    (o) => (o.line_items = items.map((l) => ({ ...l, grams: 0 }))),
    (o) => (o.line_items = items.map((l) => ({ ...l, grams: 5_000_000 }))),
    (o) => (o.line_items = items.map((l) => ({ ...l, price: "free" }))),
    (o) => (o.line_items = items.map((l) => ({ ...l, title: "🎁".repeat(300), name: null }))),
    (o) => (o.line_items = "not a list"),
    (o) => (o.customer = null),
    (o) => (o.customer = { id: "not-a-number" }),
    (o) => (o.name = 12345),
    (o) => ((o as Record<string, unknown>).id = String(o.id)),
    (o) => (o.tags = ["a", "b", 3]),
    (o) => (o.total_price = "NaN"),
    (o) => (o.shipping_lines = [{ code: null, title: null }]),
    (o) =>
      (o.refunds = [
        { refund_line_items: items.map((l) => ({ line_item_id: l.id, quantity: l.quantity })) },
      ]),
    (o) => Object.assign(o, { unexpected: { nested: [1, 2, 3] }, note: "x".repeat(20_000) }),
    (o) =>
      (o.line_items = items.map((l) => ({ ...l, product_id: null, variant_id: null, sku: null }))),
    () => {},
  ];
  // One to three mutations each, chosen by the seeded generator.
  const count = 1 + Math.floor(random() * 3);
  for (let k = 0; k < count; k++) mutations[Math.floor(random() * mutations.length)]!(base);
  base.name = typeof base.name === "string" ? `#U${i}` : base.name;
  return base;
}

async function drillMalformed() {
  const stack = await Stack.start({
    name: "drill7",
    sandbox: { faults: LATENCY },
    workers: 2,
    workerConcurrency: 50,
  });
  try {
    const shops = await shopsFor(stack, "odd", 4);
    const names = shops.map((s) => s.shop);
    const random = rng(7);
    const n = 1000;
    const orders = Array.from({ length: n }, (_, i) => ({
      ...shops[i % shops.length]!,
      order: unusualOrder(random, i),
    }));
    const answers = await paced(
      orders,
      100,
      async (o) => (await stack.deliver("orders/create", o.shop, o.order)).status,
    );
    const non2xx = answers.filter((s) => s !== 200).length;
    const finalStates = ["confirmed", "not_required", "cancelled"];
    await waitUntil(
      "drill 7",
      stack,
      async () => {
        const { rows } = await stack.pool.query<{ n: string }>(
          "SELECT count(*) AS n FROM shipments WHERE shop = ANY($1) AND (status = ANY($2) OR problem IS NOT NULL)",
          [names, finalStates],
        );
        return {
          done: Number(rows[0]!.n) === n && (await stack.backlog()) === 0,
          text: `${rows[0]!.n}/${n} settled`,
        };
      },
      600,
    );
    const { rows } = await stack.pool.query<{ status: string; attention: boolean; n: string }>(
      "SELECT status, problem IS NOT NULL AS attention, count(*) AS n FROM shipments WHERE shop = ANY($1) GROUP BY 1, 2 ORDER BY 1, 2",
      [names],
    );
    const { rows: unexplained } = await stack.pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM shipments WHERE shop = ANY($1) AND NOT (status = ANY($2)) AND (problem IS NULL OR problem = '')",
      [names, finalStates],
    );
    const { rows: reasons } = await stack.pool.query<{ problem: string; n: string }>(
      "SELECT left(problem, 90) AS problem, count(*) AS n FROM shipments WHERE shop = ANY($1) AND problem IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 8",
      [names],
    );
    // Every problem is filed under a kind the merchant can filter by (none without, none "other").
    const { rows: kinds } = await stack.pool.query<{ kind: string; n: string }>(
      "SELECT coalesce(k, '(none)') AS kind, count(*) AS n FROM shipments LEFT JOIN LATERAL unnest(problem_kinds) AS k ON true WHERE shop = ANY($1) AND problem IS NOT NULL GROUP BY 1 ORDER BY 2 DESC",
      [names],
    );
    const unfiled = kinds
      .filter((k) => k.kind === "(none)" || k.kind === "other")
      .reduce((sum, k) => sum + Number(k.n), 0);
    const alive =
      stack.web.process.exitCode === null &&
      stack.workers.every((w) => w.process.exitCode === null);
    const rowsCount = (await shipmentRows(stack, names)).rows;
    const failed = await stack.failedJobs();
    return {
      pass:
        alive &&
        non2xx === 0 &&
        rowsCount === n &&
        Number(unexplained[0]!.n) === 0 &&
        unfiled === 0 &&
        failed === 0,
      storeOrders: n,
      non2xx,
      shipmentRows: rowsCount,
      processesAlive: alive,
      byStatus: rows.map((r) => ({
        status: r.status,
        needsAttention: r.attention,
        count: Number(r.n),
      })),
      withoutStateOrReason: Number(unexplained[0]!.n),
      topReasons: reasons.map((r) => ({ reason: r.problem, count: Number(r.n) })),
      problemsByKind: Object.fromEntries(kinds.map((k) => [k.kind, Number(k.n)])),
      problemsWithoutKind: unfiled,
      failedJobs: failed,
    };
  } finally {
    await stack.stop();
  }
}

// --- 8 --------------------------------------------------------------------------------------------
async function drillForgeries() {
  const stack = await Stack.start({
    name: "drill8",
    sandbox: { faults: LATENCY },
    workers: 1,
    workerConcurrency: 20,
  });
  try {
    const [a, b] = await shopsFor(stack, "sec", 2);
    // Both shops have their offline sessions (Stack.addShop), so A's valid tokens pass; B's shipment is what A reaches for.
    const orderB = newOrder();
    await deliverLikeShopify(stack, "orders/create", b!.shop, orderB);
    await waitUntil("drill 8, B's shipment", stack, confirmedAll(stack, [b!.shop], 1), 60);
    const base = `http://127.0.0.1:${stack.webPort}`;
    const topics = [
      "orders/create",
      "orders/updated",
      "orders/cancelled",
      "app/uninstalled",
      "app/scopes_update",
      "customers/data_request",
      "customers/redact",
      "shop/redact",
    ];
    const body = {
      ...orderB,
      shop_domain: b!.shop,
      customer: { id: 1 },
      orders_to_redact: [orderB.id],
    };
    const refused: Record<string, number[]> = {};
    for (const topic of topics) {
      const raw = JSON.stringify(body);
      const wrongSecret = await stack.deliver(topic, b!.shop, body, {
        secret: "not-the-app-secret",
      });
      // A valid signature over another body: sign `raw`, send changed bytes.
      const tampered = await fetch(`${base}/webhooks/${topic}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-shopify-hmac-sha256": crypto
            .createHmac("sha256", API_SECRET)
            .update(raw)
            .digest("base64"),
          "x-shopify-topic": topic,
          "x-shopify-shop-domain": b!.shop,
          "x-shopify-api-version": "2026-10",
          "x-shopify-webhook-id": crypto.randomUUID(),
        },
        body: raw.replace(String(orderB.id), String(orderB.id + 1)),
      }).then((r) => r.status);
      const unsigned = await fetch(`${base}/webhooks/${topic}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-shopify-topic": topic,
          "x-shopify-shop-domain": b!.shop,
        },
        body: raw,
      }).then((r) => r.status);
      refused[topic] = [wrongSecret.status, tampered, unsigned];
    }
    const accepted = (status: number) => status >= 200 && status < 300;
    const webhooksAccepted = Object.values(refused).flat().filter(accepted).length;

    // Genuine deliveries (Shopify's signature over the body) replayed with other headers: the
    // signature never covers them, so each must act on what the body says, or not at all.
    const genuineOrder = JSON.stringify(orderB);
    const replays = {
      // B's order body to shop/redact, with the route's topic header or its own.
      orderAsShopRedact: (
        await stack.deliver("shop/redact", b!.shop, null, { rawBody: genuineOrder })
      ).status,
      orderAsShopRedactOwnTopic: (
        await stack.deliver("shop/redact", b!.shop, null, {
          rawBody: genuineOrder,
          topicHeader: "orders/create",
        })
      ).status,
      // B's genuine shop/redact body while B is installed.
      shopRedactWhileInstalled: (
        await stack.deliver("shop/redact", b!.shop, { shop_id: 1, shop_domain: b!.shop })
      ).status,
      // A's customers/redact body sent naming B.
      customersRedactOfAnotherShop: (
        await stack.deliver("customers/redact", b!.shop, {
          shop_id: 2,
          shop_domain: a!.shop,
          customer: { id: 1 },
          orders_to_redact: [orderB.id],
        })
      ).status,
      // B's order body sent as orders/cancelled: no cancelled_at.
      orderAsCancelled: (
        await stack.deliver("orders/cancelled", b!.shop, null, { rawBody: genuineOrder })
      ).status,
    };
    await new Promise((r) => setTimeout(r, 1_000));
    const { rows: afterReplays } = await stack.pool.query<{
      status: string;
      destination_name: string | null;
    }>("SELECT status, destination_name FROM shipments WHERE shop = $1", [b!.shop]);
    const bIntact =
      afterReplays.length === 1 &&
      afterReplays[0]!.status === "confirmed" &&
      !/redact|removed/i.test(afterReplays[0]!.destination_name ?? "");
    const bAtService = [...stack.sandbox.service.account(b!.key).orders.values()].every(
      (o) => o.status !== "cancelled",
    );
    const replaysActedOn = bIntact && bAtService ? 0 : 1;

    // A paid order of A, sent (body and signature as Shopify made them for A) naming B: B's Admin
    // API does not hold it, so B's shipment is disowned, holds none of it, and nothing is drafted
    // or booked on B's key.
    const orderOfA = { ...newOrder(), financial_status: "paid" };
    const foreignStatus = (
      await stack.deliver("orders/create", a!.shop, orderOfA, { shopHeader: b!.shop })
    ).status;
    const foreign = await pollFor(30, async () => {
      const { rows: found } = await stack.pool.query<{
        status: string;
        disowned: boolean;
        destination_name: string | null;
        payloads: string;
      }>(
        "SELECT status, disowned_at IS NOT NULL AS disowned, destination_name, (SELECT count(*) FROM webhook_inbox WHERE shop = $1 AND resource_id = $2 AND payload IS NOT NULL) AS payloads FROM shipments WHERE shop = $1 AND order_id = $2",
        [b!.shop, String(orderOfA.id)],
      );
      return found[0]?.disowned ? found[0] : undefined;
    });
    const foreignRef = referenceIdFor(b!.shop, String(orderOfA.id));
    const foreignAtService = [...stack.sandbox.service.account(b!.key).drafts.values()].filter(
      (d) => d.spec.referenceId === foreignRef,
    ).length;
    const foreignOrderActedOn =
      foreignStatus === 200 &&
      foreign?.status === "not_required" &&
      foreign.destination_name === null &&
      foreign.payloads === "0" &&
      foreignAtService === 0
        ? 0
        : 1;

    // A paid order of a shop that never installed the app: recorded, nothing else (no shop row,
    // no shipment, nothing at the service).
    const stranger = `stranger-${crypto.randomBytes(3).toString("hex")}.myshopify.com`;
    const strangerStatus = (
      await stack.deliver("orders/create", stranger, { ...newOrder(), financial_status: "paid" })
    ).status;
    const { rows: strangerRows } = await stack.pool.query<{
      shops: string;
      shipments: string;
      payloads: string;
    }>(
      "SELECT (SELECT count(*) FROM shops WHERE shop = $1) AS shops, (SELECT count(*) FROM shipments WHERE shop = $1) AS shipments, (SELECT count(*) FROM webhook_inbox WHERE shop = $1 AND payload IS NOT NULL) AS payloads",
      [stranger],
    );
    const strangerActedOn =
      strangerStatus === 200 &&
      strangerRows[0]!.shops === "0" &&
      strangerRows[0]!.shipments === "0" &&
      strangerRows[0]!.payloads === "0"
        ? 0
        : 1;

    // Fifty service events for B's shipment, each with other unsigned fields: one sync at a time
    // (one running, one waiting), so the burst makes a few jobs (the worker finishes some while
    // the rest arrive), not fifty.
    const { rows: bShipment } = await stack.pool.query<{ id: string; shipping_order_id: string }>(
      "SELECT id, shipping_order_id FROM shipments WHERE shop = $1",
      [b!.shop],
    );
    const eventStatuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${base}/webhooks/shipping`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            [stack.env.SHIPPING_WEBHOOK_HEADER ?? "x-parcelbridge-secret"]:
              stack.env.SHIPPING_WEBHOOK_SECRET!,
          },
          body: JSON.stringify({
            event: "order.status",
            order_id: bShipment[0]!.shipping_order_id,
            status: "allocated",
            order_price: 10_000 + i,
            courier_waybill_id: `W${i}`,
          }),
        }).then((r) => r.status),
      ),
    );
    const queue = new Queue("shipments", { connection: stack.redis, prefix: stack.prefix });
    const syncJobs = (
      await queue.getJobs(["waiting", "prioritized", "delayed", "active", "completed"])
    ).filter((j) => j.name === "sync-status" && j.data.shipmentId === bShipment[0]!.id).length;
    await queue.close();
    const eventBig = await fetch(`${base}/webhooks/shipping`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(100 * 1024),
    }).then((r) => r.status);
    // The admin extensions' CORS preflight on both API routes.
    const preflight = async (pathname: string) =>
      (
        await fetch(`${base}${pathname}`, {
          method: "OPTIONS",
          headers: {
            "user-agent":
              "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
            origin: "https://extensions.shopifycdn.com",
            "access-control-request-method": "POST",
            "access-control-request-headers": "authorization,content-type",
          },
        })
      ).status;
    const preflights = {
      bulk: await preflight("/api/shipments/bulk"),
      order: await preflight(`/api/orders/${orderB.id}/shipment`),
    };
    // The embedded admin's document loads with a bad id_token: a bounce to a fresh token or a 4xx.
    const host = Buffer.from(`admin.shopify.com/store/${a!.shop.split(".")[0]}`).toString(
      "base64url",
    );
    const documentLoads: Record<string, number> = {};
    for (const [label, token] of Object.entries({
      garbage: "garbage",
      threeParts: "a.b.c",
      unsigned: "eyJhbGciOiJIUzI1NiJ9.eyJ4IjoxfQ.abc",
      empty: "",
    })) {
      documentLoads[label] = (
        await fetch(`${base}/app?embedded=1&shop=${a!.shop}&host=${host}&id_token=${token}`, {
          redirect: "manual",
          headers: {
            "user-agent":
              "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
          },
        })
      ).status;
    }
    const documentLoads5xx = Object.values(documentLoads).filter((st) => st >= 500).length;
    // Session tokens, as the admin extension sends them from the browser (the library answers
    // 410 to requests that look like bots): expired, for another app, badly signed, none.
    const BROWSER = {
      "user-agent":
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
      origin: "https://extensions.shopifycdn.com",
    };
    const api = (token: string | null, orderId: number | string) =>
      fetch(`${base}/api/orders/${orderId}/shipment`, {
        redirect: "manual",
        headers: { ...BROWSER, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    const now = Math.floor(Date.now() / 1000);
    const storeA = a!.shop.replace(".myshopify.com", "");
    const expired = (
      await getJwt(storeA, "bench-app", API_SECRET, {
        exp: now - 60,
        nbf: now - 3600,
        iat: now - 3600,
      })
    ).token;
    const wrongAudience = (await getJwt(storeA, "another-app", API_SECRET)).token;
    const wrongSecret = (await getJwt(storeA, "bench-app", "another-apps-secret")).token;
    const valid = (await getJwt(storeA, "bench-app", API_SECRET)).token;
    const tokens = {
      expired: (await api(expired, orderB.id)).status,
      wrongAudience: (await api(wrongAudience, orderB.id)).status,
      wrongSignature: (await api(wrongSecret, orderB.id)).status,
      none: (await api(null, orderB.id)).status,
    };
    const tokensAccepted = Object.values(tokens).filter(accepted).length;
    // A's valid token on B's order: A sees no shipment (B's is not reachable through A).
    const crossShop = await api(valid, orderB.id);
    const crossBody = (await crossShop.json().catch(() => null)) as { shipment?: unknown } | null;
    const bulk = await fetch(`${base}/api/shipments/bulk`, {
      method: "POST",
      headers: { ...BROWSER, authorization: `Bearer ${valid}`, "content-type": "application/json" },
      body: JSON.stringify({ action: "confirm", orderIds: [String(orderB.id)] }),
    });
    const bulkBody = (await bulk.json().catch(() => null)) as {
      results?: { ok: boolean }[];
    } | null;
    // A's token must be accepted (else the check proves nothing), and show nothing of B's.
    const crossShopLeaks =
      (crossShop.status === 200 && crossBody?.shipment ? 1 : 0) +
      (bulkBody?.results?.some((r) => r.ok) ? 1 : 0);
    const validTokenAccepted = crossShop.status === 200 && bulk.status === 200;

    // Secrets at rest: the keys in clear must appear nowhere in Redis, the logs or the job data.
    const secrets = [a!.key, b!.key];
    let redisHits = 0;
    let cursor = "0";
    let scanned = 0;
    do {
      const [next, keys] = await stack.redis.scan(
        cursor,
        "MATCH",
        `${stack.prefix}:*`,
        "COUNT",
        500,
      );
      cursor = next;
      for (const key of keys) {
        scanned++;
        const type = await stack.redis.type(key);
        const values =
          type === "hash"
            ? Object.entries(await stack.redis.hgetall(key)).flat()
            : type === "string"
              ? [await stack.redis.get(key)]
              : type === "list"
                ? await stack.redis.lrange(key, 0, -1)
                : type === "zset"
                  ? await stack.redis.zrange(key, 0, -1)
                  : type === "stream"
                    ? JSON.stringify(await stack.redis.xrange(key, "-", "+"))
                    : [];
        const text = [key, ...(Array.isArray(values) ? values : [values])].join("\n");
        if (secrets.some((s) => text.includes(s.split(".")[1]!))) redisHits++;
      }
    } while (cursor !== "0");
    const logFiles = fs
      .readdirSync(LOG_DIR)
      .filter((f) => f.startsWith("drill"))
      .map((f) => path.join(LOG_DIR, f));
    const logHits = logFiles.filter((f) =>
      secrets.some((s) => fs.readFileSync(f, "utf8").includes(s.split(".")[1]!)),
    ).length;
    const { rows } = await stack.pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM shops WHERE shipping_api_key_encrypted LIKE '%' || split_part($1, '.', 2) || '%'",
      [a!.key],
    );
    const pass =
      webhooksAccepted === 0 &&
      replaysActedOn === 0 &&
      foreignOrderActedOn === 0 &&
      strangerActedOn === 0 &&
      eventStatuses.every((st) => st === 200) &&
      syncJobs <= 10 &&
      eventBig === 413 &&
      documentLoads5xx === 0 &&
      preflights.bulk === 204 &&
      preflights.order === 204 &&
      tokensAccepted === 0 &&
      validTokenAccepted &&
      crossShopLeaks === 0 &&
      redisHits === 0 &&
      logHits === 0 &&
      Number(rows[0]!.n) === 0;
    return {
      pass,
      webhookStatuses: refused,
      webhooksAccepted,
      replayStatuses: replays,
      replaysActedOn,
      orderOfAnotherShop: {
        status: foreignStatus,
        shipment: foreign ?? null,
        draftsOnTheKey: foreignAtService,
      },
      foreignOrderActedOn,
      strangerDelivery: { status: strangerStatus, ...strangerRows[0] },
      strangerActedOn,
      serviceEvents: {
        sent: 50,
        answered200: eventStatuses.filter((st) => st === 200).length,
        syncJobs,
        over64kb: eventBig,
      },
      documentLoads,
      documentLoads5xx,
      preflights,
      sessionTokenStatuses: tokens,
      tokensAccepted,
      validTokenAccepted,
      crossShop: {
        status: crossShop.status,
        shipmentReturned: !!crossBody?.shipment,
        bulkStatus: bulk.status,
        bulkResults: bulkBody?.results ?? null,
      },
      crossShopLeaks,
      redisKeysScanned: scanned,
      redisKeysWithAKey: redisHits,
      logFilesScanned: logFiles.length,
      logFilesWithAKey: logHits,
      keyInClearInDatabase: Number(rows[0]!.n),
    };
  } finally {
    await stack.stop();
  }
}

// ----------------------------------------------------------------------------------------------------
const drills: [number, string, () => Promise<Record<string, unknown> & { pass: boolean }>][] = [
  [
    1,
    `Duplicate deliveries (×3, concurrent, after clean-up) over ${ORDERS} orders`,
    drillDuplicates,
  ],
  [2, `Worker SIGKILLed every 5–15 s during ${ORDERS} orders`, drillWorkerKills],
  [3, "Redis killed and restarted mid-run", drillRedisKilled],
  [4, `Shipping service 5xx then hanging for ${OUTAGE_S} s, then recovering`, drillOutage],
  [5, "Answers dropped after the service committed (create and confirm)", drillDroppedAnswers],
  [6, "Cancellations before, during, after confirmation and before the create", drillCancellations],
  [7, "1,000 malformed or unusual store orders", drillMalformed],
  [8, "Forged webhooks and tokens, cross-shop access, API keys at rest", drillForgeries],
];

fs.rmSync(LOG_DIR, { recursive: true, force: true });
const results: Result[] = [];
for (const [n, title, run] of drills) {
  if (!SELECTED.includes(n)) continue;
  console.log(`\nDrill ${n}: ${title}`);
  const t0 = performance.now();
  let outcome: Record<string, unknown> & { pass: boolean };
  try {
    outcome = await run();
  } catch (error) {
    outcome = { pass: false, error: (error as Error).stack ?? String(error) };
  }
  const { pass, ...counts } = outcome;
  const seconds = +((performance.now() - t0) / 1000).toFixed(1);
  results.push({ drill: `${n}. ${title}`, pass, counts, seconds, at: new Date().toISOString() });
  console.log(`\n  ${pass ? "PASS" : "FAIL"} (${seconds} s): ${JSON.stringify(counts)}`);
}
// A run of some drills updates their entries and keeps the others' latest results.
const previous: Result[] = (() => {
  try {
    return (
      JSON.parse(fs.readFileSync("bench/results/drills.json", "utf8")) as { results: Result[] }
    ).results;
  } catch {
    return [];
  }
})();
const number = (r: Result) => Number(r.drill.split(".")[0]);
const merged = [
  ...previous.filter((p) => !results.some((r) => number(r) === number(p))),
  ...results,
].sort((a, b) => number(a) - number(b));
const file = writeResult("drills", {
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}`,
  results: merged,
});
const failed = results.filter((r) => !r.pass);
console.log(
  `\n${results.length - failed.length} of ${results.length} drills passed${failed.length ? `; failed: ${failed.map((f) => f.drill.split(".")[0]).join(", ")}` : ""}. Details: ${file}`,
);
process.exit(failed.length ? 1 : 0);
