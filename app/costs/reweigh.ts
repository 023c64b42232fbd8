import type { LabelSnapshot } from "../db/json-columns";
import { rupiah, said, type Said } from "../i18n/said";
import type { ShipmentContents } from "../orders/map-types";
import { parcelFacts } from "../shipments/parcel-facts";
import { problemOf, type Problem } from "../shipments/problem-kinds";

/**
 * What a parcel was charged beyond its quote, and what weight the new price implies. Couriers bill
 * whole kilograms, rounding a parcel down when it is at most 0.3 kg over one (JNE's and J&T's
 * "toleransi 0,3 kg"), never below 1 kg; a re-weighed parcel's new price is the same rate per
 * kilogram on more of them, so the weight the courier charged is the billed kilograms scaled by
 * the new shipping fee over the quoted one (the fees for COD and insurance left out of both).
 */
export const TOLERANCE_KG = 0.3;

export function billedKg(grams: number): number {
  const over = Math.round(grams - TOLERANCE_KG * 1000) / 1000;
  return Math.max(1, Math.ceil(over));
}

/** A parcel's money as the shipment keeps it (numbers; null where not known). */
export interface ParcelCost {
  quoted: number | null;
  /** The service's price now: the quote, re-weighs and a return fee in it. */
  final: number | null;
  returnFee: number | null;
  codFee: number | null;
  insuranceFee: number | null;
}

/** The service's price less any return fee: what the parcel's way out came to. */
export const withoutReturnFee = (cost: ParcelCost): number =>
  (cost.final ?? 0) - (cost.returnFee ?? 0);

/** The rise over the quote that is not a return fee (a courier's re-weigh); 0 when none or unknown. */
export function surchargeOf(cost: ParcelCost): number {
  if (cost.quoted === null || cost.final === null) return 0;
  return Math.max(0, round2(withoutReturnFee(cost) - cost.quoted));
}

/**
 * The weight (kg, one decimal) the new price implies, from the declared chargeable weight; null
 * when the weight or the quote's shipping fee is not known.
 */
export function impliedKg(cost: ParcelCost, declaredGrams: number | null): number | null {
  if (declaredGrams === null || cost.quoted === null || cost.final === null) return null;
  const fees = (cost.codFee ?? 0) + (cost.insuranceFee ?? 0);
  const quotedFee = cost.quoted - fees;
  const finalFee = withoutReturnFee(cost) - fees;
  if (quotedFee <= 0 || finalFee <= 0) return null;
  return Math.round(((billedKg(declaredGrams) * finalFee) / quotedFee) * 10) / 10;
}

/** The kg a page says for grams (one decimal). */
export const kgOf = (grams: number): number => Math.round(grams / 100) / 10;

/** What the timeline says of a re-weigh, and the problem's words. */
export function reweighSaid(cost: ParcelCost, declaredGrams: number | null): Said {
  const implied = impliedKg(cost, declaredGrams);
  return said(declaredGrams !== null && implied !== null ? "reweighed" : "reweighedNoWeights", {
    rise: rupiah(surchargeOf(cost)),
    quoted: rupiah(cost.quoted ?? 0),
    final: rupiah(withoutReturnFee(cost)),
    ...(declaredGrams !== null && implied !== null
      ? { declared: kgOf(declaredGrams), implied }
      : {}),
  });
}

/**
 * The problem a re-weighed parcel raises: only when its rise is above the shop's threshold
 * (`reweighProblemAbove`, rupiah); null otherwise.
 */
export function reweighProblem(
  cost: ParcelCost,
  declaredGrams: number | null,
  threshold: number,
): Problem | null {
  if (surchargeOf(cost) <= threshold) return null;
  return problemOf("reweighed", said("reweighProblem", { what: reweighSaid(cost, declaredGrams) }));
}

const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** A shipment's money as numbers (app/costs/reweigh.ts). */
export function costOf(s: {
  quotedPrice: string | null;
  price: string | null;
  returnFee: string | null;
  codFee: string | null;
  insuranceFee: string | null;
}): ParcelCost {
  return {
    quoted: num(s.quotedPrice),
    final: num(s.price),
    returnFee: num(s.returnFee),
    codFee: num(s.codFee),
    insuranceFee: num(s.insuranceFee),
  };
}

/** The weight the draft declared (chargeable grams: the volumetric one where larger); null unknown. */
export function declaredGramsOf(s: {
  contents: unknown;
  label: LabelSnapshot | null;
}): number | null {
  return (
    parcelFacts((s.contents as ShipmentContents | null) ?? null, s.label)?.chargeableGrams ?? null
  );
}

const round2 = (n: number) => Math.round(n * 100) / 100;
