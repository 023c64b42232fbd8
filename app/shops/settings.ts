import { z } from "zod";
import { LABEL_LAYOUTS } from "./label-layouts";
import { ITEM_CATEGORIES, COD_TYPES } from "../shipping/codes";
import { PICKUP_TEXT_LIMITS } from "./pickup-limits";
import { COD_RISK_HOLDS } from "./cod-risk-holds";
import { courierRulesSchema } from "./courier-rules";
import { SKIPPABLE_STEPS } from "./setup-guide";
import { statementColumnsSchema } from "../cod/statements/columns";
import { dailySummarySchema } from "../summary/summary-settings";

/** Stored text cut to `limit` (settings saved before the limits keep their first `limit` characters). */
const storedText = (limit: number) =>
  z
    .string()
    .min(1)
    .transform((s) => s.slice(0, limit));

/** Where parcels are collected: the shop's pickup location as the shipping service needs it. */
export const pickupLocationSchema = z.object({
  /** Id in the service's location list, when the location was created there. */
  locationId: z.string().optional(),
  contactName: storedText(PICKUP_TEXT_LIMITS.contactName),
  contactPhone: storedText(PICKUP_TEXT_LIMITS.contactPhone),
  contactEmail: z.email().optional(),
  address: storedText(PICKUP_TEXT_LIMITS.address),
  note: z
    .string()
    .transform((s) => s.slice(0, PICKUP_TEXT_LIMITS.note))
    .optional(),
  postalCode: z.number().int().positive().optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});

export type PickupLocation = z.infer<typeof pickupLocationSchema>;

/**
 * A shop's shipping settings, stored as JSON on the shop row. Every field has a default, so a
 * newly installed shop parses to a complete, conservative configuration (nothing automatic).
 */
/** A location the shop keeps in the service's location list. */
export const savedLocationSchema = pickupLocationSchema.extend({ locationId: z.string().min(1) });
export type SavedLocation = z.infer<typeof savedLocationSchema>;

/** One courier service offered at checkout; `name` replaces the service's own name there. */
export const offeredServiceSchema = z.object({
  company: z.string().min(1),
  type: z.string().min(1),
  name: z.string().trim().max(60).optional(),
});
export type OfferedService = z.infer<typeof offeredServiceSchema>;

/**
 * What the checkout offers when rates at checkout are on (whether they are is the shop's
 * registered carrier service, shops.carrier_service_id): the courier services, in this order, each
 * priced by the service and then adjusted; from `freeAbove` the cheapest of them is free.
 */
export const checkoutRatesSchema = z.object({
  services: z.array(offeredServiceSchema).default([]),
  /** percent: the price × (1 + value / 100); fixed: the price + value rupiah. Never below 0. */
  adjustment: z
    .object({
      kind: z.enum(["percent", "fixed"]),
      value: z.number().min(-100_000_000).max(100_000_000),
    })
    .prefault({ kind: "percent", value: 0 }),
  /** Order value (rupiah, goods after discounts) from which the cheapest offered rate is free; null: never. */
  freeAbove: z.number().positive().nullable().default(null),
});
export type CheckoutRates = z.infer<typeof checkoutRatesSchema>;

