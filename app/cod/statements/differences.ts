import type { DeductionKind, LineKind } from "../../db/schema-cod-money";
import type { StatementLine } from "./statement-lines";

/**
 * What a statement line says of its parcel: the money the shop expected for it (the cash collected
 * less the agreed fee), what was paid, and the kind of difference, named as a merchant would
 * (../../db/schema-cod-money.ts LINE_KINDS). Whole rupiah throughout.
 */

/** The parcel a line names, as the shop knows it. */
export interface LineParcel {
  id: string;
  /** The cash its courier collects; null for a prepaid parcel. */
  cod: number | null;
  /** The COD fee the service stated for it (its booked order); null: not stated. */
  codFee: number | null;
  /** Another line (this statement's or an earlier one) pays it already. */
  paidAlready: boolean;
}

export interface LineJudgement {
  kind: LineKind;
  pays: boolean;
  expected: number | null;
  expectedFee: number | null;
  difference: number;
  deductionKind: DeductionKind | null;
}

/** What a deduction is for, by its description ("Ongkir retur", "Selisih berat"). */
export function deductionKindOf(note: string | null, amount: number): DeductionKind | null {
  if (amount === 0) return null;
  const text = (note ?? "").toLowerCase();
  if (/retur|return|rts\b|kembali/.test(text)) return "return_fee";
  if (/berat|weigh|timbang|volume|dimensi|ukuran/.test(text)) return "reweigh";
  return "other";
}

/** The fee agreed for a parcel: the service's stated one, else the shop's percentage, rounded. */
export function agreedFee(
  parcel: Pick<LineParcel, "cod" | "codFee">,
  feePercent: number | null,
): number | null {
  if (parcel.codFee !== null) return parcel.codFee;
  if (feePercent === null || parcel.cod === null) return null;
  // In basis points, so 2.5 % of Rp123.457 is exact integer arithmetic before the one rounding.
  return Math.round((parcel.cod * Math.round(feePercent * 100)) / 10_000);
}

/**
 * The line judged against its parcel (null: the shop knows no such parcel). `forOther`: the line's
 * deductions were for another parcel its description names (that parcel's return fee or re-weigh).
 */
export function judgeLine(
  line: StatementLine,
  parcel: LineParcel | null,
  feePercent: number | null,
  forOther: boolean,
): LineJudgement {
  const deductionKind = deductionKindOf(line.deductionNote, line.deductions);
  const none = { expected: null, expectedFee: null, deductionKind };
  if (!parcel) return { kind: "unknown", pays: false, difference: line.net, ...none };
  if (parcel.paidAlready) return { kind: "twice", pays: false, difference: line.net, ...none };
  if (parcel.cod === null || (line.cod === 0 && line.deductions > 0 && !forOther)) {
    // Money taken for the parcel itself (its return fee, its re-weigh), or paid for a parcel
    // whose courier collected nothing.
    return {
      kind: line.net < 0 || line.cod === 0 ? "charge" : "over",
      pays: false,
      expected: 0,
      expectedFee: null,
      difference: line.net,
      deductionKind,
    };
  }
  const expectedFee = agreedFee(parcel, feePercent);
  const expected = parcel.cod - (expectedFee ?? line.fee ?? 0);
  const takenForOther = forOther ? line.deductions : 0;
  const ownCharge = line.deductions - takenForOther;
  const difference = line.net + takenForOther - expected;
  const judged = (kind: LineKind) => ({
    kind,
    pays: true,
    expected,
    expectedFee,
    difference,
    deductionKind,
  });
  if (line.cod < parcel.cod) return judged("short");
  if (line.cod > parcel.cod) return judged("over");
  if (expectedFee !== null && line.fee !== null && line.fee !== expectedFee) return judged("fee");
  if (difference < 0 && ownCharge > 0 && difference === -ownCharge) return judged("charge");
  if (difference < 0) return judged("short");
  if (difference > 0) return judged("over");
  if (takenForOther > 0) return judged("deducted");
  return judged("ok");
}
