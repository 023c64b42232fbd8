import type { Redis } from "ioredis";

/**
 * Each shop's backlog of new store orders in Redis, for fairness between shops and a cap per
 * shop. A sorted set per shop holds the ids of its create-draft jobs that came from new orders
 * (webhooks, imports, reconciliation), scored by when they were added; a job leaves it when it
 * ends. Members older than BACKLOG_TTL_MS fall out on their own, so a job whose end was never
 * seen (a worker killed at the wrong moment, Redis flushed) cannot hold a place for ever.
 *
 * The backlog gives every job of the shop its BullMQ priority (1 + the backlog's size; lower runs
 * first): a shop with one new order goes ahead of another shop's flash sale, which still runs at
 * its key's full rate, as its jobs are the only ones waiting most of the time.
 */
export const BACKLOG_TTL_MS = 2 * 3600_000;
/** BullMQ's largest priority. */
export const MAX_PRIORITY = 2_097_152;

// KEYS[1]: the shop's set. ARGV: job id ('' to only read), ttl ms, limit.
// Returns {size before this job, 1 if the job is in the set (added or already there) else 0}.
const ADMIT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - ttl)
local size = redis.call('ZCARD', KEYS[1])
if ARGV[1] == '' then return {size, 0} end
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then return {size - 1, 1} end
if size >= tonumber(ARGV[3]) then return {size, 0} end
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ttl)
return {size, 1}
`;

export class ShopBacklog {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** New orders a shop may have waiting in Redis; more wait in the database for reconciliation. */
    readonly limit: number,
  ) {}

  private key(shop: string) {
    return `${this.prefix}:backlog:${shop}`;
  }

  /** The priority of any other job of this shop: 1 + its backlog. */
  async priority(shop: string): Promise<number> {
    const [size] = (await this.redis.eval(
      ADMIT,
      1,
      this.key(shop),
      "",
      String(BACKLOG_TTL_MS),
      "0",
    )) as [number, number];
    return Math.min(MAX_PRIORITY, size + 1);
  }

  /** Takes a place for a new order's job: its priority, or null when the shop's backlog is full. */
  async admit(shop: string, jobId: string): Promise<number | null> {
    const [size, admitted] = (await this.redis.eval(
      ADMIT,
      1,
      this.key(shop),
      jobId,
      String(BACKLOG_TTL_MS),
      String(this.limit),
    )) as [number, number];
    return admitted ? Math.min(MAX_PRIORITY, size + 1) : null;
  }

  /** Gives the place back once the job ended (done, or out of attempts). */
  async release(shop: string, jobId: string): Promise<void> {
    await this.redis.zrem(this.key(shop), jobId);
  }

  async size(shop: string): Promise<number> {
    return (await this.priority(shop)) - 1;
  }
}
