import { describe, expect, it } from "vitest";
import { goodsValueOf, insuredValue } from "./insurance-choice";

describe("insuredValue", () => {
  const none = { insurance: false, insuranceFrom: null };
  const from500k = { insurance: true, insuranceFrom: 500_000 };
  it("the parcel's own choice wins over the shop's rule", () => {
    expect(insuredValue("on", none, 385_000)).toBe(385_000);
    expect(insuredValue("off", { insurance: true, insuranceFrom: null }, 385_000)).toBeNull();
  });

  it("the shop's rule insures from its goods value; nothing without goods value", () => {
    expect(insuredValue(null, from500k, 385_000)).toBeNull();
    expect(insuredValue(null, from500k, 500_000)).toBe(500_000);
    expect(insuredValue(null, { insurance: true, insuranceFrom: null }, 1)).toBe(1);
    expect(insuredValue(null, none, 2_000_000)).toBeNull();
    expect(insuredValue("on", none, 0)).toBeNull();
  });

  it("the goods' value is the contents' items, value times quantity", () => {
    expect(
      goodsValueOf({
        items: [
          { value: 150_000, quantity: 2 },
          { value: 85_000, quantity: 1 },
        ],
      }),
    ).toBe(385_000);
    expect(goodsValueOf(null)).toBe(0);
  });
});
