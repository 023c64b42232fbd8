import {
  COD_MAX_AMOUNT,
  INSTANT_COURIERS,
  type CodType,
  type DraftOrderCreateRequest,
  type Item,
  type ItemCategory,
} from "../shipping/contract";
import type { ShopSettings } from "../shops/settings";
import { categoryFromTaxonomy } from "./categories";
import { courierLabel, matchShippingLine, type CourierListEntry } from "./courier-match";
import { isCashOnDelivery } from "./decide";
import { haveNoWeight, nameList } from "./problem-text";
import { shopMoney, type ShopifyAddress, type ShopifyLineItem, type ShopifyOrder } from "./payload";

/**
 * Store order → draft order request. Pure: everything it needs comes in as arguments, and what it
 * cannot map comes out as problems a merchant can act on (a blocking problem means no draft is
 * created; a warning is recorded and the draft goes ahead). Whether the order ships at all is
 * decide.ts's question, asked first.
 */

export interface ProductInfo {
  productType: string | null;
  tags: string[];
  /** Shopify's Standard Product Taxonomy path ("Apparel & Accessories > Clothing"). */
  taxonomy?: string | null;
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
    | "weightless_line"
    | "cod_too_high"
    | "courier_needs_coordinates"
    | "courier_not_offered";
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
}

/** Where the draft's courier came from, for the timeline. */
export type CourierSource =
  | { from: "merchant" | "checkout" | "default"; company: string; type: string; via?: string }
  | { from: "none"; reason: string };

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
  /** The service's couriers list (GET /v1/couriers); without it the checkout's line is not read. */
  couriers?: readonly CourierListEntry[] | null;
  /** A courier the merchant chose for this shipment; wins over the checkout's. */
  chosenCourier?: { company: string; type: string } | null;
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

/**
 * Deterministic, unique per shop, order, part and attempt, and stable across retries: the first
 * shipment of an order is `shopify-<shop>-<order>`, its second part `…-p2`, a second attempt `…-2`.
 */
export function referenceIdFor(shop: string, orderId: string, attempt = 1, part = 1): string {
  const base = `shopify-${shop.replace(/\.myshopify\.com$/, "")}-${orderId}${part > 1 ? `-p${part}` : ""}`;
  return attempt > 1 ? `${base}-${attempt}` : base;
}

