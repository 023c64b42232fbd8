import type { Job } from "bullmq";
import { failsForGood } from "#app/jobs/failed.server.ts";
import type { Db } from "#app/db/client.server.ts";
import {
  FORMER_JOB_NAMES,
  QUEUES,
  maintenanceJobs,
  shipmentJobs,
  type QueueName,
} from "#app/jobs/definitions.ts";
import { COUNTED_FIELD, producerConnection, shopBacklog } from "#app/jobs/queues.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import { ShopNotInstalledError } from "#app/shops/shipping-client.server.ts";
import type { Processor, WorkerDeps } from "./deps.ts";
import { processCancel } from "./processors/cancel.ts";
import { processConfirm } from "./processors/confirm.ts";
import { processCreateDraft } from "./processors/create-draft.ts";
import { processCreateFulfillment } from "./processors/create-fulfillment.ts";
import { processFulfillmentChange } from "./processors/fulfillment-change.ts";
import { processFulfillmentEvents } from "./processors/fulfillment-events.ts";
import { processImportOrders } from "./processors/import-orders.ts";
import { pollStatuses } from "./processors/poll-statuses.ts";
import { findStuck } from "./processors/find-stuck.ts";
import { pruneInbox } from "./processors/prune-inbox.ts";
import { reconcile } from "./processors/reconcile.ts";
import { processReturn } from "./processors/process-return.ts";
import { processRefreshGrant } from "./processors/refresh-grant.ts";
import { processSettleCod } from "./processors/settle-cod.ts";
import { processBookReturnPickup } from "./processors/book-return-pickup.ts";
import { processSyncReturnPickup } from "./processors/sync-return-pickup.ts";
import { processShopifySync } from "./processors/shopify-sync.ts";
import { syncRecentOrders } from "./processors/sync-orders.ts";
import { processSyncShopOrders } from "./processors/sync-shop-orders.ts";
import { processPollShopStatuses } from "./processors/poll-shop-statuses.ts";
import { processRegisterCarrierCallback } from "./processors/register-carrier-callback.ts";
import { processCheckCarrierService } from "./processors/check-carrier-service.ts";
import { registerCarrierCallbacks } from "./processors/carrier-callbacks.ts";
import { checkCarrierServicesActive } from "./processors/carrier-services-active.ts";
import { processOrderRisk } from "./processors/order-risk.ts";
import { processSyncStatus } from "./processors/sync-status.ts";
import { processUpdate } from "./processors/update.ts";
import { dailySummaries } from "./processors/daily-summaries.ts";
import { processSendSummary } from "./processors/send-summary.ts";
import type { ProcessorTable } from "./worker.ts";

/**
 * The worker's one job table: every job name of every queue (app/jobs/definitions.ts) and the
 * processor that runs it, one file per job in worker/processors/, each called the same way:
 * `(job, deps)`, with the one WorkerDeps built when the worker starts (worker/deps.ts). What
 * several processors share is in worker/shared/; how jobs are run (BullMQ workers, retries,
 * shutdown) in worker.ts.
 */
export const PROCESSORS: Readonly<Record<string, Processor>> = {
  [shipmentJobs.createDraft.name]: processCreateDraft,
  [shipmentJobs.confirm.name]: processConfirm,
  [shipmentJobs.cancel.name]: processCancel,
  [shipmentJobs.update.name]: processUpdate,
  [shipmentJobs.fulfillmentChange.name]: processFulfillmentChange,
  [shipmentJobs.syncStatus.name]: processSyncStatus,
  [shipmentJobs.createFulfillment.name]: processCreateFulfillment,
  [shipmentJobs.fulfillmentEvents.name]: processFulfillmentEvents,
  [shipmentJobs.settleCod.name]: processSettleCod,
  [shipmentJobs.processReturn.name]: processReturn,
  [shipmentJobs.bookReturnPickup.name]: processBookReturnPickup,
  [shipmentJobs.syncReturnPickup.name]: processSyncReturnPickup,
  [shipmentJobs.shopifySync.name]: processShopifySync,
  [shipmentJobs.orderRisk.name]: processOrderRisk,
  [shipmentJobs.importOrders.name]: processImportOrders,
  [shipmentJobs.refreshGrant.name]: processRefreshGrant,
  [shipmentJobs.syncShopOrders.name]: processSyncShopOrders,
  [shipmentJobs.pollShopStatuses.name]: processPollShopStatuses,
  [shipmentJobs.registerCarrierCallback.name]: processRegisterCarrierCallback,
  [shipmentJobs.checkCarrierService.name]: (job, deps) =>
    processCheckCarrierService(job, {
      ...deps,
      redis: producerConnection(),
      prefix: getEnv().QUEUE_PREFIX,
    }),
  [shipmentJobs.sendSummary.name]: (job, deps) => processSendSummary(job, deps),
  [maintenanceJobs.pruneInbox.name]: pruneInbox,
  [maintenanceJobs.reconcile.name]: reconcile,
  [maintenanceJobs.pollStatuses.name]: pollStatuses,
  [maintenanceJobs.findStuck.name]: (job, deps) => findStuck(deps),
  [maintenanceJobs.syncOrders.name]: syncRecentOrders,
  [maintenanceJobs.carrierCallbacks.name]: registerCarrierCallbacks,
  [maintenanceJobs.carrierServicesActive.name]: checkCarrierServicesActive,
  [maintenanceJobs.dailySummaries.name]: (job, deps) => dailySummaries(job, deps),
};

