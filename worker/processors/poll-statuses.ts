import { and, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { shipments } from "#app/db/schema.ts";
import { maintenanceJobs } from "#app/jobs/definitions.ts";
import type { enqueue as enqueueFns } from "#app/jobs/queues.server.ts";
import { IN_FLIGHT_STATUSES } from "#app/shipments/states.ts";

/** At most this many shipments asked about per run (the next run, a minute later, takes the rest). */
const LIMIT = 2000;

/** Shipments in flight that no event has touched for a while: ask the service for their status. */
export async function pollStatuses(db: Db, enqueue: typeof enqueueFns, data: unknown) {
  const { staleSeconds } = maintenanceJobs.pollStatuses.payload.parse(data);
  const stale = await db
    .select({ shop: shipments.shop, id: shipments.id })
    .from(shipments)
    .where(
      and(
        inArray(shipments.status, [...IN_FLIGHT_STATUSES]),
        lt(shipments.updatedAt, sql`now() - make_interval(secs => ${staleSeconds})`),
      ),
    )
    .orderBy(shipments.updatedAt)
    .limit(LIMIT);
  for (const s of stale) await enqueue.syncStatus(s.shop, s.id);
  return { polled: stale.length };
}
