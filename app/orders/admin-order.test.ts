import { describe, expect, it } from "vitest";
import { ORDER_FULFILLMENT_ORDERS_QUERY } from "./fulfillment-orders";
import { SHOP_LOCATIONS_QUERY } from "../shops/shopify-locations.server";
import type { GraphQLEnumType } from "graphql";
import { adminQueryErrors, adminSchema, adminVariableErrors } from "#fakes/shopify/admin-schema.ts";
import { orderToAdminNode } from "#fakes/shopify/admin-orders.ts";
import { loadOrder } from "#test/fixtures/orders.ts";
import { FULFILLMENT_CREATE, FULFILLMENT_ORDERS_QUERY } from "#worker/processors/fulfil.ts";
import { TRACKING_UPDATE } from "#worker/processors/shopify-sync.ts";
import {
  METAFIELD_DEFINITION_CREATE,
  METAFIELD_DEFINITION_QUERY,
  METAFIELD_DEFINITION_UPDATE,
  METAFIELDS_SET,
  STATUS_DEFINITIONS,
  definitionCreateVariables,
  definitionQueryVariables,
  definitionUpdateVariables,
  statusMetafields,
} from "./status-metafields";
import {
  AdminGraphqlError,
  ORDER_QUERY,
  ORDERS_QUERY,
  parseOrderResponse,
  parseOrdersResponse,
} from "./admin-order";
import { orderPayloadSchema } from "./payload";
import { ORDER_OWNER_QUERY } from "./ownership";
import {
  BOOKING_HOLD,
  BOOKING_HOLD_RELEASE,
  bookingHoldReleaseVariables,
  bookingHoldVariables,
} from "./booking-hold";
import { FULFILLMENT_ORDER_ORDER_QUERY } from "./fulfillment-order-events";
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
    ["StatusMetafieldDefinition", METAFIELD_DEFINITION_QUERY],
    ["StatusMetafieldDefinitionCreate", METAFIELD_DEFINITION_CREATE],
    ["StatusMetafieldDefinitionUpdate", METAFIELD_DEFINITION_UPDATE],
    ["OrderOwner", ORDER_OWNER_QUERY],
    ["OrderFulfillmentOrders", ORDER_FULFILLMENT_ORDERS_QUERY],
    ["ShopLocations", SHOP_LOCATIONS_QUERY],
    ["FulfillmentOrderOrder", FULFILLMENT_ORDER_ORDER_QUERY],
    ["BookingHold", BOOKING_HOLD],
    ["BookingHoldRelease", BOOKING_HOLD_RELEASE],
  ])("%s is valid", (_name, query) => {
    expect(adminQueryErrors(query)).toEqual([]);
  });

  it("the booking hold's variables are what Shopify's mutations take", () => {
    const gid = "gid://shopify/FulfillmentOrder/5501";
    expect(adminVariableErrors(BOOKING_HOLD, bookingHoldVariables(gid))).toEqual([]);
    expect(
      adminVariableErrors(
        BOOKING_HOLD_RELEASE,
        bookingHoldReleaseVariables(gid, "gid://shopify/FulfillmentHold/1"),
      ),
    ).toEqual([]);
    // A reason Shopify does not have is refused: the check can fail.
    expect(
      adminVariableErrors(BOOKING_HOLD, { id: gid, fulfillmentHold: { reason: "BEING_BOOKED" } }),
    ).not.toEqual([]);
  });

  it("the status metafield definitions' variables are what Shopify's mutations take", () => {
    for (const definition of STATUS_DEFINITIONS) {
      expect(
        adminVariableErrors(METAFIELD_DEFINITION_QUERY, definitionQueryVariables(definition.key)),
      ).toEqual([]);
      expect(
        adminVariableErrors(METAFIELD_DEFINITION_CREATE, definitionCreateVariables(definition)),
      ).toEqual([]);
      expect(
        adminVariableErrors(METAFIELD_DEFINITION_UPDATE, definitionUpdateVariables(definition)),
      ).toEqual([]);
    }
    // An owner type Shopify does not have is refused: the check can fail.
    expect(
      adminVariableErrors(METAFIELD_DEFINITION_QUERY, {
        identifier: { ownerType: "SHIPMENT", key: "status" },
      }),
    ).not.toEqual([]);
  });

  it("why the status metafields are not app-owned: an app-owned definition can give other apps no access", () => {
    // The access an app may set on a definition in its own namespace: the merchant's only.
    const access = adminSchema().getType("MetafieldAdminAccessInput") as GraphQLEnumType;
    expect(access.getValues().map((v) => [v.name, v.description])).toEqual([
      ["MERCHANT_READ", "The merchant has read-only access. No other apps have access."],
      ["MERCHANT_READ_WRITE", "The merchant has read and write access. No other apps have access."],
    ]);
    // So the definitions live in a namespace of their own, not `$app`, and set no access.
    for (const definition of STATUS_DEFINITIONS) {
      const { definition: input } = definitionCreateVariables(definition);
      expect(input.namespace).not.toMatch(/^(\$app|app--)/);
      expect(input).not.toHaveProperty("access");
    }
  });

  it("the check can fail: a field Shopify does not have is refused", () => {
    expect(
      adminQueryErrors(ORDER_QUERY.replace("displayFinancialStatus", "financialStatus")),
    ).toEqual([expect.stringContaining("financialStatus")]);
  });

  it("the variables are checked against the operation's types too (the fake Admin API refuses what Shopify would)", () => {
    expect(adminVariableErrors(ORDER_OWNER_QUERY, { id: "gid://shopify/Order/1" })).toEqual([]);
    expect(adminVariableErrors(ORDER_OWNER_QUERY, {})).toEqual([expect.stringContaining("$id")]);
    const metafields = statusMetafields("1", [
      {
        part: 1,
        status: "confirmed",
        shopifyLocationName: null,
        courierCompany: "jne",
        courierType: "reg",
        waybillId: null,
        trackingUrl: null,
      },
    ]);
    expect(adminVariableErrors(METAFIELDS_SET, { metafields })).toEqual([]);
    expect(
      adminVariableErrors(METAFIELDS_SET, {
        metafields: [{ ...metafields[0], valueType: "STRING" }],
      }),
    ).toEqual([expect.stringContaining("valueType")]);
    expect(adminVariableErrors(PRODUCTS_QUERY, { ids: "gid://shopify/Product/1" })).toEqual([]); // a single value is a list of one, as GraphQL coerces it
    expect(adminVariableErrors(PRODUCTS_QUERY, { ids: [null] })).toEqual([
      expect.stringContaining("non-null"),
    ]);
  });
});

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
