import type { RedisConnection } from "../platform/redis.server";

/**
 * A cap on the import runs reading pages at once across all shops (IMPORTS_RUNNING_LIMIT), so that
 * imports, however many shops start one, never take more than that many of the workers' slots.
 * A page's job holds a slot while it reads its page and gives it back after, so imports of several
 * shops take turns page by page. A slot is a lease (a sorted set scored by its end): a worker that
 * died holding one frees it when the lease ends.
 */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZSCORE', KEYS[1], ARGV[1]) or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return 1
end
return 0
`;

export class ImportSlots {
  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
    readonly limit: number,
    private readonly leaseMs = 300_000,
  ) {}

  private get key() {
    return `${this.prefix}:imports:running`;
  }

  /** Takes a slot for this import run; false when `limit` runs hold one. */
  async take(importId: string): Promise<boolean> {
    const taken = await this.redis.eval(
      TAKE,
      1,
      this.key,
      importId,
      String(this.limit),
      String(this.leaseMs),
    );
    return Number(taken) === 1;
  }

  async give(importId: string): Promise<void> {
    await this.redis.zrem(this.key, importId);
  }

  /** The import runs holding a slot now. */
  async holders(): Promise<string[]> {
    return this.redis.zrangebyscore(this.key, Date.now(), "+inf");
  }
}
