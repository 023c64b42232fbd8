import { sql } from "drizzle-orm";
import { joinedSaid } from "#app/i18n/said.ts";
import { executedRows, type Queryable } from "#app/db/client.server.ts";
import { fulfillmentEvents } from "#app/db/schema.ts";
import type { LaneFigures } from "#app/couriers/figures.ts";
import { provinceRecords } from "#app/couriers/record.server.ts";
import { updateDecided } from "#app/shipments/shipments.server.ts";
import { stuckProblem, usualTime } from "#app/couriers/stuck.ts";
import type { WorkerDeps } from "../deps.ts";
import { ACTOR } from "../shared/shipment-context.ts";

/** Parcels looked at per batch: a run takes batches until none is due (at most BATCHES). */
const LIMIT = 500;
/**
 * Batches a run takes at most: 20,000 due parcels every 15 minutes. A parcel falls due once, when
 * its lane would call it stuck, so even 200,000 parcels in flight make far fewer due a quarter
 * hour; what a run leaves (after an outage of the worker) is taken first by the next.
 */
const BATCHES = 40;
/**
 * Parcels silent longer than this are left alone: a month-old silence is not news to tell a
 * customer (and on upgrade, parcels whose service stopped reporting long ago are not all marked).
 */
const LONGEST_SILENCE_MS = 30 * 24 * 3_600_000;

/** Statuses after pickup and before any outcome: the parcel is with the courier, on its way. */
const MOVING = ["picked", "dropping_off"] as const;

/**
 * The parcels whose silence is due to be looked at (`stuck_checks`, kept by a trigger on each scan
 * and moved on by the finder), at most `LIMIT`, taken from the shops in turn: every shop's first
 * due parcel, then every shop's second, …, each shop's by when it fell due. So one shop's many
 * parcels, due or not yet stuck, never keep another shop's stuck parcel from being looked at.
 * Each with its latest scan as the app recorded it (`fulfillment_events_shipment_idx`), and the
 * check's `due_at` as read (`due`, exact to the microsecond as text), so the run settles only the
 * checks no scan has moved since.
 */
export async function silentParcels(db: Queryable, now: Date, shop?: string) {
  return executedRows(
    await db.execute(sql`
      WITH due AS (
        SELECT c.shipment_id, c.due_at,
               row_number() OVER (PARTITION BY c.shop ORDER BY c.due_at) AS turn
        FROM stuck_checks c
        WHERE c.due_at <= ${now.toISOString()}
          ${shop === undefined ? sql`` : sql`AND c.shop = ${shop}`}
      )
      SELECT s.id, s.shop, s.status, s.problem, s.courier_company, s.courier_type,
             s.lane_province, s.estimated_delivery_at, s.label->>'bookedAt' AS booked_at,
             last.seen, last.happened, d.due_at::text AS due
      FROM (SELECT * FROM due ORDER BY turn, due_at LIMIT ${LIMIT}) d
      JOIN shipments s ON s.id = d.shipment_id
      CROSS JOIN LATERAL (
        SELECT max(e.created_at) AS seen, max(e.happened_at) AS happened
        FROM fulfillment_events e
        WHERE e.shipment_id = s.id AND e.entry_key NOT LIKE 'stuck|%'
      ) last
      ORDER BY d.turn, d.due_at`),
  );
}

/** A check as the run read it: a scan recorded since has moved its `due_at` on. */
type CheckRead = { id: string; due: string };

/**
 * After a run: the parcels it is done with leave the checks (marked stuck, no longer on their
 * way, or silent too long: a later scan brings them back), and those not stuck yet are due again
 * when their lane would call them stuck. Each only if its check is still as the run read it: a
 * scan recorded while the run looked (the courier's next scan, which also clears a fresh stuck
 * mark) has made it due a day after that scan, and that stands; deleting it would leave a parcel
 * that then goes silent again never looked at. Two statements whatever the number.
 */
async function settleChecks(
  db: Queryable,
  done: readonly CheckRead[],
  later: readonly (CheckRead & { next: Date })[],
): Promise<void> {
  if (done.length > 0)
    await db.execute(sql`
      DELETE FROM stuck_checks c
      USING unnest(${sql.param(done.map((d) => d.id))}::uuid[],
                   ${sql.param(done.map((d) => d.due))}::timestamptz[]) AS v(id, read_due)
      WHERE c.shipment_id = v.id AND c.due_at = v.read_due`);
  if (later.length > 0)
    await db.execute(sql`
      UPDATE stuck_checks c SET due_at = v.due
      FROM unnest(${sql.param(later.map((l) => l.id))}::uuid[],
                  ${sql.param(later.map((l) => l.due))}::timestamptz[],
                  ${sql.param(later.map((l) => l.next.toISOString()))}::timestamptz[])
           AS v(id, read_due, due)
      WHERE c.shipment_id = v.id AND c.due_at = v.read_due`);
}

/**
 * find-stuck (every 15 minutes): parcels after pickup whose courier has sent no scan for longer
 * than their lane's usual time (app/couriers/stuck.ts) go under "needs attention" (kind `stuck`),
 * and Shopify is told once that they are delayed (one `DELAYED` fulfillment event, so the
 * customer hears of it once). Silence is measured on the app's clock, from when the app recorded
 * the parcel's latest scan, not from the courier's own timestamps. A later scan clears it
 * (sync-status). `now`: the run's time (tests and the demo move it on); `onlyShop`: one shop's
 * parcels only (a test that runs the finder for one shop). Every due parcel is looked at, a
 * batch of LIMIT at a time (each batch's shops in turn), up to BATCHES.
 */
export async function findStuck(
  deps: Pick<WorkerDeps, "db" | "enqueue">,
  now: Date = new Date(),
  onlyShop?: string,
): Promise<{ looked: number; stuck: number }> {
  const total = { looked: 0, stuck: 0 };
  for (let batch = 0; batch < BATCHES; batch++) {
    const { looked, stuck } = await findStuckBatch(deps, now, onlyShop);
    total.looked += looked;
    total.stuck += stuck;
    if (looked < LIMIT) break;
  }
  return total;
}

/** One batch: at most LIMIT due parcels looked at, each settled (stuck, done, or due later). */
async function findStuckBatch(
  deps: Pick<WorkerDeps, "db" | "enqueue">,
  now: Date,
  onlyShop: string | undefined,
): Promise<{ looked: number; stuck: number }> {
  const { db } = deps;
  const rows = await silentParcels(db, now, onlyShop);
  const records = new Map<string, Map<string, LaneFigures>>();
  const notBefore = now.getTime() - LONGEST_SILENCE_MS;
  const done: CheckRead[] = [];
  const later: (CheckRead & { next: Date })[] = [];
  let stuck = 0;
  for (const r of rows) {
    const shop = String(r.shop);
    const check = { id: String(r.id), due: String(r.due) };
    const seenAt = r.seen ? new Date(String(r.seen)).getTime() : NaN;
    if (
      r.problem !== null ||
      !(MOVING as readonly string[]).includes(String(r.status)) ||
      !(seenAt >= notBefore)
    ) {
      done.push(check);
      continue;
    }
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
    const seen = new Date(seenAt);
    const silentMs = now.getTime() - seen.getTime();
    if (silentMs <= usual.ms) {
      // Looked at again when its lane would call it stuck (a scan before then moves it too).
      later.push({ ...check, next: new Date(seenAt + usual.ms + 1) });
      continue;
    }
    done.push(check);
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
  await settleChecks(db, done, later);
  return { looked: rows.length, stuck };
}
