import { describe, expect, it } from "vitest";
import { SHOP_NAME_QUERY } from "#app/admin-api/operations/shop.ts";
import { isThrottled } from "#app/admin-api/request.ts";
import { fakeAdminGraphql, FakeShopifyOrders } from "./fake-admin.ts";
import { FakeCostBuckets, withinCostLimits } from "./fake-query-cost.ts";

/** The query the app sent before it was priced: 50 fulfillment orders of 250 lines (12,653 points). */
const OVER_LIMIT = `query Wide($id: ID!) {
  order(id: $id) { fulfillmentOrders(first: 50) { nodes { id lineItems(first: 250) { nodes { id } } } } }
}`;

describe("the fake Admin API prices queries as Shopify does", () => {
  it("refuses a query over 1,000 points before it runs, whatever the order, with Shopify's MAX_COST_EXCEEDED", async () => {
    let ran = false;
    const answer = (await withinCostLimits(
      new FakeCostBuckets(),
      "toko.myshopify.com",
      OVER_LIMIT,
      { id: "gid://shopify/Order/1" },
      async () => {
        ran = true;
        return { data: { order: null } };
      },
    )) as { errors: { message: string; extensions: Record<string, unknown> }[] };
    expect(ran).toBe(false);
    expect(answer.errors[0]!.extensions).toMatchObject({
      code: "MAX_COST_EXCEEDED",
      cost: 12653,
      maxCost: 1000,
    });
    expect(answer.errors[0]!.message).toMatch(
      /^Query cost is 12653, which exceeds the single query max cost limit \(1000\)/,
    );
  });

  it("answers with the cost: requested, actual (what came back), and the shop's bucket", async () => {
    const shop = "toko-harga.myshopify.com";
    const graphql = fakeAdminGraphql([], undefined, new FakeShopifyOrders());
    const answer = (await graphql(shop, SHOP_NAME_QUERY, {})) as {
      extensions: { cost: Record<string, unknown> };
    };
    expect(answer.extensions.cost).toEqual({
      requestedQueryCost: 1,
      actualQueryCost: 1,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1999, restoreRate: 100 },
    });
  });

  it("keeps a leaky bucket per shop: a shop that spent it is THROTTLED until it refills; another shop is not", async () => {
    let now = 0;
    const buckets = new FakeCostBuckets("standard", () => now);
    const ask = (shop: string, cost: number) =>
      withinCostLimits(
        buckets,
        shop,
        `query($first: Int!) { locations(first: $first) { nodes { id } } }`,
        { first: cost - 2 },
        async () => ({
          data: { locations: { nodes: Array.from({ length: cost - 2 }, () => ({})) } },
        }),
      );
    for (let i = 0; i < 2; i++) expect(isThrottled(await ask("a.myshopify.com", 1000))).toBe(false);
    const throttled = (await ask("a.myshopify.com", 1000)) as {
      extensions: { cost: { throttleStatus: { currentlyAvailable: number } } };
    };
    expect(isThrottled(throttled)).toBe(true);
    expect(throttled.extensions.cost.throttleStatus.currentlyAvailable).toBe(0);
    expect(isThrottled(await ask("b.myshopify.com", 1000))).toBe(false);
    // Ten seconds at 100 points a second.
    now += 10_000;
    expect(isThrottled(await ask("a.myshopify.com", 1000))).toBe(false);
    expect(buckets.throttled.get("a.myshopify.com")).toBe(1);
  });
});

describe("the fake Admin API's input limit", () => {
  it("refuses a list of more than 250 items as Shopify does, before anything runs", async () => {
    const { inputTooLargeAnswer } = await import("./fake-input-limits.ts");
    const lines = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ fulfillmentLineItemId: `${i}`, quantity: 1 }));
    expect(inputTooLargeAnswer({ returnInput: { returnLineItems: lines(250) } })).toBeNull();
    expect(inputTooLargeAnswer({ returnInput: { returnLineItems: lines(251) } })).toEqual({
      errors: [
        {
          message: "The input array size of 251 is greater than the maximum allowed of 250.",
          path: ["returnInput", "returnLineItems"],
          extensions: { code: "MAX_INPUT_SIZE_EXCEEDED" },
        },
      ],
    });
  });
});
