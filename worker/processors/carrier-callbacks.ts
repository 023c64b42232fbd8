import { and, eq } from "drizzle-orm";
import type { Job } from "bullmq";
import { sweepWindow } from "#app/jobs/definitions.ts";
import { shopsWithCarrierService } from "#app/checkout-rates/carrier-service.server.ts";
import { shops } from "#app/db/schema.ts";
import type { enqueue as enqueueFns } from "#app/jobs/queues.server.ts";
import type { WorkerDeps } from "../deps.ts";
import { STALE_CALLBACK } from "./register-carrier-callback.ts";

/**
 * carrier-callbacks (every 15 minutes): each installed shop whose carrier service does not call the
 * app with the shop's current callback token — one registered before tokens, or one Shopify could
 * not be told about when the merchant made a new token — gets a register-carrier-callback job
 * (./register-carrier-callback.ts), at its turn, one per shop and window; a shop with no token yet
 * gets one there. Until then such a shop's rate requests are answered as before (without a token,
 * or with the previous one), within the deadlines of app/shops/callback-token.server.ts; after,
 * only with the current one. `onlyShop`: that shop alone (a test sharing its database).
 */
export async function registerCarrierCallbacks(
  _job: Job,
  deps: Pick<WorkerDeps, "db"> & {
    enqueue: Pick<typeof enqueueFns, "registerCarrierCallback">;
  },
  now: Date = new Date(),
  onlyShop?: string,
): Promise<{ shops: number; queued: number }> {
  const stale = await shopsWithCarrierService(
    deps.db,
    and(STALE_CALLBACK, onlyShop ? eq(shops.shop, onlyShop) : undefined),
  );
  const window = sweepWindow(now);
  let queued = 0;
  for (const { shop } of stale)
    if ((await deps.enqueue.registerCarrierCallback(shop, window)) !== null) queued++;
  return { shops: stale.length, queued };
}
