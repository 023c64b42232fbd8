import { perShopKept } from "../platform/shops-kept";

/**
 * The store behind app/shops/shop-cache.server.ts: each shop's kept facts, by shop, in this
 * process. Apart from the cache's loader so that the modules that change a shop
 * (shops.server.ts, callback-token.server.ts) drop its entry without importing what loads it.
 */
export const SHOP_CACHE_MS = 5_000;

/** One shop's kept facts: when they were read, and the read (a promise, shared by every reader). */
export interface KeptEntry<T> {
  at: number;
  facts: Promise<T>;
}

const kept = perShopKept<KeptEntry<unknown>>();

/** The shop's entry while it is younger than SHOP_CACHE_MS, else undefined. */
export function freshEntry<T>(shop: string, now = Date.now()): Promise<T> | undefined {
  const entry = kept.get(shop);
  return entry && now - entry.at <= SHOP_CACHE_MS ? (entry.facts as Promise<T>) : undefined;
}

/** Keeps a read of the shop's facts; a read that fails is dropped, so the next job reads again. */
export function keepEntry<T>(shop: string, facts: Promise<T>, now = Date.now()): Promise<T> {
  kept.set(shop, { at: now, facts });
  facts.catch(() => {
    if (kept.get(shop)?.facts === facts) kept.delete(shop);
  });
  return facts;
}

/** Drops the shop's kept facts (its settings, key or installation changed in this process). */
export function forgetShop(shop: string): void {
  kept.delete(shop);
}
