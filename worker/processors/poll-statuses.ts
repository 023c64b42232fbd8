import { sql } from "drizzle-orm";
import type { Job } from "bullmq";
import type { Queryable } from "#app/db/client.server.ts";
import { TERMINAL_ORDER_STATUSES } from "#app/shipping/contract.ts";
import { maintenanceJobs } from "#app/jobs/definitions.ts";
import type { WorkerDeps } from "../deps.ts";
import { IN_FLIGHT_STATUSES } from "#app/shipments/states.ts";
import { inTurn } from "../shared/in-turn.ts";

/** At most this many shipments asked about per run (the next run, five minutes later, takes the rest). */
const LIMIT = 2000;

/**
 * poll-statuses: shipments (and customers' return pickups) in flight that nothing has touched for
 * `staleSeconds`: the service is asked for their status (sync-status, sync-return-pickup), in case
 * an event was lost. A parcel is due once both its last change and its last poll (shipment_polls,
 * return_pickup_polls) are that old, so parcels the service has nothing new about make way for the
 * others until they are due again; the due ones are taken shop by shop in turn (each shop's
 * longest-quiet first, then each shop's second…: ../shared/in-turn.ts), so one shop's thousands
 * of slow parcels never hide another shop's. `onlyShop`: that shop's alone (a test sharing its database).
 */
export async function pollStatuses(
  job: Job,
  deps: Pick<WorkerDeps, "db" | "enqueue">,
  onlyShop?: string,
) {
  const { db, enqueue } = deps;
  const { staleSeconds } = maintenanceJobs.pollStatuses.payload.parse(job.data);
  const cutoff = sql`now() - make_interval(secs => ${staleSeconds})`;
  const ofShop = (column: string) =>
    onlyShop === undefined ? sql`` : sql`AND ${sql.raw(column)} = ${onlyShop}`;

  const stale = await inTurn<Due>(
    db,
    sql`
      SELECT s.shop, s.id, greatest(s.updated_at, p.polled_at) AS since, s.id AS tie
      FROM shipments s LEFT JOIN shipment_polls p ON p.shipment_id = s.id
      WHERE s.status = ANY(${sql.param([...IN_FLIGHT_STATUSES])}::text[])
        AND s.updated_at < ${cutoff}
        AND (p.polled_at IS NULL OR p.polled_at < ${cutoff})
        ${ofShop("s.shop")}`,
    LIMIT,
  );
  for (const s of stale) await enqueue.syncStatus(s.shop, s.id);
  await markPolled(db, "shipment_polls", "shipment_id", stale);

  // Customers' returns on their way back, likewise (their events may be lost too).
  const pickups = await inTurn<Due>(
    db,
    sql`
      SELECT r.shop, r.id, greatest(r.updated_at, p.polled_at) AS since, r.id AS tie
      FROM return_pickups r LEFT JOIN return_pickup_polls p ON p.pickup_id = r.id
      WHERE r.status = 'booked'
        AND r.shipping_order_id IS NOT NULL
        AND r.delivered_at IS NULL
        AND (r.service_status IS NULL
             OR r.service_status <> ALL(${sql.param([...TERMINAL_ORDER_STATUSES])}::text[]))
        AND r.updated_at < ${cutoff}
        AND (p.polled_at IS NULL OR p.polled_at < ${cutoff})
        ${ofShop("r.shop")}`,
    LIMIT,
  );
  for (const p of pickups) await enqueue.syncReturnPickup(p.shop, p.id);
  await markPolled(db, "return_pickup_polls", "pickup_id", pickups);
  return { polled: stale.length, returnPickups: pickups.length };
}

type Due = { shop: string; id: string };

/** The run asked about these now: they are due again once quiet for the poll's staleness. */
async function markPolled(
  db: Queryable,
  table: "shipment_polls" | "return_pickup_polls",
  key: "shipment_id" | "pickup_id",
  polled: readonly Due[],
): Promise<void> {
  if (polled.length === 0) return;
  await db.execute(sql`
    INSERT INTO ${sql.identifier(table)} (${sql.identifier(key)}, polled_at)
    SELECT unnest(${sql.param(polled.map((p) => p.id))}::uuid[]), now()
    ON CONFLICT (${sql.identifier(key)}) DO UPDATE SET polled_at = excluded.polled_at`);
}
