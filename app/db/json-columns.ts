/**
 * The shapes of the schema's JSON columns (app/db/schema.ts), owned here so that the schema
 * imports no feature: the features that write and read them import these.
 */
import type { FulfillmentEventStatus } from "../admin-api/types/admin.types";

export type { FulfillmentEventStatus };

/** One side of a parcel as its label prints it. */
export interface LabelParty {
  name: string | null;
  phone: string | null;
  address: string | null;
  district: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
}

export interface LabelItem {
  name: string;
  quantity: number;
  /** Grams of one unit. */
  grams: number;
  /** Declared value of one unit (absent on labels kept before it was). */
  value?: number | null;
}

/**
 * What a parcel's label needs beyond the shipment's own columns, taken from the booked order as
 * the service answers it (so the label shows what the courier was told, not what the app meant
 * to send). Kept on `shipments.label` when the booking is recorded.
 */
export interface LabelSnapshot {
  sender: LabelParty;
  receiver: LabelParty;
  /** The sender's business name as the service knows it (shipper.organization). */
  shipper: string | null;
  /** The courier's sorting code for the destination hub, when the service gives one. */
  routingCode: string | null;
  items: LabelItem[];
  /** Cash the courier collects from the receiver; null when none. */
  cod: number | null;
  currency: string;
  /*
   * The facts below were added later: a label kept before them lacks them (migration 0030 gave
   * the booking date to those it could), and prints without them rather than guess.
   */
  /** When the courier was booked (the order's first history entry), ISO 8601. */
  bookedAt?: string | null;
  /** What the service charges for the parcel (the order's price). */
  price?: number | null;
  /** The value the courier insures; 0 when the parcel is not insured. */
  insured?: number | null;
  /** The note for the courier at the destination (the store order's note, as sent). */
  note?: string | null;
}

/** One line of a customer's return as its pickup carries it. */
export interface ReturnPickupLine {
  /** Shopify's reverse fulfillment order line (what the reverse delivery names). */
  reverseLineId: string;
  name: string;
  quantity: number;
  /** Grams of one unit, from the original parcel's items. */
  grams: number;
  /** Value of one unit in the shop's currency (the declared value at the service). */
  value: number;
}

/** A message kept as data (app/i18n/said.ts's Said): its kind and values. */
export interface StoredMessage {
  key: string;
  values?: Record<string, unknown>;
}

/**
 * A cash-on-delivery order's risk as assessed before its draft (app/cod-risk/): the score, its
 * level, every reason that counted (messages, said in the reader's language), and when.
 */
export interface CodRiskSnapshot {
  score: number;
  level: "low" | "medium" | "high";
  reasons: StoredMessage[];
  /** ISO time of the assessment. */
  at: string;
  /** The merchant's word on the buyer when assessed (app/cod-risk/hold.ts). */
  mark?: "trusted" | "held" | null;
  /** The order's keys the mark matched on (app/cod-risk/mark-match.ts). */
  markKeys?: ("customer" | "phone" | "email")[];
  /** Held before booking: since when, why, and the money at stake. Absent: not held. */
  held?: CodRiskHeld;
}

/** What the buyer did from the held order's link (app/buyer-page/), once. */
export interface BuyerAnswer {
  did: "confirmed" | "fixed" | "cancelled";
  /** ISO time. */
  at: string;
  /** The address they wrote, for "fixed". */
  address?: string;
}

/** A COD order held before booking for its risk. */
export interface CodRiskHeld {
  /** ISO time the hold began. */
  at: string;
  /** The policy's level, or the buyer's "always held" mark. */
  reason: "level" | "marked";
  /** The courier's price for the parcel out (the service's rates; null when unknown); back costs about as much again. */
  shipping: number | null;
  /** The cash the courier would collect. */
  cod: number;
  currency: string;
  /**
   * ISO time the merchant asked Shopify to cancel the order: from then on the hold is no longer
   * the merchant's to release (app/cod-risk/hold-actions.server.ts).
   */
  cancelAskedAt?: string;
}
