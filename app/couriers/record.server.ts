import { sql } from "drizzle-orm";
import { executedRows, type Queryable } from "../db/client.server";
import { periodParser } from "../platform/period";
import { laneFigures, type LaneFigures, type LaneRow } from "./figures";

/**
 * Which courier delivers, from the shop's own parcels (the couriers page and the record beside
 * each service on offer): each courier service's figures per destination province, or per city,
 * over a period, by when the parcels' orders came. They come from `courier_lane_days` (kept by a
 * trigger on `shipments` as parcels are booked and move, migration 0034), never from the shop's
 * shipments: one grouped read of at most a row per lane, day and quarter day of transit.
 */

export const COURIER_PERIODS = [30, 90, 365] as const;
export type CourierPeriod = (typeof COURIER_PERIODS)[number];
export const DEFAULT_COURIER_PERIOD: CourierPeriod = 90;

export const courierPeriodOf = periodParser<CourierPeriod>(COURIER_PERIODS, DEFAULT_COURIER_PERIOD);

/** The period's first day (UTC, the kept rows' grain): `days` before today. */
const firstDay = (now: Date, days: number) =>
  new Date(now.getTime() - days * 24 * 3600 * 1000).toISOString().slice(0, 10);

const laneRow = (r: Record<string, unknown>): LaneRow => ({
  courier: String(r.courier),
  service: String(r.service),
  province: String(r.province),
  city: String(r.city),
  transitQ: Number(r.transit_q),
  parcels: Number(r.parcels),
  finished: Number(r.finished),
  firstAttempt: Number(r.first_attempt),
  returned: Number(r.returned),
  cod: Number(r.cod),
  price: Number(r.price),
});

const SUMS = sql`sum(d.parcels)::int AS parcels, sum(d.finished)::int AS finished,
  sum(d.first_attempt)::int AS first_attempt, sum(d.returned)::int AS returned,
  sum(d.cod)::int AS cod, sum(d.price)::float8 AS price`;

export interface CourierPerformance {
  /** Each service over every destination (the page's charts), most parcels first. */
  services: LaneFigures[];
  /** Each service per destination province (or city), most parcels first. */
  lanes: LaneFigures[];
}

export async function courierPerformance(
  db: Queryable,
  shop: string,
  days: CourierPeriod,
  byCity: boolean,
  now: Date = new Date(),
): Promise<CourierPerformance> {
  const city = byCity ? sql`d.city` : sql`''`;
  const rows = executedRows(
    await db.execute(sql`
      SELECT d.courier, d.service, d.province, ${city} AS city, d.transit_q, ${SUMS}
      FROM courier_lane_days d
      WHERE d.shop = ${shop} AND d.day >= ${firstDay(now, days)}
      GROUP BY 1, 2, 3, 4, 5`),
  ).map(laneRow);
  const mostFirst = (a: LaneFigures, b: LaneFigures) =>
    b.parcels - a.parcels ||
    `${a.courier}/${a.service}/${a.province}/${a.city ?? ""}`.localeCompare(
      `${b.courier}/${b.service}/${b.province}/${b.city ?? ""}`,
    );
  return {
    services: laneFigures(
      rows.map((r) => ({ ...r, province: "", city: "" })),
      false,
    ).sort(mostFirst),
    lanes: laneFigures(rows, byCity).sort(mostFirst),
  };
}

/** The period behind the record shown beside each service on offer. */
export const RECORD_DAYS = 90;

/**
 * Each service's record for one destination province over the last `RECORD_DAYS` (the courier
 * choice on a shipment), by `courier/service`; none when the province is not known.
 */
export async function provinceRecords(
  db: Queryable,
  shop: string,
  province: string | null,
  now: Date = new Date(),
): Promise<Map<string, LaneFigures>> {
  if (!province) return new Map();
  const rows = executedRows(
    await db.execute(sql`
      SELECT d.courier, d.service, d.province, '' AS city, d.transit_q, ${SUMS}
      FROM courier_lane_days d
      WHERE d.shop = ${shop} AND d.province = ${province} AND d.day >= ${firstDay(now, RECORD_DAYS)}
      GROUP BY 1, 2, 3, 5`),
  ).map(laneRow);
  return new Map(laneFigures(rows, false).map((f) => [`${f.courier}/${f.service}`, f]));
}
