import { ORDER_FULFILLMENT_ORDERS_QUERY } from "../admin-api/operations/fulfillment-orders";
import { describe, expect, it } from "vitest";
import { loadOrder } from "#test/fixtures/orders.ts";
import { inEnglish } from "../i18n/said";
import { adminQueryErrors } from "../admin-api/admin-schema";
import {
  codShares,
  codSharing,
  orderForFulfillmentOrder,
  parseFulfillmentOrders,
  planFulfillment,
  type FulfillmentOrder,
} from "./fulfillment-orders";
import { orderPayloadSchema } from "./payload";

/** An OrderFulfillmentOrders answer in the shape Shopify's 2026-10 schema gives it. */
function answer(
  nodes: unknown[],
  locations = [{ id: "gid://shopify/Location/1", isFulfillmentService: false }],
) {
  return {
    data: {
      order: { id: "gid://shopify/Order/1", fulfillmentOrders: { nodes } },
      locations: { nodes: locations },
    },
  };
}
function fo(
  id: number,
  location: { id: string; name: string; service?: string },
  lines: [number, number, number][],
  status = "OPEN",
  methodType = "SHIPPING",
) {
  return {
    id: `gid://shopify/FulfillmentOrder/${id}`,
    status,
    supportedActions: status === "OPEN" ? [{ action: "CREATE_FULFILLMENT" }] : [],
    fulfillmentHolds: [],
    deliveryMethod: { methodType },
    assignedLocation: {
      name: location.name,
      location: {
        id: location.id,
        isFulfillmentService: Boolean(location.service),
        fulfillmentService: location.service ? { serviceName: location.service } : null,
      },
    },
    lineItems: {
      nodes: lines.map(([lineItem, total, remaining], i) => ({
        id: `gid://shopify/FulfillmentOrderLineItem/${id}${i}`,
        totalQuantity: total,
        remainingQuantity: remaining,
        lineItem: { id: `gid://shopify/LineItem/${lineItem}` },
      })),
    },
  };
}
const A = { id: "gid://shopify/Location/1", name: "Gudang Jakarta" };
const B = { id: "gid://shopify/Location/2", name: "Gudang Surabaya" };
const PARTNER = { id: "gid://shopify/Location/3", name: "Partner", service: "Partner Fulfillment" };

const parse = (body: unknown) => parseFulfillmentOrders(body)!;

describe("Shopify's fulfillment orders", () => {
  it("the query is one Shopify's schema accepts", () => {
    expect(adminQueryErrors(ORDER_FULFILLMENT_ORDERS_QUERY)).toEqual([]);
  });

  it("ships merchant-managed shipping fulfillment orders, oldest first; leaves others' and pickups, and finished ones", () => {
    const { fulfillmentOrders, singleOwnLocation } = parse(
      answer(
        [
          fo(30, B, [[13002, 1, 1]]),
          fo(12, A, [[13001, 2, 2]]),
          fo(40, PARTNER, [[13003, 1, 1]]),
          fo(50, A, [[13004, 1, 1]], "OPEN", "PICK_UP"),
          fo(11, A, [[13005, 1, 0]], "CLOSED"),
        ],
        [
          { id: A.id, isFulfillmentService: false },
          { id: B.id, isFulfillmentService: false },
          { id: PARTNER.id, isFulfillmentService: true },
        ],
      ),
    );
    expect(singleOwnLocation).toBe(false);
    const plan = planFulfillment(fulfillmentOrders);
    expect(plan.ours.map((o) => o.id)).toEqual([
      "gid://shopify/FulfillmentOrder/12",
      "gid://shopify/FulfillmentOrder/30",
    ]);
    expect(plan.elsewhere.map((e) => inEnglish(e.reason))).toEqual([
      "Partner Fulfillment fulfills the items at Partner",
      "the items at Gudang Jakarta go by local pickup",
    ]);
  });

  it("an order Shopify does not have is null; one own location (fulfillment services aside) is a single-location shop", () => {
    expect(parseFulfillmentOrders({ data: { order: null, locations: { nodes: [] } } })).toBeNull();
    expect(
      parse(
        answer(
          [],
          [
            { id: A.id, isFulfillmentService: false },
            { id: PARTNER.id, isFulfillmentService: true },
          ],
        ),
      ).singleOwnLocation,
    ).toBe(true);
  });

  it("the order as one fulfillment order sees it: its lines, its units, never more than the order still has", () => {
    const order = orderPayloadSchema.parse(loadOrder("multi-item"));
    const [a] = parse(answer([fo(1, A, [[13001, 2, 1]])])).fulfillmentOrders as [FulfillmentOrder];
    const part = orderForFulfillmentOrder(order, a);
    expect(part.line_items.map((l) => [l.id, l.current_quantity, l.fulfillable_quantity])).toEqual([
      ["13001", 2, 1],
    ]);
    expect(orderForFulfillmentOrder(order, a, "booked").line_items[0]?.fulfillable_quantity).toBe(
      2,
    );
    // A refund the app has seen and Shopify's fulfillment order does not show yet.
    const refunded = {
      ...order,
      line_items: order.line_items.map((l) => ({ ...l, current_quantity: null })),
      refunds: [{ refund_line_items: [{ line_item_id: "13001", quantity: 1 }] }],
    };
    expect(
      orderForFulfillmentOrder(refunded as typeof order, a).line_items[0]?.current_quantity,
    ).toBe(1);
  });

  it("cash on delivery is shared by the value of each parcel's items; the first takes the rounding; a fulfilled parcel keeps its share", () => {
    const order = orderPayloadSchema.parse(loadOrder("id-cod-rates-app"));
    const fos = parse(
      answer([fo(1, A, [[13001, 2, 2]]), fo(2, B, [[13002, 1, 1]])]),
    ).fulfillmentOrders;
    const shares = codShares(404000, order, codSharing(fos));
    expect(shares).toEqual([
      404000 - Math.floor((404000 * 85000) / 385000),
      Math.floor((404000 * 85000) / 385000),
    ]);
    // The first parcel fulfilled (closed): the second's share is unchanged.
    const later = parse(
      answer([fo(1, A, [[13001, 2, 0]], "CLOSED"), fo(2, B, [[13002, 1, 1]])]),
    ).fulfillmentOrders;
    expect(codShares(404000, order, codSharing(later))).toEqual(shares);
  });
});
