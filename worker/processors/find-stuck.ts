import { sql } from "drizzle-orm";
import { joinedSaid } from "#app/i18n/said.ts";
import { executedRows, type Queryable } from "#app/db/client.server.ts";
import { fulfillmentEvents } from "#app/db/schema.ts";
import type { LaneFigures } from "#app/couriers/figures.ts";
import { provinceRecords } from "#app/couriers/record.server.ts";
import { updateDecided } from "#app/shipments/shipments.server.ts";
import { STUCK_FLOOR_MS, stuckProblem, usualTime } from "#app/couriers/stuck.ts";
import type { WorkerDeps } from "../deps.ts";
import { ACTOR } from "../shared/shipment-context.ts";

/** At most this many silent parcels looked at per run (the next run takes the rest). */
const LIMIT = 500;
/**
 * Parcels silent longer than this are left alone: a month-old silence is not news to tell a
 * customer (and on upgrade, parcels whose service stopped reporting long ago are not all marked).
 */
const LONGEST_SILENCE_MS = 30 * 24 * 3_600_000;

/** Statuses after pickup and before any outcome: the parcel is with the courier, on its way. */
const MOVING = ["picked", "dropping_off"] as const;

/**
 * The parcels after pickup, without a problem, whose latest scan the app recorded more than a day
 * (and less than a month) before `now` (the longest silent first, at most `LIMIT`): the finder's one read, through
 * `shipments_status_updated_idx` and each parcel's entries by `fulfillment_events_shipment_idx`.
 */
export async function silentParcels(db: Queryable, now: Date, shop?: string) {
  const silentSince = new Date(now.getTime() - STUCK_FLOOR_MS).toISOString();
  const notBefore = new Date(now.getTime() - LONGEST_SILENCE_MS).toISOString();
  return executedRows(
    await db.execute(sql`
      SELECT s.id, s.shop, s.courier_company, s.courier_type, s.lane_province,
             s.estimated_delivery_at, s.label->>'bookedAt' AS booked_at, last.seen, last.happened
      FROM shipments s
      CROSS JOIN LATERAL (
        SELECT max(e.created_at) AS seen, max(e.happened_at) AS happened
        FROM fulfillment_events e
        WHERE e.shipment_id = s.id AND e.entry_key NOT LIKE 'stuck|%'
      ) last
      WHERE s.status IN ('picked', 'dropping_off') AND s.problem IS NULL
        AND last.seen < ${silentSince} AND last.seen >= ${notBefore}
        ${shop === undefined ? sql`` : sql`AND s.shop = ${shop}`}
      ORDER BY last.seen
      LIMIT ${LIMIT}`),
  );
}

/**
 * find-stuck (every 15 minutes): parcels after pickup whose courier has sent no scan for longer
 * than their lane's usual time (app/couriers/stuck.ts) go under "needs attention" (kind `stuck`),
 * and Shopify is told once that they are delayed (one `DELAYED` fulfillment event, so the
 * customer hears of it once). Silence is measured on the app's clock, from when the app recorded
 * the parcel's latest scan, not from the courier's own timestamps. A later scan clears it
 * (sync-status). `now`: the run's time (tests and the demo move it on); `onlyShop`: one shop's
 * parcels only (the tests, which share a database).
 */
export async function findStuck(
  deps: Pick<WorkerDeps, "db" | "enqueue">,
  now: Date = new Date(),
  onlyShop?: string,
): Promise<{ looked: number; stuck: number }> {
  const { db } = deps;
  const rows = await silentParcels(db, now, onlyShop);
  const records = new Map<string, Map<string, LaneFigures>>();
  let stuck = 0;
  for (const r of rows) {
    const shop = String(r.shop);
    const province = (r.lane_province as string | null) ?? null;
    const key = `${shop}|${province ?? ""}`;
    if (!records.has(key)) records.set(key, await provinceRecords(db, shop, province, now));
    const record = records.get(key)!.get(`${String(r.courier_company)}/${String(r.courier_type)}`);
    const booked = r.booked_at ? Date.parse(String(r.booked_at)) : NaN;
    const estimate = r.estimated_delivery_at
      ? new Date(String(r.estimated_delivery_at)).getTime()
      : NaN;
    const usual = usualTime(
      record,
      Number.isFinite(booked) && Number.isFinite(estimate) ? estimate - booked : null,
    );
    const seen = new Date(String(r.seen));
    const silentMs = now.getTime() - seen.getTime();
    if (silentMs <= usual.ms) continue;
    const problem = stuckProblem(silentMs, usual, province);
    // The mark and the event for Shopify commit together: a crash between them would leave a
    // stuck parcel Shopify is never told of (the next run skips a parcel with a problem).
    const marked = await db.transaction(async (tx) => {
      const saved = await updateDecided(
        tx,
        shop,
        String(r.id),
        (current) =>
          current.problem || !(MOVING as readonly string[]).includes(current.status)
            ? null
            : {
                patch: problem,
                event: {
                  actor: ACTOR.sync,
                  type: "stuck",
                  message: joinedSaid(problem.problemSaid),
                },
              },
        "find-stuck",
      );
      if (!saved || !saved.problemKinds.includes("stuck")) return null;
      // Shopify told once per silence: the entry's key names the scan the silence follows, and
      // it is placed just after that scan, so a later scan still comes after it.
      const inserted = await tx
        .insert(fulfillmentEvents)
        .values({
          shipmentId: saved.id,
          shop,
          entryKey: `stuck|${seen.toISOString()}`,
          serviceStatus: saved.status,
          note: null,
          happenedAt: new Date(new Date(String(r.happened)).getTime() + 1_000),
          shopifyStatus: "DELAYED",
        })
        .onConflictDoNothing()
        .returning({ id: fulfillmentEvents.id });
      return { saved, told: inserted.length > 0 };
    });
    if (!marked) continue;
    stuck += 1;
    if (marked.told && (marked.saved.fulfillmentIds as string[]).length > 0)
      await deps.enqueue.fulfillmentEvents(shop, marked.saved.id);
  }
  return { looked: rows.length, stuck };
}
