import type { Pricing } from "../../shipping/contract";
import type { RuleAction } from "../../shops/courier-rules";
import { longestHours } from "../../shipments/estimate";
import type { LaneFigures } from "../figures";

/**
 * Which offered service a rule's action picks for a parcel: the cheapest, the fastest (by the
 * longest time the service states, then the price), or the one with the best first-attempt rate
 * to the parcel's province from the shop's own parcels (at least the rule's minimum, from enough
 * parcels to say: app/couriers/figures.ts), the cheaper on a tie. Null: none fits, and the next
 * rule is read.
 */

export interface Offer {
  company: string;
  type: string;
  price: number;
  /** The service's stated time ("1 - 2") and its unit. */
  range: string | null;
  unit: "days" | "hours";
  /** The longest stated time, in hours; null when the service states none. */
  hours: number | null;
}

export type Pick =
  | { kind: "cheapest"; offer: Offer }
  | { kind: "fastest"; offer: Offer }
  | { kind: "best"; offer: Offer; rate: number; of: number };

/** The services the rates answer offers the parcel (for cash on delivery: those that collect). */
export function offersOf(pricing: readonly Pricing[], cod: boolean): Offer[] {
  return pricing
    .filter((p) => !cod || p.available_for_cash_on_delivery !== false)
    .map((p) => ({
      company: p.courier_code,
      type: p.courier_service_code,
      price: p.price,
      range: p.shipment_duration_range?.trim() || null,
      unit: /^hours?$/i.test(p.shipment_duration_unit?.trim() ?? "") ? "hours" : "days",
      hours: longestHours(p.shipment_duration_range, p.shipment_duration_unit),
    }));
}

const byPrice = (a: Offer, b: Offer) => a.price - b.price;
const byTime = (a: Offer, b: Offer) =>
  (a.hours ?? Number.POSITIVE_INFINITY) - (b.hours ?? Number.POSITIVE_INFINITY);

export function pickOffer(
  action: Exclude<RuleAction, { kind: "service" } | { kind: "hold" }>,
  offers: readonly Offer[],
  records: ReadonlyMap<string, LaneFigures>,
): Pick | null {
  if (offers.length === 0) return null;
  if (action.kind === "cheapest")
    return {
      kind: "cheapest",
      offer: [...offers].sort((a, b) => byPrice(a, b) || byTime(a, b))[0]!,
    };
  if (action.kind === "fastest")
    return {
      kind: "fastest",
      offer: [...offers].sort((a, b) => byTime(a, b) || byPrice(a, b))[0]!,
    };
  const rated = offers.flatMap((offer) => {
    const share = records.get(`${offer.company}/${offer.type}`)?.firstAttempt;
    return share && share.value !== null && share.value * 100 >= action.minRate
      ? [{ offer, rate: share.value, of: share.of }]
      : [];
  });
  rated.sort((a, b) => b.rate - a.rate || byPrice(a.offer, b.offer));
  const best = rated[0];
  return best ? { kind: "best", ...best } : null;
}
