import { afterAll, describe, expect, it, vi } from "vitest";

// Before any module reads the environment: every one of the flood's requests passes the request
// rate and the cap on requested jobs, so that what is tested is the queue's accounting alone.
vi.hoisted(() => {
  process.env.SHOP_REQUEST_RATE = "1000000";
  process.env.SHOP_REQUEST_BURST = "1000000";
  process.env.SHOP_REQUESTED_JOBS_LIMIT = "5000";
});

import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { db } from "#app/db/index.server.ts";
import { shipments } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { QUEUES } from "#app/jobs/definitions.ts";
import { getQueue, producerConnection, shopBacklog } from "#app/jobs/queues.server.ts";
import { redisTargetOf } from "#app/platform/redis.server.ts";
import * as orderApi from "#app/routes/api.orders.$orderId.shipment.tsx";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import { sessionStorage } from "#app/shopify.server.ts";
import { ServiceRateLimiter } from "#app/shipping/limiter.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import { allProcessors } from "#worker/jobs.ts";
import { workerDeps } from "#worker/deps.ts";
import { startWorkers, type RunningWorkers } from "#worker/worker.ts";
import { liveKey } from "../helpers/sandbox.ts";
import {
  fakeAdminGraphql,
  freshOrder,
  setUpShop,
  shipmentOf,
  waitFor,
} from "../helpers/pipeline.ts";
import {
  deliverWebhook,
  offlineSession,
  sessionTokenRequest,
  uniqueShop,
} from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * A merchant floods the order block's endpoint with "create shipment" for 2,000 orders the app
 * never received, each an import job reading Shopify. Another shop's one new order, arriving
 * after the whole flood was queued, is still booked within the fairness goal (10 s), while most
 * of the flood waits: the flood counts in its shop's share of the queue like new orders do.
 */
const env = getEnv();
const FLOOD = 2_000;
const stack = testStack({ sandbox: {} });
let workers: RunningWorkers | undefined;

afterAll(async () => {
  await workers?.close();
});

/** Shopify's Admin API takes tens of milliseconds an answer, as the real one does. */
function slowAdmin() {
  const fake = fakeAdminGraphql();
  return async (shop: string, query: string, variables: Record<string, unknown>) => {
    await new Promise((r) => setTimeout(r, 60));
    return fake(shop, query, variables);
  };
}

/** One worker process's processors, ten jobs at a time, Shopify answering in 60 ms. */
const startFloodWorkers = () =>
  startWorkers({
    logger,
    redis: redisTargetOf(env),
    prefix: env.QUEUE_PREFIX,
    concurrency: 10,
    processors: allProcessors(
      workerDeps({
        db,
        logger,
        env,
        limiter: new ServiceRateLimiter(producerConnection(), env.QUEUE_PREFIX),
        adminGraphql: slowAdmin(),
      }),
    ),
  });

