import { said, type Said } from "../i18n/said";
import { deliveryFields } from "../shipments/pickup-slots";
import { insuredValue, type InsuranceChoice } from "../shipments/insurance-choice";
import { COD_MAX_AMOUNT } from "../shipping/codes";
import type { DraftOrderCreateRequest, Item } from "../shipping/contract";
import type { ShopSettings } from "../shops/settings";
import { isCashOnDelivery } from "./decide";
import { chooseCourier, instantCourierWithoutCoordinates } from "./map-courier";
import { destinationOf, destinationProblems, locatorOf, type Locator } from "./map-destination";
import { mapLines, outstandingOf, rupiah } from "./map-lines";
import type {
  ContentLine,
  CourierSource,
  DestinationSnapshot,
  MappingInput,
  MappingProblem,
  MappingResult,
  ShipmentContents,
} from "./map-types";
import type { ShopifyOrder } from "./payload";

/**
 * Store order → draft order request. Pure: everything it needs comes in as arguments, and what it
 * cannot map comes out as problems a merchant can act on (a blocking problem means no draft is
 * created; a warning is recorded and the draft goes ahead). Whether the order ships at all is
 * decide.ts's question, asked first. The steps: the lines (map-lines.ts), the recipient and how
 * the service finds them (map-destination.ts), the money (cash on delivery, insurance), the
 * courier (map-courier.ts), then the request.
 */

/**
 * Deterministic, unique per shop, order, part and attempt, and stable across retries: the first
 * shipment of an order is `shopify-<shop>-<order>`, its second part `…-p2`, a second attempt `…-2`.
 */
export function referenceIdFor(shop: string, orderId: string, attempt = 1, part = 1): string {
  const base = `shopify-${shop.replace(/\.myshopify\.com$/, "")}-${orderId}${part > 1 ? `-p${part}` : ""}`;
  return attempt > 1 ? `${base}-${attempt}` : base;
}

/** Cash on delivery for what the customer still owes, in the shop's currency; above the service's cap, a problem. */
function cashOnDelivery(input: MappingInput): {
  cod: number | null;
  problem: MappingProblem | null;
} {
  if (!isCashOnDelivery(input.order, input.settings)) return { cod: null, problem: null };
  const outstanding = input.outstanding ?? outstandingOf(input.order);
  if (!(outstanding > 0)) return { cod: null, problem: null };
  if (outstanding > COD_MAX_AMOUNT)
    return {
      cod: null,
      problem: {
        code: "cod_too_high",
        message: `Cash on delivery of ${outstanding} is above the service's ${COD_MAX_AMOUNT}`,
        said: said("codTooHigh", {
          amount: { amount: outstanding, currency: "IDR" },
          max: { amount: COD_MAX_AMOUNT, currency: "IDR" },
        }),
        fix: "Collect part of the payment first, or ship without cash on delivery",
        blocking: true,
      },
    };
  return { cod: rupiah(outstanding), problem: null };
}

/** What the draft carries, kept on the shipment (and what the customer pays on delivery). */
function contentsOf(
  items: Item[],
  ordered: ContentLine[],
  cod: number | null,
  settings: ShopSettings,
  insuranceChoice: InsuranceChoice | null,
): ShipmentContents {
  const goodsValue = rupiah(items.reduce((sum, i) => sum + i.value * i.quantity, 0));
  return {
    items: items.map((i) => ({
      name: i.name,
      sku: i.sku ?? null,
      quantity: i.quantity,
      value: i.value,
      weight: i.weight,
      dimensions:
        i.length && i.width && i.height
          ? { length: i.length, width: i.width, height: i.height }
          : null,
    })),
    ordered,
    cod,
    codType: cod !== null ? settings.codType : null,
    // The parcel's own choice, else the shop's rule (by goods value).
    insurance: insuredValue(insuranceChoice, settings, goodsValue),
  };
}

