import { describe, expect, it } from "vitest";
import { fiveDigitPostalCode } from "./postal-code";

describe("fiveDigitPostalCode", () => {
  it("takes five digits, as text or a number, spaces around them ignored", () => {
    expect(fiveDigitPostalCode(" 60271 ")).toBe(60271);
    expect(fiveDigitPostalCode(12430)).toBe(12430);
    expect(fiveDigitPostalCode("6027")).toBeNull();
    expect(fiveDigitPostalCode("60 271")).toBeNull();
    expect(fiveDigitPostalCode("")).toBeNull();
    expect(fiveDigitPostalCode(null)).toBeNull();
    expect(fiveDigitPostalCode(undefined)).toBeNull();
  });
});