/** The queue each job runs on, as app/jobs/definitions.ts groups them. */
export const QUEUE_OF: ReadonlyMap<string, QueueName> = new Map([
  ...Object.values(shipmentJobs).map((job) => [job.name, QUEUES.shipments] as const),
  ...Object.values(maintenanceJobs).map((job) => [job.name, QUEUES.maintenance] as const),
]);

type Handler = (job: Job) => Promise<unknown>;

/** Work for a shop that no longer has the app (uninstalled or redacted since it was queued) ends: no retries. */
function endingForUninstalledShops(handler: Handler, logger: Logger): Handler {
  return async (job) => {
    try {
      return await handler(job);
    } catch (error) {
      if (!(error instanceof ShopNotInstalledError)) throw error;
      logger.info(
        { job: job.name, jobId: job.id, shop: job.data.shop },
        "the shop does not have the app installed: job ended",
      );
      return "shop not installed";
    }
  };
}

/**
 * A job gives its place in its shop's share of the queue back when it ends: done, or failed for
 * the last time (a deferral or a retry keeps it). A new order's draft holds a place in the shop's
 * backlog of orders (its job id); every other counted job names its place in its payload.
 */
function releasingShare(handler: Handler): Handler {
  return async (job) => {
    const release = () => {
      const shop = String(job.data.shop);
      const counted = (job.data as Record<string, unknown>)[COUNTED_FIELD];
      if (typeof counted === "string") return shopBacklog().release(shop, counted, "work");
      if (job.name === shipmentJobs.createDraft.name)
        return shopBacklog().release(shop, String(job.id));
    };
    try {
      const result = await handler(job);
      await release();
      return result;
    } catch (error) {
      if (failsForGood(job, error)) await release();
      throw error;
    }
  };
}

/**
 * The table as the worker runs it, by queue: a shipment job ends for a shop without the app and
 * gives its place in the shop's share back when it ends. A job queued under a former name
 * (FORMER_JOB_NAMES, before an upgrade) runs as the job it is now.
 */
export function allProcessors(deps: WorkerDeps): ProcessorTable {
  const table: Record<string, Record<string, Handler>> = {};
  const names: [string, string][] = [
    ...Object.keys(PROCESSORS).map((name): [string, string] => [name, name]),
    ...Object.entries(FORMER_JOB_NAMES),
  ];
  for (const [name, current] of names) {
    const queue = QUEUE_OF.get(current);
    if (!queue) throw new Error(`job ${current} is not defined in app/jobs/definitions.ts`);
    const run: Handler = (job) => PROCESSORS[current]!(job, deps);
    (table[queue] ??= {})[name] =
      queue === QUEUES.shipments
        ? releasingShare(endingForUninstalledShops(run, deps.logger))
        : run;
  }
  return table;
}

/** The processors that need nothing but the database (the worker's own test runs them alone). */
export function basicProcessors(db: Db): ProcessorTable {
  return {
    [QUEUES.maintenance]: {
      [maintenanceJobs.pruneInbox.name]: (job) => pruneInbox(job, { db }),
    },
  };
}
