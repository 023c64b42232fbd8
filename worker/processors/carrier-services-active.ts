import { eq } from "drizzle-orm";
import type { Job } from "bullmq";
import { CARRIER_SERVICES_QUERY } from "#app/admin-api/operations/carrier-services.ts";
import { adminRequest, ShopNotConnectedError } from "#app/admin-api/request.ts";
import { shopsWithCarrierService } from "#app/checkout-rates/carrier-service.server.ts";
import { recordRatesProblem } from "#app/checkout-rates/problems.server.ts";
import { shops } from "#app/db/schema.ts";
import { said } from "#app/i18n/said.ts";
import type { RedisConnection } from "#app/platform/redis.server.ts";
import type { WorkerDeps } from "../deps.ts";

/**
 * carrier-services-active (every hour): Shopify deactivates a shop's carrier service on its own
 * (`active` false, as after a change to a plan without third-party calculated rates) or it is
 * deleted from the shop, and no webhook says so: the checkout then shows only the merchant's
 * backup rates. Each installed shop with rates at checkout on has its carrier service read again;
 * one inactive or gone is told on the settings page's rates card, with what to do, as the last
 * time checkout got no live rates (app/checkout-rates/problems.server.ts), again each hour while
 * it lasts. `onlyShop`: that shop alone (the tests, which share a database).
 */
export async function checkCarrierServicesActive(
  _job: Job,
  deps: Pick<WorkerDeps, "db" | "adminGraphql" | "logger"> & {
    redis: RedisConnection;
    prefix: string;
  },
  onlyShop?: string,
): Promise<{ looked: number; inactive: number; failed: number }> {
  const withRates = await shopsWithCarrierService(
    deps.db,
    onlyShop ? eq(shops.shop, onlyShop) : undefined,
  );
  const totals = { looked: 0, inactive: 0, failed: 0 };
  for (const { shop, carrierServiceId } of withRates) {
    try {
      const { carrierServices } = await adminRequest(
        deps.adminGraphql,
        shop,
        CARRIER_SERVICES_QUERY,
        {},
      );
      totals.looked++;
      const mine = carrierServices.nodes.find((s) => s.id === carrierServiceId);
      if (mine?.active) continue;
      totals.inactive++;
      await recordRatesProblem(
        deps.redis,
        deps.prefix,
        shop,
        said(mine ? "ratesServiceInactive" : "ratesServiceGone"),
      );
    } catch (error) {
      // One shop's failure (no session, its grant, Shopify unreachable) does not hold the others back.
      if (!(error instanceof ShopNotConnectedError)) totals.failed++;
      deps.logger.warn(
        { shop, err: (error as Error).message },
        "carrier service not checked; the next run looks again",
      );
    }
  }
  return totals;
}
