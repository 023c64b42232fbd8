import { describe, expect, it } from "vitest";
import { parcelFacts } from "./parcel-facts";

const contents = {
  items: [
    {
      name: "Kemeja Batik Parang",
      sku: "KB-01",
      quantity: 2,
      value: 185000,
      weight: 300,
      // A folded shirt in a mailer: 30 × 25 × 4 cm = 3000 cm³ = 0.5 kg volumetric.
      dimensions: { length: 30, width: 25, height: 4 },
    },
    { name: "Kopi Gayo 250 g", sku: null, quantity: 1, value: 95000, weight: 270 },
  ],
  ordered: [],
  cod: 465000,
  insurance: 465000,
};

describe("parcelFacts", () => {
  it("weighs the parcel as the service prices it: per line the larger of actual and volumetric", () => {
    const facts = parcelFacts(contents, null)!;
    expect(facts.actualGrams).toBe(2 * 300 + 270);
    expect(facts.volumetricGrams).toBe(2 * 500);
    // The shirts go by their volume (500 g > 300 g), the coffee by its weight.
    expect(facts.chargeableGrams).toBe(2 * 500 + 270);
    expect(facts.declaredValue).toBe(2 * 185000 + 95000);
    expect(facts.insured).toBe(465000);
    expect(facts.cod).toBe(465000);
    expect(facts.lines.map((l) => [l.name, l.quantity, l.unitGrams])).toEqual([
      ["Kemeja Batik Parang", 2, 300],
      ["Kopi Gayo 250 g", 1, 270],
    ]);
  });

  it("takes a weight the contents lack from the booked order's label, and says unknown otherwise", () => {
    const old = {
      items: [{ name: "Sandal Kulit", sku: null, quantity: 1, value: 150000 }],
      ordered: [],
      cod: null,
      insurance: null,
    };
    expect(parcelFacts(old, null)!.actualGrams).toBeNull();
    expect(parcelFacts(old, null)!.volumetricGrams).toBeNull();
    const label = {
      sender: {} as never,
      receiver: {} as never,
      shipper: null,
      routingCode: null,
      items: [{ name: "Sandal Kulit", quantity: 1, grams: 800 }],
      cod: null,
      currency: "IDR",
    };
    expect(parcelFacts(old, label)!.actualGrams).toBe(800);
    expect(parcelFacts(null, label)).toBeNull();
  });
});
