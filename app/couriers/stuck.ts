import type { LaneFigures } from "./figures";
import { said } from "../i18n/said";
import { problemOf, type Problem } from "../shipments/problem-kinds";

/**
 * A parcel that stopped moving: after pickup, no courier scan for longer than its lane's usual
 * time. The usual time is the 90th percentile of the days from pickup to delivery of the shop's
 * own parcels on that lane (its courier service to its province, app/couriers/), else the
 * service's own estimate for the parcel (booking to the latest day it names), else three days;
 * never under a day (a night without a scan is no sign). See docs/courier-performance.md.
 */

const DAY_MS = 24 * 3_600_000;
/** A silence shorter than this never makes a parcel stuck. */
export const STUCK_FLOOR_MS = DAY_MS;
/** The usual time when neither the shop's history nor the service says one. */
export const DEFAULT_USUAL_MS = 3 * DAY_MS;

/** Where a parcel's usual time comes from. */
export type UsualFrom = "lane" | "estimate" | "default";

export interface UsualTime {
  ms: number;
  from: UsualFrom;
}

/** The lane's usual time, else the service's estimate (its span in ms), else the default. */
export function usualTime(record: LaneFigures | undefined, estimateMs: number | null): UsualTime {
  const chosen: UsualTime =
    record?.days.p90 !== null && record?.days.p90 !== undefined
      ? { ms: record.days.p90 * DAY_MS, from: "lane" }
      : estimateMs !== null && estimateMs > 0
        ? { ms: estimateMs, from: "estimate" }
        : { ms: DEFAULT_USUAL_MS, from: "default" };
  return { ...chosen, ms: Math.max(chosen.ms, STUCK_FLOOR_MS) };
}

/** Days to one decimal, for the merchant's sentence. */
const days = (ms: number) => Math.round((ms / DAY_MS) * 10) / 10;

/** The problem written on a stuck parcel (kind `stuck`): how long it has been silent, and against what. */
export function stuckProblem(silentMs: number, usual: UsualTime, province: string | null): Problem {
  const basis =
    usual.from === "lane" && province
      ? said("stuckByLane", { province })
      : usual.from === "estimate"
        ? said("stuckByEstimate")
        : said("stuckByDefault");
  return problemOf(
    "stuck",
    said("stuck", { silent: days(silentMs), usual: days(usual.ms), basis }),
  );
}
