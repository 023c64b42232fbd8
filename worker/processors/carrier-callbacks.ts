import { sql } from "drizzle-orm";
import type { Job } from "bullmq";
import {
  enableCarrierService,
  shopsWithCarrierService,
} from "#app/checkout-rates/carrier-service.server.ts";
import { shops } from "#app/db/schema.ts";
import type { WorkerDeps } from "../deps.ts";

/**
 * carrier-callbacks (every 15 minutes): each installed shop whose carrier service does not call the
 * app with the shop's current callback token — one registered before tokens, or one Shopify could
 * not be told about when the merchant made a new token — is registered again with it (a shop with
 * no token yet gets one). Until then such a shop's rate requests are answered as before (without a
 * token, or with the previous one), within the deadlines of app/shops/callback-token.server.ts;
 * after, only with the current one.
 */
export async function registerCarrierCallbacks(
  _job: Job,
  deps: Pick<WorkerDeps, "db" | "adminGraphql" | "logger"> & {
    env: Pick<WorkerDeps["env"], "ENCRYPTION_KEY" | "SHOPIFY_APP_URL">;
  },
): Promise<{ registered: number; failed: number }> {
  const stale = await shopsWithCarrierService(
    deps.db,
    sql`${shops.carrierCallbackTokenHash} IS DISTINCT FROM ${shops.callbackTokenHash}`,
  );
  const totals = { registered: 0, failed: 0 };
  for (const { shop, carrierServiceId } of stale) {
    try {
      await enableCarrierService(
        deps.db,
        deps.env.ENCRYPTION_KEY,
        deps.adminGraphql,
        shop,
        deps.env.SHOPIFY_APP_URL,
        carrierServiceId,
      );
      totals.registered++;
    } catch (error) {
      // One shop's refusal (its plan, its grant, Shopify unreachable) does not hold the others back.
      totals.failed++;
      deps.logger.warn(
        { shop, err: (error as Error).message },
        "carrier service not registered again with the shop's callback token; next run retries",
      );
    }
  }
  return totals;
}
