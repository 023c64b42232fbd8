import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { getEnv } from "#app/platform/env.server.ts";
import { ServiceRateLimiter } from "#app/shipping/limiter.server.ts";
import { RateLimiter, defaultRateLimits } from "#sandbox/ratelimit.ts";
import { liveKey, testKey } from "../helpers/sandbox.ts";

const env = getEnv();
let redis: Redis;

beforeAll(() => {
  redis = new Redis(env.REDIS_URL);
});
afterAll(() => redis.disconnect());

/** Reserves `count` slots one after another; each as a moment on this machine's clock (epoch ms). */
async function slotsOf(reserve: () => Promise<number>, count: number): Promise<number[]> {
  const slots: number[] = [];
  for (let i = 0; i < count; i++) {
    const asked = Date.now();
    slots.push(asked + (await reserve()));
  }
  return slots;
}

/** The most calls any window of `ms` milliseconds holds (a window starting at each call). */
function busiestWindow(moments: number[], ms: number): number {
  const sorted = [...moments].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[j]! < sorted[i]! - ms + 1) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

/** Calls the sandbox's token bucket (the documented limit as the sandbox keeps it) at each moment. */
function refusedBySandbox(key: string, moments: number[]): number {
  const sandboxLimiter = new RateLimiter(defaultRateLimits());
  let clock = 0;
  sandboxLimiter.now = () => clock;
  for (const moment of [...moments].sort((a, b) => a - b)) {
    clock = moment;
    sandboxLimiter.take(key, "draft_orders");
  }
  return sandboxLimiter.refused;
}

describe("service rate limiter", () => {
  it("lets a key's calls of a second go together, then waits until the oldest is a window old", async () => {
    const limiter = new ServiceRateLimiter(redis, `${env.QUEUE_PREFIX}-limiter-burst`);
    const key = testKey("burst");
    const { calls, ms } = limiter.window(key, "draft_orders");
    expect(calls).toBe(5);
    expect(ms).toBe(1021);
    const slots = await slotsOf(() => limiter.reserve(key, "draft_orders"), 16);
    // The first second's five calls go at once, not one every 200 ms.
    expect(slots[4]! - slots[0]!).toBeLessThan(100);
    // The sixth waits for the window, and so on: every call N places back is a window older.
    for (let i = calls; i < slots.length; i++)
      expect(slots[i]! - slots[i - calls]!).toBeGreaterThanOrEqual(ms - 5);
    // Whatever second the service counts, it never sees more than its limit.
    expect(busiestWindow(slots, 1000)).toBe(calls);
    expect(refusedBySandbox(key, slots)).toBe(0);
    // A call that leaves up to the window's slack late still meets no 429.
    expect(refusedBySandbox(key, [slots[0]! + 15, ...slots.slice(1)])).toBe(0);
    // The check can fail: a sixth call in the first second is refused.
    expect(refusedBySandbox(key, [...slots.slice(0, 5), slots[0]! + 100])).toBe(1);
  });

  it("shares one schedule between callers, keeps keys apart and never writes a key", async () => {
    const limiter = new ServiceRateLimiter(redis, `${env.QUEUE_PREFIX}-limiter-shared`);
    const other = new ServiceRateLimiter(redis, `${env.QUEUE_PREFIX}-limiter-shared`);
    const key = testKey("shared");
    const waits = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? other : limiter).reserve(key, "draft_orders")),
    );
    waits.sort((a, b) => a - b);
    // Two processes' twelve calls: five now, five a window later, two a window after that.
    expect(waits.slice(0, 5).every((w) => w < 100)).toBe(true);
    expect(waits[5]!).toBeGreaterThanOrEqual(900);
    expect(waits[10]!).toBeGreaterThanOrEqual(1900);
    // Another key (another shop) does not wait behind this one's backlog.
    expect(await limiter.reserve(testKey("other"), "draft_orders")).toBe(0);
    // Live keys get the production figure: twenty at once.
    const live = liveKey("shared");
    const liveWaits = await Promise.all(
      Array.from({ length: 20 }, () => limiter.reserve(live, "draft_orders")),
    );
    expect(Math.max(...liveWaits)).toBeLessThan(100);
    expect(await limiter.reserve(live, "draft_orders")).toBeGreaterThanOrEqual(900);
    expect((await redis.keys(`${env.QUEUE_PREFIX}-limiter-shared*`)).join(" ")).not.toContain(
      "biteship",
    );
  });

  it("reserves a follow-up slot with a call: both count in the window", async () => {
    const limiter = new ServiceRateLimiter(redis, `${env.QUEUE_PREFIX}-limiter-pair`);
    const key = testKey("pair");
    const pairs = [];
    for (let i = 0; i < 3; i++) pairs.push(await limiter.reserveWithFollowUp(key, "draft_orders"));
    // Two pairs fill four of the second's five slots; the third pair's call takes the fifth and its
    // follow-up waits for the window.
    expect(pairs.slice(0, 2).every((p) => p.wait < 100 && p.followUpWait < 100)).toBe(true);
    expect(pairs[2]!.wait).toBeLessThan(100);
    expect(pairs[2]!.followUpWait).toBeGreaterThanOrEqual(900);
    expect(await limiter.reserve(key, "draft_orders")).toBeGreaterThanOrEqual(900);
  });
});

describe("service rate limiter, with a deadline", () => {
  it("reserves only a slot within the wait allowed; a refused caller takes no slot and pushes nobody back", async () => {
    const limiter = new ServiceRateLimiter(redis, `${env.QUEUE_PREFIX}-within`, 1);
    const key = testKey("within");
    // 5 a second: five slots now, the sixth a second later (past 450 ms).
    const waits = [];
    for (let i = 0; i < 6; i++) waits.push(await limiter.reserveWithin(key, "rates", 450));
    expect(waits.slice(0, 5).every((w) => w !== null && w < 100)).toBe(true);
    expect(waits[5]).toBeNull();
    // The refusals reserved nothing: the next caller allowed more than a second gets the slot a
    // window after the first, not after twenty refused ones.
    for (let i = 0; i < 20; i++) expect(await limiter.reserveWithin(key, "rates", 100)).toBeNull();
    const next = await limiter.reserveWithin(key, "rates", 2_000);
    expect(next).not.toBeNull();
    expect(next!).toBeGreaterThan(500);
    expect(next!).toBeLessThanOrEqual(1_000);
  });
});
