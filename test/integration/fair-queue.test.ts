import type { Job } from "bullmq";
import crypto from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";

// Before any module reads the environment: a small backlog per shop.
vi.hoisted(() => {
  process.env.SHOP_BACKLOG_LIMIT = "10";
});

import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "#app/db/index.server.ts";
import { shipmentEvents, shipments } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { QUEUES, jobId } from "#app/jobs/definitions.ts";
import { enqueue, getQueue, shopBacklog } from "#app/jobs/queues.server.ts";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import { action as shippingEvents } from "#app/routes/webhooks.shipping.tsx";
import { liveKey, testKey } from "../helpers/sandbox.ts";
import {
  eventsPathOf,
  freshOrder,
  setUpShop,
  shipmentOf,
  startTestWorkers,
  waitFor,
} from "../helpers/pipeline.ts";
import { callRoute, deliverWebhook, uniqueShop } from "../helpers/shopify.ts";
import { reconcile } from "#worker/processors/reconcile.ts";
import type { RunningWorkers } from "#worker/worker.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * How the queue shares the workers: between shops (each gets its turn, a backlog per shop), and
 * within a shop (a draft's confirmation goes before the shop's other drafts). The orders are
 * queued before any worker runs, as in a flash sale, so the order of the work is what is tested.
 */
const env = getEnv();
// The app's limiter paces each key at its documented rate (a test key: 5 calls a second); the
// sandbox does not enforce it again. A 429 from a sandbox whose second drifts from the app's (a
// loaded machine) defers the booking that met it, and the order of work would then be the
// machine's, not the queue's. Deferral after a 429 is tested in jobs.test.ts.
const stack = testStack({ sandbox: { rateLimits: false } });
let workers: RunningWorkers | undefined;

afterEach(async () => {
  await workers?.close();
  workers = undefined;
});

async function ordersFor(shop: string, count: number) {
  const orders = Array.from({ length: count }, () => freshOrder("multi-item"));
  for (const order of orders) {
    expect(await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order })).toBe(
      200,
    );
  }
  return orders;
}
async function newShop(label: string, key = testKey(label)) {
  const shop = uniqueShop(label);
  await setUpShop(db, env.ENCRYPTION_KEY, shop, key, stack.sandbox.url);
  return { shop, key };
}
/** The shop's timeline entries of these types, oldest first. */
async function timeline(shops: string[], types: string[]) {
  return db
    .select({ shop: shipmentEvents.shop, type: shipmentEvents.type, at: shipmentEvents.createdAt })
    .from(shipmentEvents)
    .where(and(inArray(shipmentEvents.shop, shops), inArray(shipmentEvents.type, types)))
    .orderBy(asc(shipmentEvents.id));
}
const confirmedCount = async (shop: string) =>
  (
    await db
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(eq(shipments.shop, shop), eq(shipments.status, "confirmed")))
  ).length;

