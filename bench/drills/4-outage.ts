import { Stack } from "../stack.ts";
import {
  LATENCY,
  OUTAGE_S,
  confirmedAll,
  deliverLikeShopify,
  duplicates,
  newOrder,
  paced,
  shopsFor,
  waitUntil,
} from "./shared.ts";

/** Drill 4: Service outage (run by bench/drill.ts). */
export async function drillOutage() {
  const stack = await Stack.start({
    name: "drill4",
    sandbox: { faults: { ...LATENCY, hangMs: 60_000 } },
    workers: 2,
    workerConcurrency: 50,
    env: { SHIPPING_API_TIMEOUT_MS: "5000" },
  });
  try {
    const shops = await shopsFor(stack, "outage", 4);
    const names = shops.map((s) => s.shop);
    const n = 400;
    const orders = Array.from({ length: n }, (_, i) => ({
      ...shops[i % shops.length]!,
      order: newOrder(),
    }));
    // First half of the outage: 503s; second half: no answer at all.
    const start = Date.now();
    Object.assign(stack.sandbox.faults, {
      outageUntil: start + (OUTAGE_S * 1000) / 2,
      outageMode: "error",
    });
    const sending = paced(orders, 20, (o) =>
      deliverLikeShopify(stack, "orders/create", o.shop, o.order),
    );
    await new Promise((r) => setTimeout(r, (OUTAGE_S * 1000) / 2));
    Object.assign(stack.sandbox.faults, {
      outageUntil: start + OUTAGE_S * 1000,
      outageMode: "hang",
    });
    const during = await waitUntil(
      "drill 4, service down",
      stack,
      async () => ({
        done: Date.now() >= start + OUTAGE_S * 1000,
        text: `outage ${((Date.now() - start) / 1000).toFixed(0)}/${OUTAGE_S} s, ${(await stack.statusCounts(names)).confirmed ?? 0} confirmed`,
      }),
      OUTAGE_S + 5,
    );
    const confirmedDuring = (await stack.statusCounts(names)).confirmed ?? 0;
    const recoveredAt = Date.now();
    await sending;
    const settled = await waitUntil(
      "drill 4, recovered",
      stack,
      confirmedAll(stack, names, n),
      600,
    );
    const clearedAfterS = (Date.now() - recoveredAt) / 1000;
    const dup = duplicates(
      stack,
      shops.map((s) => s.key),
    );
    const failed = await stack.failedJobs();
    const counts = await stack.statusCounts(names);
    return {
      pass:
        during &&
        settled &&
        failed === 0 &&
        dup.doubledDrafts === 0 &&
        dup.doubledOrders === 0 &&
        confirmedDuring === 0,
      storeOrders: n,
      outageS: OUTAGE_S,
      confirmedDuringOutage: confirmedDuring,
      backlogClearedAfterRecoveryS: +clearedAfterS.toFixed(1),
      confirmed: counts.confirmed ?? 0,
      jobsOutOfAttempts: failed,
      ...dup,
    };
  } finally {
    await stack.stop();
  }
}
