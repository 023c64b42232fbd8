import type { Job } from "bullmq";
import { failsForGood } from "#app/jobs/failed.server.ts";
import type { Db } from "#app/db/client.server.ts";
import { QUEUES, maintenanceJobs } from "#app/jobs/definitions.ts";
import {
  COUNTED_FIELD,
  enqueue,
  getQueue,
  producerConnection,
  shopBacklog,
} from "#app/jobs/queues.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { ImportSlots } from "#app/orders/import-slots.server.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import type { ServiceRateLimiter } from "#app/shipping/limiter.server.ts";
import { ShopNotInstalledError } from "#app/shops/shipping-client.server.ts";
import type { AdminGraphql } from "#app/admin-api/request.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import { processCancel } from "./processors/cancel.ts";
import { processConfirm } from "./processors/confirm.ts";
import { processCreateDraft } from "./processors/create-draft.ts";
import { processFulfil } from "./processors/fulfil.ts";
import { processFulfillmentChange } from "./processors/fulfillment-change.ts";
import { processFulfillmentEvents } from "./processors/fulfillment-events.ts";
import { processImportOrders } from "./processors/import-orders.ts";
import { pollStatuses } from "./processors/poll-statuses.ts";
import { pruneInbox } from "./processors/prune-inbox.ts";
import { reconcile } from "./processors/reconcile.ts";
import { processReturn } from "./processors/process-return.ts";
import { processSettleCod } from "./processors/settle-cod.ts";
import { processBookReturnPickup } from "./processors/book-return-pickup.ts";
import { processSyncReturnPickup } from "./processors/sync-return-pickup.ts";
import { processShopifySync } from "./processors/shopify-sync.ts";
import { syncRecentOrders } from "./processors/sync-orders.ts";
import { registerCarrierCallbacks } from "./processors/carrier-callbacks.ts";
import { processSyncStatus } from "./processors/sync-status.ts";
import { processUpdate } from "./processors/update.ts";
import type { ShipmentDeps } from "./shared/shipment-context.ts";
import type { ProcessorTable } from "./worker.ts";

/**
 * The worker's one job table: every job name of every queue (app/jobs/definitions.ts) and the
 * processor that runs it, one file per job in worker/processors/, with what each needs. What
 * several processors share is in worker/shared/; how jobs are run (BullMQ workers, retries,
 * shutdown) in worker.ts.
 */

/** The shipment jobs that take the shipment context (ShipmentDeps): job name → processor. */
const shipmentProcessors = {
  [shipmentJobs.createDraft.name]: processCreateDraft,
  [shipmentJobs.confirm.name]: processConfirm,
  [shipmentJobs.cancel.name]: processCancel,
  [shipmentJobs.update.name]: processUpdate,
  [shipmentJobs.fulfillmentChange.name]: processFulfillmentChange,
  [shipmentJobs.syncStatus.name]: processSyncStatus,
  [shipmentJobs.bookReturnPickup.name]: processBookReturnPickup,
  [shipmentJobs.syncReturnPickup.name]: processSyncReturnPickup,
} as const;

export interface ProcessorDeps {
  db: Db;
  logger: Logger;
  env: ShipmentDeps["env"];
  limiter: ServiceRateLimiter;
  /** The shops' Admin GraphQL (app/admin-api/gateway.server.ts in production). */
  adminGraphql: AdminGraphql;
  inlineWaitMs?: number;
}

