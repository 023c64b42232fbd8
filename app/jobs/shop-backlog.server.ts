import type { RedisConnection } from "../platform/redis.server";

/**
 * Each shop's share of the queue, in Redis: fairness between shops, and caps per shop. Two sorted
 * sets per shop hold the ids of its queued jobs, scored by when they were added; a job leaves its
 * set when it ends:
 *  - `orders`: the create-draft jobs of new store orders (webhooks, imports, reconciliation),
 *    capped by SHOP_BACKLOG_LIMIT (more wait in the database for reconciliation);
 *  - `work`: every other job the shop's merchant or Shopify caused (single-order imports, courier
 *    choices, bulk actions, updates, fulfillments, syncs), so that no kind of work jumps the queue.
 *    Jobs the merchant asks for through the app's API are capped (SHOP_REQUESTED_JOBS_LIMIT: the
 *    request answers 429 past it); the ones Shopify's webhooks and the app's own steps cause are
 *    always counted, never refused.
 * Members older than BACKLOG_TTL_MS fall out on their own, so a job whose end was never seen (a
 * worker killed at the wrong moment, Redis flushed, a job id that collapsed into a finished job)
 * cannot hold a place for ever.
 *
 * Every job of the shop gets its BullMQ priority from the shop's share: 1 + both sets' sizes
 * (lower runs first). A shop with one new order goes ahead of another shop's flash sale or of a
 * merchant's flood of requests, which still run at full speed whenever nobody else waits.
 */
export const BACKLOG_TTL_MS = 2 * 3600_000;
/** BullMQ's largest priority. */
export const MAX_PRIORITY = 2_097_152;

export type ShareKind = "orders" | "work";

// KEYS[1]: the shop's orders set, KEYS[2]: its work set. ARGV: member ('' to only read), ttl ms,
// limit (0: none), kind ('orders' | 'work').
// Returns {the shop's share before this job, 1 if the job is in its set (added or already there) else 0}.
const ADMIT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - ttl)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - ttl)
local orders = redis.call('ZCARD', KEYS[1])
local work = redis.call('ZCARD', KEYS[2])
local size = orders + work
if ARGV[1] == '' then return {size, 0} end
local key, own = KEYS[1], orders
if ARGV[4] == 'work' then key, own = KEYS[2], work end
if redis.call('ZSCORE', key, ARGV[1]) then return {size - 1, 1} end
local limit = tonumber(ARGV[3])
if limit > 0 and own >= limit then return {size, 0} end
redis.call('ZADD', key, now, ARGV[1])
redis.call('PEXPIRE', key, ttl)
return {size, 1}
`;

export class ShopBacklog {
  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
    /** New orders a shop may have waiting in Redis; more wait in the database for reconciliation. */
    readonly limit: number,
    /** Jobs a shop's merchant may have asked for through the app's API and that still wait. */
    readonly requestedLimit = 1_000,
  ) {}

  private keys(shop: string): [string, string] {
    return [`${this.prefix}:backlog:${shop}`, `${this.prefix}:backlog:${shop}:work`];
  }

  private async run(shop: string, member: string, limit: number, kind: ShareKind) {
    return (await this.redis.eval(
      ADMIT,
      2,
      ...this.keys(shop),
      member,
      String(BACKLOG_TTL_MS),
      String(limit),
      kind,
    )) as [number, number];
  }

  /** The priority a job of this shop would get now (1 + its share), without counting it. */
  async priority(shop: string): Promise<number> {
    const [size] = await this.run(shop, "", 0, "orders");
    return Math.min(MAX_PRIORITY, size + 1);
  }

  /** Takes a place for a new order's job: its priority, or null when the shop's backlog is full. */
  async admit(shop: string, jobId: string): Promise<number | null> {
    const [size, admitted] = await this.run(shop, jobId, this.limit, "orders");
    return admitted ? Math.min(MAX_PRIORITY, size + 1) : null;
  }

  /**
   * Counts any other job of the shop (`member`: its id, or its deduplication id): its priority.
   * `requested`: the merchant asked for it through the app's API; null when the shop already has
   * SHOP_REQUESTED_JOBS_LIMIT such jobs waiting.
   */
  async count(shop: string, member: string, requested = false): Promise<number | null> {
    const [size, admitted] = await this.run(
      shop,
      member,
      requested ? this.requestedLimit : 0,
      "work",
    );
    return admitted ? Math.min(MAX_PRIORITY, size + 1) : null;
  }

  /** Gives the place back once the job ended (done, or out of attempts). */
  async release(shop: string, member: string, kind: ShareKind = "orders"): Promise<void> {
    await this.redis.zrem(this.keys(shop)[kind === "orders" ? 0 : 1], member);
  }

  /** How many jobs the shop has waiting or running: new orders, or the rest. */
  async size(shop: string, kind: ShareKind = "orders"): Promise<number> {
    return this.redis.zcard(this.keys(shop)[kind === "orders" ? 0 : 1]);
  }
}
