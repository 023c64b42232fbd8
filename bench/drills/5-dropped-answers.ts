import { Stack } from "../stack.ts";
import {
  LATENCY,
  confirmedAll,
  deliverLikeShopify,
  duplicates,
  newOrder,
  paced,
  shopsFor,
  waitUntil,
} from "./shared.ts";

/** Drill 5: Answers dropped after commit (run by bench/drill.ts). */
export async function drillDroppedAnswers() {
  const stack = await Stack.start({
    name: "drill5",
    sandbox: { faults: { ...LATENCY, dropAfterCommitRate: 0.3, match: "^POST /v1/draft_orders" } },
    workers: 2,
    workerConcurrency: 50,
    env: { SHIPPING_API_TIMEOUT_MS: "3000" },
  });
  try {
    const shops = await shopsFor(stack, "drop", 4);
    const names = shops.map((s) => s.shop);
    const n = 500;
    const orders = Array.from({ length: n }, (_, i) => ({
      ...shops[i % shops.length]!,
      order: newOrder(),
    }));
    await paced(orders, 100, (o) => deliverLikeShopify(stack, "orders/create", o.shop, o.order));
    const settled = await waitUntil("drill 5", stack, confirmedAll(stack, names, n), 600);
    const dup = duplicates(
      stack,
      shops.map((s) => s.key),
    );
    const requests = Object.fromEntries(stack.sandbox.requests);
    return {
      pass:
        settled &&
        dup.drafts === n &&
        dup.orders === n &&
        dup.doubledDrafts === 0 &&
        dup.doubledOrders === 0,
      storeOrders: n,
      dropRate: 0.3,
      serviceRequests: requests,
      ...dup,
    };
  } finally {
    await stack.stop();
  }
}
