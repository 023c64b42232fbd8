import type { Job } from "bullmq";
import { and, eq } from "drizzle-orm";
import { sessionTable, shops } from "#app/db/schema.ts";
import { maintenanceJobs, sweepWindow } from "#app/jobs/definitions.ts";
import type { enqueue as enqueueFns } from "#app/jobs/queues.server.ts";
import type { WorkerDeps } from "../deps.ts";

/**
 * sync-orders (every 15 minutes): the sweep for orders whose webhooks were lost. It reads nothing
 * from Shopify itself: it queues one sync-shop-orders job per installed shop with a session
 * (worker/processors/sync-shop-orders.ts), each at its shop's turn like every other job, with an
 * id of the shop and the sweep's window, so a sweep run twice in one window queues once. Each
 * shop's Shopify calls then go at that shop's pace; a slow, throttled or silent shop holds back
 * its own job and no other shop's. `onlyShop`: that shop alone (a test sharing its database).
 */
export async function syncRecentOrders(
  job: Job,
  deps: Pick<WorkerDeps, "db"> & { enqueue: Pick<typeof enqueueFns, "syncShopOrders"> },
  now: Date = new Date(),
  onlyShop?: string,
): Promise<{ shops: number; queued: number }> {
  const { lookbackMinutes } = maintenanceJobs.syncOrders.payload.parse(job.data);
  const connected = await deps.db
    .selectDistinct({ shop: shops.shop })
    .from(shops)
    .innerJoin(
      sessionTable,
      and(eq(sessionTable.shop, shops.shop), eq(sessionTable.isOnline, false)),
    )
    .where(and(eq(shops.installed, true), onlyShop ? eq(shops.shop, onlyShop) : undefined));
  const since = new Date(now.getTime() - lookbackMinutes * 60_000).toISOString();
  const window = sweepWindow(now);
  let queued = 0;
  for (const { shop } of connected)
    if ((await deps.enqueue.syncShopOrders(shop, since, window)) !== null) queued++;
  return { shops: connected.length, queued };
}
