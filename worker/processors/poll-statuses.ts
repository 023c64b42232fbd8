import { and, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import type { Job } from "bullmq";
import { returnPickups, shipments } from "#app/db/schema.ts";
import { TERMINAL_ORDER_STATUSES } from "#app/shipping/contract.ts";
import { maintenanceJobs } from "#app/jobs/definitions.ts";
import type { WorkerDeps } from "../deps.ts";
import { IN_FLIGHT_STATUSES } from "#app/shipments/states.ts";

/** At most this many shipments asked about per run (the next run, a minute later, takes the rest). */
const LIMIT = 2000;

/** Shipments (and customers' return pickups) in flight that no event has touched for a while: ask the service for their status. */
export async function pollStatuses(job: Job, deps: Pick<WorkerDeps, "db" | "enqueue">) {
  const { db, enqueue } = deps;
  const { staleSeconds } = maintenanceJobs.pollStatuses.payload.parse(job.data);
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
  // Customers' returns on their way back, likewise (their events may be lost too).
  const pickups = await db
    .select({ shop: returnPickups.shop, id: returnPickups.id })
    .from(returnPickups)
    .where(
      and(
        eq(returnPickups.status, "booked"),
        isNotNull(returnPickups.shippingOrderId),
        isNull(returnPickups.deliveredAt),
        or(
          isNull(returnPickups.serviceStatus),
          notInArray(returnPickups.serviceStatus, [...TERMINAL_ORDER_STATUSES]),
        ),
        lt(returnPickups.updatedAt, sql`now() - make_interval(secs => ${staleSeconds})`),
      ),
    )
    .orderBy(returnPickups.updatedAt)
    .limit(LIMIT);
  for (const p of pickups) await enqueue.syncReturnPickup(p.shop, p.id);
  return { polled: stale.length, returnPickups: pickups.length };
}
