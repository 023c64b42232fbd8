import { and, eq, isNull, sql } from "drizzle-orm";
import { fiveDigitPostalCode } from "../shipping/postal-code";
import type { Db } from "../db/client.server";
import { shipments } from "../db/schema";
import type { enqueue as enqueueFns } from "../jobs/queues.server";
import { normalisePhone } from "../orders/phone";
import { SHOP_LOCATIONS_QUERY } from "../admin-api/operations/locations";
import { adminRequest, type AdminGraphql } from "../admin-api/request";
import type { ShopLocationsQuery } from "../admin-api/types/admin.generated";
import type { ShippingClient } from "../shipping/client.server";
import { ShippingNotFoundError } from "../shipping/errors";
import { saveLocation } from "./locations.server";
import type { PickupInput } from "./settings-form.server";
import { getShopSettings, updateShopSettings } from "./shops.server";
import type { SavedLocation } from "./settings";

/**
 * The shop's Shopify locations and the pickup location each one's parcels leave from
 * (`locationLinks` in the settings). A shipment's origin is its fulfillment order's location;
 * a shipment waiting at a location that was not connected is drafted once it is.
 */
export type ShopifyLocation = ShopLocationsQuery["locations"]["nodes"][number];

/** The shop's own locations that ship online orders (a fulfillment service's are not the merchant's to connect). */
export async function shopifyLocations(
  graphql: AdminGraphql,
  shop: string,
): Promise<ShopifyLocation[]> {
  const { locations } = await adminRequest(graphql, shop, SHOP_LOCATIONS_QUERY, {});
  return locations.nodes.filter((l) => !l.isFulfillmentService && l.fulfillsOnlineOrders);
}

/** A Shopify location's address as a pickup location; the fields the service needs and Shopify lacks are named. */
export function pickupFromShopifyLocation(
  location: ShopifyLocation,
  fallbackPhone: string | null,
): { pickup: PickupInput | null; missing: string[] } {
  const a = location.address;
  const phone = normalisePhone(a.phone, a.countryCode) ?? fallbackPhone;
  const postal = fiveDigitPostalCode(a.zip);
  const address = [a.address1, a.address2, a.city, a.province]
    .filter((p) => p && p.trim())
    .join(", ");
  // What Shopify lacks, by name (`settings.missing.<name>` words it).
  const missing = [
    ...(!phone ? ["phone"] : []),
    ...(postal === null ? ["postalCode"] : []),
    ...(address.length < 5 ? ["address"] : []),
  ];
  if (missing.length > 0 || !phone || postal === null) return { pickup: null, missing };
  return {
    pickup: {
      contactName: location.name,
      contactPhone: phone,
      address,
      postalCode: postal,
      ...(a.latitude !== null &&
      a.latitude !== undefined &&
      a.longitude !== null &&
      a.longitude !== undefined
        ? { latitude: a.latitude, longitude: a.longitude }
        : {}),
    },
    missing,
  };
}

/**
 * Connects a Shopify location to one of the shop's pickup locations (null: disconnects it), and
 * queues the draft of every shipment that waited for it. Returns how many were queued.
 */
export async function connectLocation(
  db: Db,
  enqueue: Pick<typeof enqueueFns, "createDraft">,
  shop: string,
  shopifyLocationId: string,
  pickupLocationId: string | null,
): Promise<number> {
  const settings = await getShopSettings(db, shop);
  if (pickupLocationId && !settings.locations.some((l) => l.locationId === pickupLocationId))
    throw new ShippingNotFoundError(
      `Pickup location ${pickupLocationId} is not one of this shop's`,
    );
  const links = { ...settings.locationLinks };
  if (pickupLocationId) links[shopifyLocationId] = pickupLocationId;
  else delete links[shopifyLocationId];
  await updateShopSettings(db, shop, { locationLinks: links });
  if (!pickupLocationId) return 0;
  const waiting = await db
    .select({ orderId: shipments.orderId, part: shipments.part, version: shipments.version })
    .from(shipments)
    .where(
      and(
        eq(shipments.shop, shop),
        eq(shipments.shopifyLocationId, shopifyLocationId),
        eq(shipments.status, "pending"),
        isNull(shipments.draftOrderId),
        sql`'setup' = ANY(${shipments.problemKinds})`,
      ),
    );
  for (const s of waiting) await enqueue.createDraft(shop, s.orderId, `l${s.version}`, s.part);
  return waiting.length;
}

/** In one step: a pickup location at the service from the Shopify location's address, connected to it. */
export async function createPickupForLocation(
  db: Db,
  client: ShippingClient,
  enqueue: Pick<typeof enqueueFns, "createDraft">,
  shop: string,
  location: ShopifyLocation,
): Promise<{ saved: SavedLocation; queued: number } | { missing: string[] }> {
  const settings = await getShopSettings(db, shop);
  const { pickup, missing } = pickupFromShopifyLocation(
    location,
    settings.pickup?.contactPhone ?? null,
  );
  if (!pickup) return { missing };
  const saved = await saveLocation(db, client, shop, pickup, null);
  const queued = await connectLocation(db, enqueue, shop, location.id, saved.locationId);
  return { saved, queued };
}
