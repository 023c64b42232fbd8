import pLimit from "p-limit";
import type { Pricing } from "../shipping/contract";
import { ShippingValidationError } from "../shipping/errors";
import { shippingClientForShop } from "../shops/shipping-client.server";
import { getShopSettings } from "../shops/shops.server";
import type { ActionDeps } from "./actions.server";
import { courierChangeable } from "./bulk-courier";
import { shipmentsByIds } from "./by-orders.server";
import { namedOnce } from "./courier-names";
import { parcelRates } from "./parcel-rates.server";

/** One courier service for the parcels ticked: which of them it carries and what they would cost. */
export interface BulkCourierService {
  company: string;
  type: string;
  /** Its name once ("SiCepat Reguler"), as the service's rates name it. */
  name: string;
  /** The service's duration as it gives it ("2 - 3", "days"), said by the page. */
  durationRange: string | null;
  durationUnit: string | null;
  /** The parcels it can carry, of those whose courier can change. */
  ids: string[];
  /** What those parcels would cost with it, summed (each parcel's price for this service). */
  total: number;
  /** `total` less what the same parcels cost now; null when one of them has no price yet. */
  change: number | null;
}

/** Every courier service that can carry at least one of the parcels ticked, side by side. */
export interface BulkCourierPrices {
  /** Parcels whose courier can change (not booked; a draft, or a shipment still to be drafted). */
  changeable: number;
  /** Parcels ticked that are booked or closed: their courier stays. */
  fixed: number;
  /** Changeable parcels the service would not price (no weight, no address, no route). */
  unpriced: number;
  currency: string;
  /** Those that carry the most parcels first, then the cheapest. */
  services: BulkCourierService[];
}

/** How many parcels are priced at once: within the service's draft-order limit of a test key. */
const AT_ONCE = 3;

/**
 * The prices of every courier service for the shipments ticked in the list, so the merchant
 * compares them before changing the courier of all at once: one rates call per parcel (a draft's
 * own rates; for a shipment still to be drafted, the service's rates for its route and items), a
 * few at a time. Nothing is changed or charged here.
 */
export async function bulkCourierPrices(
  deps: ActionDeps,
  shop: string,
  ids: readonly string[],
): Promise<BulkCourierPrices> {
  const found = await shipmentsByIds(deps.db, shop, ids);
  const changeable = found.filter(courierChangeable);
  const currency = changeable[0]?.currency ?? "IDR";
  if (changeable.length === 0)
    return { changeable: 0, fixed: found.length, unpriced: 0, currency, services: [] };
  const client = await shippingClientForShop(deps.db, deps.env, shop);
  const undrafted = changeable.some((s) => !s.draftOrderId);
  const [settings, couriers] = undrafted
    ? await Promise.all([
        getShopSettings(deps.db, shop),
        client.getCouriers().then((c) => c.couriers.map((x) => x.courier_code)),
      ])
    : [null, []];
  const limit = pLimit(AT_ONCE);
  const priced = await Promise.all(
    changeable.map((s) =>
      limit(async (): Promise<Pricing[] | null> => {
        if (!s.draftOrderId) {
          const rates = await parcelRates(client, settings!, s, couriers);
          return "pricing" in rates ? rates.pricing : null;
        }
        try {
          return (await client.getDraftOrderRates(s.draftOrderId)).pricing;
        } catch (error) {
          // A draft the service will not price (its problem is said on the parcel's page).
          if (error instanceof ShippingValidationError) return null;
          throw error;
        }
      }),
    ),
  );
  const services = new Map<string, BulkCourierService & { current: number | null }>();
  changeable.forEach((s, i) => {
    for (const p of priced[i] ?? []) {
      const key = `${p.courier_code}/${p.courier_service_code}`;
      const service = services.get(key) ?? {
        company: p.courier_code,
        type: p.courier_service_code,
        name: namedOnce(
          p.courier_name ?? p.courier_code,
          p.courier_service_name ?? p.courier_service_code,
        ),
        durationRange: p.shipment_duration_range ?? null,
        durationUnit: p.shipment_duration_unit ?? null,
        ids: [],
        total: 0,
        change: null,
        current: 0,
      };
      service.ids.push(s.id);
      service.total += p.price;
      service.current =
        service.current === null || s.price === null ? null : service.current + Number(s.price);
      services.set(key, service);
    }
  });
  return {
    changeable: changeable.length,
    fixed: found.length - changeable.length,
    unpriced: priced.filter((p) => p === null).length,
    currency,
    services: [...services.values()]
      .map(({ current, ...service }) => ({
        ...service,
        change: current === null ? null : service.total - current,
      }))
      .sort((a, b) => b.ids.length - a.ids.length || a.total - b.total),
  };
}
