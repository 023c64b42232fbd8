import { Queue, type JobsOptions } from "bullmq";
import type { RedisConnection } from "../platform/redis.server";
import type { z } from "zod";
import { assertOutsideTransaction } from "../db/transaction-scope";
import { getEnv } from "../platform/env.server";
import { logger } from "../platform/logger.server";
import { createProducerConnection, redisTargetOf, whenReady } from "../platform/redis.server";
import { ShopBacklog } from "./shop-backlog.server";
import {
  DEFAULT_JOB_OPTIONS,
  QUEUES,
  SHIPMENT_JOB_OPTIONS,
  type QueueName,
  createDraftJobId,
  foreignIdPart,
  fulfillmentChangeJobId,
  jobId,
  maintenanceJobs,
  POLL_PERIOD_MINUTES,
  shipmentJobs,
  type PruneInboxPayload,
} from "./definitions";

let connection: RedisConnection | undefined;
let backlog: ShopBacklog | undefined;
const queues = new Map<QueueName, Queue>();

/** The producer connection of this process (fails fast; see redis.server.ts). */
export function producerConnection(): RedisConnection {
  if (!connection) {
    connection = createProducerConnection(redisTargetOf(getEnv()));
    let lastReport = 0;
    connection.on("error", (error: Error) => {
      // Reconnection is automatic; say so at most every 10 s instead of on every attempt.
      if (Date.now() - lastReport < 10_000) return;
      lastReport = Date.now();
      logger.warn(
        { err: error.message },
        "Redis (producer) unreachable; webhooks answer 503 until it is back",
      );
    });
  }
  return connection;
}

/** Each shop's backlog of new orders (fairness between shops, and a cap per shop). */
export function shopBacklog(): ShopBacklog {
  backlog ??= new ShopBacklog(
    producerConnection(),
    getEnv().QUEUE_PREFIX,
    getEnv().SHOP_BACKLOG_LIMIT,
    getEnv().SHOP_REQUESTED_JOBS_LIMIT,
  );
  return backlog;
}

export function getQueue(name: QueueName): Queue {
  let queue = queues.get(name);
  if (!queue) {
    queue = new Queue(name, {
      connection: producerConnection(),
      prefix: getEnv().QUEUE_PREFIX,
      defaultJobOptions: name === QUEUES.shipments ? SHIPMENT_JOB_OPTIONS : DEFAULT_JOB_OPTIONS,
    });
    queues.set(name, queue);
  }
  return queue;
}

type ShipmentJob = (typeof shipmentJobs)[keyof typeof shipmentJobs];

/** Thrown when Redis cannot take a job now; the caller answers 5xx (webhooks) or retries. */
export class QueueUnavailableError extends Error {
  override name = "QueueUnavailableError";
}

/**
 * BullMQ waits for its connection to be ready before sending anything, forever: a producer must
 * not. Wait a moment for a connection being (re)established, then give up.
 */
async function producerReady(timeoutMs = 2_000): Promise<void> {
  const redis = producerConnection();
  if (!(await whenReady(redis, timeoutMs)))
    throw new QueueUnavailableError(`Redis is not reachable (connection ${redis.status})`);
}

/**
 * How a job is queued. Every job of a shop runs at the shop's turn (its BullMQ priority: 1 + the
 * shop's share of the queue, shop-backlog.server.ts), so neither one shop's flash sale nor one
 * merchant's flood of requests holds the other shops back. Each job is counted in its shop's share
 * until it ends: a new order's draft in the shop's backlog of orders (`admit`), every other job in
 * its work (`requested`: the merchant asked for it through the app's API, and a full share
 * refuses it). Two kinds go ahead of every turn (priority 0) and are not counted: a confirmation
 * holding the rate-limit slot its draft reserved for it (so a shipment is booked right after its
 * draft, not after the shop's whole backlog of drafts), and the cancellation of a store order
 * Shopify cancelled (before the courier comes). A merchant's own cancel or rebook is neither: it
 * takes the shop's turn and counts in its share, or one shop's clicks would go ahead of every
 * other shop's bookings.
 */
type Placement = {
  id?: string;
  urgent?: boolean;
  admit?: boolean;
  requested?: boolean;
  options?: JobsOptions;
};

/** The payload field that names a job's place in its shop's work (the worker gives it back). */
export const COUNTED_FIELD = "_counted";

