/** Requests per second per key, per API group, as the reference documents them. */
export type ApiGroup =
  "orders" | "draft_orders" | "rates" | "couriers" | "locations" | "tracking" | "maps";
export type RateTable = Record<ApiGroup, number>;

export const LIVE_LIMITS: RateTable = {
  orders: 20,
  draft_orders: 20,
  rates: 20,
  couriers: 10,
  locations: 10,
  tracking: 50,
  maps: 50,
};
export const TEST_LIMITS: RateTable = {
  orders: 5,
  draft_orders: 5,
  rates: 5,
  couriers: 5,
  locations: 5,
  tracking: 5,
  maps: 5,
};

export interface RateLimitConfig {
  enabled: boolean;
  test: RateTable;
  live: RateTable;
}

export const defaultRateLimits = (): RateLimitConfig => ({
  enabled: true,
  test: { ...TEST_LIMITS },
  live: { ...LIVE_LIMITS },
});

/**
 * Token buckets, one per key and group: capacity = the per-second rate (a one-second burst),
 * refilled continuously. A refused request learns how long until the next token.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  /**
   * The limiter's clock in ms; tests replace it with a manual one so that refills never depend
   * on how fast the machine runs.
   */
  now: () => number = () => performance.now();
  /** Requests refused so far (429s answered), for benchmarks and tests. */
  refused = 0;

  constructor(public config: RateLimitConfig) {}

  /** Returns 0 when the request may proceed, else the milliseconds to wait. */
  take(key: string, group: ApiGroup): number {
    if (!this.config.enabled) return 0;
    const rate = (key.startsWith("biteship_live.") ? this.config.live : this.config.test)[group];
    const id = `${group}\u0000${key}`;
    const t = this.now();
    const bucket = this.buckets.get(id) ?? { tokens: rate, at: t };
    bucket.tokens = Math.min(rate, bucket.tokens + ((t - bucket.at) / 1000) * rate);
    bucket.at = t;
    this.buckets.set(id, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    this.refused++;
    return Math.ceil(((1 - bucket.tokens) / rate) * 1000);
  }

  reset(): void {
    this.buckets.clear();
  }
}
