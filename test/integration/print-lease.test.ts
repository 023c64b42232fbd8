import { beforeAll, describe, expect, it } from "vitest";
import { producerConnection } from "#app/jobs/queues.server.ts";
import { PRINT_LEASE, withPrintLease } from "#app/labels/print-lock.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { whenReady } from "#app/platform/redis.server.ts";
import { uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * One print per shop at a time (app/labels/print-lock.server.ts), on the real Redis: the lease is
 * short and renewed while the print runs, so a print longer than the lease keeps it, and a lease
 * whose process died ends soon after, not two minutes later.
 */
testStack();
const env = getEnv();
const redis = producerConnection();
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

beforeAll(async () => {
  await whenReady(redis, 5_000);
});

describe("a shop's print lease", () => {
  it("is renewed while a print runs longer than it, and given back after", async () => {
    const shop = uniqueShop("lease");
    const lease = { ms: 300, renewMs: 100 };
    const key = `${env.QUEUE_PREFIX}:labels:printing:${shop}`;
    const printing = withPrintLease(
      redis,
      env.QUEUE_PREFIX,
      shop,
      () => sleep(900).then(() => "printed"),
      lease,
    );
    await sleep(700);
    // Past the lease's own length, still held: a second print is refused.
    expect(
      await withPrintLease(redis, env.QUEUE_PREFIX, shop, async () => "second", lease),
    ).toBeNull();
    expect(await printing).toBe("printed");
    expect(await redis.exists(key)).toBe(0);
    expect(await withPrintLease(redis, env.QUEUE_PREFIX, shop, async () => "next", lease)).toBe(
      "next",
    );
  });

  it("lasts at most fifteen seconds unrenewed: a crashed print does not block the shop for long", async () => {
    expect(PRINT_LEASE.ms).toBeLessThanOrEqual(15_000);
    expect(PRINT_LEASE.renewMs * 2).toBeLessThan(PRINT_LEASE.ms);
    const shop = uniqueShop("lease-ttl");
    const key = `${env.QUEUE_PREFIX}:labels:printing:${shop}`;
    await withPrintLease(redis, env.QUEUE_PREFIX, shop, async () => {
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(15_000);
    });
  });
});
