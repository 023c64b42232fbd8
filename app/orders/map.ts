import {
  COD_MAX_AMOUNT,
  COURIER_CODES,
  INSTANT_COURIERS,
  type DraftOrderCreateRequest,
  type Item,
  type ItemCategory,
} from "../shipping/contract";
import type { ShopSettings } from "../shops/settings";
import type { ShopifyAddress, ShopifyLineItem, ShopifyOrder } from "./payload";

/**
 * Store order → draft order request. Pure: everything it needs comes in as arguments, and what it
 * cannot map comes out as problems a merchant can act on (a blocking problem means no draft is
 * created; a warning is recorded and the draft goes ahead).
 */

export interface ProductInfo {
  productType: string | null;
  tags: string[];
  /** Centimetres, where the shop keeps them (variant metafields shipping.length/width/height). */
  dimensions?: { length: number; width: number; height: number } | null;
}

export interface MappingProblem {
  code:
    | "no_pickup_location"
    | "no_shipping_address"
    | "no_destination_phone"
    | "no_destination_locator"
    | "zero_weight"
    | "cod_too_high"
    | "courier_needs_coordinates"
    | "nothing_to_ship";
  message: string;
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

export interface MappingResult {
  /** Null when a blocking problem prevents a draft, or when nothing needs shipping. */
  request: DraftOrderCreateRequest | null;
  problems: MappingProblem[];
  /** False for orders with nothing to ship (digital goods, gift cards only). */
  needsShipping: boolean;
  destination: DestinationSnapshot;
  referenceId: string;
}

export interface MappingInput {
  shop: string;
  order: ShopifyOrder;
  settings: ShopSettings;
  /** By Shopify product id. */
  products?: ReadonlyMap<string, ProductInfo>;
  /** For scheduled delivery: the moment "tomorrow" is computed from. */
  now?: Date;
}

/** Deterministic, unique per shop and order, and stable across retries. */
export function referenceIdFor(shop: string, orderId: string): string {
  return `shopify-${shop.replace(/\.myshopify\.com$/, "")}-${orderId}`;
}

/** Phone numbers as digits with an optional leading +; Indonesian local numbers become +62…. */
export function normalisePhone(raw: string | null | undefined, countryCode?: string | null): string | null {
  if (!raw) return null;
  const trimmed = raw.trim();
  const plus = trimmed.startsWith("+");
  const digits = trimmed.replace(/\D/g, "");
  if (digits.length < 6) return null;
  if (plus) return `+${digits}`;
  if ((countryCode ?? "ID").toUpperCase() === "ID") {
    if (digits.startsWith("62")) return `+${digits}`;
    if (digits.startsWith("0")) return `+62${digits.slice(1)}`;
    if (digits.startsWith("8")) return `+62${digits}`;
  }
  return digits;
}

/** Shipping line "JNE REG", "jne-reg", "AnterAja Same Day" → {company, type}, if it names a known courier. */
export function courierFromShippingLine(line: { code: string | null; title: string | null } | undefined): { company: string; type: string } | null {
  if (!line) return null;
  for (const candidate of [line.code, line.title]) {
    if (!candidate) continue;
    const tokens = candidate.toLowerCase().replace(/&/g, "n").split(/[^a-z0-9]+/).filter(Boolean);
    const [first, ...rest] = tokens;
    if (first && (COURIER_CODES as readonly string[]).includes(first) && rest.length > 0) {
      return { company: first, type: rest.join("_") };
    }
  }
  return null;
}

function shippableQuantity(line: ShopifyLineItem, refunded: ReadonlyMap<string, number>): number {
  // current_quantity already excludes removed and refunded units; older payloads need the refunds.
  if (line.current_quantity !== null && line.current_quantity !== undefined) return line.current_quantity;
  return Math.max(0, line.quantity - (refunded.get(line.id) ?? 0));
}

function categoryFor(info: ProductInfo | undefined, mapping: ShopSettings["categoryMapping"]): ItemCategory {
  const lookup = (value: string) => mapping[value.trim().toLowerCase()] ?? Object.entries(mapping).find(([k]) => k.trim().toLowerCase() === value.trim().toLowerCase())?.[1];
  if (info?.productType) {
    const byType = lookup(info.productType);
    if (byType) return byType;
  }
  for (const tag of info?.tags ?? []) {
    const byTag = lookup(tag);
    if (byTag) return byTag;
  }
  return "others";
}

function addressText(a: ShopifyAddress): string {
  return [a.address1, a.address2, a.city, a.province, a.zip, a.country].filter((p) => p && p.trim()).join(", ");
}

function tomorrowInJakarta(now: Date): string {
  const jakarta = new Date(now.getTime() + 7 * 3600_000 + 24 * 3600_000);
  return jakarta.toISOString().slice(0, 10);
}

export function mapOrderToDraft(input: MappingInput): MappingResult {
  const { shop, order, settings } = input;
  const problems: MappingProblem[] = [];
  const referenceId = referenceIdFor(shop, order.id);
  const address = order.shipping_address ?? null;

  const refunded = new Map<string, number>();
  for (const refund of order.refunds ?? []) {
    for (const r of refund.refund_line_items) refunded.set(r.line_item_id, (refunded.get(r.line_item_id) ?? 0) + r.quantity);
  }

  const items: Item[] = [];
  for (const line of order.line_items) {
    if (line.requires_shipping === false || line.gift_card === true) continue;
    const quantity = shippableQuantity(line, refunded);
    if (quantity <= 0) continue;
    const name = (line.name ?? [line.title, line.variant_title].filter(Boolean).join(" - ")) || `Item ${line.id}`;
    let weight = line.grams ?? 0;
    if (!(weight > 0)) {
      if (settings.defaultWeightGrams) weight = settings.defaultWeightGrams;
      else {
        problems.push({
          code: "zero_weight",
          message: `"${name}" has no weight`,
          fix: "Set the variant's weight in Shopify, or a default weight in the app's settings, then retry",
          blocking: true,
        });
        weight = 0;
      }
    }
    const info = line.product_id ? input.products?.get(line.product_id) : undefined;
    const item: Item = {
      name,
      sku: line.sku ?? undefined,
      value: line.price,
      quantity,
      weight,
      category: categoryFor(info, settings.categoryMapping),
    };
    if (info?.dimensions) Object.assign(item, info.dimensions);
    items.push(item);
  }

  const destination: DestinationSnapshot = {
    name: address ? (address.name ?? ([address.first_name, address.last_name].filter(Boolean).join(" ") || null)) : null,
    phone: normalisePhone(address?.phone ?? order.customer?.phone ?? order.phone, address?.country_code),
    email: order.email ?? order.customer?.email ?? null,
    address: address ? addressText(address) || null : null,
    city: address?.city ?? null,
    postalCode: address?.zip?.trim() || null,
  };

  if (items.length === 0) {
    const hadLines = order.line_items.length > 0;
    return {
      request: null,
      problems: hadLines ? [] : [{ code: "nothing_to_ship", message: "The order has no line items", fix: "Nothing to do", blocking: true }],
      needsShipping: false,
      destination,
      referenceId,
    };
  }

  if (!settings.pickup) {
    problems.push({ code: "no_pickup_location", message: "No pickup location is set", fix: "Set a pickup location in the app's settings, then retry", blocking: true });
  }
  if (!address || !destination.address) {
    problems.push({ code: "no_shipping_address", message: "The order has no shipping address", fix: "Add a shipping address to the order in Shopify", blocking: true });
  }
  if (!destination.phone) {
    problems.push({ code: "no_destination_phone", message: "No phone number for the recipient (shipping address, customer or order)", fix: "Add a phone number to the order's shipping address in Shopify", blocking: true });
  }
  const postal = destination.postalCode && /^\d{5}$/.test(destination.postalCode) ? Number(destination.postalCode) : null;
  const coordinate =
    address && address.latitude !== null && address.longitude !== null && Number.isFinite(address.latitude) && Number.isFinite(address.longitude)
      ? { latitude: address.latitude, longitude: address.longitude }
      : null;
  if (address && postal === null && coordinate === null) {
    problems.push({
      code: "no_destination_locator",
      message: destination.postalCode ? `Postal code "${destination.postalCode}" is not a 5-digit number` : "The shipping address has no postal code",
      fix: "Correct the postal code of the order's shipping address in Shopify",
      blocking: true,
    });
  }

  // Courier: the checkout's choice, else the shop's default, else none (the merchant chooses).
  let courier = courierFromShippingLine(order.shipping_lines?.[0] ?? undefined) ?? settings.defaultCourier;
  const pickup = settings.pickup;
  const originCoordinate = pickup && pickup.latitude !== undefined && pickup.longitude !== undefined ? { latitude: pickup.latitude, longitude: pickup.longitude } : null;
  if (courier && INSTANT_COURIERS.has(courier.company.toLowerCase()) && (!coordinate || !originCoordinate)) {
    problems.push({
      code: "courier_needs_coordinates",
      message: `${courier.company} delivers instantly and needs coordinates of the pickup location and the destination`,
      fix: "Choose another courier for this shipment, or add coordinates",
      blocking: false,
    });
    courier = null;
  }

  // Cash on delivery for the amount still outstanding.
  const gateways = (order.payment_gateway_names ?? []).map((g) => g.toLowerCase());
  const isCod = settings.codGateways.some((g) => gateways.includes(g.toLowerCase()));
  const outstanding = order.total_outstanding ?? order.total_price ?? 0;
  let cod: number | null = null;
  if (isCod && outstanding > 0) {
    if (outstanding > COD_MAX_AMOUNT) {
      problems.push({ code: "cod_too_high", message: `Cash on delivery of ${outstanding} is above the service's ${COD_MAX_AMOUNT}`, fix: "Collect part of the payment first, or ship without cash on delivery", blocking: true });
    } else cod = Math.round(outstanding);
  }

  const blocking = problems.some((p) => p.blocking);
  if (blocking || !pickup || !address) return { request: null, problems, needsShipping: true, destination, referenceId };

  const tags = (Array.isArray(order.tags) ? order.tags : (order.tags ?? "").split(",")).map((t) => t.trim()).filter(Boolean);
  const request: DraftOrderCreateRequest = {
    origin_contact_name: pickup.contactName,
    origin_contact_phone: pickup.contactPhone,
    ...(pickup.contactEmail ? { origin_contact_email: pickup.contactEmail } : {}),
    origin_address: pickup.address,
    ...(pickup.note ? { origin_note: pickup.note } : {}),
    ...(pickup.postalCode ? { origin_postal_code: pickup.postalCode } : {}),
    ...(originCoordinate ? { origin_coordinate: originCoordinate } : {}),
    ...(pickup.locationId ? { origin_location_id: pickup.locationId } : {}),
    destination_contact_name: destination.name ?? "Customer",
    destination_contact_phone: destination.phone!,
    ...(destination.email ? { destination_contact_email: destination.email } : {}),
    destination_address: destination.address!,
    ...(order.note ? { destination_note: order.note.slice(0, 500) } : {}),
    ...(postal !== null ? { destination_postal_code: postal } : {}),
    ...(coordinate ? { destination_coordinate: coordinate } : {}),
    ...(courier ? { courier_company: courier.company, courier_type: courier.type } : {}),
    ...(cod !== null ? { destination_cash_on_delivery: cod, destination_cash_on_delivery_type: settings.codType } : {}),
    ...(settings.proofOfDelivery
      ? { destination_proof_of_delivery: true, destination_proof_of_delivery_note: settings.proofOfDeliveryNote || "Photo of the parcel with the recipient" }
      : {}),
    ...(settings.insurance ? { courier_insurance: Math.round(items.reduce((sum, i) => sum + i.value * i.quantity, 0)) } : {}),
    delivery_type: settings.deliveryType,
    ...(settings.deliveryType === "scheduled" ? { delivery_date: tomorrowInJakarta(input.now ?? new Date()), delivery_time: "10:00" } : {}),
    reference_id: referenceId,
    tags,
    metadata: { shopify_order_id: order.id, shopify_order_name: order.name ?? null, shop },
    items,
  };
  return { request, problems, needsShipping: true, destination, referenceId };
}
