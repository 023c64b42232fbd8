import { eq } from "drizzle-orm";
import type { Job } from "bullmq";
import { CARRIER_SERVICES_QUERY } from "#app/admin-api/operations/carrier-services.ts";
import { adminRequest, ShopNotConnectedError } from "#app/admin-api/request.ts";
import { shopsWithCarrierService } from "#app/checkout-rates/carrier-service.server.ts";
import { recordRatesProblem } from "#app/checkout-rates/problems.server.ts";
import { shops } from "#app/db/schema.ts";
import { said } from "#app/i18n/said.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import type { RedisConnection } from "#app/platform/redis.server.ts";
import type { WorkerDeps } from "../deps.ts";

/**
 * check-carrier-service: one shop's carrier service read again (the carrier-services-active sweep
 * queues it: ./carrier-services-active.ts). Shopify deactivates a carrier service on its own
 * (`active` false, as after a change to a plan without third-party calculated rates) or it is
 * deleted from the shop, and no webhook says so: the checkout then shows only the merchant's
 * backup rates. One inactive or gone is told on the settings page's rates card, with what to do,
 * as the last time checkout got no live rates (app/checkout-rates/problems.server.ts). Shopify
 * unreachable: this job fails alone and is retried; a shop no longer connected is left.
 */
export async function processCheckCarrierService(
  job: Job,
  deps: Pick<WorkerDeps, "db" | "adminGraphql"> & { redis: RedisConnection; prefix: string },
): Promise<"active" | "inactive" | "gone" | "no carrier service" | "not connected"> {
  const { shop } = shipmentJobs.checkCarrierService.payload.parse(job.data);
  const [withRates] = await shopsWithCarrierService(deps.db, eq(shops.shop, shop));
  if (!withRates) return "no carrier service";
  let nodes;
  try {
    ({
      carrierServices: { nodes },
    } = await adminRequest(deps.adminGraphql, shop, CARRIER_SERVICES_QUERY, {}));
  } catch (error) {
    if (error instanceof ShopNotConnectedError) return "not connected";
    throw error;
  }
  const mine = nodes.find((s) => s.id === withRates.carrierServiceId);
  if (mine?.active) return "active";
  await recordRatesProblem(
    deps.redis,
    deps.prefix,
    shop,
    said(mine ? "ratesServiceInactive" : "ratesServiceGone"),
  );
  return mine ? "inactive" : "gone";
}