async function add<J extends ShipmentJob>(
  job: J,
  data: z.input<J["payload"]>,
  placement: Placement,
  extra: Record<string, unknown> = {},
) {
  const payload: Record<string, unknown> = { ...job.payload.parse(data), ...extra };
  assertOutsideTransaction(`queueing ${job.name}`);
  await producerReady();
  const shop = payload.shop as string;
  let priority: number | undefined;
  if (placement.admit && placement.id) {
    const admitted = await shopBacklog().admit(shop, placement.id);
    // The shop's backlog is full: the order waits in the database; reconciliation queues it later.
    if (admitted === null) return null;
    priority = admitted;
  } else if (!placement.urgent) {
    const member = placement.id ?? placement.options?.deduplication?.id;
    if (member) {
      const counted = await shopBacklog().count(shop, member, placement.requested);
      // The merchant has asked for too much at once: the request is refused (429).
      if (counted === null) return null;
      priority = counted;
      payload[COUNTED_FIELD] = member;
    } else priority = await shopBacklog().priority(shop);
  }
  return getQueue(QUEUES.shipments).add(job.name, payload, {
    ...(placement.id ? { jobId: placement.id } : {}),
    ...(priority ? { priority } : {}),
    ...placement.options,
  });
}

/**
 * Producer side of the shipment jobs. Each job id is deterministic: a redelivered webhook, a
 * reconciliation pass and the original delivery all collapse into one job. A status sync has no
 * id of its own but one per shipment to collapse into (events name nothing signed): at most one
 * runs and one waits.
 */
