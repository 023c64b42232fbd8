import { said } from "../i18n/said";
import type { DestinationSnapshot, MappingProblem } from "./map-types";
import type { ShopifyAddress, ShopifyOrder } from "./payload";
import { normalisePhone } from "./phone";

/**
 * Where the parcel goes: the recipient as the shipment keeps them (redactable), how the service
 * finds the address (a 5-digit postal code or a coordinate), and what is missing for a draft.
 */

function addressText(a: ShopifyAddress): string {
  return [a.address1, a.address2, a.city, a.province, a.zip, a.country]
    .filter((p) => p && p.trim())
    .join(", ");
}

/** The recipient: the shipping address's, else the customer's or the order's phone and email. */
export function destinationOf(order: ShopifyOrder): DestinationSnapshot {
  const address = order.shipping_address ?? null;
  return {
    name: address
      ? (address.name ??
        ([address.first_name, address.last_name].filter(Boolean).join(" ") || null))
      : null,
    phone: normalisePhone(
      address?.phone ?? order.customer?.phone ?? order.phone,
      address?.country_code,
    ),
    email: order.email ?? order.customer?.email ?? null,
    address: address ? addressText(address) || null : null,
    city: address?.city ?? null,
    postalCode: address?.zip?.trim() || null,
  };
}

/** How the service finds the address: its 5-digit postal code, or its coordinate. */
export interface Locator {
  postal: number | null;
  coordinate: { latitude: number; longitude: number } | null;
}

export function locatorOf(
  address: ShopifyAddress | null,
  destination: DestinationSnapshot,
): Locator {
  const postal =
    destination.postalCode && /^\d{5}$/.test(destination.postalCode)
      ? Number(destination.postalCode)
      : null;
  const coordinate =
    address &&
    address.latitude !== null &&
    address.longitude !== null &&
    Number.isFinite(address.latitude) &&
    Number.isFinite(address.longitude)
      ? { latitude: address.latitude, longitude: address.longitude }
      : null;
  return { postal, coordinate };
}

/** What the destination lacks for a draft: an address, a phone, a way to find it. */
export function destinationProblems(
  address: ShopifyAddress | null,
  destination: DestinationSnapshot,
  { postal, coordinate }: Locator,
): MappingProblem[] {
  const problems: MappingProblem[] = [];
  if (!address || !destination.address) {
    problems.push({
      code: "no_shipping_address",
      message: "The order has no shipping address",
      said: said("noShippingAddress"),
      fix: "Add a shipping address to the order in Shopify",
      blocking: true,
    });
  }
  if (!destination.phone) {
    problems.push({
      code: "no_destination_phone",
      message: "No phone number for the recipient (shipping address, customer or order)",
      said: said("noDestinationPhone"),
      fix: "Add a phone number to the order's shipping address in Shopify",
      blocking: true,
    });
  }
  if (address && postal === null && coordinate === null) {
    problems.push({
      code: "no_destination_locator",
      message: destination.postalCode
        ? `Postal code "${destination.postalCode}" is not a 5-digit number`
        : "The shipping address has no postal code",
      said: destination.postalCode
        ? said("badPostalCode", { postalCode: destination.postalCode })
        : said("noPostalCode"),
      fix: "Correct the postal code of the order's shipping address in Shopify",
      blocking: true,
    });
  }
  return problems;
}
