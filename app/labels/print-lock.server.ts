import crypto from "node:crypto";
import { logger } from "../platform/logger.server";
import { whenReady, type RedisConnection } from "../platform/redis.server";

/**
 * One print under way per shop, across every web process: a lease in Redis, taken before the
 * labels are read and drawn and given back after. A second print of the shop meanwhile is refused
 * (the route answers 429, in words), so one shop cannot fill the label threads with its prints.
 * A lease whose process died ends by itself. Redis unreachable: the print goes ahead (the shop's
 * request rate, also in Redis, is off then too; the label threads still bound the work).
 */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/** Longer than any print takes (250 labels at their longest draw in about a second). */
const LEASE_MS = 120_000;

let lastWarning = 0;

/** Runs `work` holding the shop's print lease; null, without running it, when another print holds it. */
export async function withPrintLease<T>(
  redis: RedisConnection,
  prefix: string,
  shop: string,
  work: () => Promise<T>,
): Promise<T | null> {
  const key = `${prefix}:labels:printing:${shop}`;
  const token = crypto.randomUUID();
  let held = false;
  try {
    // A connection still being made fails every command at once (no offline queue): wait for it.
    await whenReady(redis, 2_000);
    held = (await redis.set(key, token, "PX", LEASE_MS, "NX")) === "OK";
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
  try {
    return await work();
  } finally {
    if (held) await redis.eval(RELEASE, 1, key, token).catch(() => undefined);
  }
}
