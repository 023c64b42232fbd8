import { Queue, type JobsOptions } from "bullmq";
import type { Redis } from "ioredis";
import type { z } from "zod";
import { getEnv } from "../env.server";
import { logger } from "../logger.server";
import { createProducerConnection } from "../redis.server";
import {
  DEFAULT_JOB_OPTIONS,
  QUEUES,
  SHIPMENT_JOB_OPTIONS,
  type QueueName,
  jobId,
  maintenanceJobs,
  shipmentJobs,
  type PruneInboxPayload,
} from "./definitions";

let connection: Redis | undefined;
const queues = new Map<QueueName, Queue>();

/** The producer connection of this process (fails fast; see redis.server.ts). */
export function producerConnection(): Redis {
  if (!connection) {
    connection = createProducerConnection(getEnv().REDIS_URL);
    let lastReport = 0;
    connection.on("error", (error: Error) => {
      // Reconnection is automatic; say so at most every 10 s instead of on every attempt.
      if (Date.now() - lastReport < 10_000) return;
      lastReport = Date.now();
      logger.warn({ err: error.message }, "Redis (producer) unreachable; webhooks answer 503 until it is back");
    });
  }
  return connection;
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
  if (redis.status === "ready") return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off("ready", onReady);
      reject(new QueueUnavailableError(`Redis is not reachable (connection ${redis.status})`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once("ready", onReady);
  });
}

async function add<J extends ShipmentJob>(job: J, data: z.infer<J["payload"]>, id: string, options: JobsOptions = {}) {
  const payload = job.payload.parse(data);
  await producerReady();
  return getQueue(QUEUES.shipments).add(job.name, payload, { jobId: id, ...options });
}

/**
 * Producer side of the shipment jobs. Each job id is deterministic: a redelivered webhook, a
 * reconciliation pass and the original delivery all collapse into one job.
 */
export const enqueue = {
  createDraft: (shop: string, orderId: string, attempt?: string) =>
    add(shipmentJobs.createDraft, { shop, orderId }, attempt ? jobId("create", shop, orderId, attempt) : jobId("create", shop, orderId)),
  confirm: (shop: string, shipmentId: string, attempt?: string, merchant?: boolean) =>
    add(shipmentJobs.confirm, { shop, shipmentId, ...(merchant ? { merchant } : {}) }, attempt ? jobId("confirm", shipmentId, attempt) : jobId("confirm", shipmentId)),
  /** The store order's cancellation has one job per order; a merchant's names the shipment attempt. */
  cancel: (shop: string, orderId: string, options: { attempt?: number; rebook?: boolean } = {}) =>
    add(
      shipmentJobs.cancel,
      { shop, orderId, ...(options.attempt ? { attempt: options.attempt } : {}), ...(options.rebook ? { rebook: true } : {}) },
      options.attempt ? jobId("cancel", shop, orderId, `a${options.attempt}`, options.rebook ? "rebook" : "merchant") : jobId("cancel", shop, orderId),
    ),
  update: (shop: string, orderId: string, webhookId: string) =>
    add(shipmentJobs.update, { shop, orderId, webhookId }, jobId("update", shop, orderId, webhookId.replace(/[:\s]/g, "_"))),
  fulfil: (shop: string, shipmentId: string) => add(shipmentJobs.fulfil, { shop, shipmentId }, jobId("fulfil", shipmentId)),
  shopifySync: (shop: string, shipmentId: string, version: number) =>
    add(shipmentJobs.shopifySync, { shop, shipmentId }, jobId("shopify", shipmentId, `v${version}`)),
  importOrders: (shop: string, importId: string) => add(shipmentJobs.importOrders, { shop, importId }, jobId("import", importId)),
  /** One order the app never received; removed once run, so a later request imports it again. */
  importOrder: (shop: string, orderId: string) =>
    add(shipmentJobs.importOrders, { shop, orderId }, jobId("import", shop, orderId), { attempts: 5, removeOnComplete: true, removeOnFail: true }),
  syncStatus: (shop: string, shipmentId: string, reason: string) =>
    add(shipmentJobs.syncStatus, { shop, shipmentId }, jobId("sync", shipmentId, reason.replace(/[:\s]/g, "_"))),
};

/** Schedules the periodic maintenance jobs (idempotent: one scheduler each, whatever the number of calls). */
export async function scheduleMaintenance(queue: Queue = getQueue(QUEUES.maintenance)): Promise<void> {
  const prune: PruneInboxPayload = maintenanceJobs.pruneInbox.payload.parse({ olderThanDays: 30 });
  await queue.upsertJobScheduler(maintenanceJobs.pruneInbox.name, { pattern: "17 3 * * *" }, { name: maintenanceJobs.pruneInbox.name, data: prune });
  await queue.upsertJobScheduler(maintenanceJobs.reconcile.name, { every: 60_000 }, {
    name: maintenanceJobs.reconcile.name,
    data: maintenanceJobs.reconcile.payload.parse({}),
  });
  await queue.upsertJobScheduler(maintenanceJobs.syncOrders.name, { every: 900_000 }, {
    name: maintenanceJobs.syncOrders.name,
    data: maintenanceJobs.syncOrders.payload.parse({}),
  });
  await queue.upsertJobScheduler(maintenanceJobs.pollStatuses.name, { every: 300_000 }, {
    name: maintenanceJobs.pollStatuses.name,
    data: maintenanceJobs.pollStatuses.payload.parse({}),
  });
}

export async function closeQueues(): Promise<void> {
  await Promise.all([...queues.values()].map((q) => q.close()));
  queues.clear();
  if (connection) {
    connection.disconnect();
    connection = undefined;
  }
}
