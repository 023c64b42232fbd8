import { and, eq, sql } from "drizzle-orm";
import type { Job } from "bullmq";
import {
  enableCarrierService,
  shopsWithCarrierService,
} from "#app/checkout-rates/carrier-service.server.ts";
import { shops } from "#app/db/schema.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import type { WorkerDeps } from "../deps.ts";

/** A shop whose carrier service does not call the app with the shop's current callback token. */
export const STALE_CALLBACK = sql`${shops.carrierCallbackTokenHash} IS DISTINCT FROM ${shops.callbackTokenHash}`;

/**
 * register-carrier-callback: one shop's carrier service registered again with the shop's current
 * callback token (the carrier-callbacks sweep queues it: worker/processors/carrier-callbacks.ts).
 * Read again here, so a shop registered since is left alone. Shopify's refusal (the shop's plan,
 * its grant) or silence fails this job alone, which is retried, and the next sweep queues it again.
 */
export async function processRegisterCarrierCallback(
  job: Job,
  deps: Pick<WorkerDeps, "db" | "adminGraphql"> & {
    env: Pick<WorkerDeps["env"], "ENCRYPTION_KEY" | "SHOPIFY_APP_URL">;
  },
): Promise<"registered" | "current"> {
  const { shop } = shipmentJobs.registerCarrierCallback.payload.parse(job.data);
  const [stale] = await shopsWithCarrierService(deps.db, and(eq(shops.shop, shop), STALE_CALLBACK));
  if (!stale) return "current";
  await enableCarrierService(
    deps.db,
    deps.env.ENCRYPTION_KEY,
    deps.adminGraphql,
    shop,
    deps.env.SHOPIFY_APP_URL,
    stale.carrierServiceId,
  );
  return "registered";
}
