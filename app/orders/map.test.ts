import { describe, expect, it } from "vitest";
import { ORDER_FIXTURES, loadOrder } from "#test/fixtures/orders.ts";
import { draftOrderCreateRequestSchema } from "../shipping/contract";
import { parseShopSettings, type ShopSettings } from "../shops/settings";
import { COURIERS } from "#test/helpers/couriers.ts";
import { describeChanges, mapOrderToDraft, referenceIdFor } from "./map";
import { inEnglish } from "../i18n/said";
import { discountedUnitPrice } from "./map-lines";
import { normalisePhone } from "./phone";
import type { Dimensions, ProductInfo } from "./map-types";
import { orderPayloadSchema } from "./payload";

const SHOP = "toko-maju.myshopify.com";
const settings = (patch: Partial<ShopSettings> = {}): ShopSettings =>
  parseShopSettings({
    pickup: {
      contactName: "Gudang Toko Maju",
      contactPhone: "+6281234567890",
      address: "Jl. Fatmawati 10, Jakarta Selatan",
      postalCode: 12430,
      latitude: -6.2886,
      longitude: 106.7986,
    },
    categoryMapping: { apparel: "fashion", coffee: "food_and_drink" },
    ...patch,
  });
const products = new Map<string, ProductInfo>([
  ["9001", { productType: "Apparel", tags: [] }],
  ["9002", { productType: "", tags: ["Coffee", "organic"] }],
]);
/** The coffee's variant keeps its size in Shopify; the shirt's does not. */
const dimensions = new Map<string, Dimensions>([["8002", { length: 15, width: 10, height: 5 }]]);
const map = (
  name: string,
  patch: Partial<ShopSettings> = {},
  mutate?: (o: Record<string, unknown>) => void,
  extra: { stage?: "draft" | "booked"; attempt?: number } = {},
) => {
  const raw = loadOrder(name);
  mutate?.(raw);
  return mapOrderToDraft({
    shop: SHOP,
    order: orderPayloadSchema.parse(raw),
    settings: settings(patch),
    products,
    dimensions,
    couriers: COURIERS,
    now: new Date("2026-11-22T03:00:00Z"),
    ...extra,
  });
};

