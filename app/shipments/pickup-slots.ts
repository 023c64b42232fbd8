/**
 * When the courier collects a parcel: "now" (as soon as it is booked) or a slot the merchant chose,
 * a day and an hour in Western Indonesian Time (WIB, UTC+7), the time the shipping service reads
 * `delivery_date` and `delivery_time` in (`delivery_type: "scheduled"`). Slots are on the hour,
 * 09.00 to 16.00, from an hour ahead up to a week ahead; the page offers only those, and the server
 * checks again (`slotProblem`), since a slot chosen on a page left open may have passed.
 */

/** A chosen pickup: `date` YYYY-MM-DD and `time` HH:mm, in WIB. */
export interface PickupSlot {
  date: string;
  time: string;
}

export const PICKUP_TIMES = [
  "09:00",
  "10:00",
  "11:00",
  "12:00",
  "13:00",
  "14:00",
  "15:00",
  "16:00",
] as const;

/** Days offered: today and the six after it. */
export const PICKUP_DAYS = 7;
/** The earliest slot is at least this far ahead (the courier needs notice). */
export const PICKUP_LEAD_MS = 60 * 60_000;

const WIB_MS = 7 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

/** The WIB calendar day of an instant, YYYY-MM-DD. */
export const wibDay = (at: Date): string =>
  new Date(at.getTime() + WIB_MS).toISOString().slice(0, 10);

/** The instant a slot starts. */
export function slotStart(slot: PickupSlot): Date {
  return new Date(`${slot.date}T${slot.time}:00+07:00`);
}

/** The slots still open on a day (WIB), at `now`. */
export function openTimes(date: string, now: Date): string[] {
  return PICKUP_TIMES.filter(
    (time) => slotStart({ date, time }).getTime() >= now.getTime() + PICKUP_LEAD_MS,
  );
}

/** The days with at least one open slot, at `now`: today (if any is left) and the days after. */
export function openDays(now: Date): string[] {
  const today = Date.parse(`${wibDay(now)}T00:00:00Z`);
  return Array.from({ length: PICKUP_DAYS }, (_, i) =>
    new Date(today + i * DAY_MS).toISOString().slice(0, 10),
  ).filter((date) => openTimes(date, now).length > 0);
}

/** Why a slot cannot be chosen at `now`, or null when it can. */
export function slotProblem(
  slot: { date: string; time: string },
  now: Date,
): "format" | "passed" | "tooFar" | null {
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(slot.date) ||
    !(PICKUP_TIMES as readonly string[]).includes(slot.time)
  )
    return "format";
  const start = slotStart(slot);
  if (Number.isNaN(start.getTime()) || wibDay(start) !== slot.date) return "format";
  if (start.getTime() < now.getTime() + PICKUP_LEAD_MS) return "passed";
  if (!openDays(now).includes(slot.date)) return "tooFar";
  return null;
}

/** The stored slot (a shipment's `pickup_slot`), or null when it is not one. */
export function pickupSlotOf(value: unknown): PickupSlot | null {
  if (!value || typeof value !== "object") return null;
  const { date, time } = value as Record<string, unknown>;
  return typeof date === "string" && typeof time === "string" ? { date, time } : null;
}

/**
 * The draft's delivery fields: the shipment's own slot while it is still ahead, else the shop's
 * default (now, or tomorrow at 10.00 WIB for a shop that books ahead).
 */
export function deliveryFields(
  slot: PickupSlot | null,
  shopDefault: "now" | "scheduled",
  now: Date,
): { delivery_type: "now" | "scheduled"; delivery_date?: string; delivery_time?: string } {
  if (slot && slotStart(slot).getTime() > now.getTime())
    return { delivery_type: "scheduled", delivery_date: slot.date, delivery_time: slot.time };
  if (shopDefault === "scheduled")
    return {
      delivery_type: "scheduled",
      delivery_date: wibDay(new Date(now.getTime() + DAY_MS)),
      delivery_time: "10:00",
    };
  return { delivery_type: "now" };
}
