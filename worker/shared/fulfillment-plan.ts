import { inEnglish, joinedSaid, said, storedSaid, type Said } from "#app/i18n/said.ts";
import type { Shipment } from "#app/db/schema.ts";
import {
  codShares,
  codSharing,
  foreignHold,
  planFulfillment,
  type FulfillmentOrder,
  type OrderFulfillment,
} from "#app/orders/fulfillment-orders.ts";
import { outstandingOf } from "#app/orders/map-lines.ts";
import { referenceIdFor } from "#app/orders/map.ts";
import type { ShopifyOrder } from "#app/orders/payload.ts";
import { ShopNotConnectedError } from "#app/admin-api/request.ts";
import {
  addOrderPart,
  addShipmentEvent,
  claimFulfillmentOrder,
  getShipment,
} from "#app/shipments/shipments.server.ts";
import { problemOf, type Problem } from "#app/shipments/problem-kinds.ts";
import { pickupForLocation, type ShopSettings } from "#app/shops/settings.ts";
import { ACTOR, type Ctx } from "./shipment-context.ts";
import type { PartPlan } from "./order-state.ts";

/**
 * Which part of the store order a shipment ships, from Shopify's fulfillment orders
 * (app/orders/fulfillment-orders.ts): its items, its origin (the pickup location connected to the
 * fulfillment order's Shopify location) and its share of cash on delivery. Drafting part 1 also
 * makes the order's other parts, one per further fulfillment order this app ships, each with its
 * own draft job.
 */

export const UNREACHABLE_SHOPIFY = inEnglish(said("unreachableShopify"));

const why = (message: Said) => ({ reason: inEnglish(message), said: message });
const gone = (message: Said) => ({ kind: "gone" as const, ...why(message) });

export type PartDecision =
  /** Shopify gave no fulfillment orders (an order without shippable items): the order as a whole, from the default pickup. */
  | { kind: "whole" }
  | { kind: "part"; plan: PartPlan; shipment: Shipment }
  /** Nothing of the order is this app's to ship: other fulfillment services, local pickup. */
  | { kind: "elsewhere"; reason: string; said: Said }
  /** The shipment's fulfillment order has nothing left to ship (fulfilled, cancelled, moved away). */
  | { kind: "gone"; reason: string; said: Said }
  /** The shipment waits for the merchant (its location is not connected, or Shopify cannot be read). */
  | { kind: "waits"; problem: Problem; shipment: Shipment };

/** The order's fulfillment orders as Shopify has them now; "unreachable" without a session. */
export async function readFulfillment(
  ctx: Ctx,
  shop: string,
  orderId: string,
): Promise<OrderFulfillment | null | "unreachable"> {
  try {
    return (await ctx.orderForShipping(shop, orderId))?.fulfillment ?? null;
  } catch (error) {
    if (error instanceof ShopNotConnectedError) return "unreachable";
    throw error;
  }
}

/** The plan of one fulfillment order: the pickup it leaves from and what its courier collects. */
export function partPlan(
  order: ShopifyOrder,
  settings: ShopSettings,
  fulfillment: OrderFulfillment,
  fo: FulfillmentOrder,
): PartPlan | Problem {
  const pickup = pickupForLocation(settings, fo.locationId, fulfillment.singleOwnLocation);
  if (pickup === "unconnected") {
    return problemOf("setup", said("locationNotConnected", { location: fo.locationName }));
  }
  const sharing = codSharing(fulfillment.fulfillmentOrders);
  const index = sharing.findIndex((o) => o.id === fo.id);
  const outstanding =
    sharing.length > 1 && index >= 0
      ? codShares(outstandingOf(order), order, sharing)[index]
      : undefined;
  return { fo, pickup, ...(outstanding !== undefined ? { outstanding } : {}) };
}

const isProblem = (value: PartPlan | Problem): value is Problem => "problemKinds" in value;

/**
 * What a pending shipment ships now. For part 1 without a fulfillment order yet, it takes the
 * order's first, and the order's other fulfillment orders become parts 2, 3, … (their draft jobs
 * queued); fulfillment orders left to others are written on part 1's timeline.
 */
