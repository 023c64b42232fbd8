import crypto from "node:crypto";
import { logger } from "../platform/logger.server";
import { whenReady, type RedisConnection } from "../platform/redis.server";

/**
 * One print under way per shop, across every web process: a lease in Redis, taken before the
 * labels are read and drawn and given back after. A second print of the shop meanwhile is refused
 * (the route answers 429, in words), so one shop cannot fill the label threads with its prints.
 * The lease is short and renewed while the print runs: a lease whose process died ends within
 * `PRINT_LEASE.ms`, and the shop may print again. Redis unreachable: the print goes ahead (the shop's
 * request rate, also in Redis, is off then too; the label threads still bound the work).
 */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;
const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;

/** How long a lease lasts unrenewed, and how often a running print renews it. */
export const PRINT_LEASE = { ms: 15_000, renewMs: 5_000 };

let lastWarning = 0;

/** Runs `work` holding the shop's print lease; null, without running it, when another print holds it. */
export async function withPrintLease<T>(
  redis: RedisConnection,
  prefix: string,
  shop: string,
  work: () => Promise<T>,
  lease: { ms: number; renewMs: number } = PRINT_LEASE,
): Promise<T | null> {
  const key = `${prefix}:labels:printing:${shop}`;
  const token = crypto.randomUUID();
  let held = false;
  try {
    // A connection still being made fails every command at once (no offline queue): wait for it.
    await whenReady(redis, 2_000);
    held = (await redis.set(key, token, "PX", lease.ms, "NX")) === "OK";
    if (!held) return null;
  } catch (error) {
    if (Date.now() - lastWarning > 10_000) {
      lastWarning = Date.now();
      logger.warn(
        { err: (error as Error).message },
        "print lease unavailable (Redis); the print goes ahead",
      );
    }
  }
  const renewing = held
    ? setInterval(() => {
        redis.eval(RENEW, 1, key, token, String(lease.ms)).catch(() => undefined);
      }, lease.renewMs)
    : null;
  try {
    return await work();
  } finally {
    if (renewing) clearInterval(renewing);
    if (held) await redis.eval(RELEASE, 1, key, token).catch(() => undefined);
  }
}
