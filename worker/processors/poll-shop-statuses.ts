import { sql, type SQL } from "drizzle-orm";
import type { Job } from "bullmq";
import { executedRows, type Queryable } from "#app/db/client.server.ts";
import { POLL_PERIOD_MINUTES, shipmentJobs } from "#app/jobs/definitions.ts";
import { shippingAccessForShop } from "#app/shops/shipping-client.server.ts";
import type { WorkerDeps } from "../deps.ts";
import { duePickups, dueShipments, POLL_SHORTEST_QUIET_S } from "../shared/poll-due.ts";

/**
 * The share of a shop's service key the poll may take: a quarter of its calls to the orders API
 * in a poll's window, so bookings, events and the merchant's own actions keep the rest. A test
 * key (5 calls a second) polls at most 367 parcels a window, a live key (20) 1,469: with parcels
 * asked about every three hours once days on their way, a live key covers about 50,000 of them.
 */
export const POLL_KEY_SHARE = 0.25;

/**
 * poll-shop-statuses: one shop's parcels and customers' return pickups whose quiet is due to be
 * asked about (../shared/poll-due.ts), longest overdue first, at most the key's share of the
 * window (POLL_KEY_SHARE): one sync-status (sync-return-pickup) job each, which asks the service
 * at the key's pace, and each marked asked (`shipment_polls`, `return_pickup_polls`) so it is
 * not due again until it has been quiet again. Pickups first: a customer waits on each. What the
 * share leaves is due in the next window still, and taken first then.
 */
export async function processPollShopStatuses(
  job: Job,
  deps: Pick<WorkerDeps, "db" | "env" | "enqueue" | "limiter">,
): Promise<{ polled: number; returnPickups: number }> {
  const { db, enqueue } = deps;
  const { shop, staleSeconds } = shipmentJobs.pollShopStatuses.payload.parse(job.data);
  const shortest = staleSeconds ?? POLL_SHORTEST_QUIET_S;
  const { apiKey } = await shippingAccessForShop(db, deps.env, shop);
  const { calls, ms } = deps.limiter.window(apiKey, "orders");
  let budget = Math.floor(((calls * POLL_PERIOD_MINUTES * 60_000) / ms) * POLL_KEY_SHARE);

  const pickups = await longestOverdue(db, duePickups(shortest, shop), budget);
  for (const p of pickups) await enqueue.syncReturnPickup(shop, p.id);
  await markPolled(db, "return_pickup_polls", "pickup_id", pickups);
  budget -= pickups.length;

  const parcels = await longestOverdue(db, dueShipments(shortest, shop), budget);
  for (const s of parcels) await enqueue.syncStatus(shop, s.id);
  await markPolled(db, "shipment_polls", "shipment_id", parcels);
  return { polled: parcels.length, returnPickups: pickups.length };
}

type Due = { id: string };

async function longestOverdue(db: Queryable, due: SQL, limit: number): Promise<Due[]> {
  if (limit <= 0) return [];
  return executedRows<Due>(
    await db.execute(sql`SELECT d.id FROM (${due}) d ORDER BY d.due, d.id LIMIT ${limit}`),
  );
}

/** The job asked about these now: due again once quiet as long again (../shared/poll-due.ts). */
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
