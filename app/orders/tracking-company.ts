import { httpUrlOrNull } from "../platform/http-url";

/**
 * The tracking company a fulfillment names in Shopify. Shopify builds the customer's tracking link
 * itself for the companies on its own list (FulfillmentTrackingInfo.company in the Admin API; the
 * name must be sent exactly, capitalisation included), so for those the app sends the name alone.
 * For any other courier it sends the courier's own name with the service's tracking page.
 *
 * Of the service's couriers only Ninja Xpress (Ninja Van in Indonesia) is on Shopify's list, as
 * "NinjaVan"; the list has no Indonesia section. app/admin-api/schema/admin_2026-10.json.gz holds
 * the list of the pinned API version, and the test checks these names against it.
 */
export const SHOPIFY_TRACKING_COMPANIES: Readonly<Record<string, string>> = { ninja: "NinjaVan" };

/** The service's couriers by the names its couriers list gives them (by courier code). */
export const COURIER_NAMES: Readonly<Record<string, string>> = {
  jne: "JNE",
  sicepat: "SiCepat",
  anteraja: "AnterAja",
  jnt: "J&T",
  tiki: "TIKI",
  ninja: "Ninja Xpress",
  lion: "Lion Parcel",
  sap: "SAP Express",
  pos: "Pos Indonesia",
  grab: "Grab",
  gojek: "Gojek",
  paxel: "Paxel",
  lalamove: "Lalamove",
  borzo: "Borzo",
};

export interface TrackingInput {
  company: string;
  number: string;
  url?: string;
}

/** Shopify's FulfillmentTrackingInput for a shipment's courier and waybill. */
export function trackingInput(s: {
  courierCompany: string | null;
  waybillId: string | null;
  trackingUrl: string | null;
}): TrackingInput {
  const code = (s.courierCompany ?? "").toLowerCase();
  const number = s.waybillId ?? "";
  const shopifys = SHOPIFY_TRACKING_COMPANIES[code];
  if (shopifys) return { company: shopifys, number };
  const url = httpUrlOrNull(s.trackingUrl);
  return { company: COURIER_NAMES[code] ?? code.toUpperCase(), number, ...(url ? { url } : {}) };
}