export const enqueue = {
  /**
   * A new order's draft (no `attempt`, part 1) counts in the shop's backlog; null when that is full.
   * `part`: another shipment of the order (its second location's, …), found while drafting part 1.
   */
  createDraft: (shop: string, orderId: string, attempt?: string, part = 1) =>
    add(
      shipmentJobs.createDraft,
      { shop, orderId, ...(part > 1 ? { part } : {}) },
      { id: createDraftJobId(shop, orderId, part, attempt), admit: part === 1 && !attempt },
    ),
  /** `slot`: the rate-limit slot the draft's job reserved for this confirmation (epoch ms). */
  confirm: (
    shop: string,
    shipmentId: string,
    attempt?: string,
    merchant?: boolean,
    slot?: number,
  ) =>
    add(
      shipmentJobs.confirm,
      { shop, shipmentId, ...(merchant ? { merchant } : {}) },
      {
        id: attempt ? jobId("confirm", shipmentId, attempt) : jobId("confirm", shipmentId),
        urgent: slot !== undefined,
      },
      slot !== undefined ? { _slot: slot } : {},
    ),
  /**
   * The store order's cancellation has one job per order (it cancels every shipment of the order)
   * and goes ahead of every shop's turn (before the courier comes). A merchant's names the
   * shipment (its part and attempt) and is work the merchant asked for: it runs at the shop's turn
   * and counts in the shop's share of requested work; null when that is full (the request 429s).
   */
  cancel: (
    shop: string,
    orderId: string,
    options: { attempt?: number; part?: number; rebook?: boolean } = {},
  ) => {
    const part = options.part && options.part > 1 ? options.part : undefined;
    return add(
      shipmentJobs.cancel,
      {
        shop,
        orderId,
        ...(options.attempt ? { attempt: options.attempt } : {}),
        ...(part ? { part } : {}),
        ...(options.rebook ? { rebook: true } : {}),
      },
      {
        id: options.attempt
          ? jobId(
              "cancel",
              shop,
              orderId,
              ...(part ? [`p${part}`] : []),
              `a${options.attempt}`,
              options.rebook ? "rebook" : "merchant",
            )
          : jobId("cancel", shop, orderId),
        ...(options.attempt ? { requested: true } : { urgent: true }),
      },
    );
  },
  update: (shop: string, orderId: string, webhookId: string) =>
    add(
      shipmentJobs.update,
      { shop, orderId, webhookId },
      { id: jobId("update", shop, orderId, foreignIdPart(webhookId)) },
    ),
  fulfillmentChange: (shop: string, webhookId: string) =>
    add(
      shipmentJobs.fulfillmentChange,
      { shop, webhookId },
      { id: fulfillmentChangeJobId(shop, webhookId) },
    ),
  /**
   * One fulfillment per shipment and waybill: a confirmation without a waybill (a service without an
   * instant one) is fulfilled again when the waybill arrives, under a new job id.
   */
  createFulfillment: (shop: string, shipmentId: string, waybillId: string | null) =>
    add(
      shipmentJobs.createFulfillment,
      { shop, shipmentId },
      {
        id: jobId(
          "create-fulfillment",
          shipmentId,
          waybillId ? foreignIdPart(waybillId) : "no-waybill",
        ),
      },
    ),
  /**
   * The order's risk in Shopify written once per level and score: the same assessment made again
   * (a webhook redelivered, a draft job run twice) is not written twice.
   */
  orderRisk: (shop: string, shipmentId: string, risk: { level: string; score: number }) =>
    add(
      shipmentJobs.orderRisk,
      { shop, shipmentId },
      { id: jobId("order-risk", shipmentId, `${risk.level}-${risk.score}`) },
    ),
  /** `tracking`: the waybill or its link changed, so Shopify's tracking is updated too. */
  shopifySync: (shop: string, shipmentId: string, version: number, tracking: boolean) =>
    add(
      shipmentJobs.shopifySync,
      { shop, shipmentId, tracking },
      { id: jobId("shopify", shipmentId, `v${version}`) },
    ),
  /** One page of an import run: each page's job queues the next one's. */
  importOrders: (shop: string, importId: string, page = 0) =>
    add(
      shipmentJobs.importOrders,
      { shop, importId, ...(page ? { page } : {}) },
      { id: page ? jobId("import", importId, `p${page}`) : jobId("import", importId) },
    ),
  /**
   * One order the app never received, asked for by the merchant; removed once run, so a later
   * request imports it again. Null when the shop has SHOP_REQUESTED_JOBS_LIMIT such jobs waiting.
   */
  importOrder: (shop: string, orderId: string) =>
    add(
      shipmentJobs.importOrders,
      { shop, orderId },
      {
        id: jobId("import", shop, orderId),
        requested: true,
        options: { attempts: 5, removeOnComplete: true, removeOnFail: true },
      },
    ),
  /** At most one runs and one waits per shipment: each run sends every entry recorded by then. */
  fulfillmentEvents: (shop: string, shipmentId: string) =>
    add(
      shipmentJobs.fulfillmentEvents,
      { shop, shipmentId },
      { options: { deduplication: { id: jobId("events", shipmentId), keepLastIfActive: true } } },
    ),
  /**
   * One per shop and sweep window (`window`: the sweep's start, in whole minutes): a second sweep
   * of the same window queues nothing. A few attempts: the next window reads the same orders.
   */
  syncShopOrders: (shop: string, since: string, window: number) =>
    add(
      shipmentJobs.syncShopOrders,
      { shop, since },
      { id: jobId("sync-orders", shop, window), options: { attempts: 3 } },
    ),
  /** One per shop and poll window (whole minutes), as syncShopOrders. */
  pollShopStatuses: (shop: string, window: number, staleSeconds?: number) =>
    add(
      shipmentJobs.pollShopStatuses,
      { shop, ...(staleSeconds === undefined ? {} : { staleSeconds }) },
      { id: jobId("poll", shop, window), options: { attempts: 3 } },
    ),
  /** One per shop and sweep window (whole minutes), as syncShopOrders. */
  registerCarrierCallback: (shop: string, window: number) =>
    add(
      shipmentJobs.registerCarrierCallback,
      { shop },
      { id: jobId("carrier-callback", shop, window), options: { attempts: 3 } },
    ),
  /** One per shop and sweep window (whole minutes), as syncShopOrders. */
  checkCarrierService: (shop: string, window: number) =>
    add(
      shipmentJobs.checkCarrierService,
      { shop },
      { id: jobId("carrier-check", shop, window), options: { attempts: 3 } },
    ),
  /** One per shop and day: a second sweep of the day queues nothing (the job sends once too). */
  sendSummary: (shop: string, day: string) =>
    add(
      shipmentJobs.sendSummary,
      { shop, day },
      { id: jobId("summary", shop, day), options: { attempts: 5 } },
    ),
  /** At most one runs and one waits per shop: each run reads the grant Shopify holds then. */
  refreshGrant: (shop: string) =>
    add(
      shipmentJobs.refreshGrant,
      { shop },
      { options: { deduplication: { id: jobId("grant", shop), keepLastIfActive: true } } },
    ),
  /** One per shipment: the job finds what is already settled (the shipment's cod_settlement). */
  settleCod: (shop: string, shipmentId: string) =>
    add(shipmentJobs.settleCod, { shop, shipmentId }, { id: jobId("settle-cod", shipmentId) }),
  /** One per shipment: the job finds the steps already done (the shipment's return_* columns). */
  processReturn: (shop: string, shipmentId: string) =>
    add(shipmentJobs.processReturn, { shop, shipmentId }, { id: jobId("return", shipmentId) }),
  /** One per return pickup and request: the job finds the steps already done. */
  bookReturnPickup: (shop: string, pickupId: string) =>
    add(
      shipmentJobs.bookReturnPickup,
      { shop, pickupId },
      {
        options: {
          deduplication: { id: jobId("return-pickup", pickupId), keepLastIfActive: true },
        },
      },
    ),
  syncReturnPickup: (shop: string, pickupId: string) =>
    add(
      shipmentJobs.syncReturnPickup,
      { shop, pickupId },
      {
        options: {
          deduplication: { id: jobId("return-pickup-sync", pickupId), keepLastIfActive: true },
        },
      },
    ),
  syncStatus: (shop: string, shipmentId: string) =>
    add(
      shipmentJobs.syncStatus,
      { shop, shipmentId },
      { options: { deduplication: { id: jobId("sync", shipmentId), keepLastIfActive: true } } },
    ),
};

