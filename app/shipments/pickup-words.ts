import { stillOpen } from "./available";
import type { Speech } from "./status-words";
import {
  openDays,
  openTimes,
  pickupSlotOf,
  slotStart,
  wibDay,
  type PickupSlot,
} from "./pickup-slots";

/** A day of the calendar said as the reader says it: "Sel, 1 Des" (read as a UTC date: no shift). */
function dayWords(date: string, { locale }: Pick<Speech, "locale">): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));
}

/** 10:00 as the reader writes it: "10.00" in Indonesian, "10:00" in English. */
const timeWords = (time: string, { locale }: Pick<Speech, "locale">) =>
  locale.startsWith("id") ? time.replace(":", ".") : time;

/** A slot in words: "Sel, 1 Des pukul 10.00 WIB". */
export function slotWords(slot: PickupSlot, speech: Speech): string {
  return speech.t("shipment.pickup.slot", {
    day: dayWords(slot.date, speech),
    time: timeWords(slot.time, speech),
  });
}

/**
 * The shipment page's pickup card: when the courier collects (the parcel's own slot, or the shop's
 * default), and the days and hours still open to choose; null once booked or ended.
 */
export function pickupChoiceWords(
  shipment: { status: string; shippingOrderId: string | null; pickupSlot: unknown },
  shopDefault: "now" | "scheduled",
  speech: Speech,
  now: Date,
) {
  if (!stillOpen(shipment)) return null;
  const { t } = speech;
  const chosen = pickupSlotOf(shipment.pickupSlot);
  const ahead = chosen !== null && slotStart(chosen).getTime() > now.getTime();
  const current = ahead
    ? t("shipment.pickup.at", { when: slotWords(chosen, speech) })
    : chosen
      ? t("shipment.pickup.passed", { when: slotWords(chosen, speech) })
      : shopDefault === "scheduled"
        ? t("shipment.pickup.shopTomorrow")
        : t("shipment.pickup.asap");
  return { current, chosen: ahead ? chosen : null, ...slotOptions(speech, now) };
}

/** The days (today, tomorrow named) and each day's hours still open at `now`, as choices. */
export function slotOptions(speech: Pick<Speech, "t" | "locale">, now: Date) {
  const { t } = speech;
  const today = wibDay(now);
  const tomorrow = wibDay(new Date(now.getTime() + 24 * 3_600_000));
  const days = openDays(now).map((date) => ({
    value: date,
    label:
      date === today
        ? t("shipment.pickup.today", { day: dayWords(date, speech) })
        : date === tomorrow
          ? t("shipment.pickup.tomorrow", { day: dayWords(date, speech) })
          : dayWords(date, speech),
  }));
  const times = Object.fromEntries(
    days.map((d) => [
      d.value,
      openTimes(d.value, now).map((time) => ({
        value: time,
        label: t("shipment.pickup.time", { time: timeWords(time, speech) }),
      })),
    ]),
  );
  return { days, times };
}

export type PickupChoice = NonNullable<ReturnType<typeof pickupChoiceWords>>;
