import { isThrottled, operationName, type AdminGraphql } from "./request";

/**
 * The gateway's pace per shop, from what Shopify says of the shop's bucket (each answer's
 * `extensions.cost`: requestedQueryCost, throttleStatus.currentlyAvailable and restoreRate; the
 * bucket refills continuously). Before a call the gateway waits until the shop's bucket holds the
 * query's cost, as far as the last answer tells, rather than being refused THROTTLED and
 * retrying. Each shop is paced alone: one shop's empty bucket never delays another's calls.
 *
 * A query's cost is the requestedQueryCost Shopify gave the last time that operation was sent
 * (the app's documents are constant; one never sent yet counts UNKNOWN_COST), so production needs
 * no schema to price a query.
 */
export const UNKNOWN_COST = 100;
/** Shops remembered at most (each a few numbers); the oldest are forgotten first. */
const MAX_SHOPS = 10_000;

interface Bucket {
  available: number;
  maximum: number;
  restoreRate: number;
  at: number;
}

export class ShopPacing {
  private readonly buckets = new Map<string, Bucket>();
  private readonly costs = new Map<string, number>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** What the operation cost when last sent. */
  costOf(document: string): number {
    return this.costs.get(operationName(document) ?? "") ?? UNKNOWN_COST;
  }

  /** How long to wait before the shop's bucket holds `cost` (0: send now). */
  waitMs(shop: string, cost: number): number {
    const bucket = this.buckets.get(shop);
    if (!bucket) return 0;
    const available = this.availableNow(bucket);
    if (available >= Math.min(cost, bucket.maximum)) return 0;
    return Math.ceil(((Math.min(cost, bucket.maximum) - available) / bucket.restoreRate) * 1000);
  }

  /** The call is sent: its cost is taken from what the shop is believed to have left. */
  spend(shop: string, cost: number): void {
    const bucket = this.buckets.get(shop);
    if (!bucket) return;
    bucket.available = this.availableNow(bucket) - cost;
    bucket.at = this.now();
  }

  /** Shopify's answer: its figures replace the belief (they include what was given back). */
  observe(shop: string, document: string, body: unknown): void {
    const { requested, available, maximum, restoreRate } = costFiguresOf(body);
    if (Number.isFinite(requested) && requested >= 0) {
      const name = operationName(document);
      if (name && this.costs.size < 1000) this.costs.set(name, requested);
    }
    if (![available, maximum, restoreRate].every(Number.isFinite) || restoreRate <= 0) return;
    this.buckets.delete(shop);
    if (this.buckets.size >= MAX_SHOPS) this.buckets.delete(this.buckets.keys().next().value!);
    this.buckets.set(shop, { available, maximum, restoreRate, at: this.now() });
  }

  private availableNow(bucket: Bucket): number {
    const elapsed = (this.now() - bucket.at) / 1000;
    return Math.min(bucket.maximum, bucket.available + elapsed * bucket.restoreRate);
  }
}

/**
 * Any transport to Shopify's Admin GraphQL (the network in production; the fake Admin API in the
 * tests, the demo and the benchmarks), paced per shop by ShopPacing and with THROTTLED answers
 * retried after the refill time.
 */
export function paced(
  transport: (
    shop: string,
    document: string,
    variables: Record<string, unknown>,
  ) => Promise<unknown>,
  pacing = new ShopPacing(),
): AdminGraphql {
  return async (shop, document, variables) => {
    const cost = pacing.costOf(document);
    // Waited in slices: an answer meanwhile (another call's refund) may make the bucket enough.
    for (let waited = 0; waited < MAX_THROTTLE_WAIT_MS;) {
      const wait = Math.min(pacing.waitMs(shop, cost), PACE_SLICE_MS);
      if (wait <= 0) break;
      await new Promise((resolve) => setTimeout(resolve, wait));
      waited += wait;
    }
    pacing.spend(shop, cost);
    const answer = await retryThrottled(() => transport(shop, document, variables));
    pacing.observe(shop, document, answer);
    return answer;
  };
}
const PACE_SLICE_MS = 100;

/**
 * Shopify's cost figures of an answer (`extensions.cost`), NaN where the answer does not say:
 * requestedQueryCost, and throttleStatus's currentlyAvailable, maximumAvailable and restoreRate
 * (points a second).
 */
function costFiguresOf(body: unknown) {
  const cost = (body as { extensions?: { cost?: Record<string, unknown> } } | null)?.extensions
    ?.cost;
  const status = cost?.throttleStatus as Record<string, unknown> | undefined;
  return {
    requested: Number(cost?.requestedQueryCost),
    available: Number(status?.currentlyAvailable),
    maximum: Number(status?.maximumAvailable),
    restoreRate: Number(status?.restoreRate),
  };
}

export const THROTTLE_RETRIES = 2;
export const MAX_THROTTLE_WAIT_MS = 10_000;

/**
 * How long until the shop's bucket holds the query's cost again, from Shopify's answer
 * (extensions.cost: requestedQueryCost, throttleStatus.currentlyAvailable and restoreRate per
 * second); one second when the answer does not say.
 */
export function throttleWaitMs(body: unknown): number {
  const { requested, available, restoreRate } = costFiguresOf(body);
  if (![requested, available, restoreRate].every(Number.isFinite) || restoreRate <= 0) return 1000;
  const seconds = Math.max(0, requested - available) / restoreRate;
  return Math.min(MAX_THROTTLE_WAIT_MS, Math.max(100, Math.ceil(seconds * 1000)));
}

/** Sends, and sends again after the refill time while Shopify answers THROTTLED (at most THROTTLE_RETRIES more). */
export async function retryThrottled(
  send: () => Promise<unknown>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<unknown> {
  let body = await send();
  for (let retry = 0; retry < THROTTLE_RETRIES && isThrottled(body); retry++) {
    await sleep(throttleWaitMs(body));
    body = await send();
  }
  return body;
}
