import { actualQueryCost, MAX_QUERY_COST, requestedQueryCost } from "#app/admin-api/query-cost.ts";

/**
 * Shopify's query-cost limits, as the fake Admin API enforces them (shopify.dev, "GraphQL Admin
 * API rate limits"; help.shopify.com, "GraphQL Admin API call limit"):
 *
 * - every query is priced before it runs (app/admin-api/query-cost.ts, Shopify's documented
 *   calculation); one over 1,000 is refused whatever the data, with `MAX_COST_EXCEEDED`;
 * - each shop (and app) has a leaky bucket: the requested cost is taken from it before the query
 *   runs, the difference to the actual cost given back after; it refills continuously at the
 *   plan's restore rate (standard: 100 points a second). A query that asks more than the bucket
 *   holds is answered `THROTTLED`, and nothing runs;
 * - every answer carries `extensions.cost`: requested, actual, and the bucket (`throttleStatus`).
 *
 * The bucket's size is not in Shopify's table; answers from real stores show 20 seconds of the
 * restore rate (2,000 points on the standard plan), which the fake takes.
 */
export type ShopifyPlan = "standard" | "advanced" | "plus";

export const PLAN_LIMITS: Record<ShopifyPlan, { maximumAvailable: number; restoreRate: number }> = {
  standard: { maximumAvailable: 2000, restoreRate: 100 },
  advanced: { maximumAvailable: 4000, restoreRate: 200 },
  plus: { maximumAvailable: 20000, restoreRate: 1000 },
};

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

interface Bucket {
  limits: { maximumAvailable: number; restoreRate: number };
  available: number;
  at: number;
}

/** The buckets of the shops one fake Shopify serves (per shop: this app is the only app). */
export class FakeCostBuckets {
  private readonly buckets = new Map<string, Bucket>();
  /** Queries answered THROTTLED, per shop. */
  readonly throttled = new Map<string, number>();
  /** Points spent (the answers' actual costs), per shop. */
  readonly spent = new Map<string, number>();

  constructor(
    private readonly defaultPlan: ShopifyPlan = "standard",
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The shop is on another plan, or has a bucket of its own size (a test's small one). */
  setLimits(shop: string, limits: ShopifyPlan | { maximumAvailable: number; restoreRate: number }) {
    const resolved = typeof limits === "string" ? PLAN_LIMITS[limits] : limits;
    this.buckets.set(shop, {
      limits: resolved,
      available: resolved.maximumAvailable,
      at: this.now(),
    });
  }

  private bucket(shop: string): Bucket {
    let bucket = this.buckets.get(shop);
    if (!bucket) {
      const limits = PLAN_LIMITS[this.defaultPlan];
      bucket = { limits, available: limits.maximumAvailable, at: this.now() };
      this.buckets.set(shop, bucket);
    }
    const now = this.now();
    bucket.available = Math.min(
      bucket.limits.maximumAvailable,
      bucket.available + ((now - bucket.at) / 1000) * bucket.limits.restoreRate,
    );
    bucket.at = now;
    return bucket;
  }

  status(shop: string): ThrottleStatus {
    const bucket = this.bucket(shop);
    return {
      maximumAvailable: bucket.limits.maximumAvailable,
      currentlyAvailable: Math.floor(bucket.available),
      restoreRate: bucket.limits.restoreRate,
    };
  }

  /** Takes `cost` from the shop's bucket; false (nothing taken) when it holds less. */
  take(shop: string, cost: number): boolean {
    const bucket = this.bucket(shop);
    if (bucket.available < cost) {
      this.throttled.set(shop, (this.throttled.get(shop) ?? 0) + 1);
      return false;
    }
    bucket.available -= cost;
    return true;
  }

  giveBack(shop: string, cost: number) {
    const bucket = this.bucket(shop);
    bucket.available = Math.min(bucket.limits.maximumAvailable, bucket.available + cost);
  }
}

const DOCUMENTATION = "https://shopify.dev/api/usage/rate-limits";

/**
 * Runs one query under the shop's limits: refused over the single-query limit, throttled when the
 * bucket is short, else answered with its cost in `extensions.cost`.
 */
export async function withinCostLimits(
  buckets: FakeCostBuckets,
  shop: string,
  query: string,
  variables: Record<string, unknown>,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const requested = requestedQueryCost(query, variables);
  if (requested > MAX_QUERY_COST)
    return {
      errors: [
        {
          message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).\n\nSee https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n`,
          extensions: {
            code: "MAX_COST_EXCEEDED",
            cost: requested,
            maxCost: MAX_QUERY_COST,
            documentation: DOCUMENTATION,
          },
        },
      ],
    };
  if (!buckets.take(shop, requested))
    return {
      errors: [
        {
          message: "Throttled",
          extensions: { code: "THROTTLED", documentation: DOCUMENTATION },
        },
      ],
      extensions: {
        cost: {
          requestedQueryCost: requested,
          actualQueryCost: null,
          throttleStatus: buckets.status(shop),
        },
      },
    };
  let answer: unknown;
  try {
    answer = await run();
  } catch (error) {
    buckets.giveBack(shop, requested);
    throw error;
  }
  const body = (answer ?? {}) as { data?: unknown; extensions?: Record<string, unknown> };
  const actual =
    body.data === undefined
      ? 0
      : Math.min(requested, actualQueryCost(query, variables, body.data ?? null));
  buckets.giveBack(shop, requested - actual);
  buckets.spent.set(shop, (buckets.spent.get(shop) ?? 0) + actual);
  return {
    ...body,
    extensions: {
      ...body.extensions,
      cost: {
        requestedQueryCost: requested,
        actualQueryCost: actual,
        throttleStatus: buckets.status(shop),
      },
    },
  };
}
