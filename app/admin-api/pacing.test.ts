import { describe, expect, it } from "vitest";
import { SHOP_NAME_QUERY } from "./operations/shop";
import { ShopPacing, UNKNOWN_COST } from "./pacing";

/** Shopify's cost figures of an answer (extensions.cost). */
const answered = (requested: number, available: number, restoreRate = 100) => ({
  data: {},
  extensions: {
    cost: {
      requestedQueryCost: requested,
      actualQueryCost: requested,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: available, restoreRate },
    },
  },
});

describe("the gateway's pace per shop, from Shopify's cost figures", () => {
  it("learns an operation's cost from its answer; one not sent yet counts UNKNOWN_COST", () => {
    const pacing = new ShopPacing(() => 0);
    expect(pacing.costOf(SHOP_NAME_QUERY)).toBe(UNKNOWN_COST);
    pacing.observe("a.myshopify.com", SHOP_NAME_QUERY, answered(1, 1999));
    expect(pacing.costOf(SHOP_NAME_QUERY)).toBe(1);
  });

  it("waits for the bucket to refill to the query's cost, counting what it sent since", () => {
    let now = 0;
    const pacing = new ShopPacing(() => now);
    expect(pacing.waitMs("a.myshopify.com", 500)).toBe(0); // nothing known: send
    pacing.observe("a.myshopify.com", SHOP_NAME_QUERY, answered(1, 300));
    expect(pacing.waitMs("a.myshopify.com", 500)).toBe(2000); // (500 - 300) / 100 a second
    now += 1000;
    expect(pacing.waitMs("a.myshopify.com", 500)).toBe(1000);
    pacing.spend("a.myshopify.com", 400); // 400 - 400 left
    expect(pacing.waitMs("a.myshopify.com", 100)).toBe(1000);
    // Another shop is paced by its own figures only.
    expect(pacing.waitMs("b.myshopify.com", 500)).toBe(0);
  });
});