/** Phone numbers as digits with an optional leading +; Indonesian local numbers become +62…. */
export function normalisePhone(
  raw: string | null | undefined,
  countryCode?: string | null,
): string | null {
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

/** Units refunded per line item id, over the order's refunds. */
export function refundedUnits(order: ShopifyOrder): Map<string, number> {
  const refunded = new Map<string, number>();
  for (const refund of order.refunds ?? []) {
    for (const r of refund.refund_line_items)
      refunded.set(r.line_item_id, (refunded.get(r.line_item_id) ?? 0) + r.quantity);
  }
  return refunded;
}

/** Units of the line the order still has: after removals and refunds (`refunded`: refundedUnits). */
export function orderedQuantity(
  line: ShopifyLineItem,
  refunded: ReadonlyMap<string, number>,
): number {
  // current_quantity already excludes removed and refunded units; older payloads need the refunds.
  return line.current_quantity ?? Math.max(0, line.quantity - (refunded.get(line.id) ?? 0));
}

/** Units of the line that ship: what the order still has and (for a draft) not yet fulfilled. */
function shippableQuantity(
  line: ShopifyLineItem,
  refunded: ReadonlyMap<string, number>,
  stage: "draft" | "booked",
): number {
  const ordered = orderedQuantity(line, refunded);
  if (
    stage === "booked" ||
    line.fulfillable_quantity === null ||
    line.fulfillable_quantity === undefined
  )
    return ordered;
  return Math.min(ordered, line.fulfillable_quantity);
}

/** The unit price after the line's discounts (its own and its share of the order's), shop currency. */
export function discountedUnitPrice(line: ShopifyLineItem): number {
  const unit = shopMoney(line.price_set, line.price) ?? 0;
  const allocations = line.discount_allocations ?? [];
  const discount =
    allocations.length > 0
      ? allocations.reduce((sum, a) => sum + (shopMoney(a.amount_set, a.amount) ?? 0), 0)
      : (shopMoney(line.total_discount_set, line.total_discount) ?? 0);
  if (line.quantity <= 0) return unit;
  return Math.max(0, (unit * line.quantity - discount) / line.quantity);
}

function categoryFor(
  info: ProductInfo | undefined,
  mapping: ShopSettings["categoryMapping"],
): ItemCategory {
  const lookup = (value: string) =>
    mapping[value.trim().toLowerCase()] ??
    Object.entries(mapping).find(
      ([k]) => k.trim().toLowerCase() === value.trim().toLowerCase(),
    )?.[1];
  // The shop's own mapping first (it knows its products), then Shopify's taxonomy.
  if (info?.productType) {
    const byType = lookup(info.productType);
    if (byType) return byType;
  }
  for (const tag of info?.tags ?? []) {
    const byTag = lookup(tag);
    if (byTag) return byTag;
  }
  return categoryFromTaxonomy(info?.taxonomy) ?? "others";
}

function addressText(a: ShopifyAddress): string {
  return [a.address1, a.address2, a.city, a.province, a.zip, a.country]
    .filter((p) => p && p.trim())
    .join(", ");
}

function tomorrowInJakarta(now: Date): string {
  const jakarta = new Date(now.getTime() + 7 * 3600_000 + 24 * 3600_000);
  return jakarta.toISOString().slice(0, 10);
}

/** What the customer still owes on the order, in the shop's currency. */
export function outstandingOf(order: ShopifyOrder): number {
  return (
    order.total_outstanding ??
    shopMoney(order.current_total_price_set, null) ??
    shopMoney(order.total_price_set, order.total_price) ??
    0
  );
}

/** IDR has no minor unit in practice: values are whole rupiah. */
const rupiah = (value: number) => Math.round(value);

function chooseCourier(input: MappingInput): CourierSource {
  if (input.chosenCourier) return { from: "merchant", ...input.chosenCourier };
  const lines = (input.order.shipping_lines ?? []).filter((l) => !l.is_removed);
  for (const line of lines) {
    const match = matchShippingLine(line, input.couriers ?? []);
    if (match)
      return { from: "checkout", company: match.company, type: match.type, via: match.via };
  }
  const named = lines.map((l) => l.title ?? l.code).filter(Boolean);
  if (input.settings.defaultCourier)
    return {
      from: "default",
      ...input.settings.defaultCourier,
      ...(named.length
        ? { via: `"${named.join(", ")}" names no service the shipping service offers` }
        : {}),
    };
  return {
    from: "none",
    reason: named.length
      ? `The checkout's shipping line "${named.join(", ")}" names no courier service the shipping service offers, and the shop has no default courier`
      : "The order has no shipping line naming a courier, and the shop has no default courier",
  };
}

export function mapOrderToDraft(input: MappingInput): MappingResult {
  const { shop, order, settings } = input;
  const stage = input.stage ?? "draft";
  const problems: MappingProblem[] = [];
  const referenceId = referenceIdFor(shop, order.id, input.attempt ?? 1, input.part ?? 1);
  const address = order.shipping_address ?? null;

  const refunded = refundedUnits(order);

  const items: Item[] = [];
  const ordered: ContentLine[] = [];
  const weightless: string[] = [];
  for (const line of order.line_items) {
    if (line.requires_shipping === false || line.gift_card === true) continue;
    const name =
      (line.name ?? [line.title, line.variant_title].filter(Boolean).join(" - ")) ||
      `Item ${line.id}`;
    const orderedUnits = orderedQuantity(line, refunded);
    if (orderedUnits > 0)
      ordered.push({
        name,
        sku: line.sku ?? null,
        quantity: orderedUnits,
        value: rupiah(discountedUnitPrice(line)),
      });
    const quantity = shippableQuantity(line, refunded, stage);
    if (quantity <= 0) continue;
    let weight = line.grams ?? 0;
    if (!(weight > 0)) {
      if (settings.defaultWeightGrams) weight = settings.defaultWeightGrams;
      else weightless.push(name);
    }
    const info = line.product_id ? input.products?.get(line.product_id) : undefined;
    const item: Item = {
      name,
      sku: line.sku ?? undefined,
      value: rupiah(discountedUnitPrice(line)),
      quantity,
      weight,
      category: categoryFor(info, settings.categoryMapping),
    };
    if (info?.dimensions) Object.assign(item, info.dimensions);
    items.push(item);
  }
  if (weightless.length > 0) {
    if (weightless.length === items.length) {
      problems.push({
        code: "zero_weight",
        message: `No item of the order has a weight (${nameList(weightless)})`,
        fix: "Set the variants' weights in Shopify, or a default weight in the app's settings, then retry",
        blocking: true,
      });
    } else {
      // An add-on without weight (a protection plan, a gift wrap) rides with goods that weigh something.
      for (const item of items) if (!(item.weight > 0)) item.weight = 1;
      problems.push({
        code: "weightless_line",
        message: `${haveNoWeight(weightless)} and went as 1 g with the rest of the parcel`,
        fix: "Set a weight in Shopify, or a default weight in the app's settings, if it is a physical item",
        blocking: false,
      });
    }
  }

  const destination: DestinationSnapshot = {
    name: address
      ? (address.name ??
        ([address.first_name, address.last_name].filter(Boolean).join(" ") || null))
      : null,
    phone: normalisePhone(
      address?.phone ?? order.customer?.phone ?? order.phone,
      address?.country_code,
    ),
    email: order.email ?? order.customer?.email ?? null,
    address: address ? addressText(address) || null : null,
    city: address?.city ?? null,
    postalCode: address?.zip?.trim() || null,
  };

  const goodsValue = rupiah(items.reduce((sum, i) => sum + i.value * i.quantity, 0));
  // Cash on delivery for what the customer still owes, in the shop's currency.
  const isCod = isCashOnDelivery(order, settings);
  const outstanding = input.outstanding ?? outstandingOf(order);
  let cod: number | null = null;
  if (isCod && outstanding > 0) {
    if (outstanding > COD_MAX_AMOUNT) {
      problems.push({
        code: "cod_too_high",
        message: `Cash on delivery of ${outstanding} is above the service's ${COD_MAX_AMOUNT}`,
        fix: "Collect part of the payment first, or ship without cash on delivery",
        blocking: true,
      });
    } else cod = rupiah(outstanding);
  }
  const insurance = settings.insurance && goodsValue > 0 ? goodsValue : null;
  const contents: ShipmentContents = {
    items: items.map((i) => ({
      name: i.name,
      sku: i.sku ?? null,
      quantity: i.quantity,
      value: i.value,
    })),
    ordered,
    cod,
    codType: cod !== null ? settings.codType : null,
    insurance,
  };
  const hasShippableItems = items.length > 0;
  let courier = chooseCourier(input);
  const base = { problems, hasShippableItems, destination, referenceId, contents };
  if (!hasShippableItems) return { ...base, request: null, courier };

  const pickup = settings.pickup;
  if (!pickup) {
    problems.push({
      code: "no_pickup_location",
      message: "No pickup location is set",
      fix: "Set a pickup location in the app's settings, then retry",
      blocking: true,
    });
  }
  if (!address || !destination.address) {
    problems.push({
      code: "no_shipping_address",
      message: "The order has no shipping address",
      fix: "Add a shipping address to the order in Shopify",
      blocking: true,
    });
  }
  if (!destination.phone) {
    problems.push({
      code: "no_destination_phone",
      message: "No phone number for the recipient (shipping address, customer or order)",
      fix: "Add a phone number to the order's shipping address in Shopify",
      blocking: true,
    });
  }
  const postal =
    destination.postalCode && /^\d{5}$/.test(destination.postalCode)
      ? Number(destination.postalCode)
      : null;
  const coordinate =
    address &&
    address.latitude !== null &&
    address.longitude !== null &&
    Number.isFinite(address.latitude) &&
    Number.isFinite(address.longitude)
      ? { latitude: address.latitude, longitude: address.longitude }
      : null;
  if (address && postal === null && coordinate === null) {
    problems.push({
      code: "no_destination_locator",
      message: destination.postalCode
        ? `Postal code "${destination.postalCode}" is not a 5-digit number`
        : "The shipping address has no postal code",
      fix: "Correct the postal code of the order's shipping address in Shopify",
      blocking: true,
    });
  }

  const originCoordinate =
    pickup && pickup.latitude !== undefined && pickup.longitude !== undefined
      ? { latitude: pickup.latitude, longitude: pickup.longitude }
      : null;
  if (
    courier.from !== "none" &&
    INSTANT_COURIERS.has(courier.company.toLowerCase()) &&
    (!coordinate || !originCoordinate)
  ) {
    problems.push({
      code: "courier_needs_coordinates",
      message: `${courierLabel(courier.company, courier.type)} delivers instantly and needs coordinates of the pickup location and the destination`,
      fix: "Choose another courier for this shipment, or add coordinates",
      blocking: false,
    });
    courier = {
      from: "none",
      reason: `${courierLabel(courier.company, courier.type)} needs coordinates of both the pickup location and the destination`,
    };
  }

  const blocking = problems.some((p) => p.blocking);
  if (blocking || !pickup || !address) return { ...base, request: null, courier };

  const tags = (Array.isArray(order.tags) ? order.tags : (order.tags ?? "").split(","))
    .map((t) => t.trim())
    .filter(Boolean);
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
    ...(courier.from !== "none"
      ? { courier_company: courier.company, courier_type: courier.type }
      : {}),
    ...(cod !== null
      ? { destination_cash_on_delivery: cod, destination_cash_on_delivery_type: settings.codType }
      : {}),
    ...(settings.proofOfDelivery
      ? {
          destination_proof_of_delivery: true,
          destination_proof_of_delivery_note:
            settings.proofOfDeliveryNote || "Photo of the parcel with the recipient",
        }
      : {}),
    ...(insurance !== null ? { courier_insurance: insurance } : {}),
    delivery_type: settings.deliveryType,
    ...(settings.deliveryType === "scheduled"
      ? { delivery_date: tomorrowInJakarta(input.now ?? new Date()), delivery_time: "10:00" }
      : {}),
    reference_id: referenceId,
    tags,
    metadata: { shopify_order_id: order.id, shopify_order_name: order.name ?? null, shop },
    items,
  };
  return { ...base, request, courier };
}

