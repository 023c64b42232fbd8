import { describe, expect, it } from "vitest";
import { readRupiah } from "./rupiah";

describe("rupiah as people and spreadsheets write them", () => {
  it.each([
    ["1.250.000", 1_250_000],
    ["Rp 1,250,000", 1_250_000],
    ["Rp1.250.000", 1_250_000],
    ["IDR 15.000", 15_000],
    ["1250000", 1_250_000],
    ["1250000.00", 1_250_000],
    ["1.250.000,00", 1_250_000],
    ["1,250,000.00", 1_250_000],
    ["2.5E5", 250_000],
    ["-15.000", -15_000],
    ["(15.000)", -15_000],
    ["- Rp 8.000", -8_000],
    ["0", 0],
  ])("%s is %d", (text, amount) => expect(readRupiah(text)).toBe(amount));

  it.each(["1250,50", "12.5", "1.25", "abc", "", "1.2.3", "Rp", "1.25E1", "12345678901234"])(
    "%s is refused, never rounded or guessed",
    (text) => expect(readRupiah(text)).toBeNull(),
  );
});
