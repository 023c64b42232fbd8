import { describe, expect, it } from "vitest";
import { matchShippingLine } from "../orders/courier-match.ts";
import type { CheckoutRates } from "../shops/settings.ts";
import { COURIERS } from "#test/helpers/couriers.ts";
import { documentedRateExamples } from "#test/helpers/carrier-service-docs.ts";
import {
  couriersToAsk,
  deliveryDates,
  offeredRates,
  parcelOf,
  postalCodeOf,
  rateRequestSchema,
  weightBandKg,
  type ServicePrice,
} from "./offer.ts";

const offer = (patch: Partial<CheckoutRates> = {}): CheckoutRates => ({
  services: [
    { company: "jne", type: "reg" },
    { company: "sicepat", type: "best", name: "Kilat" },
  ],
  adjustment: { kind: "percent", value: 0 },
  freeAbove: null,
  ...patch,
});
const price = (
  company: string,
  type: string,
  rupiah: number,
  range = "2 - 3",
  unit = "days",
): ServicePrice => ({
  company,
  type,
  courierName: company.toUpperCase(),
  serviceName: type.toUpperCase(),
  description: "",
  price: rupiah,
  durationRange: range,
  durationUnit: unit,
});
const NOW = new Date("2026-11-23T03:00:00Z");
const PARCEL = { grams: 1200, value: 150_000 };

describe("Shopify's rate request, as its documentation shows it", () => {
  const { request, response, description } = documentedRateExamples();

  it("is read: origin, destination, items with grams, prices in subunits, quantities, and the order totals", () => {
    const rate = rateRequestSchema.parse(request).rate;
    expect(rate.currency).toBe(request.rate.currency);
    const items = request.rate.items as { grams: number; quantity: number; price: number }[];
    const totals = request.rate.order_totals as { subtotal_price: string; discount_amount: string };
    // Goods after discounts, in major units, from Shopify's own totals.
    expect(parcelOf(rate)).toEqual({
      grams: items.reduce((s, i) => s + i.grams * i.quantity, 0),
      value: (Number(totals.subtotal_price) - Number(totals.discount_amount)) / 100,
    });
    // The example is Canadian: no Indonesian postal code in it.
    expect(postalCodeOf(rate.destination)).toBeNull();
  });

  it("is answered in the documented shape: the example's fields, total_price in subunits as text, dates in its format", () => {
    const [rate] = offeredRates([price("jne", "reg", 18_000)], offer(), PARCEL, NOW);
    const documented = response.rates[0]!;
    for (const field of [
      "service_name",
      "service_code",
      "total_price",
      "currency",
      "description",
      "min_delivery_date",
      "max_delivery_date",
    ]) {
      expect(rate, field).toHaveProperty(field);
      expect(typeof (rate as unknown as Record<string, unknown>)[field], field).toBe(
        typeof documented[field],
      );
    }
    // "total_price": subunits; currencies without them are multiplied by 100 all the same.
    expect(description).toMatch(/multiplied by 100/);
    expect(rate!.total_price).toBe("1800000");
    const dateShape = (s: string) => s.replace(/\d/g, "9").replace(/[+-]9999$/, "+9999");
    expect(dateShape(rate!.min_delivery_date!)).toBe(
      dateShape(String(documented.min_delivery_date)),
    );
  });
});

describe("the checkout's rates from the service's prices and the merchant's offer", () => {
  const prices = [
    price("sicepat", "best", 25_000, "1", "days"),
    price("jne", "reg", 18_000),
    price("jne", "yes", 30_000),
    price("anteraja", "reg", 12_000),
  ];

  it("offers only the chosen services, in the offer's order, with their names; codes name courier and service exactly", () => {
    const rates = offeredRates(prices, offer(), PARCEL, NOW);
    expect(rates.map((r) => [r.service_code, r.service_name, r.total_price])).toEqual([
      ["jne:reg", "JNE REG", "1800000"],
      ["sicepat:best", "Kilat", "2500000"],
    ]);
    // The order's shipping line keeps the code; the courier matcher reads it back as that exact service.
    for (const r of rates) {
      const match = matchShippingLine({ code: r.service_code, title: r.service_name }, COURIERS);
      expect(match && `${match.company}:${match.type}`).toBe(r.service_code);
    }
  });

  it("adjusts by a percentage or a fixed amount, never below zero", () => {
    expect(
      offeredRates(prices, offer({ adjustment: { kind: "percent", value: 10 } }), PARCEL, NOW).map(
        (r) => r.total_price,
      ),
    ).toEqual(["1980000", "2750000"]);
    expect(
      offeredRates(
        prices,
        offer({ adjustment: { kind: "fixed", value: -20_000 } }),
        PARCEL,
        NOW,
      ).map((r) => r.total_price),
    ).toEqual(["0", "500000"]);
  });

  it("from the free-shipping value, the cheapest offered rate is free and says so; below it, nothing is", () => {
    const free = offeredRates(
      prices,
      offer({ freeAbove: 150_000, adjustment: { kind: "fixed", value: 2_000 } }),
      PARCEL,
      NOW,
    );
    expect(free.map((r) => r.total_price)).toEqual(["0", "2700000"]);
    expect(free[0]!.description).toContain("Free from Rp150.000");
    const paid = offeredRates(prices, offer({ freeAbove: 150_001 }), PARCEL, NOW);
    expect(paid.map((r) => r.total_price)).toEqual(["1800000", "2500000"]);
  });

  it("dates from the service's duration, in days or hours", () => {
    expect(deliveryDates("2 - 3", "days", NOW)).toEqual({
      min_delivery_date: "2026-11-25 03:00:00 +0000",
      max_delivery_date: "2026-11-26 03:00:00 +0000",
    });
    expect(deliveryDates("1 - 3", "hours", NOW)).toEqual({
      min_delivery_date: "2026-11-23 04:00:00 +0000",
      max_delivery_date: "2026-11-23 06:00:00 +0000",
    });
    expect(deliveryDates(null, "days", NOW)).toBeNull();
    expect(
      offeredRates([price("jne", "reg", 18_000, "")], offer(), PARCEL, NOW)[0],
    ).not.toHaveProperty("min_delivery_date");
  });

  it("weighs by the started kilogram, and asks for instant couriers only with both sides' coordinates", () => {
    expect([1, 1000, 1001, 2999, 0].map(weightBandKg)).toEqual([1, 1, 2, 3, 1]);
    const withInstant = offer({
      services: [
        { company: "gojek", type: "instant" },
        { company: "jne", type: "reg" },
        { company: "jne", type: "yes" },
      ],
    });
    expect(couriersToAsk(withInstant, false)).toEqual(["jne"]);
    expect(couriersToAsk(withInstant, true)).toEqual(["gojek", "jne"]);
  });
});
