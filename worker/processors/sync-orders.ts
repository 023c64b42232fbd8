import type { Job } from "bullmq";
import { and, eq } from "drizzle-orm";
import { sessionTable, shops } from "#app/db/schema.ts";
import { maintenanceJobs } from "#app/jobs/definitions.ts";
import { readAdminOrders } from "#app/orders/admin-order.ts";
import { takeOrders, type ImportDeps } from "../shared/order-intake.ts";

/** sync-orders: recent orders of every installed shop with a session, compared with the app's copies. */
export async function syncRecentOrders(
  job: Job,
  deps: ImportDeps,
): Promise<{ shops: number; created: number; updated: number }> {
  const { lookbackMinutes } = maintenanceJobs.syncOrders.payload.parse(job.data);
  const now = new Date();
  const connected = await deps.db
    .selectDistinct({ shop: shops.shop })
    .from(shops)
    .innerJoin(
      sessionTable,
      and(eq(sessionTable.shop, shops.shop), eq(sessionTable.isOnline, false)),
    )
    .where(eq(shops.installed, true));
  const since = new Date(now.getTime() - lookbackMinutes * 60_000).toISOString();
  const totals = { shops: 0, created: 0, updated: 0 };
  for (const { shop } of connected) {
    try {
      let cursor: string | null = null;
      for (let pages = 0; pages < 20; pages++) {
        const page = await readAdminOrders(deps.adminGraphql, shop, {
          after: cursor,
          query: `updated_at:>='${since}'`,
        });
        const { created, updated } = await takeOrders(deps, shop, page.orders, { onlyOpen: true });
        totals.created += created;
        totals.updated += updated;
        if (!page.hasNextPage) break;
        cursor = page.endCursor;
      }
      totals.shops++;
    } catch (error) {
      // One shop's failure (no session, throttled) does not hold the others back.
      deps.logger.warn(
        { shop, err: (error as Error).message },
        "order reconciliation skipped a shop",
      );
    }
  }
  return totals;
}
