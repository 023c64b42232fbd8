import { Stack } from "../stack.ts";
import {
  LATENCY,
  ORDERS,
  confirmedAll,
  deliverLikeShopify,
  duplicates,
  newOrder,
  paced,
  rng,
  shipmentRows,
  shopsFor,
  waitUntil,
} from "./shared.ts";

/** Drill 2: Worker SIGKILLs (run by bench/drill.ts). */
export async function drillWorkerKills() {
  const stack = await Stack.start({
    name: "drill2",
    sandbox: { faults: LATENCY },
    workers: 2,
    workerConcurrency: 50,
    env: { WORKER_LOCK_MS: "10000" },
  });
  const random = rng(2);
  let kills = 0;
  try {
    const shops = await shopsFor(stack, "kill", 4);
    const names = shops.map((s) => s.shop);
    const orders = Array.from({ length: ORDERS }, (_, i) => ({
      ...shops[i % shops.length]!,
      order: newOrder(),
    }));
    let running = true;
    const killer = (async () => {
      while (running) {
        await new Promise((r) => setTimeout(r, 5_000 + random() * 10_000));
        if (!running) break;
        const victim = Math.floor(random() * stack.workers.length);
        const child = stack.workers[victim]!;
        child.process.kill("SIGKILL");
        await new Promise((r) => child.process.once("exit", r));
        kills++;
        stack.workers.splice(victim, 1);
        await stack.startWorker();
      }
    })();
    const answers = await paced(orders, 100, (o) =>
      deliverLikeShopify(stack, "orders/create", o.shop, o.order),
    );
    const settled = await waitUntil(
      () => `drill 2 (${kills} kills so far)`,
      stack,
      confirmedAll(stack, names, ORDERS),
      900,
    );
    running = false;
    await killer;
    const dup = duplicates(
      stack,
      shops.map((s) => s.key),
    );
    const rows = await shipmentRows(stack, names);
    const counts = await stack.statusCounts(names);
    const failed = await stack.failedJobs();
    const lost = ORDERS - (counts.confirmed ?? 0);
    return {
      pass:
        settled &&
        kills >= 3 &&
        lost === 0 &&
        dup.doubledDrafts === 0 &&
        dup.doubledOrders === 0 &&
        rows.rows === ORDERS &&
        failed === 0,
      storeOrders: ORDERS,
      workerKills: kills,
      deliveriesRetried: answers.filter((a) => a.attempts > 1).length,
      confirmed: counts.confirmed ?? 0,
      lost,
      ...dup,
      failedJobs: failed,
    };
  } finally {
    await stack.stop();
  }
}