/** What changed between two contents, in words ("Batik Shirt: 2 → 1; cash on delivery 385000 → 235000"). */
export function describeChanges(
  before: ShipmentContents | null,
  after: ShipmentContents,
  which: "items" | "ordered",
): string[] {
  if (!before) return [];
  const changes: string[] = [];
  const key = (i: ContentLine) => i.sku ?? i.name;
  const old = new Map((before[which] ?? before.items).map((i) => [key(i), i]));
  const now = new Map(after[which].map((i) => [key(i), i]));
  for (const [k, item] of now) {
    const was = old.get(k);
    if (!was) changes.push(`${item.name} added (${item.quantity})`);
    else {
      if (was.quantity !== item.quantity)
        changes.push(`${item.name}: quantity ${was.quantity} → ${item.quantity}`);
      if (was.value !== item.value)
        changes.push(`${item.name}: value ${was.value} → ${item.value}`);
    }
  }
  for (const [k, item] of old) if (!now.has(k)) changes.push(`${item.name} removed`);
  if ((before.cod ?? null) !== (after.cod ?? null))
    changes.push(`cash on delivery ${before.cod ?? "none"} → ${after.cod ?? "none"}`);
  if ((before.insurance ?? null) !== (after.insurance ?? null))
    changes.push(`insured value ${before.insurance ?? "none"} → ${after.insurance ?? "none"}`);
  return changes;
}
