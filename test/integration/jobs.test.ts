import { said } from "#app/i18n/said.ts";
import crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";

import { DelayedError, Queue, Worker, type Job } from "bullmq";
import { openDatabase } from "#app/db/client.server.ts";
import { database, db } from "#app/db/index.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import {
  QUEUES,
  SHIPMENT_JOB_OPTIONS,
  cappedBackoff,
  jobId,
  shipmentJobs,
} from "#app/jobs/definitions.ts";
import {
  failedIndexKey,
  indexFailedJob,
  JobNotFoundError,
  listFailedJobs,
  retryFailedJob,
} from "#app/jobs/failed.server.ts";
import { enqueue, getQueue, producerConnection } from "#app/jobs/queues.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import { createWorkerConnection, redisTargetOf } from "#app/platform/redis.server.ts";
import { ServiceRateLimiter } from "#app/shipping/limiter.server.ts";
import { shopFacts } from "#app/shops/shop-cache.server.ts";
import { referenceIdFor } from "#app/orders/map.ts";
import { recordOrderDelivery } from "#app/webhooks/order-delivery.server.ts";
import { fakeAdminGraphql, holdDeliveredOrder } from "#fakes/shopify/fake-admin.ts";
import { setShippingApiKey } from "#app/shops/shops.server.ts";
import { liveKey, testKey } from "../helpers/sandbox.ts";
import { freshOrder, setUpShop, shipmentOf, waitFor } from "../helpers/pipeline.ts";
import { uniqueShop } from "../helpers/shopify.ts";
import { pollStatuses } from "#worker/processors/poll-statuses.ts";
import { reconcile } from "#worker/processors/reconcile.ts";
import { processCreateDraft } from "#worker/processors/create-draft.ts";
import { testStack } from "../helpers/stack.ts";

const env = getEnv();
const stack = testStack({ sandbox: {}, workers: { utilisation: 50 } });

/** A shop and an order recorded as the webhook route records them (inbox + pending shipment). */
async function recordOrder(shop: string, fixture = "multi-item") {
  const order = freshOrder(fixture);
  holdDeliveredOrder("orders/create", shop, JSON.stringify(order));
  await recordOrderDelivery(database.pool, {
    webhookId: `${shop}-${order.id}`,
    shop,
    topic: "orders/create",
    resourceId: String(order.id),
    rawPayload: JSON.stringify(order),
    orderName: order.name,
    customerId: null,
    referenceId: referenceIdFor(shop, String(order.id)),
    initialStatus: "pending",
    actor: "test",
    message: said("orderReceived", { name: order.name }),
  });
  return order;
}

describe("retries and backoff", () => {
  it("capped exponential backoff outlasts a 30-minute outage within the attempts", () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4].map((n) => cappedBackoff(n, mid))).toEqual([1000, 2000, 4000, 8000]);
    expect(cappedBackoff(20, mid)).toBe(120_000);
    // SHIPMENT_JOB_OPTIONS.attempts − 1 waits, each at its shortest (−20% jitter).
    const total = Array.from({ length: SHIPMENT_JOB_OPTIONS.attempts - 1 }, (_, i) =>
      cappedBackoff(i + 1, () => 0),
    ).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(30 * 60_000);
  });

  it("429s from the service delay jobs without using attempts", async () => {
    const shop = uniqueShop("limited");
    const key = testKey("limited");
    await setUpShop(db, env.ENCRYPTION_KEY, shop, key, stack.sandbox.url);
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push(await recordOrder(shop));
    for (const o of orders) await enqueue.createDraft(shop, String(o.id));
    for (const o of orders)
      await waitFor(
        `order ${o.id} confirmed`,
        async () => (await shipmentOf(db, shop, o.id))?.status === "confirmed",
        60_000,
      );
    expect(stack.sandbox.rateLimiter.refused).toBeGreaterThan(0);
    for (const o of orders) {
      // One attempt each (the one that succeeded); deferrals after a 429 are not attempts.
      const job = await getQueue(QUEUES.shipments).getJob(jobId("create", shop, String(o.id)));
      expect(job?.stacktrace ?? []).toEqual([]);
      expect(job?.attemptsMade).toBe(1);
    }
    // Its waits allow a minute on a loaded machine (about 4 s on an idle one): so does the test.
  }, 90_000);
});

