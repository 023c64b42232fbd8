import { startPrivateRedis, stopProcess } from "../../scripts/processes.ts";
import { progress, Stack } from "../stack.ts";
import {
  LATENCY,
  ORDERS,
  confirmedAll,
  deliverLikeShopify,
  duplicates,
  newOrder,
  paced,
  shopsFor,
  waitUntil,
} from "./shared.ts";

/** Drill 3: Redis killed (run by bench/drill.ts). */
export async function drillRedisKilled() {
  const redis = await startPrivateRedis();
  const stack = await Stack.start({
    name: "drill3",
    sandbox: { faults: LATENCY },
    workers: 2,
    workerConcurrency: 50,
    redisUrl: redis.url,
  });
  let restarted: Awaited<ReturnType<typeof startPrivateRedis>> | null = null;
  try {
    const shops = await shopsFor(stack, "redis", 4);
    const names = shops.map((s) => s.shop);
    const n = Math.min(ORDERS, 1000);
    const orders = Array.from({ length: n }, (_, i) => ({
      ...shops[i % shops.length]!,
      order: newOrder(),
    }));
    const sending = paced(orders, 50, (o) =>
      deliverLikeShopify(stack, "orders/create", o.shop, o.order),
    );
    await new Promise((r) => setTimeout(r, 8_000));
    const t0 = performance.now();
    redis.process.kill("SIGKILL");
    await new Promise((r) => redis.process.once("exit", r));
    progress("  drill 3: Redis killed (no persistence: its jobs are gone)");
    await new Promise((r) => setTimeout(r, 5_000));
    restarted = await startPrivateRedis(redis.port);
    progress(
      `  drill 3: Redis back after ${((performance.now() - t0) / 1000).toFixed(1)} s, empty`,
    );
    const answers = await sending;
    const settled = await waitUntil("drill 3", stack, confirmedAll(stack, names, n), 600);
    const dup = duplicates(
      stack,
      shops.map((s) => s.key),
    );
    const counts = await stack.statusCounts(names);
    const lost = n - (counts.confirmed ?? 0);
    return {
      pass:
        settled &&
        lost === 0 &&
        dup.doubledDrafts === 0 &&
        dup.doubledOrders === 0 &&
        answers.every((a) => a.status === 200),
      storeOrders: n,
      deliveriesAnswered5xxThenRetried: answers.filter((a) => a.attempts > 1).length,
      confirmed: counts.confirmed ?? 0,
      lost,
      ...dup,
    };
  } finally {
    await stack.stop();
    await stopProcess(restarted?.process ?? redis.process);
  }
}
