import type { Job } from "bullmq";
import type { Db } from "#app/db/client.server.ts";
import { QUEUES, maintenanceJobs } from "#app/jobs/definitions.ts";
import { enqueue, getQueue } from "#app/jobs/queues.server.ts";
import type { Logger } from "#app/logger.server.ts";
import type { Env } from "#app/env.server.ts";
import type { ProductInfo } from "#app/orders/map.ts";
import type { ServiceRateLimiter } from "#app/shipping/limiter.server.ts";
import { basicProcessors, type ProcessorTable } from "../worker.ts";
import { pollStatuses, reconcile } from "./maintenance.ts";
import { shipmentProcessors, type ShipmentDeps } from "./shipments.ts";
import { processFulfil, processShopifySync } from "./shopify-order.ts";
import { processImportOrders, syncRecentOrders } from "./import-orders.ts";
import type { AdminGraphql } from "#app/orders/products.server.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";

export interface ProcessorDeps {
  db: Db;
  logger: Logger;
  env: ShipmentDeps["env"];
  limiter: ServiceRateLimiter;
  products: (shop: string, productIds: string[]) => Promise<Map<string, ProductInfo>>;
  /** Admin GraphQL for fulfilments and metafields (unauthenticated.admin in production). */
  adminGraphql: AdminGraphql;
  inlineWaitMs?: number;
}

/** Every processor of the worker, wired to its dependencies. */
export function allProcessors(deps: ProcessorDeps & { env: Pick<Env, "ENCRYPTION_KEY" | "SHIPPING_API_BASE_URL" | "SHIPPING_API_TIMEOUT_MS"> }): ProcessorTable {
  const shipmentDeps: ShipmentDeps = { ...deps, enqueue };
  const importDeps = { db: deps.db, logger: deps.logger, graphql: deps.adminGraphql, enqueue };
  const basic = basicProcessors(deps.db);
  return {
    [QUEUES.shipments]: {
      ...Object.fromEntries(Object.entries(shipmentProcessors).map(([name, processor]) => [name, (job: Job, token: string | undefined) => processor(job, shipmentDeps, token)])),
      [shipmentJobs.fulfil.name]: (job: Job) => processFulfil(job, { db: deps.db, graphql: deps.adminGraphql }),
      [shipmentJobs.shopifySync.name]: (job: Job) => processShopifySync(job, { db: deps.db, graphql: deps.adminGraphql }),
      [shipmentJobs.importOrders.name]: (job: Job) => processImportOrders(job, importDeps),
    },
    [QUEUES.maintenance]: {
      ...basic[QUEUES.maintenance],
      [maintenanceJobs.reconcile.name]: (job) => reconcile(deps.db, getQueue(QUEUES.shipments), enqueue, job.data),
      [maintenanceJobs.pollStatuses.name]: (job) => pollStatuses(deps.db, enqueue, job.data),
      [maintenanceJobs.syncOrders.name]: (job) => syncRecentOrders(importDeps, job.data),
    },
  };
}