/**
 * A create-draft job of the order as a worker holds it (active, with its lock token), on a queue
 * of its own that the file's workers do not take from; removed once `run` is done.
 */
async function withHeldDraftJob(
  shop: string,
  orderId: string,
  run: (job: Job, token: string, queue: Queue) => Promise<void>,
): Promise<void> {
  const name = `held-${crypto.randomUUID()}`;
  const queue = new Queue(name, { connection: producerConnection(), prefix: env.QUEUE_PREFIX });
  const taker = new Worker(name, null, {
    connection: createWorkerConnection(redisTargetOf(env)),
    prefix: env.QUEUE_PREFIX,
    autorun: false,
  });
  try {
    await queue.add(shipmentJobs.createDraft.name, { shop, orderId });
    const token = crypto.randomUUID();
    const job = await taker.getNextJob(token);
    if (!job) throw new Error("no job to take");
    await run(job, token, queue);
  } finally {
    await taker.close();
    await queue.obliterate({ force: true });
    await queue.close();
  }
}

describe("a flash sale's deferral", () => {
  it("a draft whose slot is seconds away is deferred before any SQL, holding both its slots", async () => {
    const shop = uniqueShop("deferred");
    const key = liveKey("deferred");
    await setUpShop(db, env.ENCRYPTION_KEY, shop, key, stack.sandbox.url);
    const order = await recordOrder(shop);
    const limiter = new ServiceRateLimiter(producerConnection(), env.QUEUE_PREFIX);
    // The key's draft calls for the next three windows are taken: this job's slot is seconds away.
    const { calls } = limiter.window(key, "draft_orders");
    for (let i = 0; i < 3 * calls; i++) await limiter.reserve(key, "draft_orders");

    const counted = await openDatabase({
      databaseUrl: env.DATABASE_URL!,
      migrate: false,
      poolSize: 2,
      pgliteDataDir: "",
      pglitePort: 0,
    });
    try {
      await withHeldDraftJob(shop, String(order.id), async (job, token, queue) => {
        // The shop's key and settings as the worker keeps them for a few seconds.
        await shopFacts(counted.db, env, shop);
        const query = vi.spyOn(counted.pool, "query");
        const deps = {
          db: counted.db,
          logger,
          env,
          limiter,
          enqueue,
          adminGraphql: fakeAdminGraphql(),
        };
        const before = Date.now();
        await expect(processCreateDraft(job, deps)).rejects.toBeInstanceOf(DelayedError);
        // Deferred before reading the order's shipments: the run at its slot reads them.
        expect(query).not.toHaveBeenCalled();
        const deferred = await queue.getJob(job.id!);
        expect(await deferred!.getState()).toBe("delayed");
        const { _slot: slot, _next: next } = deferred!.data as { _slot: number; _next: number };
        expect(slot).toBeGreaterThan(before + 1_000);
        // The confirmation's slot, reserved with the draft's: at it or after it (a key's calls of a
        // window go together, so both may fall on the same millisecond).
        expect(next).toBeGreaterThanOrEqual(slot);
        expect((await shipmentOf(db, shop, order.id))?.status).toBe("pending");
      });
    } finally {
      await counted.close();
    }
  });
});

describe("a key's steady flow", () => {
  it("a draft whose slot is one window away waits for it in place, not deferred", async () => {
    const shop = uniqueShop("inline");
    const key = liveKey("inline");
    await setUpShop(db, env.ENCRYPTION_KEY, shop, key, stack.sandbox.url);
    const order = await recordOrder(shop);
    // A window of 1,250 ms (80 % of the documented limit): a wait of one window is past the one
    // second that used to be the edge, whatever the reservations below take.
    const limiter = new ServiceRateLimiter(producerConnection(), env.QUEUE_PREFIX, 0.8);
    const { calls, ms } = limiter.window(key, "draft_orders");
    expect(ms).toBe(1250);
    // The key's calls of this window are taken: this job's slot is the next window's.
    for (let i = 0; i < calls; i++) await limiter.reserve(key, "draft_orders");

    await withHeldDraftJob(shop, String(order.id), async (job, token, queue) => {
      const deps = { db, logger, env, limiter, enqueue, adminGraphql: fakeAdminGraphql() };
      const before = Date.now();
      await processCreateDraft(job, deps);
      // It slept until its slot, then drafted, in this one run.
      expect(Date.now() - before).toBeGreaterThanOrEqual(1_000);
      expect(await (await queue.getJob(job.id!))!.getState()).toBe("active");
      expect((await shipmentOf(db, shop, order.id))?.draftOrderId).toBeTruthy();
    });
  });
});

