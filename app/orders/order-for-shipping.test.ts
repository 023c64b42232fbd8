import { describe, expect, it } from "vitest";
import { ORDER_FOR_SHIPPING_QUERY } from "../admin-api/operations/fulfillment-orders";
import { AdminGraphqlError, type AdminGraphql } from "../admin-api/request";
import { adminQueryErrors } from "../admin-api/admin-schema";
import { readOrderForShipping } from "./order-for-shipping";

/** An Admin API that answers `body` and records what it was asked. */
function answering(
  body: unknown,
  asked: { shop: string; variables: Record<string, unknown> }[] = [],
): AdminGraphql {
  return async (shop, query, variables) => {
    expect(query).toBe(ORDER_FOR_SHIPPING_QUERY);
    asked.push({ shop, variables });
    return body;
  };
}

const GID = "gid://shopify/Order/820982911946154508";
/** Shopify's answer for an order of two items from one location; one item's product is deleted. */
const answer = (orderId = GID) => ({
  data: {
    order: {
      id: orderId,
      fulfillmentOrders: {
        nodes: [
          {
            id: "gid://shopify/FulfillmentOrder/1",
            status: "OPEN",
            supportedActions: [{ action: "CREATE_FULFILLMENT" }],
            deliveryMethod: { methodType: "SHIPPING" },
            fulfillmentHolds: [],
            assignedLocation: {
              name: "Gudang Cilandak",
              location: {
                id: "gid://shopify/Location/11",
                isFulfillmentService: false,
                fulfillmentService: null,
              },
            },
            lineItems: {
              nodes: [
                {
                  id: "gid://shopify/FulfillmentOrderLineItem/1",
                  totalQuantity: 2,
                  remainingQuantity: 2,
                  lineItem: { id: "gid://shopify/LineItem/466157049" },
                },
              ],
            },
          },
        ],
      },
      lineItems: {
        nodes: [
          {
            id: "gid://shopify/LineItem/466157049",
            product: {
              id: "gid://shopify/Product/632910392",
              productType: "Kopi",
              tags: ["arabika", "gayo"],
              category: { fullName: "Food, Beverages & Tobacco > Beverages > Coffee" },
            },
          },
          { id: "gid://shopify/LineItem/518995019", product: null },
        ],
      },
    },
    locations: { nodes: [{ id: "gid://shopify/Location/11", isFulfillmentService: false }] },
  },
});

describe("readOrderForShipping: the order as drafting needs it, in one call", () => {
  it("is a document Shopify's 2026-10 schema accepts", () => {
    expect(adminQueryErrors(ORDER_FOR_SHIPPING_QUERY)).toEqual([]);
  });

  it("asks the named shop for the order's gid; the order there gives its fulfillment orders and products", async () => {
    const asked: { shop: string; variables: Record<string, unknown> }[] = [];
    const read = await readOrderForShipping(
      answering(answer(), asked),
      "toko.myshopify.com",
      "820982911946154508",
    );
    expect(asked).toEqual([{ shop: "toko.myshopify.com", variables: { id: GID } }]);
    expect(read?.fulfillment.singleOwnLocation).toBe(true);
    expect(read?.fulfillment.fulfillmentOrders.map((f) => [f.locationName, f.lines])).toEqual([
      ["Gudang Cilandak", [{ lineItemId: "466157049", totalQuantity: 2, remainingQuantity: 2 }]],
    ]);
    expect([...(read?.products ?? [])]).toEqual([
      [
        "632910392",
        {
          productType: "Kopi",
          tags: ["arabika", "gayo"],
          taxonomy: "Food, Beverages & Tobacco > Beverages > Coffee",
        },
      ],
    ]);
  });

  it("no such order in that shop (another shop's, or deleted) is null", async () => {
    const none = { data: { order: null, locations: { nodes: [] } } };
    expect(await readOrderForShipping(answering(none), "toko.myshopify.com", "1")).toBeNull();
  });

  it("another order than the one asked for is null", async () => {
    const other = answer("gid://shopify/Order/2");
    expect(await readOrderForShipping(answering(other), "toko.myshopify.com", "1")).toBeNull();
  });

  it("GraphQL errors are thrown, never taken for an answer", async () => {
    const denied = { errors: [{ message: "Access denied for order field." }] };
    await expect(
      readOrderForShipping(answering(denied), "toko.myshopify.com", "1"),
    ).rejects.toBeInstanceOf(AdminGraphqlError);
  });
});
