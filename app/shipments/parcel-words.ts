import type { LabelSnapshot } from "../db/json-columns";
import type { ShipmentContents } from "../orders/map-types";
import { formatWeight } from "../platform/intl-format";
import { VOLUMETRIC_DIVISOR_CM3_PER_KG, parcelFacts } from "./parcel-facts";
import { formatMoney, type Speech } from "./status-words";

/** What ships, in the reader's words: the shipment page's parcel card. */
export interface ParcelWords {
  /** "2 × Kemeja Batik Parang: 300 g, Rp185.000 each". */
  lines: string[];
  weight: string;
  /** The volumetric and the charged weight, when the shop keeps the items' dimensions. */
  volumetric: string | null;
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
      facts.actualGrams === null
        ? t("shipment.parcel.weightUnknown")
        : t("shipment.parcel.weight", { weight: weight(facts.actualGrams) }),
    volumetric:
      facts.volumetricGrams === null
        ? null
        : t("shipment.parcel.volumetric", {
            weight: weight(facts.volumetricGrams),
            divisor: VOLUMETRIC_DIVISOR_CM3_PER_KG,
            charged: facts.chargeableGrams === null ? "" : weight(facts.chargeableGrams),
          }),
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
