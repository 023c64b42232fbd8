import type { Said } from "../i18n/said";
import type { PickupSlot } from "../shipments/pickup-slots";
import type { InsuranceChoice } from "../shipments/insurance-choice";
import type { CodType, DraftOrderCreateRequest } from "../shipping/contract";
import type { ShopSettings } from "../shops/settings";
import type { CourierListEntry } from "./courier-match";
import type { ShopifyOrder } from "./payload";

/** What mapping a store order to a draft order reads and answers (map.ts and its steps). */

export interface ProductInfo {
  productType: string | null;
  tags: string[];
  /** Shopify's Standard Product Taxonomy path ("Apparel & Accessories > Clothing"). */
  taxonomy?: string | null;
}

/** An item's size per unit, in centimetres (app/orders/variant-dimensions.ts reads it from Shopify). */
export interface Dimensions {
  length: number;
  width: number;
  height: number;
}

export interface MappingProblem {
  code:
    | "no_pickup_location"
    | "no_shipping_address"
    | "no_destination_phone"
    | "no_destination_locator"
    | "zero_weight"
    | "weightless_line"
    | "cod_too_high"
    | "courier_needs_coordinates"
    | "courier_not_offered";
  message: string;
  /** What is wrong and how to fix it, as a message the reader's language says. */
  said: Said;
  /** How the merchant fixes it. */
  fix: string;
  blocking: boolean;
}

/** What the shipment row keeps of the destination (redactable personal data). */
export interface DestinationSnapshot {
  name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
}

/** What a draft carries, kept on the shipment to tell what a later order edit changed. */
export interface ShipmentContents {
  /** What the draft carries: units still to fulfill. */
  items: ContentLine[];
  /** Units ordered (after removals and refunds), fulfilled or not: what a booked parcel is compared with. */
  ordered: ContentLine[];
  cod: number | null;
  /** The service's COD disbursement window the draft asked for (absent on rows written before it was kept). */
  codType?: CodType | null;
  insurance: number | null;
}
export interface ContentLine {
  name: string;
  sku: string | null;
  quantity: number;
  value: number;
  /** Grams per unit, as the draft declares it (absent on rows written before it was kept, and on `ordered`). */
  weight?: number;
  /** Centimetres per unit, where the shop keeps them: the parcel's volumetric weight. */
  dimensions?: Dimensions | null;
}

/** Where the draft's courier came from, for the timeline (`rule`: a courier rule, `via` says which and why). */
export type CourierSource =
  | {
      from: "merchant" | "checkout" | "default" | "rule";
      company: string;
      type: string;
      via?: Said;
    }
  | { from: "none"; reason: Said };

export interface MappingResult {
  /** Null when a blocking problem prevents a draft. */
  request: DraftOrderCreateRequest | null;
  problems: MappingProblem[];
  /** True when some line requires shipping after removals, refunds (and, before booking, fulfillments). */
  hasShippableItems: boolean;
  destination: DestinationSnapshot;
  referenceId: string;
  contents: ShipmentContents;
  courier: CourierSource;
}

export interface MappingInput {
  shop: string;
  order: ShopifyOrder;
  settings: ShopSettings;
  /** By Shopify product id. */
  products?: ReadonlyMap<string, ProductInfo>;
  /** By Shopify variant id: the sizes the shop keeps (`dimensionsFromShopify`). */
  dimensions?: ReadonlyMap<string, Dimensions>;
  /** The service's couriers list (GET /v1/couriers); without it the checkout's line is not read. */
  couriers?: readonly CourierListEntry[] | null;
  /** A courier the merchant chose for this shipment; wins over the checkout's. */
  chosenCourier?: { company: string; type: string } | null;
  /** The pickup slot the merchant chose for this shipment (WIB); wins over the shop's default while ahead. */
  pickupSlot?: PickupSlot | null;
  /** The merchant's insurance choice for this shipment; null: the shop's rule. */
  insuranceChoice?: InsuranceChoice | null;
  /** The shipment's attempt (1 for the first; a shipment made again has its own reference). */
  attempt?: number;
  /** Which of the order's shipments (one per fulfillment order shipped; 1 for the first). */
  part?: number;
  /**
   * What this shipment's courier collects on delivery, when the order leaves as several parcels
   * (codShares in fulfillment-orders.ts); otherwise all the customer owes.
   */
  outstanding?: number;
  /**
   * "booked": the items as ordered (after removals and refunds), for comparing with what was
   * booked; Shopify's own fulfillment of the booked parcel must not read as a change. Default
   * "draft": what is still to fulfill.
   */
  stage?: "draft" | "booked";
  /** For scheduled delivery: the moment "tomorrow" is computed from. */
  now?: Date;
}
