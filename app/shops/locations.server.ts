import type { Queryable } from "../db/client.server";
import type { ShippingClient } from "../shipping/client.server";
import { ShippingNotFoundError } from "../shipping/errors";
import type { PickupInput } from "./settings-form.server";
import { getShopSettings, updateShopSettings } from "./shops.server";
import type { SavedLocation } from "./settings";

/**
 * The shop's pickup locations: kept in the service's location list (create, update, delete) and
 * in the shop's settings, one of them the default origin (`pickup`) that new drafts use.
 */

function toService(input: PickupInput) {
  return {
    name: input.contactName,
    contact_name: input.contactName,
    contact_phone: input.contactPhone,
    address: input.address,
    ...(input.note ? { note: input.note } : {}),
    postal_code: input.postalCode,
    ...(input.latitude !== undefined && input.longitude !== undefined
      ? { latitude: input.latitude, longitude: input.longitude }
      : {}),
    type: "origin" as const,
  };
}

/** Creates (no id) or updates a location; the first one, or the default one edited, is the origin. */
export async function saveLocation(
  db: Queryable,
  client: ShippingClient,
  shop: string,
  input: PickupInput,
  locationId: string | null,
): Promise<SavedLocation> {
  const settings = await getShopSettings(db, shop);
  const existing = locationId
    ? settings.locations.find((l) => l.locationId === locationId)
    : undefined;
  if (locationId && !existing)
    throw new ShippingNotFoundError(`Location ${locationId} is not one of this shop's`);
  const remote = existing
    ? await client.updateLocation(existing.locationId, toService(input))
    : await client.createLocation(toService(input));
  const saved: SavedLocation = { ...input, locationId: remote.id };
  const locations = existing
    ? settings.locations.map((l) => (l.locationId === existing.locationId ? saved : l))
    : [...settings.locations, saved];
  const isDefault =
    !settings.pickup ||
    settings.pickup.locationId === saved.locationId ||
    (existing && settings.pickup.locationId === existing.locationId);
  await updateShopSettings(db, shop, { locations, ...(isDefault ? { pickup: saved } : {}) });
  return saved;
}

export async function deleteLocation(
  db: Queryable,
  client: ShippingClient,
  shop: string,
  locationId: string,
): Promise<void> {
  const settings = await getShopSettings(db, shop);
  if (!settings.locations.some((l) => l.locationId === locationId))
    throw new ShippingNotFoundError(`Location ${locationId} is not one of this shop's`);
  await client.deleteLocation(locationId).catch((error: unknown) => {
    if (!(error instanceof ShippingNotFoundError)) throw error;
  });
  const locations = settings.locations.filter((l) => l.locationId !== locationId);
  const wasDefault = settings.pickup?.locationId === locationId;
  await updateShopSettings(db, shop, {
    locations,
    ...(wasDefault ? { pickup: locations[0] ?? null } : {}),
  });
}

export async function makeDefaultLocation(
  db: Queryable,
  shop: string,
  locationId: string,
): Promise<void> {
  const settings = await getShopSettings(db, shop);
  const location = settings.locations.find((l) => l.locationId === locationId);
  if (!location)
    throw new ShippingNotFoundError(`Location ${locationId} is not one of this shop's`);
  await updateShopSettings(db, shop, { pickup: location });
}
