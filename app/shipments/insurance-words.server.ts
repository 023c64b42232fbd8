import type { Shipment } from "../db/schema";
import type { ShippingClient } from "../shipping/client.server";
import { ShippingError } from "../shipping/errors";
import type { ShopSettings } from "../shops/settings";
import { stillOpen } from "./available";
import { goodsValueOf, insuredValue, type InsuranceChoice } from "./insurance-choice";
import { insuredRate } from "./parcel-rates.server";
import { courierName, formatMoney, type Speech } from "./status-words";

/** The shipment page's insurance card, in words. */
export interface InsuranceView {
  /** "Diasuransikan senilai barang: Rp385.000." or "Tidak diasuransikan." */
  state: string;
  /** Why: chosen for this parcel, or the shop's rule. */
  basis: string;
  /** What insuring costs with the chosen courier (the service's premium), or why it is not said. */
  premium: string;
  choice: InsuranceChoice | null;
  /** The chosen courier carries insurance (or none is chosen yet). */
  available: boolean;
}

/**
 * Whether the parcel is insured and why, and the premium the service charges for it with the
 * chosen courier (its rates for this parcel, insured for its goods' value: one rates call, made
 * when the merchant opens a parcel not yet booked). Null once booked, or with no goods value.
 */
export async function insuranceWords(
  client: Pick<ShippingClient, "getRates"> | null,
  settings: ShopSettings,
  shipment: Shipment,
  speech: Speech,
): Promise<InsuranceView | null> {
  if (!stillOpen(shipment)) return null;
  const goods = goodsValueOf(shipment.contents);
  if (!(goods > 0)) return null;
  const { t, locale } = speech;
  const money = (amount: number) => formatMoney(amount, shipment.currency ?? "IDR", locale) ?? "";
  const choice = shipment.insuranceChoice ?? null;
  const value = insuredValue(choice, settings, goods);
  const basis =
    choice !== null
      ? t("shipment.insurance.byChoice")
      : !settings.insurance
        ? t("shipment.insurance.byRuleNone")
        : settings.insuranceFrom === null
          ? t("shipment.insurance.byRuleAll")
          : t("shipment.insurance.byRuleFrom", { from: money(settings.insuranceFrom) });
  const { courierCompany: company, courierType: type } = shipment;
  let premium = t("shipment.insurance.premiumUnknown");
  let available = true;
  if (client && company && type) {
    const courier = courierName(company, type, speech.couriers);
    try {
      const rate = await insuredRate(client, settings, shipment, { company, type }, goods);
      if (rate?.available_for_insurance === false) {
        available = false;
        premium = t("shipment.insurance.notAvailable", { courier });
      } else if (typeof rate?.insurance_fee === "number" && rate.insurance_fee > 0)
        premium = t("shipment.insurance.premium", { courier, fee: money(rate.insurance_fee) });
    } catch (error) {
      // The service down or refusing: the card still says the rest.
      if (!(error instanceof ShippingError)) throw error;
    }
  }
  return {
    state:
      value !== null
        ? t("shipment.insurance.insured", { value: money(value) })
        : t("shipment.insurance.notInsured"),
    basis,
    premium,
    choice,
    available,
  };
}
