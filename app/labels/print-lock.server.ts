import { takeLease } from "../platform/redis-lease.server";
import type { RedisConnection } from "../platform/redis.server";

/**
 * One print under way per shop, across every web process: a lease in Redis
 * (app/platform/redis-lease.server.ts), taken before the labels are read and drawn and given back
 * after. A second print of the shop meanwhile is refused (the route answers 429, in words), so
 * one shop cannot fill the label threads with its prints. The lease is short and renewed while
 * the print runs: a lease whose process died ends within `PRINT_LEASE.ms`, and the shop may print
 * again. Redis unreachable: the print goes ahead (the shop's request rate, also in Redis, is off
 * then too; the label threads still bound the work).
 */

/** How long a lease lasts unrenewed, and how often a running print renews it. */
export const PRINT_LEASE = { ms: 15_000, renewMs: 5_000 };

/** Runs `work` holding the shop's print lease; null, without running it, when another print holds it. */
export async function withPrintLease<T>(
  redis: RedisConnection,
  prefix: string,
  shop: string,
  work: () => Promise<T>,
  lease: { ms: number; renewMs: number } = PRINT_LEASE,
): Promise<T | null> {
  const held = await takeLease(redis, `${prefix}:labels:printing:${shop}`, lease.ms, "print lease");
  if (!held) return null;
  const renewing = setInterval(() => void held.renew(), lease.renewMs);
  try {
    return await work();
  } finally {
    clearInterval(renewing);
    await held.release();
  }
}
