import crypto from "node:crypto";
import type { RedisConnection } from "../platform/redis.server";
import type { RatesRequest } from "../shipping/contract";
import type { ServicePrice } from "./offer";

/**
 * The service's prices for one rates request, cached in Redis and shared by every web process:
 * fresh for CHECKOUT_RATES_CACHE_SECONDS, kept longer (STALE_SECONDS) to answer when the service
 * fails or is late.
 */

/** Older answers are kept this long, to answer when the service fails or is late. */
export const STALE_SECONDS = 3600;

export interface CachedPrices {
  at: number;
  prices: ServicePrice[];
}

/** Per key (prices may differ between accounts; the key itself is hashed), and per request asked. */
export function pricesCacheKey(prefix: string, apiKey: string, request: RatesRequest): string {
  const digest = crypto
    .createHash("sha256")
    .update(apiKey)
    .update("\0")
    .update(JSON.stringify(request))
    .digest("hex")
    .slice(0, 32);
  return `${prefix}:checkout-rates:${digest}`;
}

export async function readPrices(
  redis: RedisConnection,
  key: string,
): Promise<CachedPrices | null> {
  try {
    const raw = await redis.get(key);
    return raw ? (JSON.parse(raw) as CachedPrices) : null;
  } catch {
    // Redis down: price without the cache.
    return null;
  }
}

export async function writePrices(
  redis: RedisConnection,
  key: string,
  value: CachedPrices,
  seconds: number,
): Promise<void> {
  await redis.set(key, JSON.stringify(value), "EX", seconds);
}
