/**
 * A courier lane's figures from its kept rows (courier_lane_days, app/couriers/record.server.ts):
 * rates over the parcels with an outcome, times from pickup to delivery as percentiles of the
 * quarter-day histogram, the average price and the COD share, each with the number of parcels
 * behind it and none from fewer than `MIN_PARCELS`.
 */

/** No figure is shown from fewer parcels than this (a rate from 4 parcels says nothing). */
export const MIN_PARCELS = 10;

/** One kept row summed over the period: a lane's parcels with one time from pickup to delivery. */
export interface LaneRow {
  courier: string;
  service: string;
  province: string;
  city: string;
  /** Quarter days from pickup to delivery, rounded up; -1: not delivered or no pickup known. */
  transitQ: number;
  parcels: number;
  finished: number;
  firstAttempt: number;
  returned: number;
  cod: number;
  price: number;
}

/** A share and how many parcels it is of; `value` null when they are too few. */
export interface Share {
  value: number | null;
  of: number;
}

export interface LaneFigures {
  courier: string;
  service: string;
  province: string;
  /** Null: the whole province. */
  city: string | null;
  parcels: number;
  /** Delivered at the first attempt, of the parcels delivered or turned back. */
  firstAttempt: Share;
  /** Turned back, of the parcels delivered or turned back. */
  returned: Share;
  /** Days from pickup to delivery (median and 90th percentile), of the delivered parcels timed. */
  days: { median: number | null; p90: number | null; of: number };
  /** The service's average price, and the share paid on delivery, of all the lane's parcels. */
  averagePrice: number | null;
  codShare: number | null;
}

const share = (count: number, of: number): Share => ({
  value: of >= MIN_PARCELS ? count / of : null,
  of,
});

/**
 * The `p`-th percentile (0 < p ≤ 1) of a histogram of quarter days, by nearest rank: the smallest
 * time at or under which at least p of the parcels were delivered.
 */
export function percentileDays(histogram: ReadonlyMap<number, number>, p: number): number | null {
  const total = [...histogram.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = Math.ceil(p * total);
  let seen = 0;
  for (const q of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(q)!;
    if (seen >= rank) return q / 4;
  }
  return null;
}

interface Lane {
  key: Omit<
    LaneFigures,
    "parcels" | "firstAttempt" | "returned" | "days" | "averagePrice" | "codShare"
  >;
  sums: Omit<LaneRow, "courier" | "service" | "province" | "city" | "transitQ">;
  histogram: Map<number, number>;
}

/**
 * The figures of each lane: by service and province (`byCity` false), or by service, province and
 * city. Lanes come in the rows' order of first appearance.
 */
export function laneFigures(rows: readonly LaneRow[], byCity: boolean): LaneFigures[] {
  const lanes = new Map<string, Lane>();
  for (const r of rows) {
    const city = byCity ? r.city : null;
    const id = JSON.stringify([r.courier, r.service, r.province, city]);
    let lane = lanes.get(id);
    if (!lane) {
      lane = {
        key: { courier: r.courier, service: r.service, province: r.province, city },
        sums: { parcels: 0, finished: 0, firstAttempt: 0, returned: 0, cod: 0, price: 0 },
        histogram: new Map(),
      };
      lanes.set(id, lane);
    }
    lane.sums.parcels += r.parcels;
    lane.sums.finished += r.finished;
    lane.sums.firstAttempt += r.firstAttempt;
    lane.sums.returned += r.returned;
    lane.sums.cod += r.cod;
    lane.sums.price += r.price;
    if (r.transitQ >= 0 && r.parcels > 0)
      lane.histogram.set(r.transitQ, (lane.histogram.get(r.transitQ) ?? 0) + r.parcels);
  }
  return [...lanes.values()]
    .filter((l) => l.sums.parcels > 0)
    .map(({ key, sums, histogram }) => {
      const timed = [...histogram.values()].reduce((a, b) => a + b, 0);
      const enough = timed >= MIN_PARCELS;
      const many = sums.parcels >= MIN_PARCELS;
      return {
        ...key,
        parcels: sums.parcels,
        firstAttempt: share(sums.firstAttempt, sums.finished),
        returned: share(sums.returned, sums.finished),
        days: {
          median: enough ? percentileDays(histogram, 0.5) : null,
          p90: enough ? percentileDays(histogram, 0.9) : null,
          of: timed,
        },
        averagePrice: many ? sums.price / sums.parcels : null,
        codShare: many ? sums.cod / sums.parcels : null,
      };
    });
}
