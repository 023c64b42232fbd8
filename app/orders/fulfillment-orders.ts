import { said, type Said, type SaidKey } from "../i18n/said";
import { ORDER_FULFILLMENT_ORDERS_QUERY } from "../admin-api/operations/fulfillment-orders";
import {
  adminAnswer,
  adminRequest,
  orderGid,
  type AdminGraphql,
  type AdminVariables,
} from "../admin-api/request";
import type { ShippingFulfillmentOrderFragment } from "../admin-api/types/admin.generated";
import { wholeFulfillmentOrders } from "./fulfillment-pages";
import { idOfGid } from "./exact-json";
import { discountedUnitPrice, orderedQuantity, refundedUnits } from "./map-lines";
import type { ShopifyOrder } from "./payload";

/**
 * Shopify's fulfillment orders (app/admin-api/operations/fulfillment-orders.ts): which location
 * ships which items of a store order, and how. The unit of shipment: each fulfillment order this
 * app ships (at a location of the merchant's own, by shipping) becomes one shipment, with that
 * location's pickup as its origin and that fulfillment order's remaining items. Fulfillment orders
 * of another fulfillment service, of local pickup or local delivery are left to them.
 */

export interface FulfillmentOrderLine {
  /** The store order's line item id (numeric, as in the webhook). */
  lineItemId: string;
  totalQuantity: number;
  remainingQuantity: number;
}

export interface FulfillmentOrder {
  id: string;
  status: string;
  /** Shopify offers CREATE_FULFILLMENT among its supported actions. */
  canFulfill: boolean;
  methodType: string | null;
  locationId: string | null;
  locationName: string;
  /** The fulfillment service that holds the location, when it is not the merchant's own. */
  fulfillmentService: string | null;
  lines: FulfillmentOrderLine[];
  /** Its holds: by this app (the hold while booking) or by anyone else (staff, another app). */
  holds: FulfillmentOrderHold[];
}

export interface FulfillmentOrderHold {
  id: string;
  /** Shopify's reason in words, with the notes of whoever placed it. */
  reason: string;
  byThisApp: boolean;
}

export interface OrderFulfillment {
  fulfillmentOrders: FulfillmentOrder[];
  /** The shop has exactly one location of its own (not a fulfillment service's). */
  singleOwnLocation: boolean;
}

/**
 * The order's fulfillment orders and the shop's locations from one answer that carries them whole
 * (OrderFulfillmentOrders); null when Shopify has no such order.
 */
export function parseFulfillmentOrders(body: unknown): OrderFulfillment | null {
  const data = adminAnswer(ORDER_FULFILLMENT_ORDERS_QUERY, body);
  return data.order ? fulfillmentOf(data.order.fulfillmentOrders.nodes, data.locations) : null;
}

/** The fulfillment orders, read whole, and the shop's locations as the app plans with them. */
export function fulfillmentOf(
  fulfillmentOrders: readonly ShippingFulfillmentOrderFragment[],
  locations: { nodes: readonly { isFulfillmentService: boolean }[] },
): OrderFulfillment {
  const own = locations.nodes.filter((l) => !l.isFulfillmentService);
  return {
    singleOwnLocation: own.length === 1,
    fulfillmentOrders: fulfillmentOrders.map((fo) => {
      const location = fo.assignedLocation.location ?? null;
      return {
        id: fo.id,
        status: fo.status,
        canFulfill: fo.supportedActions.some((a) => a.action === "CREATE_FULFILLMENT"),
        methodType: fo.deliveryMethod?.methodType ?? null,
        locationId: location?.id ?? null,
        locationName: fo.assignedLocation.name,
        fulfillmentService: location?.isFulfillmentService
          ? (location.fulfillmentService?.serviceName ?? "another fulfillment service")
          : null,
        lines: fo.lineItems.nodes.map((l) => ({
          lineItemId: idOfGid(l.lineItem.id) ?? l.lineItem.id,
          totalQuantity: l.totalQuantity,
          remainingQuantity: l.remainingQuantity,
        })),
        holds: fo.fulfillmentHolds.map((h) => ({
          id: h.id,
          reason: h.reasonNotes ? `${h.displayReason}: ${h.reasonNotes}` : h.displayReason,
          byThisApp: h.heldByRequestingApp,
        })),
      };
    }),
  };
}

/**
 * The order's fulfillment orders as Shopify has them now, every one and every line (read on in
 * pages past the first query's); null when Shopify has no such order.
 */
export async function readFulfillmentOrders(
  graphql: AdminGraphql,
  shop: string,
  orderId: string,
): Promise<OrderFulfillment | null> {
  const data = await adminRequest(
    graphql,
    shop,
    ORDER_FULFILLMENT_ORDERS_QUERY,
    fulfillmentOrdersVariables(orderId),
  );
  if (!data.order) return null;
  return fulfillmentOf(await wholeFulfillmentOrders(graphql, shop, data.order), data.locations);
}

export const fulfillmentOrdersVariables = (
  orderId: string,
): AdminVariables<typeof ORDER_FULFILLMENT_ORDERS_QUERY> => ({ id: orderGid(orderId) });

/** Statuses of a fulfillment order that still has work (fulfilled, cancelled or closed ones do not). */
const ACTIVE = new Set(["OPEN", "IN_PROGRESS", "SCHEDULED", "ON_HOLD"]);
/** Delivery methods this app ships; a fulfillment order without one is shipped as before. */
const SHIPPED_METHODS = new Set(["SHIPPING"]);
const METHOD_WORDS = new Set(["PICK_UP", "LOCAL", "RETAIL", "PICKUP_POINT", "NONE"]);

