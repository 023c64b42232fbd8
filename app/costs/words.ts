import { formatKilograms, formatMoney } from "../platform/intl-format";
import { companyName, type CourierNames } from "../shipments/courier-names";
import { courierName, orderTitle, type Speech } from "../shipments/status-words";
import type { CostTotals } from "./report.server";
import type { CostParcel } from "./parcels.server";
import type { LabelSnapshot } from "../db/json-columns";
import { costOf, declaredGramsOf, impliedKg, kgOf, surchargeOf, withoutReturnFee } from "./reweigh";

type CostSpeech = Pick<Speech, "t" | "locale"> & { couriers: CourierNames };

/** An amount in rupiah as the reader's page writes it ("Rp34.000"). */
export const rupiahIn = (locale: string) => (amount: number) =>
  formatMoney(amount, "IDR", locale) ?? String(amount);

/** A row of totals, in words (the page's summary, courier and week tables). */
export function totalsWords(totals: CostTotals, { locale }: CostSpeech) {
  const money = rupiahIn(locale);
  return {
    parcels: totals.parcels,
    charged: money(totals.charged),
    chargedParcels: totals.chargedParcels,
    paid: money(totals.paid),
    quoted: money(totals.quoted),
    surcharges: money(totals.surcharges),
    surcharged: totals.surcharged,
    returnFees: money(totals.returnFees),
    returned: totals.returned,
    codFees: money(totals.codFees),
    insuranceFees: money(totals.insuranceFees),
    margin: totals.margin < 0 ? `−${money(-totals.margin)}` : money(totals.margin),
    marginAmount: money(Math.abs(totals.margin)),
    marginSign: Math.sign(totals.margin) as -1 | 0 | 1,
  };
}

/** A parcel charged more than quoted, in words (the page's list). */
export function surchargedWords(p: CostParcel, { t, locale, couriers }: CostSpeech) {
  const money = rupiahIn(locale);
  const kg = (value: number) => formatKilograms(value, locale);
  return {
    id: p.id,
    order: orderTitle(p, t),
    courier: courierName(p.courierCompany, p.courierType, couriers) ?? "—",
    quoted: money(p.cost.quoted ?? 0),
    final: money(withoutReturnFee(p.cost)),
    rise: `+${money(p.surcharge)}`,
    declared: p.declaredGrams === null ? "—" : kg(kgOf(p.declaredGrams)),
    implied: p.impliedKg === null ? "—" : t("costs.about", { weight: kg(p.impliedKg) }),
  };
}

export const courierOf = (company: string | null, { couriers, t }: CostSpeech) =>
  company ? companyName(couriers, company.toUpperCase()) : t("costs.noCourier");

/**
 * A booked parcel's money on its page: what the courier added after re-weighing (with both
 * weights), the return fee, and what the customer paid for shipping against what the service
 * charged. Null before booking, and when there is nothing beyond the price already shown.
 */
export function parcelCostWords(
  s: {
    quotedPrice: string | null;
    price: string | null;
    returnFee: string | null;
    codFee: string | null;
    insuranceFee: string | null;
    shippingCharged: string | null;
    contents: unknown;
    label: LabelSnapshot | null;
    problemKinds: string[];
  },
  { t, locale }: Pick<Speech, "t" | "locale">,
): { lines: string[]; checkable: boolean } | null {
  if (s.quotedPrice === null) return null;
  const money = rupiahIn(locale);
  const kg = (value: number) => formatKilograms(value, locale);
  const cost = costOf(s);
  const lines: string[] = [];
  const rise = surchargeOf(cost);
  if (rise > 0) {
    const declared = declaredGramsOf(s);
    const implied = impliedKg(cost, declared);
    lines.push(
      declared !== null && implied !== null
        ? t("costs.parcel.reweighed", {
            quoted: money(cost.quoted ?? 0),
            rise: money(rise),
            declared: kg(kgOf(declared)),
            implied: kg(implied),
          })
        : t("costs.parcel.reweighedNoWeights", {
            quoted: money(cost.quoted ?? 0),
            rise: money(rise),
          }),
    );
  }
  if ((cost.returnFee ?? 0) > 0)
    lines.push(t("costs.parcel.returnFee", { fee: money(cost.returnFee!) }));
  if (s.shippingCharged !== null && cost.final !== null) {
    const margin = Number(s.shippingCharged) - cost.final;
    lines.push(
      t(margin < 0 ? "costs.parcel.chargedLess" : "costs.parcel.chargedMore", {
        charged: money(Number(s.shippingCharged)),
        difference: money(Math.abs(margin)),
      }),
    );
  }
  if (lines.length === 0) return null;
  return { lines, checkable: s.problemKinds.includes("reweighed") };
}
