import { z } from "zod";
import { formatMoney } from "../shipments/status-words";
import { INSTANT_COURIERS } from "../shipping/codes";
import type { CheckoutRates } from "../shops/settings";

/**
 * Rates at checkout, the parts that need no I/O: Shopify's rate request as its CarrierService
 * documentation shows it, the parcel it describes, and the answer Shopify expects built from the
 * service's prices and the merchant's offer (which services, names, adjustment, free shipping).
 */

/** Where Shopify sends the checkout's rate requests (the carrier service's callback URL, on the app URL). */
export const CARRIER_SERVICE_PATH = "/carrier-service/rates";

/** Shopify sends postal codes as text; a number is taken as its digits. */
const text = z.union([z.string(), z.number().transform(String)]).nullish();
const address = z.looseObject({
  country: text,
  postal_code: text,
  province: text,
  city: text,
  address1: text,
  address2: text,
  /** Not in Shopify's documented request; used when a request carries them (instant couriers need both sides'). */
  latitude: z.number().nullish().catch(null),
  longitude: z.number().nullish().catch(null),
});
const item = z.looseObject({
  name: text,
  sku: text,
  quantity: z.number().int().min(0),
  grams: z.number().min(0),
  /** Subunits of the request's currency (1999 = 19.99). */
  price: z.number().min(0),
  requires_shipping: z.boolean().nullish(),
  product_id: z.union([z.number(), z.string()]).nullish(),
  variant_id: z.union([z.number(), z.string()]).nullish(),
});
export const rateRequestSchema = z.object({
  rate: z.looseObject({
    origin: address,
    destination: address,
    items: z.array(item),
    currency: z.string().min(3),
    locale: text,
    /** Subunits as text; added by Shopify in 2025 (subtotal before discounts, the discounts). */
    order_totals: z
      .looseObject({ subtotal_price: text, total_price: text, discount_amount: text })
      .nullish()
      .catch(null),
  }),
});
export type RateRequest = z.infer<typeof rateRequestSchema>["rate"];
export type RateAddress = RateRequest["origin"];

/** A rate as Shopify's checkout takes it. `total_price` in subunits (rupiah × 100), as text. */
export interface ShopifyRate {
  service_name: string;
  service_code: string;
  total_price: string;
  currency: string;
  description: string;
  min_delivery_date?: string;
  max_delivery_date?: string;
}

/** What the checkout needs of one of the service's prices (what the cache keeps). */
export interface ServicePrice {
  company: string;
  type: string;
  courierName: string;
  serviceName: string;
  description: string;
  /** Rupiah, final (the service's `price`). */
  price: number;
  durationRange: string | null;
  durationUnit: string | null;
}

/** The parcel a rate request describes: what ships, its weight and the goods' value. */
export interface Parcel {
  grams: number;
  /** Rupiah (major units): goods after discounts when Shopify says, else the shipped items' prices. */
  value: number;
}

export function parcelOf(rate: RateRequest): Parcel {
  const shipped = rate.items.filter((i) => i.requires_shipping !== false);
  const grams = shipped.reduce((sum, i) => sum + i.grams * i.quantity, 0);
  const itemsValue = shipped.reduce((sum, i) => sum + i.price * i.quantity, 0) / 100;
  const subtotal = Number(rate.order_totals?.subtotal_price);
  const discount = Number(rate.order_totals?.discount_amount ?? 0);
  const value =
    Number.isFinite(subtotal) && rate.order_totals?.subtotal_price
      ? Math.max(0, (subtotal - (Number.isFinite(discount) ? discount : 0)) / 100)
      : itemsValue;
  return { grams, value };
}

/**
 * Whole kilograms, rounded up, at least one: couriers charge by the started kilogram, so the price
 * of the band's top weight is the price of every parcel in it, and one cached answer serves them all.
 */
export function weightBandKg(grams: number): number {
  return Math.max(1, Math.ceil(grams / 1000));
}

/** Insured values are priced per started 100,000 rupiah (the insurance fee is a share of the value). */
export function valueBand(value: number): number {
  return Math.max(100_000, Math.ceil(value / 100_000) * 100_000);
}

/** An Indonesian postal code (five digits), or null. */
export function postalCodeOf(address: { postal_code?: string | null }): number | null {
  const digits = (address.postal_code ?? "").replace(/\s/g, "");
  return /^\d{5}$/.test(digits) ? Number(digits) : null;
}

export function coordinatesOf(address: {
  latitude?: number | null;
  longitude?: number | null;
}): { latitude: number; longitude: number } | null {
  const { latitude, longitude } = address;
  return typeof latitude === "number" &&
    typeof longitude === "number" &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
    ? { latitude, longitude }
    : null;
}