/** How many jobs each queue holds, by state (for the metrics). */
export async function queueDepths(): Promise<Record<string, Record<string, number>>> {
  await producerReady();
  const depths: Record<string, Record<string, number>> = {};
  for (const name of Object.values(QUEUES))
    depths[name] = await getQueue(name).getJobCounts(
      "waiting",
      "prioritized",
      "delayed",
      "active",
      "failed",
    );
  return depths;
}

/** How often each worker puts the maintenance schedules in place again (worker/index.ts). */
export const MAINTENANCE_RESCHEDULE_MS = 5 * 60_000;

/**
 * Schedules the periodic maintenance jobs (idempotent: one scheduler each, whatever the number of
 * calls; a schedule whose pending run is there keeps it, one whose pending run Redis lost gets its
 * next one).
 */
export async function scheduleMaintenance(
  queue: Queue = getQueue(QUEUES.maintenance),
): Promise<void> {
  const prune: PruneInboxPayload = maintenanceJobs.pruneInbox.payload.parse({ olderThanDays: 30 });
  await queue.upsertJobScheduler(
    maintenanceJobs.pruneInbox.name,
    { pattern: "17 3 * * *" },
    { name: maintenanceJobs.pruneInbox.name, data: prune },
  );
  await queue.upsertJobScheduler(
    maintenanceJobs.reconcile.name,
    { every: 60_000 },
    {
      name: maintenanceJobs.reconcile.name,
      data: maintenanceJobs.reconcile.payload.parse({}),
    },
  );
  await queue.upsertJobScheduler(
    maintenanceJobs.syncOrders.name,
    { every: 900_000 },
    {
      name: maintenanceJobs.syncOrders.name,
      data: maintenanceJobs.syncOrders.payload.parse({}),
    },
  );
  await queue.upsertJobScheduler(
    maintenanceJobs.carrierCallbacks.name,
    { every: 900_000 },
    {
      name: maintenanceJobs.carrierCallbacks.name,
      data: maintenanceJobs.carrierCallbacks.payload.parse({}),
    },
  );
  await queue.upsertJobScheduler(
    maintenanceJobs.carrierServicesActive.name,
    { every: 3_600_000 },
    {
      name: maintenanceJobs.carrierServicesActive.name,
      data: maintenanceJobs.carrierServicesActive.payload.parse({}),
    },
  );
  await queue.upsertJobScheduler(
    maintenanceJobs.dailySummaries.name,
    { every: 900_000 },
    {
      name: maintenanceJobs.dailySummaries.name,
      data: maintenanceJobs.dailySummaries.payload.parse({}),
    },
  );
  await queue.upsertJobScheduler(
    maintenanceJobs.findStuck.name,
    { every: 900_000 },
    {
      name: maintenanceJobs.findStuck.name,
      data: maintenanceJobs.findStuck.payload.parse({}),
    },
  );
  await queue.upsertJobScheduler(
    maintenanceJobs.pollStatuses.name,
    { every: POLL_PERIOD_MINUTES * 60_000 },
    {
      name: maintenanceJobs.pollStatuses.name,
      data: maintenanceJobs.pollStatuses.payload.parse({}),
    },
  );
}

export async function closeQueues(): Promise<void> {
  await Promise.all([...queues.values()].map((q) => q.close()));
  queues.clear();
  backlog = undefined;
  if (connection) {
    connection.disconnect();
    connection = undefined;
  }
}