/** Why a fulfillment order is not this app's to ship, or null when it is. */
export function handledElsewhere(fo: FulfillmentOrder): Said | null {
  if (fo.fulfillmentService)
    return said("fulfilledByService", {
      service: fo.fulfillmentService,
      location: fo.locationName,
    });
  if (fo.methodType && !SHIPPED_METHODS.has(fo.methodType))
    return said("goesBy", {
      location: fo.locationName,
      method: METHOD_WORDS.has(fo.methodType)
        ? said(`method_${fo.methodType}` as SaidKey)
        : fo.methodType.toLowerCase(),
    });
  return null;
}

/**
 * Why the fulfillment order must not be booked now: it is on hold in Shopify by someone other than
 * this app (staff, a fraud check, another app); null when nothing but this app holds it. Shopify
 * refuses to fulfill a held fulfillment order, so nothing is booked until the hold is released.
 */
export function foreignHold(fo: FulfillmentOrder): Said | null {
  if (fo.status !== "ON_HOLD") return null;
  const others = fo.holds.filter((h) => !h.byThisApp);
  // ON_HOLD without a hold listed (an older API's answer): a hold all the same.
  if (others.length === 0 && fo.holds.length > 0) return null;
  return others.length > 0
    ? said("onHoldAtBecause", {
        location: fo.locationName,
        reasons: others.map((h) => h.reason).join("; "),
      })
    : said("onHoldAt", { location: fo.locationName });
}

const numericId = (gid: string) => BigInt(/(\d+)$/.exec(gid)?.[1] ?? "0");
const byId = (a: FulfillmentOrder, b: FulfillmentOrder) =>
  numericId(a.id) < numericId(b.id) ? -1 : numericId(a.id) > numericId(b.id) ? 1 : 0;

export interface FulfillmentPlan {
  /** The fulfillment orders this app ships, oldest first: part 1, 2, … */
  ours: FulfillmentOrder[];
  /** Active fulfillment orders left to others, with why (for the timeline). */
  elsewhere: { fo: FulfillmentOrder; reason: Said }[];
}

/** Which of the order's fulfillment orders this app ships. */
export function planFulfillment(all: readonly FulfillmentOrder[]): FulfillmentPlan {
  const active = all.filter(
    (fo) => ACTIVE.has(fo.status) && fo.lines.some((l) => l.remainingQuantity > 0),
  );
  const ours: FulfillmentOrder[] = [];
  const elsewhere: FulfillmentPlan["elsewhere"] = [];
  for (const fo of active) {
    const reason = handledElsewhere(fo);
    if (reason) elsewhere.push({ fo, reason });
    else ours.push(fo);
  }
  ours.sort(byId);
  return { ours, elsewhere };
}

/**
 * The store order as one fulfillment order sees it: only its line items, each with the units that
 * fulfillment order holds (`booked`: all it was given; a draft: what is left to fulfill), never
 * more than the order itself still has (a refund the app has seen before Shopify's fulfillment
 * order shows it). The rest of the order (address, payment, shipping lines) is the order's.
 */
export function orderForFulfillmentOrder(
  order: ShopifyOrder,
  fo: FulfillmentOrder,
  stage: "draft" | "booked" = "draft",
): ShopifyOrder {
  const lines = new Map(fo.lines.map((l) => [l.lineItemId, l]));
  const refunded = refundedUnits(order);
  return {
    ...order,
    line_items: order.line_items.flatMap((line) => {
      const held = lines.get(line.id);
      if (!held) return [];
      const ordered = Math.min(orderedQuantity(line, refunded), held.totalQuantity);
      const left = Math.min(
        ordered,
        line.fulfillable_quantity ?? ordered,
        stage === "booked" ? held.totalQuantity : held.remainingQuantity,
      );
      return [{ ...line, current_quantity: ordered, fulfillable_quantity: left }];
    }),
  };
}

/**
 * The fulfillment orders that share the order's cash on delivery: every one this app ships or
 * shipped (not cancelled, not another's), oldest first, whatever is left to fulfill of each: a
 * parcel's share does not grow when another parcel is fulfilled.
 */
export function codSharing(all: readonly FulfillmentOrder[]): FulfillmentOrder[] {
  return all
    .filter(
      (fo) =>
        fo.status !== "CANCELLED" &&
        !handledElsewhere(fo) &&
        fo.lines.some((l) => l.totalQuantity > 0),
    )
    .sort(byId);
}

/**
 * Cash on delivery of each parcel when the order leaves as several (`sharing`, codSharing): each
 * parcel's courier collects its share of what the customer owes, by the value of its items; the
 * first parcel takes the rounding (and what no item accounts for, such as the shipping charge).
 * Whole rupiah.
 */
export function codShares(
  outstanding: number,
  order: ShopifyOrder,
  sharing: readonly FulfillmentOrder[],
): number[] {
  const values = sharing.map((fo) => {
    const lines = new Map(fo.lines.map((l) => [l.lineItemId, l.totalQuantity]));
    return order.line_items.reduce(
      (sum, line) => sum + discountedUnitPrice(line) * (lines.get(line.id) ?? 0),
      0,
    );
  });
  const total = values.reduce((a, b) => a + b, 0);
  const shares = values.map((v) => (total > 0 ? Math.floor((outstanding * v) / total) : 0));
  if (shares.length > 0)
    shares[0] = Math.round(outstanding) - shares.slice(1).reduce((a, b) => a + b, 0);
  return shares;
}
