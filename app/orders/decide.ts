import { inEnglish, said, type Said, type SaidKey } from "../i18n/said";
import type { ShopSettings } from "../shops/settings";
import { shopCurrency, type ShopifyOrder } from "./payload";

/**
 * Which store orders ship with the service, and when they may be booked. Pure; every "no" comes
 * with a sentence the merchant reads on the shipment.
 */

export type ShippingDecision =
  | { ship: true }
  | {
      ship: false;
      /** cancelled: the store order was cancelled; not_required: no shipment by this app. */
      status: "cancelled" | "not_required";
      /** Why, in English (the `decision` column), and as a message said in the reader's language. */
      reason: string;
      said: Said;
    };

/** A "no" with its message, and the same in English. */
const no = (status: "cancelled" | "not_required", message: Said): ShippingDecision => ({
  ship: false,
  status,
  reason: inEnglish(message),
  said: message,
});

/** The service ships within Indonesia, in rupiah. */
export const SERVICE_COUNTRY = "ID";
export const SERVICE_CURRENCY = "IDR";

const COUNTRY_NAMES: Record<string, string> = {
  MY: "Malaysia",
  SG: "Singapore",
  JP: "Japan",
  US: "the United States",
  AU: "Australia",
  TL: "Timor-Leste",
  PH: "the Philippines",
  TH: "Thailand",
  VN: "Vietnam",
  CN: "China",
};

/** Shipping lines of local pickup and local delivery (Shopify's delivery categories, and the words checkouts use). */
const LOCAL_CATEGORY = /^(pick[-_ ]?up|local|local[-_ ]delivery|retail)$/i;
const PICKUP_WORDS =
  /\b(local pick[- ]?up|pick[- ]?up in store|store pick[- ]?up|ambil di toko|ambil sendiri|diambil di toko)\b/i;
const LOCAL_DELIVERY_WORDS = /\b(local delivery|pengiriman lokal|antar lokal)\b/i;

export function localMethod(order: ShopifyOrder): "pickup" | "local delivery" | null {
  const lines = (order.shipping_lines ?? []).filter((l) => !l.is_removed);
  for (const line of lines) {
    if (line.delivery_category && LOCAL_CATEGORY.test(line.delivery_category))
      return /pick/i.test(line.delivery_category) ? "pickup" : "local delivery";
    const words = `${line.code ?? ""} ${line.title ?? ""}`;
    if (PICKUP_WORDS.test(words)) return "pickup";
    if (LOCAL_DELIVERY_WORDS.test(words)) return "local delivery";
  }
  return null;
}

/**
 * Whether the order ships with the service at all. `hasShippableItems`: after removals, refunds
 * and fulfillments, something that requires shipping is left.
 */
export function decideShipping(order: ShopifyOrder, hasShippableItems: boolean): ShippingDecision {
  if (order.cancelled_at) return no("cancelled", said("orderCancelled"));
  if (order.fulfillment_status === "fulfilled") {
    return no("not_required", said("alreadyFulfilled"));
  }
  if (!hasShippableItems) {
    const anyPhysical = order.line_items.some(
      (l) => l.requires_shipping !== false && l.gift_card !== true,
    );
    return no("not_required", said(anyPhysical ? "nothingLeftToShip" : "nothingToShip"));
  }
  const local = localMethod(order);
  if (local === "pickup") return no("not_required", said("localPickup"));
  if (local === "local delivery") return no("not_required", said("localDelivery"));
  const address = order.shipping_address;
  if (!address || ![address.address1, address.city, address.zip].some((p) => p && p.trim())) {
    return no("not_required", said("noAddressNoShipment"));
  }
  const country = (address.country_code ?? "").toUpperCase();
  if (country && country !== SERVICE_COUNTRY) {
    const name = COUNTRY_NAMES[country] ?? address.country ?? country;
    return no("not_required", said("abroad", { country: name, code: country }));
  }
  const currency = shopCurrency(order);
  if (currency && currency.toUpperCase() !== SERVICE_CURRENCY) {
    return no("not_required", said("otherCurrency", { currency }));
  }
  return { ship: true };
}

/** Gateway names Shopify stores use for cash on delivery, besides those the shop lists in its settings. */
const COD_GATEWAY = /(cash on delivery|\bcod\b|bayar di tempat|bayar ditempat)/i;

/** A payment method the app reads as cash on delivery by its name alone, whatever the settings. */
export const isCodGatewayName = (name: string): boolean => COD_GATEWAY.test(name);

export function isCashOnDelivery(
  order: ShopifyOrder,
  settings: Pick<ShopSettings, "codGateways">,
): boolean {
  const gateways = (order.payment_gateway_names ?? []).map((g) => g.toLowerCase());
  if (settings.codGateways.some((g) => gateways.includes(g.toLowerCase()))) return true;
  return gateways.some((g) => COD_GATEWAY.test(g));
}

export interface PaymentState {
  /** Booking (confirm) may go ahead. */
  bookable: boolean;
  /** Why booking waits, when it does (in English), and as a message. */
  reason: string | null;
  said: Said | null;
}

/** Payment statuses booking waits for, each with its words (`said.payment_<status>`). */
const WAITING = new Set(["pending", "authorized", "partially_paid", "voided", "refunded"]);

/**
 * A draft costs nothing, so open orders are drafted whatever their payment state; booking charges
 * the shop, so it waits for the payment. Paid orders and cash on delivery (the courier collects)
 * book at once; `bookPendingOrders` books pending ones too, for shops whose manual methods never
 * mark orders paid.
 */
export function paymentState(
  order: ShopifyOrder,
  settings: Pick<ShopSettings, "codGateways" | "bookPendingOrders">,
): PaymentState {
  const status = (order.financial_status ?? "").toLowerCase();
  if (isCashOnDelivery(order, settings) && status !== "voided" && status !== "refunded")
    return { bookable: true, reason: null, said: null };
  if (status === "paid" || status === "partially_refunded")
    return { bookable: true, reason: null, said: null };
  if (status === "pending" && settings.bookPendingOrders)
    return { bookable: true, reason: null, said: null };
  const why = WAITING.has(status)
    ? said(`payment_${status}` as SaidKey)
    : status
      ? said("paymentOther", { status })
      : said("paymentUnknown");
  const message = said("waitingForPayment", { why });
  return { bookable: false, reason: inEnglish(message), said: message };
}
