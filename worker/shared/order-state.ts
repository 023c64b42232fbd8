import crypto from "node:crypto";
import { pickupSlotOf } from "#app/shipments/pickup-slots.ts";
import { setTimeout as sleep } from "node:timers/promises";
import type { Shipment } from "#app/db/schema.ts";
import type { CourierListEntry } from "#app/orders/courier-match.ts";
import {
  decideShipping,
  paymentState,
  type PaymentState,
  type ShippingDecision,
} from "#app/orders/decide.ts";
import { mapOrderToDraft } from "#app/orders/map.ts";
import type { Dimensions, MappingResult, ProductInfo } from "#app/orders/map-types.ts";
import type { ShopifyOrder } from "#app/orders/payload.ts";
import type { ShipmentFields, ShipmentPatch } from "#app/shipments/shipments.server.ts";
import type { ShippingClient } from "#app/shipping/client.server.ts";
import type { CourierService } from "#app/shipping/contract.ts";
import { ShippingError, ShippingRateLimitedError } from "#app/shipping/errors.ts";
import type { PickupLocation, ShopSettings } from "#app/shops/settings.ts";
import { orderForFulfillmentOrder, type FulfillmentOrder } from "#app/orders/fulfillment-orders.ts";
import { shippingChargedOf } from "#app/orders/shipping-charged.ts";

const chargedText = (amount: number | null) => (amount === null ? null : String(amount));
import type { Ctx } from "./shipment-context.ts";

/** What the app makes of a store order now: whether it ships, the draft, and whether booking may go ahead. */
export interface Evaluation {
  decision: ShippingDecision;
  mapped: MappingResult;
  payment: PaymentState;
  /** What the customer paid for shipping, carried by the order's first parcel ("0" on the others). */
  shippingCharged: string | null;
}

/**
 * One fulfillment order's part of the store order (worker/shared/fulfillment-plan.ts): its
 * items, the pickup location it leaves from, and what its courier collects when the order is
 * shared between parcels.
 */
export interface PartPlan {
  fo: FulfillmentOrder;
  pickup: PickupLocation | null;
  outstanding?: number;
}

/** The store order, or (with `part`) the part of it one shipment carries. */
export function evaluateOrder(input: {
  shop: string;
  order: ShopifyOrder;
  settings: ShopSettings;
  shipment: Pick<Shipment, "attempt" | "part" | "chosenCourier" | "pickupSlot" | "insuranceChoice">;
  part?: PartPlan | null;
  products?: ReadonlyMap<string, ProductInfo>;
  dimensions?: ReadonlyMap<string, Dimensions>;
  couriers?: readonly CourierListEntry[] | null;
  stage?: "draft" | "booked";
}): Evaluation {
  const { part } = input;
  const order = part ? orderForFulfillmentOrder(input.order, part.fo, input.stage) : input.order;
  const mapped = mapOrderToDraft({
    shop: input.shop,
    order,
    settings: part ? { ...input.settings, pickup: part.pickup } : input.settings,
    products: input.products,
    dimensions: input.dimensions,
    couriers: input.couriers,
    chosenCourier:
      (input.shipment.chosenCourier as { company: string; type: string } | null) ?? null,
    pickupSlot: pickupSlotOf(input.shipment.pickupSlot),
    insuranceChoice: input.shipment.insuranceChoice ?? null,
    attempt: input.shipment.attempt,
    part: input.shipment.part,
    ...(part?.outstanding !== undefined ? { outstanding: part.outstanding } : {}),
    stage: input.stage,
  });
  return {
    mapped,
    decision: decideShipping(order, mapped.hasShippableItems),
    payment: paymentState(input.order, input.settings),
    shippingCharged: input.shipment.part > 1 ? "0" : chargedText(shippingChargedOf(input.order)),
  };
}

/** The shipment's copy of the order: recipient, contents, payment, and which state of the order it is. */
export function orderSnapshot(
  order: ShopifyOrder,
  { mapped, payment, shippingCharged }: Evaluation,
  updatedAt: Date | null,
): ShipmentFields {
  return {
    destinationName: mapped.destination.name,
    destinationPhone: mapped.destination.phone,
    destinationEmail: mapped.destination.email,
    destinationAddress: mapped.destination.address,
    destinationCity: mapped.destination.city,
    destinationPostalCode: mapped.destination.postalCode,
    orderName: order.name ?? undefined,
    orderCreatedAt: placedAt(order.created_at),
    problems: mapped.problems,
    contents: mapped.contents,
    shippingCharged,
    financialStatus: order.financial_status,
    awaitingPayment: !payment.bookable,
    decision: payment.reason,
    decisionSaid: payment.said ? [payment.said] : null,
    orderUpdatedAt: updatedAt,
  };
}

/**
 * The shipment's copy of an order that no longer ships with the service (cancelled, fulfilled by
 * hand, nothing to send, a foreign address): its state and why, no problem, nothing awaited.
 */
export function notShippedPatch(
  snapshot: ShipmentFields,
  decision: Extract<Evaluation["decision"], { ship: false }>,
): ShipmentPatch {
  return {
    ...snapshot,
    status: decision.status,
    decision: decision.reason,
    decisionSaid: [decision.said],
    problem: null,
    awaitingPayment: false,
  };
}

/**
 * The service's couriers list, per key, for an hour: matching a checkout's shipping line needs it
 * for every order, and it changes rarely (its own limit is 10 requests a second). One fetch per key
 * and process at a time (a flash sale's jobs wait for the same answer); it takes its slot in the
 * key's schedule and waits in place, so it never defers the job that holds a draft-order slot.
 */
const COURIERS_TTL_MS = 3600_000;
const courierLists = new Map<string, { at: number; list: CourierService[] }>();
const inFlight = new Map<string, Promise<CourierService[] | null>>();

export async function courierListFor(
  ctx: Ctx,
  apiKey: string,
  client: ShippingClient,
): Promise<CourierService[] | null> {
  const key = crypto.createHash("sha256").update(apiKey).digest("hex");
  const cached = courierLists.get(key);
  if (cached && Date.now() - cached.at < COURIERS_TTL_MS) return cached.list;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = fetchCouriers(ctx, apiKey, client)
      .then((list) => {
        if (list) courierLists.set(key, { at: Date.now(), list });
        return list;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

async function fetchCouriers(
  ctx: Ctx,
  apiKey: string,
  client: ShippingClient,
): Promise<CourierService[] | null> {
  for (let attempt = 0; ; attempt++) {
    const wait = await ctx.deps.limiter.reserve(apiKey, "couriers");
    if (wait > 0) await sleep(wait);
    try {
      return (await client.getCouriers()).couriers;
    } catch (error) {
      if (error instanceof ShippingRateLimitedError && attempt < 3) {
        await sleep(Math.max(error.retryAfterMs, 200));
        continue;
      }
      // A list the service refuses to give (not a transient failure): the checkout's line cannot
      // be read, and the shop's default courier applies.
      if (error instanceof ShippingError && !error.retryable) {
        ctx.log.warn(
          { err: error.message },
          "couriers list unavailable; checkout couriers not matched",
        );
        return null;
      }
      throw error;
    }
  }
}

/** The order's `created_at` as a time, when it reads as one (else left as it was). */
function placedAt(createdAt: string | null | undefined): Date | undefined {
  const at = createdAt ? new Date(createdAt) : null;
  return at && Number.isFinite(at.getTime()) ? at : undefined;
}
