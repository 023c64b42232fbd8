import { describe, expect, it } from "vitest";
import { agreedFee, deductionKindOf, judgeLine, type LineParcel } from "./differences";
import type { StatementLine } from "./statement-lines";

const line = (l: Partial<StatementLine>): StatementLine => ({
  row: 2,
  waybill: "JNE1",
  reference: null,
  recipient: null,
  cod: 200_000,
  fee: 6_000,
  deductions: 0,
  deductionNote: null,
  net: 194_000,
  paidOn: null,
  ...l,
});
const parcel: LineParcel = { id: "p", cod: 200_000, codFee: 6_000, paidAlready: false };

describe("each statement line judged against its parcel", () => {
  it("names every kind of difference, with what was expected and how far off", () => {
    const judged = (l: Partial<StatementLine>, p = parcel, forOther = false) => {
      const j = judgeLine(line(l), p, null, forOther);
      return [j.kind, j.difference, j.pays];
    };
    expect(judged({})).toEqual(["ok", 0, true]);
    expect(judged({ cod: 190_000, net: 184_000 })).toEqual(["short", -10_000, true]);
    expect(judged({ fee: 8_000, net: 192_000 })).toEqual(["fee", -2_000, true]);
    expect(
      judged(
        { deductions: 15_000, net: 179_000, deductionNote: "Ongkir retur JNE9" },
        parcel,
        true,
      ),
    ).toEqual(["deducted", 0, true]);
    expect(judged({ deductions: 4_000, net: 190_000, deductionNote: "Selisih berat" })).toEqual([
      "charge",
      -4_000,
      true,
    ]);
    expect(judged({ net: 200_000, fee: 0 }, { ...parcel, codFee: null })).toEqual(["ok", 0, true]);
    expect(judged({}, { ...parcel, paidAlready: true })).toEqual(["twice", 194_000, false]);
    expect(judgeLine(line({}), null, null, false)).toMatchObject({
      kind: "unknown",
      pays: false,
      difference: 194_000,
    });
    expect(
      judged({ cod: 0, fee: 0, deductions: 18_000, net: -18_000 }, { ...parcel, cod: null }),
    ).toEqual(["charge", -18_000, false]);
  });

  it("takes the service's stated fee first, else the shop's percentage, rounded once", () => {
    expect(agreedFee({ cod: 123_457, codFee: 3_000 }, 2.5)).toBe(3_000);
    expect(agreedFee({ cod: 123_457, codFee: null }, 2.5)).toBe(3_086);
    expect(agreedFee({ cod: 123_457, codFee: null }, null)).toBeNull();
  });

  it("reads what a deduction is for", () => {
    expect(deductionKindOf("Ongkir RETUR AWB 123", 1)).toBe("return_fee");
    expect(deductionKindOf("Selisih berat (timbang ulang)", 1)).toBe("reweigh");
    expect(deductionKindOf("Biaya admin", 1)).toBe("other");
    expect(deductionKindOf("Ongkir retur", 0)).toBeNull();
  });
});
