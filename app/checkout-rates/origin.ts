import { pickupForLocation, type PickupLocation, type ShopSettings } from "../shops/settings";
import { postalCodeOf, type RateAddress } from "./offer";

/**
 * Where a checkout's parcel leaves from. Shopify's rate request names the origin by address only
 * (the location it would ship from), so the origin is matched to one of the shop's Shopify
 * locations by postal code and street, and priced from the pickup location connected to it,
 * exactly as its shipment will be drafted.
 */

/** What the match needs of a Shopify location. */
export interface OriginLocation {
  id: string;
  address1: string | null;
  zip: string | null;
}

const squash = (value: string | null | undefined) =>
  (value ?? "").toLowerCase().replace(/[^a-z0-9]/g, "");

/** The Shopify location the request's origin is: same postal code and street, else the only one with that postal code. */
export function matchOriginLocation(
  origin: RateAddress,
  locations: readonly OriginLocation[],
): OriginLocation | null {
  const zip = squash(origin.postal_code);
  const street = squash(origin.address1);
  if (!zip && !street) return null;
  const sameZip = locations.filter((l) => squash(l.zip) === zip);
  const exact = sameZip.filter((l) => squash(l.address1) === street);
  if (exact.length === 1) return exact[0]!;
  return sameZip.length === 1 ? sameZip[0]! : null;
}

export interface Origin {
  /** The pickup location the parcel leaves from, when known. */
  pickup: PickupLocation | null;
  /** How it was found, for logs and the preview. */
  via:
    | "connected location"
    | "default pickup"
    | "pickup with the origin's postal code"
    | "origin postal code"
    | "none of the shop's locations";
}

/**
 * The pickup location for a request's origin. `locations` null: the shop's Shopify locations are
 * not known right now (not cached, Shopify slow), and the pickups are matched by postal code. An
 * origin that matches none of the known locations has no pickup (`none of the shop's locations`).
 */
export function originFor(
  settings: ShopSettings,
  origin: RateAddress,
  locations: readonly OriginLocation[] | null,
): Origin {
  if (locations) {
    const location = matchOriginLocation(origin, locations);
    // Shopify's request names an origin only by address, and its signature covers the body only,
    // not the shop header: an origin that is none of this shop's locations is not this shop's
    // checkout (a body signed for another shop, replayed), and gets no rates.
    if (!location) return { pickup: null, via: "none of the shop's locations" };
    const pickup = pickupForLocation(settings, location.id, locations.length === 1);
    if (pickup && pickup !== "unconnected")
      return {
        pickup,
        via: settings.locationLinks[location.id] ? "connected location" : "default pickup",
      };
  }
  if (settings.locations.length <= 1 && settings.pickup)
    return { pickup: settings.pickup, via: "default pickup" };
  const postal = postalCodeOf(origin);
  const samePostal = settings.locations.filter((l) => postal !== null && l.postalCode === postal);
  if (samePostal.length === 1)
    return { pickup: samePostal[0]!, via: "pickup with the origin's postal code" };
  return { pickup: null, via: "origin postal code" };
}
