import type { Job, Queue } from "bullmq";
import type { WorkerDeps } from "../deps.ts";
import { and, eq, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { shipments, shops } from "#app/db/schema.ts";
import {
  createDraftJobId,
  fulfillmentChangeJobId,
  jobId,
  maintenanceJobs,
} from "#app/jobs/definitions.ts";
import type { enqueue as enqueueFns } from "#app/jobs/queues.server.ts";
import { carriesCod } from "#app/shipments/shipments.server.ts";
import { inTurn } from "../shared/in-turn.ts";

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
 * (Redis lost its data, retries ran out during an outage) get their job back. Only what waits on
 * the app is looked at (an order of a shop that makes drafts by hand, or a draft the merchant
 * confirms, waits on the merchant), at most BATCH of each kind, shops in turn
 * (../shared/in-turn.ts): one shop's many rows (a backlog of orders held back, parcels whose jobs
 * are still queued) never keep another shop's lost job from being found.
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

  // Each shop's oldest first: orders held back by a full backlog are queued in the order they came.
  const pending = await inTurn<{ shop: string; orderId: string; part: number }>(
    db,
    sql`
      SELECT shipments.shop, shipments.order_id AS "orderId", shipments.part,
             shipments.updated_at AS since, shipments.id AS tie
      FROM shipments JOIN shops ON shops.shop = shipments.shop
      WHERE shipments.status = 'pending' AND shipments.problem IS NULL
        AND shipments.updated_at < ${before} AND shops.installed
        AND (shops.settings->>'autoCreateDrafts') IS DISTINCT FROM 'false'`,
    BATCH,
  );
  const full = new Set<string>();
  for (const s of pending) {
    if (full.has(s.shop)) continue;
    // An order's further parts (its other locations) have their own draft jobs.
    const outcome = await ensureJob(queue, createDraftJobId(s.shop, s.orderId, s.part), () =>
      enqueue.createDraft(s.shop, s.orderId, undefined, s.part),
    );
    if (outcome === "held") full.add(s.shop);
    else if (outcome !== "present") counts.create++;
  }

  // Drafts of shops that confirm on their own (the others wait for the merchant's press).
  const ready = await inTurn<{ shop: string; id: string }>(
    db,
    sql`
      SELECT shipments.shop, shipments.id, shipments.updated_at AS since, shipments.id AS tie
      FROM shipments JOIN shops ON shops.shop = shipments.shop
      WHERE shipments.status = 'draft_ready' AND shipments.problem IS NULL
        AND NOT shipments.awaiting_payment AND shipments.shopify_hold IS NULL
        AND shipments.updated_at < ${before} AND shops.installed
        AND (shops.settings->>'autoConfirm') = 'true'`,
    BATCH,
  );
  for (const s of ready) {
    if (
      (await ensureJob(queue, jobId("confirm", s.id), () => enqueue.confirm(s.shop, s.id))) !==
      "present"
    )
      counts.confirm++;
  }

  const cancels = await inTurn<{ shop: string; orderId: string | null }>(
    db,
    sql`
      SELECT i.shop, i.resource_id AS "orderId", min(i.received_at) AS since, i.resource_id AS tie
      FROM webhook_inbox i
      JOIN shipments ON shipments.shop = i.shop AND shipments.order_id = i.resource_id
      WHERE i.topic = 'orders/cancelled' AND i.status = 'received' AND i.received_at < ${before}
        AND shipments.status <> 'cancelled'
      GROUP BY i.shop, i.resource_id`,
    BATCH,
  );
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
  const changes = await inTurn<{ shop: string; webhookId: string }>(
    db,
    sql`
      SELECT i.shop, i.webhook_id AS "webhookId", i.received_at AS since, i.webhook_id AS tie
      FROM webhook_inbox i
      WHERE i.topic LIKE 'fulfillment\_orders/%' AND i.status = 'received'
        AND i.received_at < ${before}`,
    BATCH,
  );
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
      shipments.deliveredAt,
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
      shipments.returnedAt,
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

/**
 * Shipments of installed shops matching `where` get their job (`idOf`) back, shops in turn by
 * `since` (when the journey ended); how many did.
 */
async function ensureAfterJourney(
  db: Db,
  queue: Queue,
  since: typeof shipments.deliveredAt | typeof shipments.returnedAt,
  where: SQL | undefined,
  idOf: (shipmentId: string) => string,
  add: (shop: string, shipmentId: string) => Promise<unknown>,
): Promise<number> {
  const rows = await inTurn<{ shop: string; id: string }>(
    db,
    sql`
      SELECT ${shipments.shop} AS shop, ${shipments.id} AS id, ${since} AS since,
        ${shipments.id} AS tie
      FROM ${shipments} JOIN ${shops} ON ${shops.shop} = ${shipments.shop}
      WHERE ${and(where, eq(shops.installed, true))}`,
    BATCH,
  );
  let count = 0;
  for (const s of rows)
    if ((await ensureJob(queue, idOf(s.id), () => add(s.shop, s.id))) !== "present") count++;
  return count;
}