describe("mapOrderToDraft on realistic orders", () => {
  it.each(ORDER_FIXTURES)(
    "%s parses, and maps to a request the contract accepts or to blocking problems",
    (name) => {
      const result = map(name, { defaultWeightGrams: null });
      if (result.request)
        expect(draftOrderCreateRequestSchema.safeParse(result.request).success).toBe(true);
      else expect(result.problems.some((p) => p.blocking) || !result.hasShippableItems).toBe(true);
    },
  );

  it("multi-item with variants: items, shipping (not billing) address, courier from the checkout", () => {
    const { request, problems, destination, referenceId } = map("multi-item");
    expect(problems).toEqual([]);
    expect(request).toMatchObject({
      origin_contact_name: "Gudang Toko Maju",
      origin_postal_code: 12430,
      origin_coordinate: { latitude: -6.2886, longitude: 106.7986 },
      destination_contact_name: "Siti Aminah",
      destination_contact_phone: "+6281298765432",
      destination_contact_email: "siti.aminah@example.com",
      destination_address: "Jl. Tunjungan No. 5, Lantai 2, Surabaya, Jawa Timur, 60271, Indonesia",
      destination_postal_code: 60271,
      destination_coordinate: { latitude: -7.2575, longitude: 112.7521 },
      courier_company: "jne",
      courier_type: "reg",
      delivery_type: "now",
      reference_id: referenceIdFor(SHOP, "5801234567890"),
      tags: ["vip", "flash-sale"],
      metadata: { shopify_order_id: "5801234567890", shopify_order_name: "#1001", shop: SHOP },
    });
    expect(request?.items).toEqual([
      {
        name: "Batik Shirt - M / Blue",
        sku: "BTK-M-BLU",
        value: 150000,
        quantity: 2,
        weight: 300,
        category: "fashion",
      },
      {
        name: "Kopi Gayo 250g",
        sku: "KOPI-GAYO-250",
        value: 85000,
        quantity: 1,
        weight: 260,
        category: "food_and_drink",
        length: 15,
        width: 10,
        height: 5,
      },
    ]);
    expect(JSON.stringify(request)).not.toContain("Billing");
    expect(destination).toMatchObject({ city: "Surabaya", postalCode: "60271" });
    expect(referenceId).toBe("shopify-toko-maju-5801234567890");
  });

  it("zero weight: the shop's default weight; a weightless line beside goods that weigh goes as 1 g; no weight at all blocks", () => {
    expect(map("zero-weight", { defaultWeightGrams: 500 }).request?.items[1]?.weight).toBe(500);
    const addOn = map("zero-weight");
    expect(addOn.request?.items.map((i) => i.weight)).toEqual([300, 1]);
    expect(addOn.problems).toEqual([
      expect.objectContaining({
        code: "weightless_line",
        blocking: false,
        message: expect.stringContaining("Kopi Gayo"),
      }),
    ]);
    const blocked = map("zero-weight", {}, (o) => {
      for (const line of o.line_items as { grams: number }[]) line.grams = 0;
    });
    expect(blocked.request).toBeNull();
    expect(blocked.problems).toEqual([
      expect.objectContaining({
        code: "zero_weight",
        blocking: true,
        message: expect.stringContaining("Batik Shirt"),
      }),
    ]);
  });

  it("digital + physical: skips lines that need no shipping and gift cards", () => {
    const { request } = map("digital-physical");
    expect(request?.items.map((i) => i.sku)).toEqual(["BTK-M-BLU", "KOPI-GAYO-250"]);
  });

  it("a digital-only order needs no shipment", () => {
    const result = map("digital-physical", {}, (o) => {
      o.line_items = (o.line_items as { requires_shipping: boolean }[]).filter(
        (l) => l.requires_shipping === false,
      );
    });
    expect(result).toMatchObject({ request: null, hasShippableItems: false, problems: [] });
  });

  it("COD when the gateway is one the shop marked (or a COD gateway by its name), for the outstanding amount", () => {
    expect(
      map("cod", { codGateways: ["Cash on Delivery (COD)"], codType: "3_days" }).request,
    ).toMatchObject({
      destination_cash_on_delivery: 404000,
      destination_cash_on_delivery_type: "3_days",
    });
    expect(
      map(
        "cod",
        { codGateways: ["Bayar di Kurir"] },
        (o) => (o.payment_gateway_names = ["Bayar di Kurir"]),
      ).request,
    ).toMatchObject({ destination_cash_on_delivery: 404000 });
    expect(
      map("cod", {}, (o) => (o.payment_gateway_names = ["BCA Virtual Account"])).request,
    ).not.toHaveProperty("destination_cash_on_delivery");
    expect(
      map("multi-item", { codGateways: ["cash on delivery (cod)"] }).request,
    ).not.toHaveProperty("destination_cash_on_delivery");
    const tooHigh = map(
      "cod",
      { codGateways: ["Cash on Delivery (COD)"] },
      (o) => (o.total_outstanding = "20000000.00"),
    );
    expect(tooHigh.problems.map((p) => p.code)).toEqual(["cod_too_high"]);
  });

  it("missing phone everywhere is a blocking problem; the customer's phone is the fallback", () => {
    expect(map("missing-phone").problems.map((p) => p.code)).toEqual(["no_destination_phone"]);
    const fallback = map(
      "missing-phone",
      {},
      (o) => ((o.customer as Record<string, unknown>).phone = "0813 1111 2222"),
    );
    expect(fallback.request?.destination_contact_phone).toBe("+6281311112222");
  });

  it("missing postal code (and no coordinates) is a blocking problem", () => {
    const result = map("missing-postal-code");
    expect(result.request).toBeNull();
    expect(result.problems).toEqual([
      expect.objectContaining({
        code: "no_destination_locator",
        fix: expect.stringContaining("postal code"),
      }),
    ]);
  });

  it("non-ASCII names and addresses pass through intact; multi-word services map", () => {
    const { request } = map("non-ascii");
    expect(request).toMatchObject({
      destination_contact_name: "Zoë Müller-Łukasz",
      destination_contact_phone: "+62361751000",
      courier_company: "anteraja",
      courier_type: "same_day",
    });
    expect(request?.destination_address).toContain("Villa “Sakura” 桜");
    expect(request?.items[0]?.name).toBe("Kain Tenun Ikat Sumba - Merah · 2m");
  });

  it("100+ lines: one item per line", () => {
    const { request } = map("large-120-lines");
    expect(request?.items).toHaveLength(120);
    expect(request?.items.reduce((n, i) => n + i.quantity, 0)).toBe(240);
  });

  it("removed and refunded quantities are not shipped", () => {
    const { request } = map("refunded-lines");
    expect(request?.items.map((i) => [i.sku, i.quantity])).toEqual([["BTK-M-BLU", 2]]);
  });

  it("courier: checkout line, else the shop's default, else none", () => {
    const noLine = (o: Record<string, unknown>) =>
      (o.shipping_lines = [{ code: "Standard", title: "Standard shipping" }]);
    expect(
      map("multi-item", { defaultCourier: { company: "sicepat", type: "reg" } }, noLine).request,
    ).toMatchObject({ courier_company: "sicepat", courier_type: "reg" });
    const none = map("multi-item", {}, noLine);
    expect(none.request).not.toHaveProperty("courier_company");
    expect(none.request).not.toHaveProperty("courier_type");
    expect(none.courier).toEqual({
      from: "none",
      reason: { key: "noCourierLine", values: { names: "Standard shipping" } },
    });
    // A service the courier does not offer is never guessed (the service would refuse the draft).
    const unknown = map(
      "multi-item",
      {},
      (o) =>
        (o.shipping_lines = [
          { code: "JNE - Ongkos Kirim Super", title: "JNE - Ongkos Kirim Super" },
        ]),
    );
    expect(unknown.request).not.toHaveProperty("courier_type");
  });

  it("the courier a merchant chose wins over the checkout's", () => {
    const result = mapOrderToDraft({
      shop: SHOP,
      order: orderPayloadSchema.parse(loadOrder("multi-item")),
      settings: settings(),
      couriers: COURIERS,
      chosenCourier: { company: "tiki", type: "ons" },
    });
    expect(result.request).toMatchObject({ courier_company: "tiki", courier_type: "ons" });
    expect(result.courier.from).toBe("merchant");
  });

  it("an instant courier without coordinates is dropped with a warning, not a failure", () => {
    const result = map("multi-item", {}, (o) => {
      o.shipping_lines = [{ code: "Grab Instant", title: "Grab Instant" }];
      Object.assign(o.shipping_address as object, { latitude: null, longitude: null });
    });
    expect(result.request).not.toBeNull();
    expect(result.request).not.toHaveProperty("courier_company");
    expect(result.problems).toEqual([
      expect.objectContaining({ code: "courier_needs_coordinates", blocking: false }),
    ]);
  });

  it("insurance, proof of delivery and scheduled delivery from settings", () => {
    const { request } = map("multi-item", {
      insurance: true,
      proofOfDelivery: true,
      proofOfDeliveryNote: "Foto paket",
      deliveryType: "scheduled",
    });
    expect(request).toMatchObject({
      courier_insurance: 385000,
      destination_proof_of_delivery: true,
      destination_proof_of_delivery_note: "Foto paket",
      delivery_type: "scheduled",
      delivery_date: "2026-11-23",
      delivery_time: "10:00",
    });
  });

  it("no pickup location is a blocking problem", () => {
    expect(map("multi-item", { pickup: null }).problems.map((p) => p.code)).toEqual([
      "no_pickup_location",
    ]);
  });
});

