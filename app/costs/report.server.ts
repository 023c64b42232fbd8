import { sql } from "drizzle-orm";
import { executedRows, type Queryable } from "../db/client.server";
import { DEFAULT_TIME_ZONE, safeTimeZone } from "../platform/zoned-time";
import { periodParser } from "../platform/period";
import { BOOKED, PARCEL_COLUMNS, parcelOf, type CostParcel } from "./parcels.server";

/**
 * What shipping really cost a shop over a period (the costs page and its CSV): per parcel booked
 * (by when its order came; a cancelled booking cost nothing), the price quoted at booking, the
 * service's price now (re-weighs and a return fee in it), the fees, and what the customer paid for
 * shipping at checkout; totals by courier and week, and the parcels charged more than quoted.
 * The totals come from `shipping_cost_hours` (kept by a trigger as parcels change: at most one row
 * per courier and hour), the parcels charged more through `shipments_shop_surcharged_idx` (the
 * few there are), the CSV's parcels a page at a time through `shipments_shop_booked_costs_idx`
 * (./parcels.server.ts): never every shipment of the shop. The period starts at the hour.
 */
export const COST_PERIODS = [7, 30, 90] as const;
export type CostPeriod = (typeof COST_PERIODS)[number];
export const DEFAULT_COST_PERIOD: CostPeriod = 30;
/** Parcels charged more than quoted, listed at most (largest rise first); the totals count all. */
export const SURCHARGED_ROWS = 100;

export const costPeriodOf = periodParser<CostPeriod>(COST_PERIODS, DEFAULT_COST_PERIOD);

/** Money over a set of parcels. */
export interface CostTotals {
  parcels: number;
  /** What the customers paid for shipping (parcels whose order said it: `chargedParcels`). */
  charged: number;
  chargedParcels: number;
  quoted: number;
  /** What the service charged: its prices now, re-weighs, fees and return fees in them. */
  paid: number;
  /** The rises over the quotes that are not return fees, and on how many parcels. */
  surcharges: number;
  surcharged: number;
  returnFees: number;
  returned: number;
  codFees: number;
  insuranceFees: number;
  /** Charged to customers minus paid to the service. */
  margin: number;
}

export interface CostGroup extends CostTotals {
  courier: string | null;
  /** Monday of the week its orders came in, in the shop's zone (YYYY-MM-DD). */
  week: string;
}

export interface CostReport {
  days: CostPeriod;
  totals: CostTotals;
  byCourier: (CostTotals & { courier: string | null })[];
  byWeek: (CostTotals & { week: string })[];
  surcharged: CostParcel[];
}

/** The period's first hour: `days` before now, at the start of its hour (the totals' grain). */
export const periodStart = (now: Date, days: number) =>
  new Date(Math.floor((now.getTime() - days * 24 * 3600 * 1000) / 3_600_000) * 3_600_000);

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

const SURCHARGED = sql`s.price - coalesce(s.return_fee, 0) > s.quoted_price`;

export async function costReport(
  db: Queryable,
  shop: string,
  days: CostPeriod,
  now: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): Promise<CostReport> {
  const since = periodStart(now, days);
  const zone = safeTimeZone(timeZone);
  const [groupRows, surchargedRows] = await Promise.all([
    db.execute(sql`
      SELECT nullif(h.courier, '') AS courier,
             to_char(date_trunc('week', h.hour AT TIME ZONE ${zone}), 'YYYY-MM-DD') AS week,
             sum(h.parcels)::int AS parcels,
             sum(h.charged)::float8 AS charged,
             sum(h.charged_parcels)::int AS charged_parcels,
             sum(h.quoted)::float8 AS quoted,
             sum(h.paid)::float8 AS paid,
             sum(h.surcharges)::float8 AS surcharges,
             sum(h.surcharged)::int AS surcharged,
             sum(h.return_fees)::float8 AS return_fees,
             sum(h.returned)::int AS returned,
             sum(h.cod_fees)::float8 AS cod_fees,
             sum(h.insurance_fees)::float8 AS insurance_fees
      FROM shipping_cost_hours h
      WHERE h.shop = ${shop} AND h.hour >= ${since.toISOString()}
      GROUP BY 1, 2
      HAVING sum(h.parcels) > 0
      ORDER BY 2 DESC, 1`),
    db.execute(sql`
      SELECT ${PARCEL_COLUMNS}
      FROM shipments s
      WHERE s.shop = ${shop} AND s.created_at >= ${since.toISOString()} AND ${BOOKED}
        AND ${SURCHARGED}
      ORDER BY s.price - coalesce(s.return_fee, 0) - s.quoted_price DESC, s.id
      LIMIT ${SURCHARGED_ROWS}`),
  ]);
  const groups: CostGroup[] = executedRows(groupRows).map((r) => ({
    courier: (r.courier as string | null) ?? null,
    week: String(r.week),
    ...withMargin({
      parcels: n(r.parcels),
      charged: n(r.charged),
      chargedParcels: n(r.charged_parcels),
      quoted: n(r.quoted),
      paid: n(r.paid),
      surcharges: n(r.surcharges),
      surcharged: n(r.surcharged),
      returnFees: n(r.return_fees),
      returned: n(r.returned),
      codFees: n(r.cod_fees),
      insuranceFees: n(r.insurance_fees),
    }),
  }));
  return {
    days,
    totals: sumOf(groups),
    byCourier: groupBy(groups, (g) => g.courier ?? "").map(([, gs]) => ({
      courier: gs[0]!.courier,
      ...sumOf(gs),
    })),
    byWeek: groupBy(groups, (g) => g.week).map(([week, gs]) => ({ week, ...sumOf(gs) })),
    surcharged: executedRows(surchargedRows).map(parcelOf),
  };
}

const ZERO: Omit<CostTotals, "margin"> = {
  parcels: 0,
  charged: 0,
  chargedParcels: 0,
  quoted: 0,
  paid: 0,
  surcharges: 0,
  surcharged: 0,
  returnFees: 0,
  returned: 0,
  codFees: 0,
  insuranceFees: 0,
};

const round2 = (v: number) => Math.round(v * 100) / 100;

function withMargin(t: Omit<CostTotals, "margin">): CostTotals {
  return { ...t, margin: round2(t.charged - t.paid) };
}

function sumOf(groups: readonly CostTotals[]): CostTotals {
  const total = { ...ZERO };
  for (const g of groups)
    for (const key of Object.keys(ZERO) as (keyof typeof ZERO)[])
      total[key] = round2(total[key] + g[key]);
  return withMargin(total);
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): [string, T[]][] {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = map.get(key);
    if (group) group.push(item);
    else map.set(key, [item]);
  }
  return [...map.entries()];
}