describe("each shop gets its turn", () => {
  it("a small shop's one order is drafted before most of another shop's earlier backlog", async () => {
    // A test key: 5 draft-order calls a second, so the big shop's nine orders take seconds.
    const big = await newShop("big");
    const small = await newShop("small");
    await ordersFor(big.shop, 9);
    await ordersFor(small.shop, 1);
    workers = startTestWorkers(db, env, { concurrency: 2 });
    await waitFor("small shop booked", async () => (await confirmedCount(small.shop)) === 1);
    const drafts = (await timeline([big.shop, small.shop], ["draft_created"])).map((e) => e.shop);
    // First come, first served, the small shop's draft came tenth.
    expect(drafts.indexOf(small.shop)).toBeLessThanOrEqual(2);
    await waitFor("big shop booked", async () => (await confirmedCount(big.shop)) === 9, 60_000);
  });

  it("one shop's new orders fill its backlog at most; the rest wait in the database and are queued by reconciliation", async () => {
    const { shop } = await newShop("flood", liveKey("flood"));
    const orders = await ordersFor(shop, 14);
    const queue = getQueue(QUEUES.shipments);
    const queued = await Promise.all(
      orders.map(
        async (o) => (await queue.getJob(jobId("create", shop, String(o.id)))) !== undefined,
      ),
    );
    expect(queued.filter(Boolean)).toHaveLength(10);
    expect(await shopBacklog().size(shop)).toBe(10);
    // Nothing is lost: every order has its shipment, waiting.
    expect(
      (await db.select().from(shipments).where(eq(shipments.shop, shop))).map((s) => s.status),
    ).toEqual(Array(14).fill("pending"));

    workers = startTestWorkers(db, env, { concurrency: 4 });
    await waitFor("the first ten booked", async () => (await confirmedCount(shop)) === 10);
    await waitFor("backlog released", async () => (await shopBacklog().size(shop)) === 0);
    const counts = await reconcile({ data: { olderThanSeconds: 0 } } as Job, {
      db,
      enqueue,
      shipmentsQueue: () => queue,
    });
    expect(counts.create).toBeGreaterThanOrEqual(4);
    await waitFor("all fourteen booked", async () => (await confirmedCount(shop)) === 14);
  });
});

describe("within a shop", () => {
  it("a draft's confirmation goes before the shop's other drafts: bookings start with the first draft", async () => {
    const { shop } = await newShop("steady");
    await ordersFor(shop, 8);
    workers = startTestWorkers(db, env, { concurrency: 3 });
    await waitFor("all booked", async () => (await confirmedCount(shop)) === 8, 60_000);
    const steps = (await timeline([shop], ["draft_created", "confirmed"])).map((e) => e.type);
    // Drafts first, then bookings, left the first booking after the eighth draft. Here it comes
    // right after the first three, drafted at once by the worker's three slots.
    const firstBooking = steps.indexOf("confirmed");
    expect(firstBooking).toBeLessThanOrEqual(3);
    // Each booking comes with its draft, in the same second or the next. A second's five calls
    // (a test key) go together: two drafts and their bookings, and a third draft whose booking
    // takes the next second's first slot, beside two more drafts. So at no point are more than
    // three drafts unbooked (first come, first served: all eight).
    let open = 0;
    for (const step of steps) {
      open += step === "draft_created" ? 1 : -1;
      expect(open).toBeLessThanOrEqual(3);
    }
  });
});

describe("service events", () => {
  it("fifty events for one shipment, each with other unsigned fields, make one sync job", async () => {
    const { shop } = await newShop("events", liveKey("events"));
    const [order] = await ordersFor(shop, 1);
    workers = startTestWorkers(db, env);
    const booked = await waitFor("booked", async () => {
      const s = await shipmentOf(db, shop, order!.id);
      return s?.status === "confirmed" ? s : undefined;
    });
    await workers.close();
    workers = undefined;
    const path = await eventsPathOf(db, shop);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        callRoute(
          shippingEvents,
          new Request(`https://app.example${path}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              event: "order.status",
              order_id: booked.shippingOrderId,
              status: i % 2 ? "picked" : "allocated",
              order_price: 10_000 + i,
              courier_waybill_id: crypto.randomUUID(),
            }),
          }),
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const jobs = await getQueue(QUEUES.shipments).getJobs([
      "waiting",
      "prioritized",
      "delayed",
      "active",
      "completed",
    ]);
    expect(
      jobs.filter((j) => j.name === "sync-status" && j.data.shipmentId === booked.id),
    ).toHaveLength(1);
  });

  it("an event body over 64 KB is refused before it is read", async () => {
    const response = await callRoute(
      shippingEvents,
      new Request(`https://app.example/webhooks/shipping/${"0".repeat(64)}`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(65 * 1024) },
        body: "x".repeat(65 * 1024),
      }),
    );
    expect(response.status).toBe(413);
  });
});
