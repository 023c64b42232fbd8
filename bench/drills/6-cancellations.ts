import { Stack } from "../stack.ts";
import {
  LATENCY,
  deliverLikeShopify,
  newOrder,
  paced,
  shopsFor,
  waitUntil,
  type Order,
} from "./shared.ts";

/** Drill 6: Cancellations at every stage (run by bench/drill.ts). */
export async function drillCancellations() {
  const stack = await Stack.start({
    name: "drill6",
    sandbox: { faults: LATENCY },
    workers: 2,
    workerConcurrency: 50,
  });
  try {
    const [manual] = await shopsFor(stack, "cancel-manual", 1, { autoConfirm: false });
    const [auto] = await shopsFor(stack, "cancel-auto", 1);
    const per = 100;
    const cancel = (shop: string, order: Order) =>
      deliverLikeShopify(stack, "orders/cancelled", shop, {
        ...order,
        cancelled_at: new Date().toISOString(),
      });
    const status = async (shop: string, id: number) =>
      (
        await stack.pool.query<{ status: string }>(
          "SELECT status FROM shipments WHERE shop = $1 AND order_id = $2",
          [shop, String(id)],
        )
      ).rows[0]?.status;
    const until = async (shop: string, id: number, wanted: string[]) => {
      for (let i = 0; i < 600; i++) {
        const s = await status(shop, id);
        if (s && wanted.includes(s)) return s;
        await new Promise((r) => setTimeout(r, 100));
      }
      return status(shop, id);
    };
    const groups = {
      beforeConfirmation: Array.from({ length: per }, () => ({
        shop: manual!.shop,
        order: newOrder(),
      })),
      duringConfirmation: Array.from({ length: per }, () => ({
        shop: auto!.shop,
        order: newOrder(),
      })),
      afterConfirmation: Array.from({ length: per }, () => ({
        shop: auto!.shop,
        order: newOrder(),
      })),
      beforeTheCreate: Array.from({ length: per }, () => ({ shop: auto!.shop, order: newOrder() })),
    };
    await Promise.all([
      paced(groups.beforeConfirmation, 20, async ({ shop, order }) => {
        await deliverLikeShopify(stack, "orders/create", shop, order);
        await until(shop, order.id, ["draft_ready"]);
        await cancel(shop, order);
      }),
      // The cancel follows the create at once: it meets the draft being made or being confirmed.
      paced(groups.duringConfirmation, 20, async ({ shop, order }, i) => {
        await deliverLikeShopify(stack, "orders/create", shop, order);
        if (i % 2 === 1) await until(shop, order.id, ["draft_ready", "confirmed"]);
        await cancel(shop, order);
      }),
      paced(groups.afterConfirmation, 20, async ({ shop, order }) => {
        await deliverLikeShopify(stack, "orders/create", shop, order);
        await until(shop, order.id, ["confirmed"]);
        await cancel(shop, order);
      }),
      paced(groups.beforeTheCreate, 20, async ({ shop, order }) => {
        await cancel(shop, order);
        await deliverLikeShopify(stack, "orders/create", shop, order);
      }),
    ]);
    const all = Object.values(groups).flat();
    await waitUntil(
      "drill 6",
      stack,
      async () => {
        const counts = await stack.statusCounts([manual!.shop, auto!.shop]);
        return {
          done: (counts.cancelled ?? 0) === all.length && (await stack.backlog()) === 0,
          text: JSON.stringify(counts),
        };
      },
      300,
    );
    // What the service holds: no live draft and no order that is not cancelled, for any of them.
    const byGroup: Record<string, Record<string, number>> = {};
    let wrong = 0;
    for (const [name, items] of Object.entries(groups)) {
      const tally: Record<string, number> = {};
      for (const { shop, order } of items) {
        const s = (await status(shop, order.id)) ?? "missing";
        tally[s] = (tally[s] ?? 0) + 1;
        const key = shop === manual!.shop ? manual!.key : auto!.key;
        const account = stack.sandbox.service.account(key);
        const reference = (
          await stack.pool.query<{ reference_id: string }>(
            "SELECT reference_id FROM shipments WHERE shop = $1 AND order_id = $2",
            [shop, String(order.id)],
          )
        ).rows[0]?.reference_id;
        const liveDrafts = [...account.drafts.values()].filter(
          (d) => d.spec.referenceId === reference && !d.deletedAt && d.status !== "confirmed",
        );
        const activeOrders = [...account.orders.values()].filter(
          (o) => o.spec.referenceId === reference && o.status !== "cancelled",
        );
        if (s !== "cancelled" || liveDrafts.length > 0 || activeOrders.length > 0) wrong++;
      }
      byGroup[name] = tally;
    }
    let ordersMadeBeforeTheCreate = 0;
    for (const { shop, order } of groups.beforeTheCreate) {
      const reference = (
        await stack.pool.query<{ reference_id: string }>(
          "SELECT reference_id FROM shipments WHERE shop = $1 AND order_id = $2",
          [shop, String(order.id)],
        )
      ).rows[0]?.reference_id;
      if (
        [...stack.sandbox.service.account(auto!.key).drafts.values()].some(
          (d) => d.spec.referenceId === reference,
        )
      )
        ordersMadeBeforeTheCreate++;
    }
    return {
      pass: wrong === 0 && ordersMadeBeforeTheCreate === 0,
      storeOrders: all.length,
      endStates: byGroup,
      wrongEndState: wrong,
      draftsMadeForOrdersCancelledBeforeTheirCreate: ordersMadeBeforeTheCreate,
    };
  } finally {
    await stack.stop();
  }
}
