import { eq } from "drizzle-orm";
import type { Job } from "bullmq";
import { sweepWindow } from "#app/jobs/definitions.ts";
import { shopsWithCarrierService } from "#app/checkout-rates/carrier-service.server.ts";
import { shops } from "#app/db/schema.ts";
import type { enqueue as enqueueFns } from "#app/jobs/queues.server.ts";
import type { WorkerDeps } from "../deps.ts";

/**
 * carrier-services-active (every hour): each installed shop with rates at checkout on gets a
 * check-carrier-service job (./check-carrier-service.ts), at its turn, one per shop and window:
 * Shopify turns a carrier service off, or it is removed, with no webhook, and the merchant is told
 * on the rates card. `onlyShop`: that shop alone (a test sharing its database).
 */
export async function checkCarrierServicesActive(
  _job: Job,
  deps: Pick<WorkerDeps, "db"> & { enqueue: Pick<typeof enqueueFns, "checkCarrierService"> },
  now: Date = new Date(),
  onlyShop?: string,
): Promise<{ shops: number; queued: number }> {
  const withRates = await shopsWithCarrierService(
    deps.db,
    onlyShop ? eq(shops.shop, onlyShop) : undefined,
  );
  const window = sweepWindow(now);
  let queued = 0;
  for (const { shop } of withRates)
    if ((await deps.enqueue.checkCarrierService(shop, window)) !== null) queued++;
  return { shops: withRates.length, queued };
}