describe("a merchant's flood of requests", () => {
  it("2,000 imports asked through the order block do not hold up another shop's new order", async () => {
    const flooder = uniqueShop("flooder");
    const other = uniqueShop("other");
    await setUpShop(db, env.ENCRYPTION_KEY, flooder, liveKey("flooder"), stack.sandbox.url);
    await setUpShop(db, env.ENCRYPTION_KEY, other, liveKey("other"), stack.sandbox.url);
    await sessionStorage.storeSession(offlineSession(flooder));

    // The flood, through the extension's endpoint with the shop's session tokens, 25 at a time.
    const statuses: number[] = [];
    for (let start = 0; start < FLOOD; start += 25) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(25, FLOOD - start) }, async (_, i) => {
          const orderId = String(9_000_000_000 + start + i);
          const request = await sessionTokenRequest(`/api/orders/${orderId}/shipment`, flooder, {
            method: "POST",
            body: JSON.stringify({ action: "create" }),
            headers: { "content-type": "application/json" },
          });
          return (await orderApi.action({ request, params: { orderId }, context: {} })).status;
        }),
      );
      statuses.push(...batch);
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(FLOOD);
    expect(await shopBacklog().size(flooder, "work")).toBe(FLOOD);

    // Then the other shop's one new order.
    const order = freshOrder("multi-item");
    expect(
      await deliverWebhook(ordersCreate, { topic: "orders/create", shop: other, body: order }),
    ).toBe(200);
    const started = Date.now();
    workers = startFloodWorkers();
    await waitFor(
      "the other shop's order booked",
      async () => (await shipmentOf(db, other, order.id))?.status === "confirmed",
      60_000,
    );
    const elapsed = Date.now() - started;
    const floodLeft = await shopBacklog().size(flooder, "work");
    const waiting = await getQueue(QUEUES.shipments).getJobCountByTypes("prioritized", "wait");
    // Booked within the fairness goal, while most of the flood still waits its turn.
    expect(elapsed).toBeLessThan(10_000);
    expect(floodLeft).toBeGreaterThan(FLOOD / 2);
    expect(waiting).toBeGreaterThan(FLOOD / 2);

    // The flood runs to its end, and gives its places back.
    await waitFor(
      "the flood done",
      async () => (await shopBacklog().size(flooder, "work")) === 0,
      120_000,
    );
    await workers.close();
    workers = undefined;
  }, 180_000);

  it("2,000 cancels asked through the order block take the shop's turns: another shop's new order goes first", async () => {
    const canceller = uniqueShop("canceller");
    const other = uniqueShop("other");
    await setUpShop(db, env.ENCRYPTION_KEY, canceller, liveKey("canceller"), stack.sandbox.url);
    await setUpShop(db, env.ENCRYPTION_KEY, other, liveKey("other"), stack.sandbox.url);
    await sessionStorage.storeSession(offlineSession(canceller));
    // The canceller's 2,000 drafts (gone at the service: each cancel finds it so, and ends).
    const orderIds = Array.from({ length: FLOOD }, (_, i) => String(9_500_000_000 + i));
    await db.insert(shipments).values(
      orderIds.map((orderId) => ({
        shop: canceller,
        orderId,
        orderName: `#C${orderId.slice(-4)}`,
        referenceId: `${canceller}-${orderId}`,
        status: "draft_ready",
        draftOrderId: crypto.randomUUID(),
      })),
    );

    const statuses: number[] = [];
    for (let start = 0; start < FLOOD; start += 25) {
      const batch = await Promise.all(
        orderIds.slice(start, start + 25).map(async (orderId) => {
          const request = await sessionTokenRequest(`/api/orders/${orderId}/shipment`, canceller, {
            method: "POST",
            body: JSON.stringify({ action: "cancel" }),
            headers: { "content-type": "application/json" },
          });
          return (await orderApi.action({ request, params: { orderId }, context: {} })).status;
        }),
      );
      statuses.push(...batch);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(FLOOD);
    // Every cancel counts in the shop's share, as its other requested work does.
    expect(await shopBacklog().size(canceller, "work")).toBe(FLOOD);

    const order = freshOrder("multi-item");
    expect(
      await deliverWebhook(ordersCreate, { topic: "orders/create", shop: other, body: order }),
    ).toBe(200);
    // The service answers in tens of milliseconds, as the real one does.
    stack.sandbox.faults.latencyMs = 20;
    try {
      workers = startFloodWorkers();
      await waitFor(
        "the other shop's order booked",
        async () => (await shipmentOf(db, other, order.id))?.status === "confirmed",
        60_000,
      );
      // Booked at its shop's turn, while most of the cancels still wait theirs.
      const cancelled = await db
        .select({ id: shipments.id })
        .from(shipments)
        .where(and(eq(shipments.shop, canceller), eq(shipments.status, "cancelled")));
      expect(cancelled.length).toBeLessThan(FLOOD / 2);
      expect(await shopBacklog().size(canceller, "work")).toBeGreaterThan(FLOOD / 2);
    } finally {
      stack.sandbox.faults.latencyMs = 0;
      // The rest of the cancels (minutes at the service's rate for one key) is not waited for:
      // this file's queue goes with them.
      await workers?.close();
      workers = undefined;
      await getQueue(QUEUES.shipments).obliterate({ force: true });
    }
  }, 120_000);
});
