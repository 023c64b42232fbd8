import crypto from "node:crypto";
import { logger } from "./logger.server";
import { whenReady, type RedisConnection } from "./redis.server";

/**
 * A lease in Redis, shared by every process: one holder at a time for a key, for `ms` unless
 * renewed, given back by its holder only (a token names it). A holder whose process died loses
 * it when it lapses. Redis unreachable: the lease is granted as a no-op (the caller goes ahead;
 * what else it would bound, such as the shop's request rate, is off then too).
 */
export interface Lease {
  /** Held a while longer (`ms` from now), if still this holder's. */
  renew(): Promise<void>;
  /** Given back, if still this holder's. */
  release(): Promise<void>;
}

// KEYS[1]: the lease; ARGV[1]: the holder's token; ARGV[2]: ms. Renews, or gives back with ms 0.
const MINE = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == '0' then return redis.call('DEL', KEYS[1]) end
return redis.call('PEXPIRE', KEYS[1], ARGV[2])
`;

const granted: Lease = { renew: async () => {}, release: async () => {} };
let lastWarning = 0;

/** The lease on `key` for `ms`, or null while another holds it. `what` names it in the log. */
export async function takeLease(
  redis: RedisConnection,
  key: string,
  ms: number,
  what: string,
): Promise<Lease | null> {
  const token = crypto.randomUUID();
  try {
    // A connection still being made fails every command at once (no offline queue): wait for it.
    await whenReady(redis, 2_000);
    if ((await redis.set(key, token, "PX", ms, "NX")) !== "OK") return null;
  } catch (error) {
    if (Date.now() - lastWarning > 10_000) {
      lastWarning = Date.now();
      logger.warn({ err: (error as Error).message }, `${what} unavailable (Redis); it goes ahead`);
    }
    return granted;
  }
  const mine = (hold: number) =>
    redis
      .eval(MINE, 1, key, token, String(hold))
      .then(() => undefined)
      .catch((error: unknown) => {
        logger.warn({ err: (error as Error).message, key }, `${what} not renewed or given back`);
      });
  return { renew: () => mine(ms), release: () => mine(0) };
}
