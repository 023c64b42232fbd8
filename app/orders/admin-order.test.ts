import { describe, expect, it } from "vitest";
import { adminQueryErrors } from "#test/helpers/admin-schema.ts";
import { orderToAdminNode } from "#test/helpers/admin-orders.ts";
import { loadOrder } from "#test/fixtures/orders.ts";
import { FULFILLMENT_CREATE, FULFILLMENT_ORDERS_QUERY, METAFIELDS_SET, TRACKING_UPDATE } from "#worker/processors/shopify-order.ts";
import { AdminGraphqlError, ORDER_QUERY, ORDERS_QUERY, parseOrderResponse, parseOrdersResponse } from "./admin-order";
import { orderPayloadSchema } from "./payload";
import { PRODUCTS_QUERY } from "./products.server";

describe("Admin GraphQL documents, against Shopify's 2026-10 schema", () => {
  it.each([
    ["ShippingOrder", ORDER_QUERY],
    ["ShippingOrders", ORDERS_QUERY],
    ["ProductsForShipping", PRODUCTS_QUERY],
    ["ShipmentFulfillmentOrders", FULFILLMENT_ORDERS_QUERY],
    ["ShipmentFulfil", FULFILLMENT_CREATE],
    ["ShipmentTracking", TRACKING_UPDATE],
    ["ShipmentStatusMetafield", METAFIELDS_SET],
  ])("%s is valid", (_name, query) => {
    expect(adminQueryErrors(query)).toEqual([]);
  });

  it("the check can fail: a field Shopify does not have is refused", () => {
    expect(adminQueryErrors(ORDER_QUERY.replace("displayFinancialStatus", "financialStatus"))).toEqual([expect.stringContaining("financialStatus")]);
  });
});

describe("an order read through Admin GraphQL reads like its webhook", () => {
  it("same id, lines, amounts, payment and courier line as the webhook payload", () => {
    const webhook = orderPayloadSchema.parse(loadOrder("cod"));
    const fromAdmin = orderPayloadSchema.parse(parseOrderResponse({ data: { order: orderToAdminNode(loadOrder("cod")) } }));
    expect(fromAdmin).toMatchObject({
      id: webhook.id,
      name: webhook.name,
      financial_status: webhook.financial_status,
      payment_gateway_names: webhook.payment_gateway_names,
      total_outstanding: webhook.total_outstanding,
      shipping_address: { zip: webhook.shipping_address?.zip, country_code: "ID", phone: webhook.shipping_address?.phone },
    });
    expect(fromAdmin.line_items.map((l) => [l.id, l.sku, l.grams, l.current_quantity, l.price])).toEqual(webhook.line_items.map((l) => [l.id, l.sku, l.grams, l.current_quantity, l.price]));
    expect(fromAdmin.shipping_lines?.[0]).toMatchObject({ code: "JNE REG", title: "JNE Reguler" });
  });

  it("pages, a missing order, and Shopify's errors", () => {
    const page = parseOrdersResponse({ data: { orders: { pageInfo: { hasNextPage: true, endCursor: "c1" }, nodes: [orderToAdminNode(loadOrder("multi-item"))] } } });
    expect(page).toMatchObject({ hasNextPage: true, endCursor: "c1", orders: [{ id: "5801234567890" }] });
    expect(parseOrderResponse({ data: { order: null } })).toBeNull();
    expect(() => parseOrderResponse({ errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }] })).toThrow(AdminGraphqlError);
  });
});
