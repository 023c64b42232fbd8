import crypto from "node:crypto";
import { limiterWaitSeconds } from "../metrics.server";
import type { RedisConnection } from "../redis.server";

/** Requests per second per key at the service, by API (shipping-api-reference.md, Rate limits). */
export const SERVICE_LIMITS = {
  live: {
    orders: 20,
    draft_orders: 20,
    rates: 20,
    couriers: 10,
    locations: 10,
    tracking: 50,
    maps: 50,
  },
  test: { orders: 5, draft_orders: 5, rates: 5, couriers: 5, locations: 5, tracking: 5, maps: 5 },
} as const;
export type LimitedApi = keyof (typeof SERVICE_LIMITS)["live"];

// The key's next free slot (`slot`), from Redis's clock.
const NEXT_SLOT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local nextSlot = tonumber(redis.call('GET', KEYS[1]) or '0')
local slot = math.max(now, nextSlot)
`;
// Reserves the next ARGV[2] free slots of a key's schedule (consecutive) and returns how long to
// wait for the first. Slots are spaced 1000/rate ms apart; the schedule lives in Redis so every
// worker process shares it.
const RESERVE = `${NEXT_SLOT}
local after = slot + interval * tonumber(ARGV[2])
redis.call('SET', KEYS[1], tostring(after), 'PX', math.ceil(math.max(1000, after - now + 1000)))
return math.ceil(slot - now)
`;

// The same, but only when the slot is at most ARGV[2] ms away; otherwise nothing is reserved and
// -1 comes back (a caller with a deadline must not push every later caller's slot further out).
const RESERVE_WITHIN = `${NEXT_SLOT}
if slot - now > tonumber(ARGV[2]) then return -1 end
local after = slot + interval
redis.call('SET', KEYS[1], tostring(after), 'PX', math.ceil(math.max(1000, after - now + 1000)))
return math.ceil(slot - now)
`;

/**
 * Keeps every worker process (and the checkout's rate callback) under the service's per-key limits. Each call reserves a slot and
 * learns how long until it; a caller with a long wait defers its job (without holding a worker)
 * and comes back for its slot. Keys are identified by a hash: no API key is ever written to Redis.
 */
export class ServiceRateLimiter {
  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
    /** Share of the documented limit to use (headroom for clock skew and other clients of the key). */
    private readonly utilisation = 0.98,
  ) {}

  private key(apiKey: string, api: LimitedApi) {
    return `${this.prefix}:svc-limit:${crypto.createHash("sha256").update(apiKey).digest("hex").slice(0, 24)}:${api}`;
  }

  /** Milliseconds between two slots of this key and API. */
  interval(apiKey: string, api: LimitedApi): number {
    return (
      1000 /
      ((apiKey.startsWith("biteship_live.") ? SERVICE_LIMITS.live : SERVICE_LIMITS.test)[api] *
        this.utilisation)
    );
  }

  /**
   * Milliseconds until this call's slot (0: go now). `count` 2 also reserves the slot right after
   * it, for a follow-up call (a draft's confirmation), which then waits behind no other call.
   */
  async reserve(apiKey: string, api: LimitedApi, count: 1 | 2 = 1): Promise<number> {
    const wait = (await this.redis.eval(
      RESERVE,
      1,
      this.key(apiKey, api),
      String(this.interval(apiKey, api)),
      String(count),
    )) as number;
    limiterWaitSeconds.observe(Math.max(0, wait) / 1000);
    return Math.max(0, wait);
  }

  /**
   * A slot at most `maxWaitMs` away: milliseconds until it, or null when the key's schedule is
   * fuller than that (nothing reserved). For callers that answer by a deadline (rates at checkout).
   */
  async reserveWithin(apiKey: string, api: LimitedApi, maxWaitMs: number): Promise<number | null> {
    const wait = (await this.redis.eval(
      RESERVE_WITHIN,
      1,
      this.key(apiKey, api),
      String(this.interval(apiKey, api)),
      String(Math.max(0, Math.floor(maxWaitMs))),
    )) as number;
    if (wait >= 0) limiterWaitSeconds.observe(wait / 1000);
    return wait < 0 ? null : wait;
  }
}
