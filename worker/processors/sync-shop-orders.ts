import type { Job } from "bullmq";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import { readAdminOrders } from "#app/orders/admin-order.ts";
import { takeOrders, type ImportDeps } from "../shared/order-intake.ts";

/** Pages of orders read per shop and sweep at most (of SYNC_PAGE orders each: admin-order.ts). */
export const SYNC_PAGES = 20;

/**
 * sync-shop-orders: one shop's orders updated in Shopify since the sweep's start of look-back
 * (worker/processors/sync-orders.ts queues it), each compared with the app's copy: an order the
 * app never received is recorded and goes the way a webhook's order goes, a newer state of one it
 * has is applied. At most SYNC_PAGES pages. A shop Shopify does not answer (throttled, down,
 * past the Admin API's deadline) fails this job alone, which is retried, and holds no other shop.
 */
export async function processSyncShopOrders(
  job: Job,
  deps: ImportDeps,
): Promise<{ created: number; updated: number; pages: number }> {
  const { shop, since } = shipmentJobs.syncShopOrders.payload.parse(job.data);
  const totals = { created: 0, updated: 0, pages: 0 };
  let cursor: string | null = null;
  for (let pages = 0; pages < SYNC_PAGES; pages++) {
    const page = await readAdminOrders(deps.adminGraphql, shop, {
      after: cursor,
      query: `updated_at:>='${since}'`,
    });
    const { created, updated } = await takeOrders(deps, shop, page.orders, { onlyOpen: true });
    totals.created += created;
    totals.updated += updated;
    totals.pages += 1;
    if (!page.hasNextPage) break;
    cursor = page.endCursor;
  }
  return totals;
}
