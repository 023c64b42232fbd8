import crypto from "node:crypto";
import { limiterWaitSeconds } from "../platform/metrics.server";
import type { RedisConnection } from "../platform/redis.server";

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

// A key's schedule is its last slots (epoch ms from Redis's clock, ascending, at most ARGV[1] of
// them, one string). A new slot is the earliest moment at or after now, at or after the last slot,
// and at least ARGV[2] ms after the slot ARGV[1] places back: so no window of ARGV[2] ms ever holds
// more than ARGV[1] slots. ARGV[3] slots are reserved at once (a call and its follow-up); with
// ARGV[4] >= 0, only when the first is at most that many ms away (else nothing is reserved and
// {-1} comes back). Returns the wait until each slot.
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local n = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local count = tonumber(ARGV[3])
local maxWait = tonumber(ARGV[4])
local slots = {}
for slot in string.gmatch(redis.call('GET', KEYS[1]) or '', '%d+') do
  slots[#slots + 1] = tonumber(slot)
end
local k = #slots
local waits = {}
for i = 1, count do
  local slot = now
  if k > 0 and slots[k] > slot then slot = slots[k] end
  if k >= n and slots[k - n + 1] + window > slot then slot = slots[k - n + 1] + window end
  if i == 1 and maxWait >= 0 and slot - now > maxWait then return {-1} end
  k = k + 1
  slots[k] = slot
  waits[i] = slot - now
end
local kept = {}
for i = math.max(1, k - n + 1), k do kept[#kept + 1] = string.format('%d', slots[i]) end
redis.call('SET', KEYS[1], table.concat(kept, ' '), 'PX', slots[k] - now + window + 1000)
return waits
`;

/**
 * Keeps every worker process (and the checkout's rate callback) under the service's per-key
 * limits. Each call reserves a slot and learns how long until it; a caller with a long wait defers
 * its job (without holding a worker) and comes back for its slot. Keys are identified by a hash: no
 * API key is ever written to Redis.
 *
 * The schedule is a sliding window: a key makes its documented number of calls a second together,
 * then waits until the oldest of them is a window (1000 ms / utilisation) old. No window of a
 * second, wherever it starts, ever holds more calls than the limit: that holds whether the service
 * counts per calendar second, over a sliding second, or with a token bucket of a second's calls,
 * and a late call has the window's slack (about 20 ms at 98 %) before it could meet a 429. Calls
 * are not spaced evenly (one every 51 ms): woken for each call alone, the worker spent about a
 * quarter more CPU per shipment (bench/README.md, "Cost per shipment").
 */
export class ServiceRateLimiter {
  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
    /** Share of the documented limit to use (headroom for clock skew and other clients of the key). */
    private readonly utilisation = 0.98,
  ) {}

  private key(apiKey: string, api: LimitedApi) {
    return `${this.prefix}:svc-slots:${crypto.createHash("sha256").update(apiKey).digest("hex").slice(0, 24)}:${api}`;
  }

  /** The calls a key may make within `ms` milliseconds, wherever the window starts. */
  window(apiKey: string, api: LimitedApi): { calls: number; ms: number } {
    const calls = (apiKey.startsWith("biteship_live.") ? SERVICE_LIMITS.live : SERVICE_LIMITS.test)[
      api
    ];
    return { calls, ms: Math.ceil(1000 / this.utilisation) };
  }

  private async take(
    apiKey: string,
    api: LimitedApi,
    count: 1 | 2,
    maxWaitMs: number,
  ): Promise<number[] | null> {
    const { calls, ms } = this.window(apiKey, api);
    const waits = (await this.redis.eval(
      RESERVE,
      1,
      this.key(apiKey, api),
      String(calls),
      String(ms),
      String(count),
      String(maxWaitMs),
    )) as number[];
    if (waits[0]! < 0) return null;
    limiterWaitSeconds.observe(waits[0]! / 1000);
    return waits;
  }

  /** Milliseconds until this call's slot (0: go now). */
  async reserve(apiKey: string, api: LimitedApi): Promise<number> {
    return (await this.take(apiKey, api, 1, -1))![0]!;
  }

  /**
   * A call's slot and the next one after it, for a follow-up call (a draft's confirmation), which
   * then waits behind no other call: milliseconds until each.
   */
  async reserveWithFollowUp(
    apiKey: string,
    api: LimitedApi,
  ): Promise<{ wait: number; followUpWait: number }> {
    const [wait, followUpWait] = (await this.take(apiKey, api, 2, -1))! as [number, number];
    return { wait, followUpWait };
  }

  /**
   * A slot at most `maxWaitMs` away: milliseconds until it, or null when the key's schedule is
   * fuller than that (nothing reserved). For callers that answer by a deadline (rates at checkout).
   */
  async reserveWithin(apiKey: string, api: LimitedApi, maxWaitMs: number): Promise<number | null> {
    return (await this.take(apiKey, api, 1, Math.max(0, Math.floor(maxWaitMs))))?.[0] ?? null;
  }
}
