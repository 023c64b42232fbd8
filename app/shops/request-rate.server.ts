import type { TFunction } from "i18next";
import { whenReady, type RedisConnection } from "../platform/redis.server";
import { logger } from "../platform/logger.server";

/**
 * Each shop's rate on the admin pages' actions, and on the loads of the routes that say their
 * loading costs (app/shopify.server.ts, `authenticate.meteredAdmin`: the app's API, a label print,
 * a shipment's page, the CSVs, the settings and courier rules pages): SHOP_REQUEST_RATE requests a minute, SHOP_REQUEST_BURST of them at once.
 * A generic cell rate algorithm in one Redis script: one key per shop, holding the time at which
 * its next request would be on schedule; shared by every web process. Past the rate the request
 * answers 429 with Retry-After, before it does anything. Redis unreachable: requests pass (the
 * work they queue is refused then anyway, with its own answer).
 */

// KEYS[1]: the shop's key. ARGV: ms between requests at the rate, tolerance ms (burst - 1 of them).
// Returns 0 when the request may pass, else the ms to wait.
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local tolerance = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
if now < tat - tolerance then return tat - tolerance - now end
local next = tat + interval
redis.call('SET', KEYS[1], next, 'PX', math.ceil(next - now) + 1000)
return 0
`;

export interface RequestRate {
  perMinute: number;
  burst: number;
}

let lastWarning = 0;

/** 0 when the shop's request may pass, else how many ms until it may. */
export async function takeShopRequest(
  redis: RedisConnection,
  prefix: string,
  shop: string,
  rate: RequestRate,
): Promise<number> {
  const interval = 60_000 / rate.perMinute;
  try {
    // A connection still being made (the process's first requests) fails every command at once
    // (no offline queue), which would let them pass unmetered: wait for it.
    await whenReady(redis, 2_000);
    return Number(
      await redis.eval(
        TAKE,
        1,
        `${prefix}:rate:${shop}`,
        String(interval),
        String(interval * (rate.burst - 1)),
      ),
    );
  } catch (error) {
    if (Date.now() - lastWarning > 10_000) {
      lastWarning = Date.now();
      logger.warn(
        { err: (error as Error).message },
        "shop request rate unavailable (Redis); requests pass unmetered",
      );
    }
    return 0;
  }
}

/** The answer past the rate: 429, when to come back, and why in words. */
export function tooManyRequests(waitMs: number, t: TFunction, why?: string): Response {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const error = `${why ?? t("api.rate.tooMany")}. ${t("api.rate.tryAgain", { count: seconds })}`;
  return new Response(JSON.stringify({ error }), {
    status: 429,
    headers: { "content-type": "application/json", "retry-after": String(seconds) },
  });
}
