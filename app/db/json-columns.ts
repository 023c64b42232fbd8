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
