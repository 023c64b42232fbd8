import { describe, expect, it } from "vitest";
import { AdminGraphqlError } from "../admin-api/request";
import { orderToAdminNode } from "#fakes/shopify/admin-orders.ts";
import { loadOrder } from "#test/fixtures/orders.ts";
import { parseOrderResponse, parseOrdersResponse } from "./admin-order";
import { orderPayloadSchema } from "./payload";

describe("an order read through Admin GraphQL reads like its webhook", () => {
  it("same id, lines, amounts, payment and courier line as the webhook payload", () => {
    const webhook = orderPayloadSchema.parse(loadOrder("cod"));
    const fromAdmin = orderPayloadSchema.parse(
      parseOrderResponse({ data: { order: orderToAdminNode(loadOrder("cod")) } }),
    );
    expect(fromAdmin).toMatchObject({
      id: webhook.id,
      name: webhook.name,
      financial_status: webhook.financial_status,
      payment_gateway_names: webhook.payment_gateway_names,
      total_outstanding: webhook.total_outstanding,
      shipping_address: {
        zip: webhook.shipping_address?.zip,
        country_code: "ID",
        phone: webhook.shipping_address?.phone,
      },
    });
    expect(
      fromAdmin.line_items.map((l) => [l.id, l.sku, l.grams, l.current_quantity, l.price]),
    ).toEqual(webhook.line_items.map((l) => [l.id, l.sku, l.grams, l.current_quantity, l.price]));
    expect(fromAdmin.shipping_lines?.[0]).toMatchObject({ code: "JNE REG", title: "JNE Reguler" });
  });

  it("pages, a missing order, and Shopify's errors", () => {
    const page = parseOrdersResponse({
      data: {
        orders: {
          pageInfo: { hasNextPage: true, endCursor: "c1" },
          nodes: [orderToAdminNode(loadOrder("multi-item"))],
        },
      },
    });
    expect(page).toMatchObject({
      hasNextPage: true,
      endCursor: "c1",
      orders: [{ id: "5801234567890" }],
    });
    expect(parseOrderResponse({ data: { order: null } })).toBeNull();
    expect(() =>
      parseOrderResponse({ errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }] }),
    ).toThrow(AdminGraphqlError);
  });
});
