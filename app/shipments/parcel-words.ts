import type { LabelSnapshot } from "../db/json-columns";
import type { ShipmentContents } from "../orders/map-types";
import { formatWeight, listOf } from "../platform/intl-format";
import { VOLUMETRIC_DIVISOR_CM3_PER_KG, parcelFacts, type ParcelFacts } from "./parcel-facts";
import { formatMoney, type Speech } from "./status-words";

/** What ships, in the reader's words: the shipment page's parcel card. */
export interface ParcelWords {
  /** "2 × Kemeja Batik Parang: 300 g, Rp185.000 each". */
  lines: string[];
  /** The one weight the parcel is charged by ("Berat ditagih"), the label's too. */
  weight: string;
  /** Why it is that weight: the items' own, or some items' volumetric weight; null when unknown. */
  weightWhy: string | null;
  value: string | null;
  insurance: string;
  cod: string;
}

export function parcelWords(
  shipment: { contents: unknown; label: LabelSnapshot | null; currency: string | null },
  speech: Speech,
): ParcelWords | null {
  const facts = parcelFacts(shipment.contents as ShipmentContents | null, shipment.label);
  if (!facts) return null;
  const { t, locale } = speech;
  const money = (amount: number) => formatMoney(amount, shipment.currency, locale) ?? "";
  const weight = (grams: number) => formatWeight(grams, locale);
  return {
    lines: facts.lines.map((l) =>
      t(l.unitGrams === null ? "shipment.parcel.lineNoWeight" : "shipment.parcel.line", {
        quantity: l.quantity,
        name: l.name,
        weight: l.unitGrams === null ? "" : weight(l.unitGrams),
        value: money(l.unitValue),
      }),
    ),
    weight:
      facts.chargeableGrams === null
        ? t("shipment.parcel.weightUnknown")
        : t("shipment.parcel.weight", { weight: weight(facts.chargeableGrams) }),
    weightWhy: weightWhy(facts, speech),
    value:
      facts.declaredValue > 0
        ? t("shipment.parcel.value", { value: money(facts.declaredValue) })
        : null,
    insurance:
      facts.insured === null
        ? t("shipment.parcel.notInsured")
        : t("shipment.parcel.insured", { value: money(facts.insured) }),
    cod:
      facts.cod === null
        ? t("shipment.parcel.prepaid")
        : t("shipment.parcel.cod", { amount: money(facts.cod) }),
  };
}

/** Why the parcel is charged by its weight: the items' own, or some items' volumetric weight. */
function weightWhy(facts: ParcelFacts, { t, locale }: Speech): string | null {
  if (facts.actualGrams === null) return null;
  const divisor = VOLUMETRIC_DIVISOR_CM3_PER_KG;
  if (facts.sizedUp.length === 0)
    return facts.volumetricGrams === null
      ? t("shipment.parcel.weightWhyNoSize")
      : t("shipment.parcel.weightWhyActual", { divisor });
  const names = [...new Set(facts.sizedUp.map((l) => l.name))];
  const shown =
    names.length > 3
      ? [...names.slice(0, 2), t("shipment.parcel.moreItems", { count: names.length - 2 })]
      : names;
  return t("shipment.parcel.weightWhyVolume", {
    actual: formatWeight(facts.actualGrams, locale),
    names: listOf(shown, locale),
    divisor,
  });
}
