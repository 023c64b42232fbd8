import { describe, expect, it } from "vitest";
import { loadOrder } from "#test/fixtures/orders.ts";
import { parseShopSettings } from "../shops/settings";
import { decideShipping, paymentState } from "./decide";
import { orderPayloadSchema } from "./payload";

const order = (patch: Record<string, unknown> = {}) =>
  orderPayloadSchema.parse({ ...loadOrder("multi-item"), ...patch });
const decide = (patch: Record<string, unknown> = {}, shippable = true) =>
  decideShipping(order(patch), shippable);
const address = loadOrder("multi-item").shipping_address as Record<string, unknown>;

describe("which orders ship", () => {
  it("an open, paid, Indonesian IDR order ships", () => {
    expect(decide()).toEqual({ ship: true });
  });

  it.each([
    [
      "cancelled",
      { cancelled_at: "2026-11-20T11:00:00+07:00" },
      "cancelled",
      /cancelled in Shopify/,
    ],
    [
      "fulfilled in Shopify",
      { fulfillment_status: "fulfilled" },
      "not_required",
      /already fulfilled/,
    ],
    [
      "local pickup",
      {
        shipping_lines: [
          { code: "Ambil di toko", title: "Ambil di toko (Jakarta)", source: "shopify" },
        ],
      },
      "not_required",
      /local pickup/,
    ],
    [
      "local pickup (delivery category)",
      { shipping_lines: [{ code: "Gudang", title: "Gudang", delivery_category: "pick-up" }] },
      "not_required",
      /local pickup/,
    ],
    [
      "local delivery",
      { shipping_lines: [{ code: "Local Delivery", title: "Local Delivery" }] },
      "not_required",
      /local delivery/,
    ],
    ["no shipping address", { shipping_address: null }, "not_required", /no shipping address/],
    [
      "Malaysia",
      { shipping_address: { ...address, country: "Malaysia", country_code: "MY", zip: "50450" } },
      "not_required",
      /Malaysia \(MY\).*within Indonesia/,
    ],
    [
      "Japan",
      { shipping_address: { ...address, country: "Japan", country_code: "JP", zip: "100-0001" } },
      "not_required",
      /Japan/,
    ],
    [
      "USD shop",
      {
        currency: "USD",
        total_price_set: {
          shop_money: { amount: "24.00", currency_code: "USD" },
          presentment_money: { amount: "24.00", currency_code: "USD" },
        },
      },
      "not_required",
      /in USD/,
    ],
  ])("%s: no draft, with the reason", (_name, patch, status, reason) => {
    const decision = decide(patch);
    expect(decision).toMatchObject({ ship: false, status });
    expect(decision.ship ? "" : decision.reason).toMatch(reason);
  });

  it("a customer who paid in another currency: the shop's IDR amounts decide", () => {
    expect(
      decide({
        currency: "IDR",
        presentment_currency: "SGD",
        total_price_set: {
          shop_money: { amount: "385000.00", currency_code: "IDR" },
          presentment_money: { amount: "31.90", currency_code: "SGD" },
        },
      }),
    ).toEqual({ ship: true });
  });

  it("nothing left to ship: no shipment needed", () => {
    expect(decide({}, false)).toMatchObject({
      ship: false,
      status: "not_required",
      reason: expect.stringMatching(/already fulfilled, refunded or removed/),
    });
  });
});

describe("booking waits for payment", () => {
  const settings = parseShopSettings({ codGateways: [] });
  it.each([
    ["paid", ["bogus"], true],
    ["partially_refunded", ["bogus"], true],
    ["pending", ["Bank Transfer BCA"], false],
    ["authorized", ["shopify_payments"], false],
    ["partially_paid", ["Bank Transfer BCA"], false],
    ["pending", ["Cash on Delivery (COD)"], true],
    ["pending", ["COD - Bayar di Tempat"], true],
    [null, ["manual"], false],
  ])("%s via %j: bookable %s", (financial_status, payment_gateway_names, bookable) => {
    const state = paymentState(order({ financial_status, payment_gateway_names }), settings);
    expect(state.bookable).toBe(bookable);
    if (!bookable) expect(state.reason).toMatch(/^Waiting for payment/);
  });

  it("the shop setting books pending orders (manual methods that never mark orders paid), not authorized ones", () => {
    const books = parseShopSettings({ bookPendingOrders: true });
    expect(
      paymentState(
        order({ financial_status: "pending", payment_gateway_names: ["Bank Transfer BCA"] }),
        books,
      ).bookable,
    ).toBe(true);
    expect(paymentState(order({ financial_status: "authorized" }), books).bookable).toBe(false);
  });
});