export async function partForDraft(
  ctx: Ctx,
  shipment: Shipment,
  order: ShopifyOrder,
  settings: ShopSettings,
  /** The order's current shipments as the job read them (the shipment's own part included). */
  orderShipments: readonly Shipment[],
): Promise<PartDecision> {
  const { db } = ctx.deps;
  const fulfillment = await readFulfillment(ctx, shipment.shop, shipment.orderId);
  if (fulfillment === "unreachable")
    return { kind: "waits", problem: problemOf("setup", said("unreachableShopify")), shipment };
  if (!fulfillment || fulfillment.fulfillmentOrders.length === 0) return { kind: "whole" };
  const { ours, elsewhere } = planFulfillment(fulfillment.fulfillmentOrders);
  const elsewhereText = joinedSaid(elsewhere.map((e) => e.reason));
  // The order's other shipments, read once: a shipment without a fulfillment order claims one no
  // other holds, and part 1 makes the parts for the rest.
  const others = orderShipments.filter((s) => s.part !== shipment.part);

  let current = shipment;
  let fo: FulfillmentOrder | undefined;
  if (shipment.fulfillmentOrderId) {
    fo = ours.find((o) => o.id === shipment.fulfillmentOrderId);
    if (!fo) {
      const known = fulfillment.fulfillmentOrders.find((o) => o.id === shipment.fulfillmentOrderId);
      const location = known?.locationName ?? shipment.shopifyLocationName;
      return gone(location ? said("nothingLeftAtMoved", { location }) : said("nothingLeftMoved"));
    }
  } else {
    if (ours.length === 0) {
      if (elsewhere.length > 0)
        return {
          kind: "elsewhere",
          ...why(said("shippedElsewhere", { where: elsewhereText })),
        };
      return { kind: "whole" };
    }
    // Part 1 takes the first fulfillment order no other part of the order holds.
    const held = new Set(others.map((s) => s.fulfillmentOrderId));
    fo = ours.find((o) => !held.has(o.id));
    if (!fo) return gone(said("othersCarryAll"));
    const taken = fo;
    // Not a versioned change (like the order's verification): nothing decides on it concurrently,
    // and the row the caller holds stays current. Whoever set it first wins.
    const claimed = await claimFulfillmentOrder(db, shipment, taken);
    if (claimed) {
      current = claimed;
      if (ours.length > 1 || elsewhere.length > 0) {
        await addShipmentEvent(db, claimed, {
          actor: ACTOR.create,
          type: "fulfillment_order",
          message: [
            ours.length > 1
              ? said("shipsItemsAtPart", {
                  location: taken.locationName,
                  part: shipment.part,
                  count: ours.length,
                })
              : said("shipsItemsAt", { location: taken.locationName }),
            ...(elsewhere.length > 0 ? [said("notByThisApp", { where: elsewhereText })] : []),
          ],
          data: { fulfillmentOrderId: taken.id, locationId: taken.locationId },
        });
      }
    } else {
      const row = await getShipment(db, shipment.shop, shipment.id);
      if (!row) return gone(said("shipmentGone"));
      current = row;
      fo = ours.find((o) => o.id === row.fulfillmentOrderId);
      if (!fo)
        return gone(
          row.shopifyLocationName
            ? said("nothingLeftAt", { location: row.shopifyLocationName })
            : said("nothingLeft"),
        );
    }
  }
  if (shipment.part === 1) await addParts(ctx, current, ours, [...others, current]);

  const plan = partPlan(order, settings, fulfillment, fo);
  if (isProblem(plan)) return { kind: "waits", problem: plan, shipment: current };
  return { kind: "part", plan, shipment: current };
}

/** Parts 2, 3, … for the order's fulfillment orders no shipment holds, each with its draft job. */
export async function addParts(
  ctx: Ctx,
  first: Shipment,
  ours: readonly FulfillmentOrder[],
  existing: readonly Shipment[],
): Promise<void> {
  const { db } = ctx.deps;
  const held = new Set(existing.map((s) => s.fulfillmentOrderId));
  let next = Math.max(...existing.map((s) => s.part)) + 1;
  for (const fo of ours) {
    if (held.has(fo.id)) continue;
    const part = next++;
    const row = await addOrderPart(
      db,
      first,
      {
        part,
        referenceId: referenceIdFor(first.shop, first.orderId, 1, part),
        fulfillmentOrderId: fo.id,
        shopifyLocationId: fo.locationId,
        shopifyLocationName: fo.locationName,
      },
      ACTOR.create,
    );
    if (row) await ctx.deps.enqueue.createDraft(first.shop, first.orderId, undefined, part);
  }
}

/**
 * The part a shipment ships, for following an order's change (update): its fulfillment order as
 * Shopify has it now, with the pickup it was drafted from. Null when the shipment has no
 * fulfillment order (the order as a whole); "unknown" when Shopify no longer lists it, or (before
 * booking) it is no longer one this app ships.
 */
export function partForUpdate(
  shipment: Shipment,
  order: ShopifyOrder,
  settings: ShopSettings,
  fulfillment: OrderFulfillment,
): PartPlan | "unknown" {
  const fo = fulfillment.fulfillmentOrders.find((o) => o.id === shipment.fulfillmentOrderId);
  if (!fo) return "unknown";
  // Not booked, and no longer the app's to ship: followFulfillmentOrders decided what became of it.
  if (
    !shipment.shippingOrderId &&
    !planFulfillment(fulfillment.fulfillmentOrders).ours.some((o) => o.id === fo.id)
  )
    return "unknown";
  const plan = partPlan(order, settings, fulfillment, fo);
  // A draft already has its origin; the comparison needs only a pickup to map with.
  return isProblem(plan) ? { fo, pickup: settings.pickup } : plan;
}

/**
 * The hold on the shipment's fulfillment order as Shopify has it now (a recorded hold may have
 * been released while its webhook was lost); the recorded one when Shopify cannot be read.
 */
export async function holdNow(ctx: Ctx, shipment: Shipment): Promise<Said | null> {
  const fulfillment = await readFulfillment(ctx, shipment.shop, shipment.orderId);
  if (fulfillment === "unreachable")
    return shipment.shopifyHold
      ? (storedSaid(shipment.shopifyHoldSaid)?.[0] ??
          said("verbatim", { text: shipment.shopifyHold }))
      : null;
  const fo = fulfillment?.fulfillmentOrders.find((o) => o.id === shipment.fulfillmentOrderId);
  return fo ? foreignHold(fo) : null;
}
