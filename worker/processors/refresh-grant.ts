import type { Job } from "bullmq";
import { ShopNotConnectedError } from "#app/admin-api/request.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import {
  grantedScopes,
  recordGrant,
  releaseWaitingProgress,
} from "#app/shops/access-grant.server.ts";
import type { WorkerDeps } from "../deps.ts";

/**
 * refresh-grant: an `app/scopes_update` delivery said the shop's grant changed. Its body names no
 * shop and the signature does not cover the shop header, so the body is never taken as the grant:
 * Shopify is asked what it granted this shop now (`currentAppInstallation`, with the shop's own
 * token), that is recorded on the shop's sessions, and the courier progress that waited for a
 * scope is queued again (its job sends what the grant now allows, in order, once). Shopify
 * unreachable: the job fails and is retried. A shop with no session any more (uninstalled since):
 * nothing to record.
 */
export async function processRefreshGrant(
  job: Job,
  deps: Pick<WorkerDeps, "db" | "adminGraphql" | "enqueue" | "logger">,
): Promise<string> {
  const { shop } = shipmentJobs.refreshGrant.payload.parse(job.data);
  let granted: string[];
  try {
    granted = await grantedScopes(deps.adminGraphql, shop);
  } catch (error) {
    if (error instanceof ShopNotConnectedError) return "shop not connected";
    throw error;
  }
  await recordGrant(deps.db, shop, granted);
  const released = await releaseWaitingProgress(deps.db, deps.enqueue, shop);
  deps.logger.info({ shop, granted, released }, "grant read from Shopify");
  return `granted ${granted.length} scopes; ${released} shipments' progress queued`;
}
