import type { RedisConnection } from "../platform/redis.server";
import { byDeadline } from "../platform/deadline";
import { perShopKept } from "../platform/shops-kept";
import type { OriginLocation } from "./origin";
import { shared } from "./single-flight";

/**
 * The shop's own Shopify locations (their addresses), which the checkout's origin is matched
 * against: cached in Redis, read from Shopify when the cache has none, and only within the time
 * the request can spare; a failure to read them is remembered for a minute so that requests do
 * not wait for Shopify again meanwhile.
 */

/** The shop's Shopify locations are read again after this long. */
const LOCATIONS_SECONDS = 900;
/** After Shopify failed to give a shop's locations, requests do not wait for them again for this long. */
const LOCATIONS_RETRY_MS = 60_000;
const locationsFailedAt = perShopKept<number>();

export interface ShopLocationsDeps {
  redis: RedisConnection;
  env: { QUEUE_PREFIX: string };
  /** The shop's own Shopify locations (address), read from Shopify. */
  shopifyLocations: (shop: string) => Promise<OriginLocation[]>;
  now?: () => number;
}

/** The shop's Shopify locations from the cache, else from Shopify if it answers by `by`; null when neither. */
export async function cachedLocations(
  deps: ShopLocationsDeps,
  shop: string,
  by: number,
): Promise<OriginLocation[] | null> {
  const key = `${deps.env.QUEUE_PREFIX}:checkout-rates:locations:${shop}`;
  try {
    const raw = await deps.redis.get(key);
    if (raw) return JSON.parse(raw) as OriginLocation[];
  } catch {
    return null;
  }
  const now = deps.now ?? Date.now;
  const failedAt = locationsFailedAt.get(shop);
  if (failedAt !== undefined && now() - failedAt < LOCATIONS_RETRY_MS) return null;
  const read = shared(key, async () => {
    try {
      const locations = await deps.shopifyLocations(shop);
      locationsFailedAt.delete(shop);
      await deps.redis
        .set(key, JSON.stringify(locations), "EX", LOCATIONS_SECONDS)
        .catch(() => undefined);
      return locations;
    } catch (error) {
      locationsFailedAt.set(shop, now());
      throw error;
    }
  });
  try {
    return await byDeadline(read, by, now);
  } catch {
    return null;
  }
}