/** The courier codes to ask the service for: the offered services' companies; instant ones only with both sides' coordinates. */
export function couriersToAsk(offer: CheckoutRates, bothCoordinates: boolean): string[] {
  const codes = new Set<string>();
  for (const s of offer.services) {
    const code = s.company.toLowerCase();
    if (INSTANT_COURIERS.has(code) && !bothCoordinates) continue;
    codes.add(code);
  }
  return [...codes].sort();
}

/** The service's duration ("2 - 3", days or hours) as Shopify's delivery dates from `now`. */
export function deliveryDates(
  range: string | null,
  unit: string | null,
  now: Date,
): { min_delivery_date: string; max_delivery_date: string } | null {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(range ?? "");
  if (!match) return null;
  const low = Number(match[1]);
  const high = match[2] !== undefined ? Number(match[2]) : low;
  const hours = unit?.toLowerCase().startsWith("hour");
  const step = hours ? 3600_000 : 86_400_000;
  return {
    min_delivery_date: shopifyTime(new Date(now.getTime() + low * step)),
    max_delivery_date: shopifyTime(new Date(now.getTime() + Math.max(low, high) * step)),
  };
}

/** "2026-11-23 14:48:45 +0000", the form Shopify's documentation shows. */
function shopifyTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace("T", " ")} +0000`;
}

function durationText(range: string | null, unit: string | null): string {
  if (!range) return "";
  const one = /^\s*1\s*$/.test(range);
  const word = unit?.toLowerCase().startsWith("hour")
    ? one
      ? "hour"
      : "hours"
    : one
      ? "day"
      : "days";
  return `${range.replace(/\s*-\s*/, "–")} ${word}`;
}

export function adjustedPrice(price: number, adjustment: CheckoutRates["adjustment"]): number {
  const raw =
    adjustment.kind === "percent" ? price * (1 + adjustment.value / 100) : price + adjustment.value;
  return Math.max(0, Math.round(raw));
}

/**
 * The checkout's rates: the offered services the service priced, in the offer's order, adjusted;
 * from `freeAbove` the cheapest is free. Codes are "company:type", which the order's shipping line
 * keeps and the courier matcher reads back exactly.
 */
export function offeredRates(
  prices: readonly ServicePrice[],
  offer: CheckoutRates,
  parcel: Parcel,
  now: Date,
): ShopifyRate[] {
  const chosen: {
    service: (typeof offer.services)[number];
    price: ServicePrice;
    amount: number;
  }[] = [];
  for (const service of offer.services) {
    const price = prices.find(
      (p) =>
        p.company.toLowerCase() === service.company.toLowerCase() &&
        p.type.toLowerCase() === service.type.toLowerCase(),
    );
    if (price)
      chosen.push({ service, price, amount: adjustedPrice(price.price, offer.adjustment) });
  }
  const free =
    offer.freeAbove !== null && parcel.value >= offer.freeAbove && chosen.length > 0
      ? chosen.reduce((a, b) => (b.amount < a.amount ? b : a))
      : null;
  return chosen.map(({ service, price, amount }) => {
    const isFree = free?.service === service;
    const duration = durationText(price.durationRange, price.durationUnit);
    const description = [
      isFree ? `Free from ${formatMoney(offer.freeAbove, "IDR")}` : null,
      duration ? `Estimated ${duration}` : null,
      price.description || null,
    ]
      .filter(Boolean)
      .join(" · ");
    return {
      service_name: service.name || `${price.courierName} ${price.serviceName}`.trim(),
      service_code: `${price.company.toLowerCase()}:${price.type.toLowerCase()}`,
      total_price: String((isFree ? 0 : amount) * 100),
      currency: "IDR",
      description,
      ...deliveryDates(price.durationRange, price.durationUnit, now),
    };
  });
}

/** A sample parcel to a postal code (and coordinates), as the settings page's preview asks. */
export function sampleRateRequest(sample: {
  postalCode: string;
  latitude: number | null;
  longitude: number | null;
  grams: number;
  value: number;
}): RateRequest {
  return {
    origin: {},
    destination: {
      country: "ID",
      postal_code: sample.postalCode,
      latitude: sample.latitude,
      longitude: sample.longitude,
    },
    items: [
      {
        name: "Sample parcel",
        quantity: 1,
        grams: sample.grams,
        price: Math.round(sample.value * 100),
        requires_shipping: true,
      },
    ],
    currency: "IDR",
  };
}
