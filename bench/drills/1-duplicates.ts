import crypto from "node:crypto";
import { Queue } from "bullmq";
import { Stack } from "../stack.ts";
import {
  LATENCY,
  ORDERS,
  confirmedAll,
  duplicates,
  newOrder,
  paced,
  shipmentRows,
  shopsFor,
  waitUntil,
} from "./shared.ts";

/** Drill 1: Duplicate deliveries (run by bench/drill.ts). */
export async function drillDuplicates(): Promise<Record<string, unknown> & { pass: boolean }> {
  const stack = await Stack.start({
    name: "drill1",
    sandbox: { faults: LATENCY },
    workers: 2,
    workerConcurrency: 50,
  });
  try {
    const shops = await shopsFor(stack, "dup", 10);
    const orders = Array.from({ length: ORDERS }, (_, i) => ({
      ...shops[i % shops.length]!,
      order: newOrder(),
      webhookId: crypto.randomUUID(),
    }));
    // Each delivery twice at the same moment, and once more from a second subscription (new id).
    const answers = await paced(orders, 200, async (o) => {
      const [a, b, c] = await Promise.all([
        stack.deliver("orders/create", o.shop, o.order, { webhookId: o.webhookId }),
        stack.deliver("orders/create", o.shop, o.order, { webhookId: o.webhookId }),
        stack.deliver("orders/create", o.shop, o.order, {
          webhookId: `${o.webhookId}-second-subscription`,
        }),
      ]);
      return [a.status, b.status, c.status];
    });
    const non2xx = answers.flat().filter((s) => s !== 200).length;
    const names = shops.map((s) => s.shop);
    await waitUntil("drill 1, first deliveries", stack, confirmedAll(stack, names, ORDERS), 900);
    // Finished jobs removed from Redis, then every delivery once more: the database remembers.
    const queue = new Queue("shipments", {
      connection: stack.redis.duplicate(),
      prefix: stack.prefix,
    });
    const cleaned = (await queue.clean(0, 100_000, "completed")).length;
    await queue.close();
    const again = await paced(
      orders,
      200,
      async (o) =>
        (await stack.deliver("orders/create", o.shop, o.order, { webhookId: o.webhookId })).status,
    );
    const redelivered = await paced(
      orders,
      200,
      async (o) =>
        (
          await stack.deliver("orders/create", o.shop, o.order, {
            webhookId: `${o.webhookId}-after-cleanup`,
          })
        ).status,
    );
    await waitUntil(
      "drill 1, after clean-up",
      stack,
      async () => ({ done: (await stack.backlog()) === 0, text: "draining" }),
      300,
    );
    const dup = duplicates(
      stack,
      shops.map((s) => s.key),
    );
    const rows = await shipmentRows(stack, names);
    const counts = await stack.statusCounts(names);
    const failed = await stack.failedJobs();
    const pass =
      non2xx === 0 &&
      [...again, ...redelivered].every((s) => s === 200) &&
      dup.drafts === ORDERS &&
      dup.orders === ORDERS &&
      dup.doubledDrafts === 0 &&
      dup.doubledOrders === 0 &&
      rows.rows === ORDERS &&
      counts.confirmed === ORDERS &&
      failed === 0;
    return {
      pass,
      storeOrders: ORDERS,
      deliveries: ORDERS * 5,
      non2xx,
      jobsCleanedBeforeRedelivery: cleaned,
      shipmentRows: rows.rows,
      confirmed: counts.confirmed ?? 0,
      ...dup,
      failedJobs: failed,
    };
  } finally {
    await stack.stop();
  }
}
