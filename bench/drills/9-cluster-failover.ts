import { RedisCluster } from "../../scripts/redis-cluster.ts";
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

/**
 * Drill 9: on a Redis Cluster (3 masters, 3 replicas, node timeout 5 s), two web and three worker
 * processes; the master holding the app's slot is SIGKILLed mid-run, its replica takes over. Every
 * order must be booked exactly once within five minutes of the kill, with no process restarted.
 * (Run by bench/drill.ts.)
 */
export async function drillClusterFailover() {
  const cluster = await RedisCluster.start({ nodeTimeoutMs: 5_000, password: "drill-9 cluster" });
  let stack: Stack | undefined;
  try {
    stack = await Stack.start({
      name: "drill9",
      sandbox: { faults: LATENCY },
      webs: 2,
      workers: 3,
      workerConcurrency: 30,
      redisCluster: cluster.seeds,
    });
    const shops = await shopsFor(stack, "cluster", 4);
    const names = shops.map((s) => s.shop);
    const n = Math.min(ORDERS, 1000);
    const orders = Array.from({ length: n }, (_, i) => ({
      ...shops[i % shops.length]!,
      order: newOrder(),
    }));
    const running = stack;
    const sending = paced(orders, 50, (o) =>
      deliverLikeShopify(running, "orders/create", o.shop, o.order),
    );
    await new Promise((r) => setTimeout(r, 8_000));
    const master = await cluster.masterOf(stack.prefix);
    const t0 = performance.now();
    await cluster.kill(master);
    progress(`  drill 9: master ${master.port} (the app's slot) killed`);
    await cluster.waitHealthy(3, 120_000);
    const failoverS = +((performance.now() - t0) / 1000).toFixed(1);
    progress(`  drill 9: a replica took over after ${failoverS} s`);
    const answers = await sending;
    const settled = await waitUntil(
      "drill 9",
      stack,
      confirmedAll(stack, names, n),
      300 - (performance.now() - t0) / 1000,
    );
    const bookedS = +((performance.now() - t0) / 1000).toFixed(1);
    const dup = duplicates(
      stack,
      shops.map((s) => s.key),
    );
    const counts = await stack.statusCounts(names);
    const lost = n - (counts.confirmed ?? 0);
    const restarted = [...stack.webs.map((w) => w.child), ...stack.workers].filter(
      (c) => c.process.exitCode !== null,
    ).length;
    return {
      pass:
        settled &&
        lost === 0 &&
        restarted === 0 &&
        dup.doubledDrafts === 0 &&
        dup.doubledOrders === 0 &&
        answers.every((a) => a.status === 200),
      storeOrders: n,
      processes: "2 web, 3 worker",
      replicaTookOverS: failoverS,
      allBookedSAfterKill: bookedS,
      deliveriesAnswered5xxThenRetried: answers.filter((a) => a.attempts > 1).length,
      confirmed: counts.confirmed ?? 0,
      lost,
      processesExited: restarted,
      ...dup,
    };
  } finally {
    await stack?.stop();
    await cluster.stop();
  }
}
