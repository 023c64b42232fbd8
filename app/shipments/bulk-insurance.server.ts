import pLimit from "p-limit";
import { shippingClientForShop } from "../shops/shipping-client.server";
import { getShopSettings } from "../shops/shops.server";
import type { ActionDeps } from "./actions.server";
import { stillOpen } from "./available";
import { shipmentsByIds } from "./by-orders.server";
import { goodsValueOf } from "./insurance-choice";
import { insuredRate } from "./parcel-rates.server";

/** What insuring the parcels ticked would cost, before the merchant insures them all. */
export interface BulkInsuranceQuote {
  /** Not booked yet: their insurance can change. */
  open: string[];
  /** Booked or closed: left as they are. */
  booked: number;
  /** Open ones with no goods value: they cannot be insured. */
  noValue: number;
  /** Open ones with goods value, each priced with its chosen courier. */
  insurable: string[];
  /** Their premiums summed, for those the service priced. */
  premium: number;
  /** Insurable ones whose premium the service did not give (no courier chosen, not priced). */
  unknown: number;
  /** Insurable ones whose courier does not insure. */
  notAvailable: number;
  currency: string;
}

/** How many parcels are priced at once: within the service's rates limit of a test key. */
const AT_ONCE = 3;

/**
 * The premium of insuring each parcel ticked for its goods' value with its chosen courier (the
 * service's rates for the parcel, insured: one call per parcel, a few at a time), summed, so the
 * merchant sees the whole cost before insuring them; nothing changes here.
 */
export async function bulkInsuranceQuote(
  deps: ActionDeps,
  shop: string,
  ids: readonly string[],
): Promise<BulkInsuranceQuote> {
  const found = await shipmentsByIds(deps.db, shop, ids);
  const opened = found.filter(stillOpen);
  const insurable = opened.filter((s) => goodsValueOf(s.contents) > 0);
  const quote: BulkInsuranceQuote = {
    open: opened.map((s) => s.id),
    booked: found.length - opened.length,
    noValue: opened.length - insurable.length,
    insurable: insurable.map((s) => s.id),
    premium: 0,
    unknown: 0,
    notAvailable: 0,
    currency: insurable[0]?.currency ?? "IDR",
  };
  if (insurable.length === 0) return quote;
  const [client, settings] = await Promise.all([
    shippingClientForShop(deps.db, deps.env, shop),
    getShopSettings(deps.db, shop),
  ]);
  const limit = pLimit(AT_ONCE);
  const fees = await Promise.all(
    insurable.map((s) =>
      limit(async (): Promise<number | "notAvailable" | null> => {
        const { courierCompany: company, courierType: type } = s;
        if (!company || !type) return null;
        const goods = goodsValueOf(s.contents);
        const rate = await insuredRate(client, settings, s, { company, type }, goods);
        if (rate?.available_for_insurance === false) return "notAvailable";
        return typeof rate?.insurance_fee === "number" ? rate.insurance_fee : null;
      }),
    ),
  );
  for (const fee of fees) {
    if (fee === "notAvailable") quote.notAvailable++;
    else if (fee === null) quote.unknown++;
    else quote.premium += fee;
  }
  return quote;
}
