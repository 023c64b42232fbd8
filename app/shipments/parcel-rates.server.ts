import type { Shipment } from "../db/schema";
import { fiveDigitPostalCode } from "../shipping/postal-code";
import type { ShipmentContents } from "../orders/map-types";
import type { ShippingClient } from "../shipping/client.server";
import { CODES, type Pricing } from "../shipping/contract";
import { ShippingValidationError } from "../shipping/errors";
import { pickupForLocation, type ShopSettings } from "../shops/settings";

/** Why a shipment without a draft cannot be priced yet: what pricing it needs and it lacks. */
export type UnpricedReason = "items" | "destination" | "origin" | "noCourier" | "refused";

/**
 * What each courier service would charge for a shipment whose draft could not be made: the
 * service's rates for this parcel (from the pickup location it leaves from to the recipient's
 * postal code, its items with their weights and sizes, its cash on delivery and insurance), so the
 * courier picker shows this parcel's prices and leaves out the services that cannot carry it (an
 * instant courier for another city, a service without COD for a COD parcel). One rates call,
 * made only when the merchant opens such a shipment. `couriers`: the courier codes to ask for
 * (the service's couriers list).
 */
export async function parcelRates(
  client: Pick<ShippingClient, "getRates">,
  settings: Pick<ShopSettings, "pickup" | "locations" | "locationLinks">,
  shipment: Pick<Shipment, "contents" | "destinationPostalCode" | "shopifyLocationId">,
  couriers: readonly string[],
): Promise<{ pricing: Pricing[]; province: string | null } | { unpriced: UnpricedReason }> {
  const contents = shipment.contents as ShipmentContents | null;
  const items = (contents?.items ?? []).filter((i) => i.quantity > 0 && (i.weight ?? 0) > 0);
  if (items.length === 0 || items.length !== (contents?.items.length ?? 0))
    return { unpriced: "items" };
  const destination = fiveDigitPostalCode(shipment.destinationPostalCode);
  if (!destination) return { unpriced: "destination" };
  const origin = originOf(settings, shipment.shopifyLocationId);
  if (!origin) return { unpriced: "origin" };
  try {
    const answer = await client.getRates({
      ...origin,
      destination_postal_code: destination,
      couriers: [...new Set(couriers)].join(","),
      items: items.map((i) => ({
        name: i.name,
        value: i.value,
        quantity: i.quantity,
        weight: i.weight!,
        ...(i.dimensions ?? {}),
      })),
      ...(contents?.cod ? { destination_cash_on_delivery: contents.cod } : {}),
      ...(contents?.codType ? { destination_cash_on_delivery_type: contents.codType } : {}),
      ...(contents?.insurance ? { courier_insurance: contents.insurance } : {}),
    });
    return {
      pricing: [...answer.pricing].sort((a, b) => a.price - b.price),
      // The destination's province as the service names it: the shop's record there per service.
      province:
        typeof answer.destination?.province_name === "string"
          ? answer.destination.province_name
          : null,
    };
  } catch (error) {
    // Nothing on the service's list carries this parcel on this route; or the service would not
    // price what the shipment holds (the reason is the draft's, said in its problem).
    if (error instanceof ShippingValidationError)
      return { unpriced: error.code === CODES.ratesNoCourier ? "noCourier" : "refused" };
    throw error;
  }
}

/**
 * The service's rate for the shipment with its chosen courier, the parcel insured for `goods`
 * (its premium in `insurance_fee`; `available_for_insurance` false where the courier insures
 * nothing): one rates call. Undefined when the parcel cannot be priced, or the courier does not
 * carry it.
 */
export async function insuredRate(
  client: Pick<ShippingClient, "getRates">,
  settings: Pick<ShopSettings, "pickup" | "locations" | "locationLinks">,
  shipment: Pick<Shipment, "contents" | "destinationPostalCode" | "shopifyLocationId">,
  courier: { company: string; type: string },
  goods: number,
): Promise<Pricing | undefined> {
  const contents = shipment.contents as ShipmentContents;
  const priced = await parcelRates(
    client,
    settings,
    { ...shipment, contents: { ...contents, insurance: goods } },
    [courier.company],
  );
  return "pricing" in priced
    ? priced.pricing.find(
        (p) => p.courier_code === courier.company && p.courier_service_code === courier.type,
      )
    : undefined;
}

/** The pickup location the shipment leaves from (connected to its Shopify location, else the default). */
function originOf(
  settings: Pick<ShopSettings, "pickup" | "locations" | "locationLinks">,
  shopifyLocationId: string | null,
): { origin_postal_code: number } | null {
  const location = pickupForLocation(settings, shopifyLocationId, true);
  const code = fiveDigitPostalCode(location === "unconnected" ? null : location?.postalCode);
  return code ? { origin_postal_code: code } : null;
}
