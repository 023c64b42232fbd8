import type { RiskLevel } from "./rules";
import type { CodRiskHold } from "../shops/cod-risk-holds";

/**
 * Whether a cash-on-delivery order waits for the merchant before anything is booked: the shop's
 * policy (the `codRiskHold` setting) against the order's assessed level, unless the merchant
 * already let it go or has a word on its buyer. Plain code, no I/O: the worker decides with it
 * before the draft (worker/shared/cod-risk-hold.ts) and the pages say it the same way.
 */

/** The merchant's word on a buyer (table cod_buyer_marks): never held, or always held. */
export const BUYER_MARKS = ["trusted", "held"] as const;
export type BuyerMark = (typeof BUYER_MARKS)[number];

export interface HoldInput {
  level: RiskLevel;
  /** The buyer's mark, if the merchant gave one. */
  mark: BuyerMark | null;
  policy: CodRiskHold;
  /** The merchant let this shipment go already (buyer confirmed, or book anyway). */
  released: boolean;
}

/**
 * A held order waiting longer than this is listed as waiting long (its age in red): a buyer who
 * has not answered in a day is unlikely to, and the goods are kept from sale meanwhile.
 */
export const LONG_HOLD_HOURS = 24;

/** Why the order is held, or null: it books as usual. */
export function holdReason(input: HoldInput): "level" | "marked" | null {
  if (input.released || input.mark === "trusted") return null;
  if (input.mark === "held") return "marked";
  if (input.policy === "never") return null;
  if (input.level === "high") return "level";
  return input.policy === "medium" && input.level === "medium" ? "level" : null;
}
