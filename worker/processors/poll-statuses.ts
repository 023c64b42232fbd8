import { sql } from "drizzle-orm";
import type { Job } from "bullmq";
import { executedRows } from "#app/db/client.server.ts";
import { maintenanceJobs, POLL_PERIOD_MINUTES, sweepWindow } from "#app/jobs/definitions.ts";
import type { enqueue as enqueueFns } from "#app/jobs/queues.server.ts";
import type { WorkerDeps } from "../deps.ts";
import { duePickups, dueShipments, POLL_SHORTEST_QUIET_S } from "../shared/poll-due.ts";

/**
 * poll-statuses (every five minutes): the safety net for the service's lost events. It asks the
 * service nothing itself: it queues one poll-shop-statuses job per installed shop that has
 * parcels or customers' return pickups due to be asked about (../shared/poll-due.ts), with an id
 * of the shop and the five-minute window, so a run twice in one window queues once. Each shop's
 * job then takes its own due parcels at its own key's pace (poll-shop-statuses.ts): one shop's
 * thousands of quiet parcels never hold another shop's. `onlyShop`: that shop alone (a test
 * sharing its database).
 */
export async function pollStatuses(
  job: Job,
  deps: Pick<WorkerDeps, "db"> & { enqueue: Pick<typeof enqueueFns, "pollShopStatuses"> },
  now: Date = new Date(),
  onlyShop?: string,
): Promise<{ shops: number; queued: number }> {
  const { staleSeconds } = maintenanceJobs.pollStatuses.payload.parse(job.data);
  const shortest = staleSeconds ?? POLL_SHORTEST_QUIET_S;
  const shops = executedRows<{ shop: string }>(
    await deps.db.execute(sql`
      SELECT d.shop FROM (
        SELECT DISTINCT shop FROM (${dueShipments(shortest, onlyShop)}) s
        UNION
        SELECT DISTINCT shop FROM (${duePickups(shortest, onlyShop)}) r
      ) d
      JOIN shops ON shops.shop = d.shop AND shops.installed
      ORDER BY d.shop`),
  );
  const window = sweepWindow(now, POLL_PERIOD_MINUTES);
  let queued = 0;
  for (const { shop } of shops)
    if ((await deps.enqueue.pollShopStatuses(shop, window, staleSeconds)) !== null) queued++;
  return { shops: shops.length, queued };
}
