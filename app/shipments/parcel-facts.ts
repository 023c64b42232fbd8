import type { ContentLine, ShipmentContents } from "../orders/map-types";
import type { LabelSnapshot } from "../db/json-columns";

/**
 * The shipping service's volumetric divisor: a parcel weighs, for pricing, the larger of its
 * actual weight and length × width × height (cm) / 6000 in kg, per item times quantity. The service
 * states one divisor for every courier it books.
 */
export const VOLUMETRIC_DIVISOR_CM3_PER_KG = 6000;

export interface ParcelLine {
  name: string;
  quantity: number;
  /** Grams per unit; null when the shipment was drafted before weights were kept. */
  unitGrams: number | null;
  /** Value per unit, after discounts. */
  unitValue: number;
  /** Volumetric grams per unit, where the shop keeps the item's dimensions. */
  unitVolumetricGrams: number | null;
}

/** What ships: the lines, their weights (actual, volumetric, the one charged), value, insurance, COD. */
export interface ParcelFacts {
  lines: ParcelLine[];
  /** Sum of the lines' weights; null when any line's weight is unknown. */
  actualGrams: number | null;
  /** Sum of the lines' volumetric weights; null when no line has dimensions. */
  volumetricGrams: number | null;
  /** What the courier weighs for the price: per line the larger of the two, × quantity. */
  chargeableGrams: number | null;
  /** The lines weighed at their volumetric weight (larger than their own): why the two differ. */
  sizedUp: ParcelLine[];
  declaredValue: number;
  /** The value insured at the service; null when the parcel is not insured. */
  insured: number | null;
  cod: number | null;
}

const volumetricGrams = (d: ContentLine["dimensions"]): number | null =>
  d && d.length > 0 && d.width > 0 && d.height > 0
    ? Math.round(((d.length * d.width * d.height) / VOLUMETRIC_DIVISOR_CM3_PER_KG) * 1000)
    : null;

/**
 * The parcel's facts from what the draft carried (`shipments.contents`), with the booked order's
 * label for weights a shipment drafted before weights were kept lacks. Null before anything was
 * drafted from the order.
 */
export function parcelFacts(
  contents: ShipmentContents | null,
  label: LabelSnapshot | null,
): ParcelFacts | null {
  if (!contents || contents.items.length === 0) return null;
  const lines: ParcelLine[] = contents.items.map((item, i) => {
    const labelled = label?.items[i];
    const fromLabel =
      labelled && labelled.name === item.name && labelled.grams > 0 ? labelled.grams : null;
    return {
      name: item.name,
      quantity: item.quantity,
      unitGrams: item.weight !== undefined && item.weight > 0 ? item.weight : fromLabel,
      unitValue: item.value,
      unitVolumetricGrams: volumetricGrams(item.dimensions),
    };
  });
  const known = lines.every((l) => l.unitGrams !== null);
  const actualGrams = known ? lines.reduce((s, l) => s + l.unitGrams! * l.quantity, 0) : null;
  const anyVolume = lines.some((l) => l.unitVolumetricGrams !== null);
  const volumetric = anyVolume
    ? lines.reduce((s, l) => s + (l.unitVolumetricGrams ?? 0) * l.quantity, 0)
    : null;
  const chargeableGrams = known
    ? lines.reduce((s, l) => s + Math.max(l.unitGrams!, l.unitVolumetricGrams ?? 0) * l.quantity, 0)
    : null;
  return {
    lines,
    actualGrams,
    volumetricGrams: volumetric,
    chargeableGrams,
    sizedUp: known
      ? lines.filter((l) => l.unitVolumetricGrams !== null && l.unitVolumetricGrams > l.unitGrams!)
      : [],
    declaredValue: lines.reduce((s, l) => s + l.unitValue * l.quantity, 0),
    insured: contents.insurance ?? null,
    cod: contents.cod ?? null,
  };
}