/** Work for a shop that no longer has the app (uninstalled or redacted since it was queued) ends: no retries. */
function endingForUninstalledShops(
  handler: (job: Job, token: string | undefined) => Promise<unknown>,
  logger: ProcessorDeps["logger"],
) {
  return async (job: Job, token: string | undefined) => {
    try {
      return await handler(job, token);
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
function releasingShare(handler: (job: Job, token: string | undefined) => Promise<unknown>) {
  return async (job: Job, token: string | undefined) => {
    const release = () => {
      const shop = String(job.data.shop);
      const counted = (job.data as Record<string, unknown>)[COUNTED_FIELD];
      if (typeof counted === "string") return shopBacklog().release(shop, counted, "work");
      if (job.name === shipmentJobs.createDraft.name)
        return shopBacklog().release(shop, String(job.id));
    };
    try {
      const result = await handler(job, token);
      await release();
      return result;
    } catch (error) {
      if (failsForGood(job, error)) await release();
      throw error;
    }
  };
}

/** Every processor of the worker, wired to its dependencies. */
export function allProcessors(
  deps: ProcessorDeps & {
    env: Pick<Env, "ENCRYPTION_KEY" | "SHIPPING_API_BASE_URL" | "SHIPPING_API_TIMEOUT_MS">;
  },
): ProcessorTable {
  const shipmentDeps: ShipmentDeps = { ...deps, enqueue };
  const importDeps = { db: deps.db, logger: deps.logger, graphql: deps.adminGraphql, enqueue };
  const env = getEnv();
  const importRunDeps = {
    ...importDeps,
    slots: new ImportSlots(producerConnection(), env.QUEUE_PREFIX, env.IMPORTS_RUNNING_LIMIT),
  };
  const basic = basicProcessors(deps.db);
  // Every job of app/jobs/definitions.ts has its line here.
  return {
    [QUEUES.shipments]: Object.fromEntries(
      Object.entries({
        ...Object.fromEntries(
          Object.entries(shipmentProcessors).map(([name, processor]) => {
            const handler = endingForUninstalledShops(
              (job: Job, token: string | undefined) => processor(job, shipmentDeps, token),
              deps.logger,
            );
            return [name, handler];
          }),
        ),
        [shipmentJobs.fulfil.name]: (job: Job) =>
          processFulfil(job, { db: deps.db, graphql: deps.adminGraphql, enqueue }),
        [shipmentJobs.fulfillmentEvents.name]: (job: Job) =>
          processFulfillmentEvents(job, { db: deps.db, graphql: deps.adminGraphql }),
        [shipmentJobs.settleCod.name]: (job: Job) =>
          processSettleCod(job, { db: deps.db, graphql: deps.adminGraphql }),
        [shipmentJobs.processReturn.name]: (job: Job) =>
          processReturn(job, { db: deps.db, graphql: deps.adminGraphql }),
        [shipmentJobs.shopifySync.name]: (job: Job) =>
          processShopifySync(job, { db: deps.db, graphql: deps.adminGraphql }),
        [shipmentJobs.importOrders.name]: (job: Job, token: string | undefined) =>
          processImportOrders(job, importRunDeps, token),
      }).map(([name, processor]) => [name, releasingShare(processor)]),
    ),
    [QUEUES.maintenance]: {
      ...basic[QUEUES.maintenance],
      [maintenanceJobs.reconcile.name]: (job) =>
        reconcile(deps.db, getQueue(QUEUES.shipments), enqueue, job.data),
      [maintenanceJobs.pollStatuses.name]: (job) => pollStatuses(deps.db, enqueue, job.data),
      [maintenanceJobs.syncOrders.name]: (job) => syncRecentOrders(importDeps, job.data),
      [maintenanceJobs.carrierCallbacks.name]: () =>
        registerCarrierCallbacks(
          {
            db: deps.db,
            keys: deps.env.ENCRYPTION_KEY,
            graphql: deps.adminGraphql,
            logger: deps.logger,
          },
          env.SHOPIFY_APP_URL,
        ),
    },
  };
}

/** The processors that need nothing but the database (the worker's own test runs them alone). */
export function basicProcessors(db: Db): ProcessorTable {
  return {
    [QUEUES.maintenance]: {
      [maintenanceJobs.pruneInbox.name]: (job) => pruneInbox(db, job.data),
    },
  };
}
