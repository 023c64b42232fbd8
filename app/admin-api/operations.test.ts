import fs from "node:fs";
import path from "node:path";
import type { GraphQLEnumType } from "graphql";
import { describe, expect, it } from "vitest";
import {
  adminDeprecations,
  adminQueryErrors,
  adminSchema,
  adminVariableErrors,
} from "./admin-schema";
import { bookingHoldReleaseVariables, bookingHoldVariables } from "../shipments/booking-hold";
import {
  STATUS_DEFINITIONS,
  definitionCreateVariables,
  definitionQueryVariables,
  definitionUpdateVariables,
  statusMetafields,
} from "../shipments/status-metafields";
import * as carrierServices from "./operations/carrier-services";
import * as fulfillmentOrders from "./operations/fulfillment-orders";
import * as fulfillments from "./operations/fulfillments";
import * as locations from "./operations/locations";
import * as metafields from "./operations/metafields";
import * as orderSettlement from "./operations/order-settlement";
import * as orderAddress from "./operations/order-address";
import * as orderInvoice from "./operations/order-invoice";
import * as orderRisk from "./operations/order-risk";
import * as orders from "./operations/orders";
import * as products from "./operations/products";
import * as returnPickups from "./operations/return-pickups";
import * as returns from "./operations/returns";
import * as shopOperations from "./operations/shop";
import * as variants from "./operations/variants";
import { operationName } from "./request";
import { MAX_QUERY_COST, requestedQueryCost } from "./query-cost";
import { ORDERS_PAGE_SIZE } from "../orders/admin-order";
import { PRODUCTS_PER_CALL } from "../orders/product-facts";
import { VARIANTS_PER_CALL } from "../orders/variant-dimensions";
import { RECENT_ORDERS_READ } from "../shops/payment-gateways.server";

const { BOOKING_HOLD, BOOKING_HOLD_RELEASE } = fulfillmentOrders;
const { METAFIELD_DEFINITION_CREATE, METAFIELD_DEFINITION_QUERY, METAFIELD_DEFINITION_UPDATE } =
  metafields;
const { METAFIELDS_SET } = metafields;
const { ORDER_QUERY } = orders;

/** The modules of ./operations/, one per area. */
const modules = [
  carrierServices,
  fulfillmentOrders,
  fulfillments,
  locations,
  metafields,
  orderSettlement,
  orderAddress,
  orderInvoice,
  orderRisk,
  orders,
  products,
  returnPickups,
  returns,
  shopOperations,
  variants,
];
/** Every document the app sends: each export of ./operations/. */
const documents: [string, string][] = modules.flatMap((m) => Object.entries(m));

describe("Admin GraphQL documents, against Shopify's 2026-10 schema", () => {
  it("every document of ./operations/ is valid, and each names its operation once", () => {
    expect(documents.length).toBeGreaterThanOrEqual(18);
    for (const [name, document] of documents) {
      expect([name, adminQueryErrors(document)]).toEqual([name, []]);
    }
    const operationNames = documents.map(([, d]) => operationName(d));
    expect(new Set(operationNames).size).toBe(documents.length);
  });

  it("every document costs at most 1,000 points by Shopify's documented calculation, sent with the largest variables the app sends", () => {
    // The documents whose size is a variable; any other variable size counts 250, Shopify's largest.
    const largest: Record<string, Record<string, unknown>> = {
      ORDERS_QUERY: { first: ORDERS_PAGE_SIZE },
      RECENT_PAYMENT_GATEWAYS_QUERY: { first: RECENT_ORDERS_READ },
      PRODUCT_FACTS_QUERY: { ids: Array.from({ length: PRODUCTS_PER_CALL }, (_, i) => `${i}`) },
      VARIANT_DIMENSIONS_QUERY: {
        ids: Array.from({ length: VARIANTS_PER_CALL }, (_, i) => `${i}`),
      },
    };
    const over = documents
      .map(([name, document]) => [name, requestedQueryCost(document, largest[name])] as const)
      .filter(([, cost]) => cost > MAX_QUERY_COST);
    expect(over).toEqual([]);
  });

  it("no document uses a field or an argument the schema deprecates", () => {
    for (const [name, document] of documents)
      expect([name, adminDeprecations(document)]).toEqual([name, []]);
  });

  it("checks every module of ./operations/", () => {
    const files = fs
      .readdirSync(path.join(import.meta.dirname, "operations"))
      .filter((f) => f.endsWith(".ts"));
    expect(files.length).toBe(modules.length);
  });

  it("every document is typed: the generated types have an entry for each, as written", () => {
    const generated = fs.readFileSync(
      path.join(import.meta.dirname, "types", "admin.generated.d.ts"),
      "utf8",
    );
    for (const [name, document] of documents)
      expect([name, generated.includes(`${JSON.stringify(document)}: {return:`)]).toEqual([
        name,
        true,
      ]);
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
    expect(adminVariableErrors(ORDER_QUERY, { id: "gid://shopify/Order/1" })).toEqual([]);
    expect(adminVariableErrors(ORDER_QUERY, {})).toEqual([expect.stringContaining("$id")]);
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
    const fo = "gid://shopify/FulfillmentOrder/1";
    const hold = "gid://shopify/FulfillmentHold/1";
    expect(adminVariableErrors(BOOKING_HOLD_RELEASE, { id: fo, holdIds: hold })).toEqual([]); // a single value is a list of one, as GraphQL coerces it
    expect(adminVariableErrors(BOOKING_HOLD_RELEASE, { id: fo, holdIds: [null] })).toEqual([
      expect.stringContaining("non-null"),
    ]);
  });
});