describe("job ids", () => {
  it("a courier's waybill with ':' or spaces still makes the create-fulfillment job's id, one per waybill", async () => {
    const shipmentId = crypto.randomUUID();
    const shop = uniqueShop("ids");
    await enqueue.createFulfillment(shop, shipmentId, "JP 1234:56");
    await enqueue.createFulfillment(shop, shipmentId, null);
    const queue = getQueue(QUEUES.shipments);
    expect(await queue.getJob(jobId("create-fulfillment", shipmentId, "JP_1234_56"))).toBeDefined();
    expect(await queue.getJob(jobId("create-fulfillment", shipmentId, "no-waybill"))).toBeDefined();
    expect(() => jobId("create-fulfillment", shipmentId, "JP 1234:56")).toThrow(/':' or spaces/);
  });
});

describe("fairness and polling", () => {
  it("one shop's backlog does not hold up another shop's orders", async () => {
    const busy = uniqueShop("busy");
    const quiet = uniqueShop("quiet");
    await setUpShop(db, env.ENCRYPTION_KEY, busy, testKey("busy"), stack.sandbox.url);
    await setUpShop(db, env.ENCRYPTION_KEY, quiet, testKey("quiet"), stack.sandbox.url);
    const backlog = [];
    for (let i = 0; i < 20; i++) backlog.push(await recordOrder(busy));
    for (const o of backlog) await enqueue.createDraft(busy, String(o.id));
    const late = await recordOrder(quiet);
    await enqueue.createDraft(quiet, String(late.id));
    // 20 shipments at 5 calls/s take the busy shop about 8 s; the quiet shop's one is done long before.
    await waitFor(
      "quiet shop confirmed",
      async () => (await shipmentOf(db, quiet, late.id))?.status === "confirmed",
      60_000,
    );
    let busyDone = 0;
    for (const o of backlog)
      if ((await shipmentOf(db, busy, o.id))?.status === "confirmed") busyDone++;
    expect(busyDone).toBeLessThan(backlog.length);
    for (const o of backlog)
      await waitFor(
        "busy shop confirmed",
        async () => (await shipmentOf(db, busy, o.id))?.status === "confirmed",
        60_000,
      );
  });

  it("polling catches a status change no event announced", async () => {
    const shop = uniqueShop("poll");
    await setUpShop(db, env.ENCRYPTION_KEY, shop, liveKey("poll"), stack.sandbox.url);
    const order = await recordOrder(shop);
    await enqueue.createDraft(shop, String(order.id));
    const confirmed = await waitFor("confirmed", async () => {
      const s = await shipmentOf(db, shop, order.id);
      return s?.status === "confirmed" ? s : undefined;
    });
    // No webhook registered: the service moves the order silently.
    stack.sandbox.service.lifecycle.forceStatus(confirmed.shippingOrderId!, "picking_up");
    const { queued } = await pollStatuses(
      { data: { staleSeconds: 0 } } as Job,
      { db, enqueue },
      new Date(),
      shop,
    );
    expect(queued).toBe(1);
    await waitFor(
      "picking_up",
      async () => (await shipmentOf(db, shop, order.id))?.status === "picking_up",
    );
    // A booking, then the poll's two jobs (the shop's poll, its sync): beside the system tests on
    // two cores this passed the default 30 s.
  }, 60_000);
});