export const shopSettingsSchema = z.object({
  /** The default origin: a copy of one of `locations` (or, before locations existed, set directly). */
  pickup: pickupLocationSchema.nullable().default(null),
  /** Pickup locations, each also in the service's location list. */
  locations: z.array(savedLocationSchema).default([]),
  /**
   * Shopify location (gid) → the pickup location (`locationId` of one of `locations`) its parcels
   * leave from. A shop with one location of its own needs none: its default pickup serves.
   */
  locationLinks: z.record(z.string(), z.string()).default({}),
  defaultCourier: z
    .object({ company: z.string().min(1), type: z.string().min(1) })
    .nullable()
    .default(null),
  autoCreateDrafts: z.boolean().default(true),
  autoConfirm: z.boolean().default(false),
  /**
   * Book orders whose payment is pending too (stores whose manual methods never mark orders
   * paid). Off: pending, authorized and partly paid orders wait for orders/paid.
   */
  bookPendingOrders: z.boolean().default(false),
  deliveryType: z.enum(["now", "scheduled"]).default("now"),
  /** Product type (case-insensitive) → item category; unmatched products become `others`. */
  categoryMapping: z.record(z.string(), z.enum(ITEM_CATEGORIES)).default({}),
  /** Grams per unit for variants whose weight is zero; null makes a zero weight a problem. */
  defaultWeightGrams: z.number().int().positive().nullable().default(null),
  /**
   * Read each item's size from its variant's metafields shipping.length/width/height, so the draft
   * carries it and the price at booking is the courier's volumetric one (one more Admin API call
   * per shipment: app/orders/variant-dimensions.ts). Off: items go by their actual weight alone.
   */
  dimensionsFromShopify: z.boolean().default(false),
  codGateways: z.array(z.string()).default([]),
  codType: z.enum(COD_TYPES).default("7_days"),
  insurance: z.boolean().default(false),
  /**
   * With `insurance` on, only parcels whose goods are worth at least this many rupiah are insured
   * (app/shipments/insurance-choice.ts); null: every parcel. A parcel's own choice wins.
   */
  insuranceFrom: z.number().int().min(0).max(1_000_000_000).nullable().default(null),
  proofOfDelivery: z.boolean().default(false),
  proofOfDeliveryNote: z.string().default(""),
  fulfillOnConfirm: z.boolean().default(true),
  notifyCustomer: z.boolean().default(true),
  /**
   * Mark a cash-on-delivery order paid in Shopify when the courier delivers its parcel (the
   * courier collected the cash): worker/processors/settle-cod.ts.
   */
  markCodPaid: z.boolean().default(true),
  /**
   * A parcel that comes back to the shop: its lines recorded as returned in Shopify and restocked
   * at the location they left from (worker/processors/process-return.ts).
   */
  restockReturns: z.boolean().default(true),
  /** And an unpaid cash-on-delivery order whose parcel came back is cancelled with nothing owed. */
  cancelReturnedCod: z.boolean().default(true),
  /**
   * Hold each shipment's Shopify fulfillment order from its draft until this app fulfills it with
   * the tracking (or the merchant cancels it), so staff cannot fulfill it by hand and ship twice.
   * Only with fulfillOnConfirm: without it the merchant fulfills by hand, which the hold would stop.
   */
  holdWhileBooking: z.boolean().default(false),
  /**
   * Which cash-on-delivery orders wait for the merchant before anything is booked, by their risk
   * of coming back unpaid (app/cod-risk/): `high` (the default), `medium` (medium and high), or
   * `never` (the risk is only shown). A buyer the merchant marked trusted or always held is
   * decided by the mark.
   */
  codRiskHold: z.enum(COD_RISK_HOLDS).default("high"),
  /**
   * A parcel the courier re-weighed and charged more for than quoted at booking goes under "needs
   * attention" only when the rise is above this many rupiah (app/costs/reweigh.ts); every rise is
   * listed on the costs page whatever it is.
   */
  reweighProblemAbove: z.number().int().min(0).max(10_000_000).default(5_000),
  /** The size labels print at (app/labels), chosen again at each print if the merchant wants. */
  labelLayout: z.enum(LABEL_LAYOUTS).default("thermal"),
  /** The shop's name as labels print it; empty: Shopify's name for the shop, read at the first print. */
  labelShopName: z.string().trim().max(80).default(""),
  /** Labels print what the buyer paid for shipping ("Ongkir Rp19.000", "Gratis"); off: none. */
  labelShippingCost: z.boolean().default(true),
  /** Labels print the buyer's phone with its middle digits hidden ("+6281******890"). */
  labelMaskPhone: z.boolean().default(false),
  /** Rates at checkout: what is offered (app/checkout-rates). */
  checkoutRates: checkoutRatesSchema.prefault({}),
  /**
   * Which service a draft takes when the checkout chose none, before the default courier
   * (app/shops/courier-rules.ts, docs/courier-rules.md).
   */
  courierRules: courierRulesSchema.default([]),
  /**
   * How the shop's payout statements name their columns (app/cod/statements/columns.ts), as the
   * merchant mapped them at the first import; null: not mapped yet (the next import asks).
   */
  statementColumns: statementColumnsSchema.nullable().default(null),
  /**
   * The COD fee the shop agreed with its service, in percent of the cash collected (up to two
   * decimals: 2.5), for statement lines whose parcel has no fee stated by the service; null: none
   * agreed (such a line's fee is not judged).
   */
  codFeePercent: z.number().min(0).max(20).nullable().default(null),
  /** The daily summary by e-mail (app/summary/): to whom, and at what hour of the shop's day. */
  dailySummary: dailySummarySchema.prefault({}),
  /** The merchant hid the first-run setup guide (app/shops/setup-guide.ts) from the shipments page. */
  setupGuideHidden: z.boolean().default(false),
  /** Setup steps the merchant said the shop does without ("Lewati"). */
  setupSkipped: z.array(z.enum(SKIPPABLE_STEPS)).default([]),
});

export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/**
 * The shop's name as the app writes it to others (a dispute packet, the daily summary): the
 * labels' name (the merchant's, or Shopify's kept at the first print), else its myshopify handle.
 */
export const keptShopName = (settings: Pick<ShopSettings, "labelShopName">, shop: string) =>
  settings.labelShopName || shop.replace(/\.myshopify\.com$/, "");

/** Keys settings were once stored (and the settings form's fields named) under → today's. */
export const FORMER_KEYS: Readonly<Record<string, keyof ShopSettings>> = {
  fulfilOnConfirm: "fulfillOnConfirm",
};

/**
 * Parses stored settings, filling defaults for fields added after they were saved. A setting
 * stored under its former key (migration 0023 renames them; a web process of the previous release
 * may still write one during a rolling deploy) is read as today's, unless today's is there too.
 */
export function parseShopSettings(value: unknown): ShopSettings {
  if (!value || typeof value !== "object") return shopSettingsSchema.parse({});
  const stored = { ...(value as Record<string, unknown>) };
  for (const [former, current] of Object.entries(FORMER_KEYS)) {
    if (former in stored && !(current in stored)) stored[current] = stored[former];
    delete stored[former];
  }
  return shopSettingsSchema.parse(stored);
}

/**
 * The pickup location a Shopify location's parcels leave from: the one connected to it, else, for
 * a shop with a single location of its own, the default pickup. Null: not connected (the shipment
 * waits for the merchant to connect it).
 */
export function pickupForLocation(
  settings: Pick<ShopSettings, "pickup" | "locations" | "locationLinks">,
  shopifyLocationId: string | null,
  singleOwnLocation: boolean,
): PickupLocation | null | "unconnected" {
  const linked = shopifyLocationId ? settings.locationLinks[shopifyLocationId] : undefined;
  const location = linked ? settings.locations.find((l) => l.locationId === linked) : undefined;
  if (location) return location;
  return singleOwnLocation || !shopifyLocationId ? settings.pickup : "unconnected";
}
