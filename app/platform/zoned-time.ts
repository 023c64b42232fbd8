/**
 * Days in a shop's time zone: when its day starts, which Monday starts its week. Indonesia's zones
 * (WIB, WITA, WIT) keep no daylight saving; elsewhere the offset is the one at that moment.
 */

/** The zone a shop has until Shopify names its own: the service's (Western Indonesian Time). */
export const DEFAULT_TIME_ZONE = "Asia/Jakarta";

/**
 * A zone Intl knows, else the default one (a shop's stored zone is Shopify's word, not ours). Each
 * zone is checked once (checking makes a formatter, about 40 µs: a list page asks per row).
 */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  let known = checkedZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en", { timeZone });
      known = timeZone;
    } catch {
      known = DEFAULT_TIME_ZONE;
    }
    // Bounded: zones come from stored settings and requests; a flood starts the cache afresh.
    if (checkedZones.size >= 500) checkedZones.clear();
    checkedZones.set(timeZone, known);
  }
  return known;
}
const checkedZones = new Map<string, string>();

/** One formatter per zone (building one costs more than using it: a report asks per parcel). */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A moment's wall clock in a zone: date, time and weekday (0 Sunday … 6 Saturday). */
function wallClock(at: Date, timeZone: string) {
  const zone = safeTimeZone(timeZone);
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
    });
    formatters.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  const n = (type: string) => Number(parts[type]);
  return {
    y: n("year"),
    m: n("month"),
    d: n("day"),
    hour: n("hour"),
    weekday: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday ?? ""),
    /** The zone's offset from UTC at that moment, in milliseconds (Jakarta: +7 h). */
    offset:
      Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second")) -
      Math.floor(at.getTime() / 1000) * 1000,
  };
}

/** A moment's hour (0-23) in the zone. */
export const hourIn = (at: Date, timeZone: string): number => wallClock(at, timeZone).hour;

/**
 * A calendar date (YYYY-MM-DD) that is `today` or before, `today` being the shop's date: money
 * recorded as received did not arrive in the future.
 */
export const isDayUpTo = (date: string, today: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(date)) && date <= today;

/** Midnight in the zone at or before `now`. */
export function startOfDayIn(now: Date, timeZone: string): Date {
  const { y, m, d, offset } = wallClock(now, timeZone);
  return new Date(Date.UTC(y, m - 1, d) - offset);
}

/** The Monday (YYYY-MM-DD) of a moment's week in the zone. */
export function mondayIn(at: Date, timeZone: string): string {
  const { y, m, d, weekday } = wallClock(at, timeZone);
  const monday = new Date(Date.UTC(y, m - 1, d - ((weekday + 6) % 7)));
  return monday.toISOString().slice(0, 10);
}

/** A moment's calendar date in the zone (YYYY-MM-DD). */
export function dateIn(at: Date, timeZone: string): string {
  const { y, m, d } = wallClock(at, timeZone);
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
}

/** The first moment after a calendar date (YYYY-MM-DD) in the zone: midnight that ends it. */
export function endOfDateIn(date: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const { offset } = wallClock(new Date(Date.UTC(y, m - 1, d + 1, 12)), timeZone);
  return new Date(Date.UTC(y, m - 1, d + 1) - offset);
}
