/**
 * Days in a shop's time zone: when its day starts, which Monday starts its week. Indonesia's zones
 * (WIB, WITA, WIT) keep no daylight saving; elsewhere the offset is the one at that moment.
 */

/** The zone a shop has until Shopify names its own: the service's (Western Indonesian Time). */
export const DEFAULT_TIME_ZONE = "Asia/Jakarta";

/** A zone Intl knows, else the default one (a shop's stored zone is Shopify's word, not ours). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** The calendar date and weekday (0 Sunday … 6 Saturday) of a moment in a zone. */
function localDate(
  at: Date,
  timeZone: string,
): { y: number; m: number; d: number; weekday: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: safeTimeZone(timeZone),
      year: "numeric",
      month: "numeric",
      day: "numeric",
      weekday: "short",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday ?? "");
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day), weekday };
}

/** The zone's offset from UTC at a moment, in milliseconds (Jakarta: +7 h). */
function offsetAt(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: safeTimeZone(timeZone),
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  const asUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** Midnight in the zone at or before `now`. */
export function startOfDayIn(now: Date, timeZone: string): Date {
  const { y, m, d } = localDate(now, timeZone);
  return new Date(Date.UTC(y, m - 1, d) - offsetAt(now, timeZone));
}

/** The Monday (YYYY-MM-DD) of a moment's week in the zone. */
export function mondayIn(at: Date, timeZone: string): string {
  const { y, m, d, weekday } = localDate(at, timeZone);
  const monday = new Date(Date.UTC(y, m - 1, d - ((weekday + 6) % 7)));
  return monday.toISOString().slice(0, 10);
}
