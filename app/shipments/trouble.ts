import { said } from "../i18n/said";
import { normalisePhone } from "../orders/phone";
import { isFailedAttempt } from "./fulfillment-events";
import { isOnlyKind, problemOf, type Problem } from "./problem-kinds";

/**
 * A parcel in trouble on its way to the customer: the courier holds it (`on_hold`) or tells of a
 * failed delivery attempt. The merchant can still save it by calling the customer before the
 * courier gives up and sends it back, so the shipment goes under "needs attention" at once, with
 * the courier's note, the customer's WhatsApp and the cash on delivery at stake; it leaves the
 * list by itself when the parcel moves on (a later status whose note is not a failed attempt).
 */

/** What the trouble's text is made of (the shipment's row, and the service's latest history entry). */
export interface TroubleFacts {
  status: string;
  /** The courier's latest history note. */
  note: string | null;
  destinationName: string | null;
  destinationPhone: string | null;
  /** Cash on delivery the courier collects (null: prepaid). */
  cod: number | null;
  currency: string | null;
}

/** Statuses at which the parcel is still on its way to the customer (so a call can still save it). */
const ON_THE_WAY: ReadonlySet<string> = new Set([
  "allocated",
  "picking_up",
  "picked",
  "on_hold",
  "dropping_off",
]);

/** Whether the parcel is in trouble: held by the courier, or its latest note tells of a failed attempt. */
export function inTrouble(status: string, note: string | null): boolean {
  if (status === "on_hold") return true;
  return ON_THE_WAY.has(status) && isFailedAttempt(note);
}

/** The problem written on a shipment in trouble (kind `delivery`), or null when it is not. */
export function troubleProblem(facts: TroubleFacts): Problem | null {
  if (!inTrouble(facts.status, facts.note)) return null;
  const what = said(
    facts.status === "on_hold" && !isFailedAttempt(facts.note) ? "courierHolding" : "courierFailed",
  );
  // The courier's note is the courier's own words: quoted as they came.
  const note = facts.note ? said("courierNote", { note: facts.note }) : "";
  const who = facts.destinationName ?? said("theCustomer");
  const call = facts.destinationPhone
    ? said("callCustomer", {
        who,
        phone: facts.destinationPhone,
        whatsapp: whatsappLink(facts.destinationPhone) ?? said("unavailable"),
      })
    : said("reachCustomer", { who });
  const amount = Number(facts.cod);
  const stake =
    facts.cod && Number.isFinite(amount)
      ? said("codAtStake", { cod: { amount, currency: facts.currency ?? "IDR" } })
      : "";
  return problemOf("delivery", said("trouble", { what, note, call, stake }));
}

/** Whether a shipment's only problem is delivery trouble (which the parcel's next move clears). */
export const isOnlyTrouble = (kinds: readonly string[]): boolean => isOnlyKind(kinds, "delivery");

/**
 * A WhatsApp chat link for a phone number (`https://wa.me/<digits>`): Indonesian numbers written
 * locally (0812…, 812…, +62 0812…) become 62812…; null when there is no usable number.
 */
export function whatsappLink(phone: string | null | undefined): string | null {
  const normalised = normalisePhone(phone, "ID");
  if (!normalised) return null;
  let digits = normalised.replace(/\D/g, "");
  // "+62 0812…": the trunk 0 written after the country code.
  if (digits.startsWith("620")) digits = `62${digits.slice(3)}`;
  return digits.length >= 8 ? `https://wa.me/${digits}` : null;
}