export function mapOrderToDraft(input: MappingInput): MappingResult {
  const { shop, order, settings } = input;
  const referenceId = referenceIdFor(shop, order.id, input.attempt ?? 1, input.part ?? 1);
  const address = order.shipping_address ?? null;
  const lines = mapLines(input);
  const problems: MappingProblem[] = [...lines.problems];
  const destination = destinationOf(order);
  const money = cashOnDelivery(input);
  if (money.problem) problems.push(money.problem);
  const contents = contentsOf(
    lines.items,
    lines.ordered,
    money.cod,
    settings,
    input.insuranceChoice ?? null,
  );
  const hasShippableItems = lines.items.length > 0;
  let courier = chooseCourier(input);
  const base = { problems, hasShippableItems, destination, referenceId, contents };
  if (!hasShippableItems) return { ...base, request: null, courier };

  const pickup = settings.pickup;
  if (!pickup) {
    problems.push({
      code: "no_pickup_location",
      message: "No pickup location is set",
      said: said("noPickupLocation"),
      fix: "Set a pickup location in the app's settings, then retry",
      blocking: true,
    });
  }
  const locator = locatorOf(address, destination);
  problems.push(...destinationProblems(address, destination, locator));
  const originCoordinate =
    pickup && pickup.latitude !== undefined && pickup.longitude !== undefined
      ? { latitude: pickup.latitude, longitude: pickup.longitude }
      : null;
  const instant = instantCourierWithoutCoordinates(
    courier,
    locator.coordinate !== null && originCoordinate !== null,
  );
  if (instant) {
    problems.push(instant.problem);
    courier = instant.courier;
  }

  const blocking = problems.some((p) => p.blocking);
  if (blocking || !pickup || !address) return { ...base, request: null, courier };
  const request = draftRequest({
    input,
    pickup,
    originCoordinate,
    destination,
    locator,
    courier,
    items: lines.items,
    contents,
    referenceId,
  });
  return { ...base, request, courier };
}

/** The draft order request, once nothing blocks it. */
function draftRequest(d: {
  input: MappingInput;
  pickup: NonNullable<ShopSettings["pickup"]>;
  originCoordinate: { latitude: number; longitude: number } | null;
  destination: DestinationSnapshot;
  locator: Locator;
  courier: CourierSource;
  items: Item[];
  contents: ShipmentContents;
  referenceId: string;
}): DraftOrderCreateRequest {
  const { input, pickup, originCoordinate, destination, courier, contents } = d;
  const { shop, order, settings } = input;
  const { postal, coordinate } = d.locator;
  const { cod, insurance } = contents;
  return {
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
    // The shipment's own pickup slot while it is ahead, else the shop's default.
    ...deliveryFields(input.pickupSlot ?? null, settings.deliveryType, input.now ?? new Date()),
    reference_id: d.referenceId,
    tags: tagsOf(order),
    metadata: { shopify_order_id: order.id, shopify_order_name: order.name ?? null, shop },
    items: d.items,
  };
}

const tagsOf = (order: ShopifyOrder): string[] =>
  (Array.isArray(order.tags) ? order.tags : (order.tags ?? "").split(","))
    .map((t) => t.trim())
    .filter(Boolean);

/** What changed between two contents, in words ("Batik Shirt: 2 → 1; cash on delivery 385000 → 235000"). */
export function describeChanges(
  before: ShipmentContents | null,
  after: ShipmentContents,
  which: "items" | "ordered",
): Said[] {
  if (!before) return [];
  const changes: Said[] = [];
  const key = (i: ContentLine) => i.sku ?? i.name;
  const old = new Map((before[which] ?? before.items).map((i) => [key(i), i]));
  const now = new Map(after[which].map((i) => [key(i), i]));
  for (const [k, item] of now) {
    const was = old.get(k);
    if (!was) changes.push(said("changeAdded", { item: item.name, quantity: item.quantity }));
    else {
      if (was.quantity !== item.quantity)
        changes.push(
          said("changeQuantity", { item: item.name, from: was.quantity, to: item.quantity }),
        );
      if (was.value !== item.value)
        changes.push(said("changeValue", { item: item.name, from: was.value, to: item.value }));
    }
  }
  for (const [k, item] of old)
    if (!now.has(k)) changes.push(said("changeRemoved", { item: item.name }));
  const orNone = (amount: number | null | undefined) => amount ?? said("none");
  if ((before.cod ?? null) !== (after.cod ?? null))
    changes.push(said("changeCod", { from: orNone(before.cod), to: orNone(after.cod) }));
  if ((before.insurance ?? null) !== (after.insurance ?? null))
    changes.push(
      said("changeInsurance", { from: orNone(before.insurance), to: orNone(after.insurance) }),
    );
  return changes;
}