describe("failed work and reconciliation", () => {
  it("a job that failed for good is listed for its shop only, and a retry finishes it", async () => {
    const shop = uniqueShop("failing");
    const key = liveKey("failing");
    // The shop's service URL is wrong: every call fails.
    await setUpShop(db, env.ENCRYPTION_KEY, shop, key, "http://127.0.0.1:1");
    const order = await recordOrder(shop);
    const id = jobId("create", shop, String(order.id));
    await getQueue(QUEUES.shipments).add(
      shipmentJobs.createDraft.name,
      { shop, orderId: String(order.id) },
      { jobId: id, attempts: 1 },
    );
    await waitFor(
      "job failed",
      async () => (await getQueue(QUEUES.shipments).getJob(id))?.failedReason,
    );

    const listed = await listFailedJobs(shop);
    expect(listed).toEqual([
      expect.objectContaining({
        id,
        name: "create-draft",
        orderId: String(order.id),
        reason: expect.stringMatching(/reach/),
      }),
    ]);
    expect(await listFailedJobs(uniqueShop("someone-else"))).toEqual([]);
    await expect(retryFailedJob(uniqueShop("someone-else"), id)).rejects.toBeInstanceOf(
      JobNotFoundError,
    );

    await setShippingApiKey(db, env.ENCRYPTION_KEY, shop, key, stack.sandbox.url);
    await retryFailedJob(shop, id);
    await waitFor(
      "confirmed after retry",
      async () => (await shipmentOf(db, shop, order.id))?.status === "confirmed",
    );
    expect(await listFailedJobs(shop)).toEqual([]);
  });

  it("a shop's failed work is read through its own index: other shops' failures cost it nothing", async () => {
    const shop = uniqueShop("mine");
    const other = uniqueShop("others");
    const queue = getQueue(QUEUES.shipments);
    // Jobs no processor knows fail at once, for good (one attempt).
    await queue.addBulk(
      Array.from({ length: 300 }, (_, i) => ({
        name: "no-such-job",
        data: { shop: other, orderId: String(i) },
        opts: { attempts: 1 },
      })),
    );
    await queue.add(
      "no-such-job",
      { shop, orderId: "1" },
      { attempts: 1, jobId: `mine-${process.pid}-${Date.now()}` },
    );
    await waitFor(
      "every job failed",
      async () =>
        (await listFailedJobs(other, { limit: 1000 })).length === 300 &&
        (await listFailedJobs(shop)).length === 1,
    );

    const getFailed = vi.spyOn(Queue.prototype, "getFailed");
    const getJob = vi.spyOn(Queue.prototype, "getJob");
    try {
      const listed = await listFailedJobs(shop);
      expect(listed).toEqual([
        expect.objectContaining({
          shop,
          orderId: "1",
          reason: expect.stringMatching(/No processor/),
        }),
      ]);
      // Not a page through every shop's failures: one read of this shop's one job.
      expect(getFailed).not.toHaveBeenCalled();
      expect(getJob).toHaveBeenCalledTimes(1);
    } finally {
      getFailed.mockRestore();
      getJob.mockRestore();
    }
  });

  it("a job listed while it is failing (indexed, not yet in the failed set) stays in its shop's index", async () => {
    const shop = uniqueShop("failing");
    // A job the worker has indexed as failing for good, a moment before BullMQ records the failure
    // (held back here by a delay, so it does not run).
    const job = await getQueue(QUEUES.shipments).add(
      "no-such-job",
      { shop, orderId: "1" },
      { attempts: 1, delay: 3_600_000, jobId: `failing-${process.pid}-${Date.now()}` },
    );
    await indexFailedJob(shop, job.id!);
    const indexed = () =>
      producerConnection().zscore(failedIndexKey(env.QUEUE_PREFIX, shop), job.id!);
    // The page read meanwhile does not list it, and does not drop it: it is listed once failed.
    expect(await listFailedJobs(shop)).toEqual([]);
    expect(await indexed()).not.toBeNull();
    // A job that is gone leaves the index at the next read.
    await job.remove();
    expect(await listFailedJobs(shop)).toEqual([]);
    expect(await indexed()).toBeNull();
  });

  it("reconciliation re-enqueues what the database holds but Redis lost", async () => {
    const shop = uniqueShop("lost");
    await setUpShop(db, env.ENCRYPTION_KEY, shop, liveKey("lost"), stack.sandbox.url);
    const order = await recordOrder(shop);
    // No job was ever enqueued (as after Redis lost its data).
    expect(
      await getQueue(QUEUES.shipments).getJob(jobId("create", shop, String(order.id))),
    ).toBeUndefined();
    const reconcileDeps = { db, enqueue, shipmentsQueue: () => getQueue(QUEUES.shipments) };
    const counts = await reconcile({ data: { olderThanSeconds: 0 } } as Job, reconcileDeps);
    expect(counts.create).toBeGreaterThanOrEqual(1);
    await waitFor(
      "confirmed",
      async () => (await shipmentOf(db, shop, order.id))?.status === "confirmed",
    );
    // Nothing left to do: a second pass adds nothing for this shop.
    const again = await reconcile({ data: { olderThanSeconds: 0 } } as Job, reconcileDeps);
    expect(again.create).toBe(0);
  });
});
