import type { Job, Queue } from "bullmq";
import type { WorkerDeps } from "../deps.ts";
import { and, eq, isNull, like, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { shipments, shops, webhookInbox } from "#app/db/schema.ts";
import {
  createDraftJobId,
  fulfillmentChangeJobId,
  jobId,
  maintenanceJobs,
} from "#app/jobs/definitions.ts";
import type { enqueue as enqueueFns } from "#app/jobs/queues.server.ts";
import { carriesCod } from "#app/shipments/shipments.server.ts";

const BATCH = 500;

/**
 * Makes sure a job with this id will run: adds it when Redis has none (lost data, or removed after
 * completing without finishing the work), and retries it when it failed for good.
 */
async function ensureJob(
  queue: Queue,
  id: string,
  add: () => Promise<unknown>,
): Promise<"added" | "retried" | "present" | "held"> {
  const job = await queue.getJob(id);
  // null from add: the shop's backlog is full (its order waits for a later pass).
  if (!job) return (await add()) === null ? "held" : "added";
  const state = await job.getState();
  if (state === "failed") {
    await job.retry("failed", { resetAttemptsMade: true, resetAttemptsStarted: true });
    return "retried";
  }
  if (state === "completed") {
    await job.remove();
    return (await add()) === null ? "held" : "added";
  }
  return "present";
}

/**
 * The database is the source of truth: shipments that should be moving but have no live job
 * (Redis lost its data, retries ran out during an outage) get their job back.
 */
export async function reconcile(
  job: Job,
  deps: Pick<WorkerDeps, "db" | "enqueue" | "shipmentsQueue">,
) {
  const { db, enqueue } = deps;
  const queue = deps.shipmentsQueue();
  const { olderThanSeconds } = maintenanceJobs.reconcile.payload.parse(job.data);
  const before = sql`now() - make_interval(secs => ${olderThanSeconds})`;
  const counts = {
    create: 0,
    confirm: 0,
    cancel: 0,
    fulfillment: 0,
    settleCod: 0,
    processReturn: 0,
  };

  const pending = await db
    .select({
      shop: shipments.shop,
      orderId: shipments.orderId,
      part: shipments.part,
      settings: shops.settings,
    })
    .from(shipments)
    .innerJoin(shops, eq(shops.shop, shipments.shop))
    .where(
      and(
        eq(shipments.status, "pending"),
        isNull(shipments.problem),
        lt(shipments.updatedAt, before),
        eq(shops.installed, true),
      ),
    )
    // The oldest first: orders held back by a full backlog are queued in the order they came.
    .orderBy(shipments.updatedAt)
    .limit(BATCH);
  const full = new Set<string>();
  for (const s of pending) {
    // Shops that create drafts by hand (automatic creation off) are left to the merchant.
    if (
      (s.settings as { autoCreateDrafts?: boolean }).autoCreateDrafts === false ||
      full.has(s.shop)
    )
      continue;
    // An order's further parts (its other locations) have their own draft jobs.
    const outcome = await ensureJob(queue, createDraftJobId(s.shop, s.orderId, s.part), () =>
      enqueue.createDraft(s.shop, s.orderId, undefined, s.part),
    );
    if (outcome === "held") full.add(s.shop);
    else if (outcome !== "present") counts.create++;
  }

  const ready = await db
    .select({ shop: shipments.shop, id: shipments.id, settings: shops.settings })
    .from(shipments)
    .innerJoin(shops, eq(shops.shop, shipments.shop))
    .where(
      and(
        eq(shipments.status, "draft_ready"),
        isNull(shipments.problem),
        eq(shipments.awaitingPayment, false),
        isNull(shipments.shopifyHold),
        lt(shipments.updatedAt, before),
        eq(shops.installed, true),
      ),
    )
    .limit(BATCH);
  for (const s of ready) {
    if ((s.settings as { autoConfirm?: boolean }).autoConfirm !== true) continue;
    if (
      (await ensureJob(queue, jobId("confirm", s.id), () => enqueue.confirm(s.shop, s.id))) !==
      "present"
    )
      counts.confirm++;
  }

  const cancels = await db
    .selectDistinct({ shop: webhookInbox.shop, orderId: webhookInbox.resourceId })
    .from(webhookInbox)
    .innerJoin(
      shipments,
      and(eq(shipments.shop, webhookInbox.shop), eq(shipments.orderId, webhookInbox.resourceId)),
    )
    .where(
      and(
        eq(webhookInbox.topic, "orders/cancelled"),
        eq(webhookInbox.status, "received"),
        lt(webhookInbox.receivedAt, before),
        sql`${shipments.status} <> 'cancelled'`,
      ),
    )
    .limit(BATCH);
  for (const c of cancels) {
    if (!c.orderId) continue;
    if (
      (await ensureJob(queue, jobId("cancel", c.shop, c.orderId), () =>
        enqueue.cancel(c.shop, c.orderId!),
      )) !== "present"
    )
      counts.cancel++;
  }

  // Fulfillment-order deliveries whose job was lost.
  const changes = await db
    .select({ shop: webhookInbox.shop, webhookId: webhookInbox.webhookId })
    .from(webhookInbox)
    .where(
      and(
        like(webhookInbox.topic, "fulfillment_orders/%"),
        eq(webhookInbox.status, "received"),
        lt(webhookInbox.receivedAt, before),
      ),
    )
    .limit(BATCH);
  for (const c of changes) {
    if (
      (await ensureJob(queue, fulfillmentChangeJobId(c.shop, c.webhookId), () =>
        enqueue.fulfillmentChange(c.shop, c.webhookId),
      )) !== "present"
    )
      counts.fulfillment++;
  }
  Object.assign(counts, await reconcileAfterJourney(db, queue, enqueue, before));
  return counts;
}

/**
 * What follows a journey's end in Shopify, never done (a lost job): a delivered COD parcel's order
 * settled, a returned parcel's return handled; for journeys that ended before `before`.
 */
export async function reconcileAfterJourney(
  db: Db,
  queue: Queue,
  enqueue: Pick<typeof enqueueFns, "settleCod" | "processReturn">,
  before: SQL | Date,
): Promise<{ settleCod: number; processReturn: number }> {
  return {
    settleCod: await ensureAfterJourney(
      db,
      queue,
      and(
        eq(shipments.status, "delivered"),
        isNull(shipments.codSettlement),
        carriesCod,
        lt(shipments.deliveredAt, before),
      ),
      (id) => jobId("settle-cod", id),
      enqueue.settleCod,
    ),
    processReturn: await ensureAfterJourney(
      db,
      queue,
      and(
        eq(shipments.status, "returned"),
        isNull(shipments.returnOutcome),
        lt(shipments.returnedAt, before),
      ),
      (id) => jobId("return", id),
      enqueue.processReturn,
    ),
  };
}

/** Shipments of installed shops matching `where` get their job (`idOf`) back; how many did. */
async function ensureAfterJourney(
  db: Db,
  queue: Queue,
  where: SQL | undefined,
  idOf: (shipmentId: string) => string,
  add: (shop: string, shipmentId: string) => Promise<unknown>,
): Promise<number> {
  const rows = await db
    .select({ shop: shipments.shop, id: shipments.id })
    .from(shipments)
    .innerJoin(shops, eq(shops.shop, shipments.shop))
    .where(and(where, eq(shops.installed, true)))
    .limit(BATCH);
  let count = 0;
  for (const s of rows)
    if ((await ensureJob(queue, idOf(s.id), () => add(s.shop, s.id))) !== "present") count++;
  return count;
}
