import { describe, expect, it } from "vitest";
import type { AdminGraphql } from "../admin-api/request";
import { fakeAdminGraphql } from "#fakes/shopify/fake-admin.ts";
import { orderPayloadSchema } from "./payload";
import { centimetresOf, readVariantDimensions, VARIANTS_PER_CALL } from "./variant-dimensions";

const dimension = (value: unknown, unit: unknown) => ({
  type: "dimension",
  value: JSON.stringify({ value, unit }),
});

/** An order of the given variants, one line each, as the webhook carries it. */
const orderOf = (...variants: (number | null)[]) =>
  orderPayloadSchema.parse({
    id: 5801234567890,
    line_items: variants.map((variant, i) => ({
      id: 100 + i,
      variant_id: variant,
      product_id: 9001,
      name: `Item ${i}`,
      quantity: 1,
      price: "10000.00",
      grams: 100,
    })),
  });

describe("a variant's size from its metafields", () => {
  it("reads Shopify's dimension type in each of its units, and plain numbers as centimetres", () => {
    expect(centimetresOf(dimension(30, "cm"))).toBe(30);
    expect(centimetresOf(dimension(55, "mm"))).toBe(5.5);
    expect(centimetresOf(dimension(0.4, "m"))).toBe(40);
    expect(centimetresOf(dimension(12, "in"))).toBe(30.5);
    expect(centimetresOf(dimension(1, "ft"))).toBe(30.5);
    expect(centimetresOf(dimension(1, "yd"))).toBe(91.4);
    expect(centimetresOf({ type: "number_decimal", value: "12.5" })).toBe(12.5);
    expect(centimetresOf({ type: "number_integer", value: "20" })).toBe(20);
  });

  it("is no size when absent, zero, negative, of another type or unit, or not JSON", () => {
    expect(centimetresOf(null)).toBeNull();
    expect(centimetresOf(dimension(0, "cm"))).toBeNull();
    expect(centimetresOf(dimension(-3, "cm"))).toBeNull();
    expect(centimetresOf(dimension(3, "km"))).toBeNull();
    expect(centimetresOf(dimension("3", "cm"))).toBeNull();
    expect(centimetresOf({ type: "dimension", value: "30 cm" })).toBeNull();
    expect(centimetresOf({ type: "single_line_text_field", value: "30" })).toBeNull();
    expect(centimetresOf({ type: "number_decimal", value: "abc" })).toBeNull();
  });
});

describe("readVariantDimensions, against the fake Admin API (Shopify's schema)", () => {
  it("asks once for the order's distinct variants and keeps those with all three sizes", async () => {
    const calls: { shop: string; ids: string[] }[] = [];
    const graphql = fakeAdminGraphql(calls) as AdminGraphql;
    // 8001 keeps 30 × 25 × 50 mm; 8002 only two of three; 8003 none; a line without a variant.
    const sizes = await readVariantDimensions(
      graphql,
      "toko.myshopify.com",
      orderOf(8001, 8002, 8001, 8003, null),
    );
    expect([...sizes]).toEqual([["8001", { length: 30, width: 25, height: 5 }]]);
    expect(calls).toEqual([
      {
        shop: "toko.myshopify.com",
        ids: [8001, 8002, 8003].map((id) => `gid://shopify/ProductVariant/${id}`),
      },
    ]);
  });

  it("pages an order of many variants, VARIANTS_PER_CALL at a time; asks nothing for none", async () => {
    const calls: { shop: string; ids: string[] }[] = [];
    const graphql = fakeAdminGraphql(calls) as AdminGraphql;
    const many = Array.from({ length: VARIANTS_PER_CALL + 1 }, (_, i) => 70000 + i);
    await readVariantDimensions(graphql, "toko.myshopify.com", orderOf(...many));
    expect(calls.map((c) => c.ids.length)).toEqual([VARIANTS_PER_CALL, 1]);
    await readVariantDimensions(graphql, "toko.myshopify.com", orderOf(null));
    expect(calls).toHaveLength(2);
  });
});
