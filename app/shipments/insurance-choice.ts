/**
 * Whether a parcel is insured, and for how much: the merchant's choice for this parcel ("on",
 * "off"), else the shop's rule (settings `insurance`, and from which goods value,
 * `insuranceFrom`). Insured, the parcel is covered for its goods' value (`courier_insurance`), and
 * the service adds its premium to the price; a parcel without goods value is never insured.
 */
export const INSURANCE_CHOICES = ["on", "off"] as const;
export type InsuranceChoice = (typeof INSURANCE_CHOICES)[number];

/** The shop's rule, as its settings keep it. */
export interface InsuranceRule {
  insurance: boolean;
  /** With `insurance` on: only parcels whose goods are worth at least this (rupiah); null: all. */
  insuranceFrom: number | null;
}

/** The value the parcel is insured for, or null when it is not. */
export function insuredValue(
  choice: InsuranceChoice | null,
  rule: InsuranceRule,
  goodsValue: number,
): number | null {
  if (!(goodsValue > 0) || choice === "off") return null;
  if (choice === "on") return goodsValue;
  return rule.insurance && (rule.insuranceFrom === null || goodsValue >= rule.insuranceFrom)
    ? goodsValue
    : null;
}

/** The goods' value of what a shipment carries (its contents' items), in rupiah. */
export function goodsValueOf(contents: unknown): number {
  const items = (contents as { items?: { value?: number; quantity: number }[] } | null)?.items;
  return (items ?? []).reduce((sum, i) => sum + (i.value ?? 0) * i.quantity, 0);
}
