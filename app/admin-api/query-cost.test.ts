import { describe, expect, it } from "vitest";
import { actualQueryCost, MAX_QUERY_COST, requestedQueryCost } from "./query-cost";

/**
 * The calculation Shopify documents (shopify.dev, "GraphQL Admin API rate limits": a scalar or an
 * enum 0, an object 1, a connection sized by first and last, an interface or a union the dearest
 * of its possible selections, a mutation 10), each rule on a document of the 2026-10 schema.
 */
describe("a document's cost, as Shopify documents it", () => {
  it("an object costs 1, its scalars and enums nothing", () => {
    expect(requestedQueryCost(`query { shop { id name ianaTimezone currencyCode } }`)).toBe(1);
    expect(requestedQueryCost(`query { shop { id billingAddress { city } } }`)).toBe(2);
  });

  it("a connection costs 2 and its size times one item, at any depth", () => {
    expect(requestedQueryCost(`query { locations(first: 10) { nodes { id name } } }`)).toBe(12);
    expect(
      requestedQueryCost(`query { locations(first: 10) { edges { cursor node { id } } } }`),
    ).toBe(12);
    // 50 fulfillment orders × (1 + 2 + 250 lines × 1): the first page the app once asked for.
    expect(
      requestedQueryCost(
        `query($id: ID!) { order(id: $id) { fulfillmentOrders(first: 50) { nodes { id lineItems(first: 250) { nodes { id } } } } } }`,
      ),
    ).toBe(1 + 2 + 50 * (1 + 2 + 250));
  });

  it("a size sent as a variable is the variable's; left out, Shopify's largest page", () => {
    const document = `query($first: Int!) { orders(first: $first) { nodes { id customer { id } } } }`;
    expect(requestedQueryCost(document, { first: 5 })).toBe(2 + 5 * 2);
    expect(requestedQueryCost(document)).toBe(2 + 250 * 2);
  });

  it("an interface costs its dearest possible type's selection", () => {
    const document = `query($ids: [ID!]!) { nodes(ids: $ids) {
      ... on Product { id }
      ... on ProductVariant { id product { id } inventoryItem { id } }
    } }`;
    expect(requestedQueryCost(document, { ids: ["a", "b"] })).toBe(2 * 3);
  });

  it("a mutation costs 10", () => {
    expect(
      requestedQueryCost(`mutation($id: ID!) { returnClose(id: $id) { userErrors { message } } }`),
    ).toBe(10);
  });

  it("the actual cost sizes each connection by what came back", () => {
    const document = `query { locations(first: 20) { nodes { id address { city } } } }`;
    expect(requestedQueryCost(document)).toBe(2 + 20 * 2);
    const data = { locations: { nodes: [{ id: "1", address: { city: "Bandung" } }] } };
    expect(actualQueryCost(document, {}, data)).toBe(2 + 2);
    expect(actualQueryCost(document, {}, { locations: { nodes: [] } })).toBe(2);
  });

  it("the single query limit is Shopify's 1,000", () => {
    expect(MAX_QUERY_COST).toBe(1000);
  });
});
