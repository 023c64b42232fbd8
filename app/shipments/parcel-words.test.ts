import { describe, expect, it } from "vitest";
import { wordsIn } from "../i18n/i18n.server";
import { NO_COURIER_NAMES } from "./courier-names";
import { parcelWords } from "./parcel-words";

const indonesian = { ...wordsIn("id"), couriers: NO_COURIER_NAMES };
const english = { ...wordsIn("en"), couriers: NO_COURIER_NAMES };

const shirt = (dimensions?: { length: number; width: number; height: number }) => ({
  name: "Kemeja Batik Parang",
  sku: "KB-01",
  quantity: 2,
  value: 185000,
  weight: 300,
  ...(dimensions ? { dimensions } : {}),
});
const coffee = { name: "Kopi Gayo 250 g", sku: null, quantity: 1, value: 95000, weight: 270 };
const parcel = (items: object[]) => ({
  contents: { items, ordered: [], cod: null, insurance: null },
  label: null,
  currency: "IDR",
});

describe("the parcel card's weight", () => {
  it("one weight, the one charged, and why: the shirts weigh by their size, the coffee by its weight", () => {
    // 30 × 25 × 4 cm = 0.5 kg a shirt by its size, more than its 300 g.
    const words = parcelWords(
      parcel([shirt({ length: 30, width: 25, height: 4 }), coffee]),
      indonesian,
    )!;
    expect(words.lines).toEqual([
      "2 × Kemeja Batik Parang: 300 g, @Rp185.000",
      "1 × Kopi Gayo 250 g: 270 g, @Rp95.000",
    ]);
    expect(words.weight).toBe("Berat ditagih: 1,27 kg");
    expect(words.weightWhy).toBe(
      "Berat barang 870 g, tetapi Kemeja Batik Parang dihitung dengan berat volume (p × l × t ÷ 6000) karena lebih besar dari beratnya",
    );
    expect(
      parcelWords(parcel([shirt({ length: 30, width: 25, height: 4 }), coffee]), english)!
        .weightWhy,
    ).toBe(
      "The items weigh 870 g, but the volumetric weight (l × w × h ÷ 6000) counts for Kemeja Batik Parang: it is larger than their own",
    );
  });

  it("the items' own weight: their size recorded and not larger, or not recorded at all", () => {
    const small = parcelWords(
      parcel([shirt({ length: 20, width: 15, height: 2 }), coffee]),
      indonesian,
    )!;
    expect(small.weight).toBe("Berat ditagih: 870 g");
    expect(small.weightWhy).toBe(
      "Berat barangnya sendiri: berat volumenya (p × l × t ÷ 6000) tidak lebih besar",
    );
    const unsized = parcelWords(parcel([shirt(), coffee]), indonesian)!;
    expect(unsized.weight).toBe("Berat ditagih: 870 g");
    expect(unsized.weightWhy).toBe(
      "Berat barangnya sendiri (ukuran barang tidak tercatat, jadi berat volume tidak dihitung)",
    );
  });

  it("names three items at most, the rest counted", () => {
    const box = { length: 40, width: 30, height: 20 };
    const items = ["Bantal", "Guling", "Selimut", "Kasur Lipat"].map((name) => ({
      name,
      sku: null,
      quantity: 1,
      value: 50000,
      weight: 500,
      dimensions: box,
    }));
    expect(parcelWords(parcel(items), indonesian)!.weightWhy).toBe(
      "Berat barang 2 kg, tetapi Bantal, Guling, dan 2 barang lain dihitung dengan berat volume (p × l × t ÷ 6000) karena lebih besar dari beratnya",
    );
  });
});
