import type { RedisConnection } from "../platform/redis.server";
import type { Said } from "../i18n/said";

/**
 * The last time the checkout got no rates (or older ones) from the app, and why, for the settings
 * page: a merchant whose customers saw only backup rates can learn that the service was down or a
 * postal code unknown. One entry per shop in Redis, kept a week. The reason is a message, said in
 * the reader's words when the page shows it (a sentence in an entry written before messages).
 */
export interface RatesProblem {
  at: string;
  reason: Said | string;
}

const key = (prefix: string, shop: string) => `${prefix}:checkout-rates:problem:${shop}`;

export async function recordRatesProblem(
  redis: RedisConnection,
  prefix: string,
  shop: string,
  reason: Said,
): Promise<void> {
  const value: RatesProblem = { at: new Date().toISOString(), reason };
  await redis
    .set(key(prefix, shop), JSON.stringify(value), "EX", 7 * 86_400)
    .catch(() => undefined);
}

export async function lastRatesProblem(
  redis: RedisConnection,
  prefix: string,
  shop: string,
): Promise<RatesProblem | null> {
  try {
    const raw = await redis.get(key(prefix, shop));
    return raw ? (JSON.parse(raw) as RatesProblem) : null;
  } catch {
    return null;
  }
}
