import { LRUCache } from "lru-cache";

/**
 * Shops one process keeps facts of in memory (a token, settings, a time zone, couriers' names),
 * per kind of fact: the most recently used; a shop left out reads its facts again when it next
 * needs them. So a process's memory is bounded however many shops install the app (measured in
 * `npm run bench:shops`).
 */
export const SHOPS_KEPT = 2_000;

/** A per-shop map of this process, bounded to the SHOPS_KEPT most recently used shops. */
export function perShopKept<V extends NonNullable<unknown>>(): LRUCache<string, V> {
  return new LRUCache<string, V>({ max: SHOPS_KEPT });
}