describe("helpers", () => {
  it.each([
    ["0812-9876-5432", "ID", "+6281298765432"],
    ["+62 812 9876 5432", "ID", "+6281298765432"],
    ["62812987654", "ID", "+62812987654"],
    ["812987654", "ID", "+62812987654"],
    ["(415) 555-0100", "US", "+14155550100"],
    ["123", "ID", null],
  ])("normalisePhone(%s, %s) = %s", (raw, country, expected) => {
    expect(normalisePhone(raw, country)).toBe(expected);
  });

  it("references: one per attempt", () => {
    expect(referenceIdFor(SHOP, "820982911946154508")).toBe("shopify-toko-maju-820982911946154508");
    expect(referenceIdFor(SHOP, "820982911946154508", 2)).toBe(
      "shopify-toko-maju-820982911946154508-2",
    );
  });
});

describe("true values", () => {
  it("an item's value is its unit price after the line's discounts (its own and its share of the order's)", () => {
    const result = map("multi-item", { insurance: true }, (o) => {
      const [shirt, coffee] = o.line_items as Record<string, unknown>[];
      // 2 shirts at 150,000 with 30,000 off in all (a 10% code), coffee with 8,500 off.
      shirt!.discount_allocations = [
        {
          amount: "30000.00",
          amount_set: {
            shop_money: { amount: "30000.00", currency_code: "IDR" },
            presentment_money: { amount: "1.89", currency_code: "USD" },
          },
        },
      ];
      coffee!.discount_allocations = [
        {
          amount: "8500.00",
          amount_set: {
            shop_money: { amount: "8500.00", currency_code: "IDR" },
            presentment_money: { amount: "0.53", currency_code: "USD" },
          },
        },
      ];
    });
    expect(result.request?.items.map((i) => i.value)).toEqual([135000, 76500]);
    expect(result.request?.courier_insurance).toBe(2 * 135000 + 76500);
  });

  it("shop-currency amounts win over presentment ones", () => {
    const line = orderPayloadSchema.parse({
      ...loadOrder("multi-item"),
      line_items: [
        {
          id: 1,
          quantity: 1,
          price: "10.00",
          price_set: {
            shop_money: { amount: "158000.00", currency_code: "IDR" },
            presentment_money: { amount: "10.00", currency_code: "USD" },
          },
        },
      ],
    }).line_items[0]!;
    expect(discountedUnitPrice(line)).toBe(158000);
  });

  it("before booking, units already fulfilled are left out; after booking, the ordered units are what is compared", () => {
    const mutate = (o: Record<string, unknown>) =>
      ((o.line_items as Record<string, unknown>[])[0]!.fulfillable_quantity = 0);
    expect(map("multi-item", {}, mutate).request?.items.map((i) => i.sku)).toEqual([
      "KOPI-GAYO-250",
    ]);
    expect(
      map("multi-item", {}, mutate, { stage: "booked" }).contents.ordered.map((i) => [
        i.sku,
        i.quantity,
      ]),
    ).toEqual([
      ["BTK-M-BLU", 2],
      ["KOPI-GAYO-250", 1],
    ]);
  });

  it("describes what an edit changed", () => {
    const before = map("cod", { codGateways: ["Cash on Delivery (COD)"] }).contents;
    const after = map("cod", { codGateways: ["Cash on Delivery (COD)"] }, (o) => {
      (o.line_items as Record<string, unknown>[])[0]!.current_quantity = 1;
      o.total_outstanding = "254000.00";
    }).contents;
    expect(describeChanges(before, after, "items").map((c) => inEnglish(c))).toEqual([
      "Batik Shirt - M / Blue: quantity 2 → 1",
      "cash on delivery 404000 → 254000",
    ]);
    expect(describeChanges(before, before, "items")).toEqual([]);
  });
});
