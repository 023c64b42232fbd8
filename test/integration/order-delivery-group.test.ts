import { inEnglish, said } from "#app/i18n/said.ts";
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type pg from "pg";
import { POOL_KEPT_CONNECTIONS } from "#app/db/client.server.ts";
import { database, db } from "#app/db/index.server.ts";
import { shipmentEvents, shipments, webhookInbox } from "#app/db/schema.ts";
import { referenceIdFor } from "#app/orders/map.ts";
import { recordInstall } from "#app/shops/shops.server.ts";
import { OrderDeliveryGroup } from "#app/webhooks/order-delivery-group.server.ts";
import {
  recordOrderDelivery,
  type OrderDelivery,
  type RecordedOrderDelivery,
} from "#app/webhooks/order-delivery.server.ts";
import { freshOrder } from "../helpers/pipeline.ts";
import { uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

testStack();

/** The app's pool, counting the statements sent through it and their deliveries; optionally held. */
function countingPool() {
  const statements: number[] = [];
  const atOnce = { now: 0, max: 0 };
  let hold: Promise<void> | null = null;
  let release = () => {};
  const pool: Pick<pg.Pool, "query"> = {
    query: (async (config: pg.QueryConfig<[string]>) => {
      statements.push((JSON.parse(config.values![0]) as unknown[]).length);
      atOnce.max = Math.max(atOnce.max, ++atOnce.now);
      try {
        if (hold) await hold;
        return await database.pool.query(config);
      } finally {
        atOnce.now--;
      }
    }) as unknown as pg.Pool["query"],
  };
  return {
    pool,
    statements,
    /** The most statements at the database at once. */
    get maxAtOnce() {
      return atOnce.max;
    },
    hold() {
      hold = new Promise((resolve) => (release = resolve));
    },
    release() {
      hold = null;
      release();
    },
  };
}

let sequence = 0;
function orderDelivery(shop: string, patch: Partial<OrderDelivery> = {}): OrderDelivery {
  const order = freshOrder("multi-item");
  const id = String(order.id);
  sequence += 1;
  return {
    webhookId: `group-${process.pid}-${sequence}`,
    shop,
    topic: "orders/create",
    triggeredAt: new Date("2026-11-26T09:00:00Z"),
    resourceId: id,
    rawPayload: JSON.stringify(order),
    orderName: order.name,
    customerId: null,
    referenceId: referenceIdFor(shop, id),
    initialStatus: "pending",
    actor: "webhook:orders/create",
    message: said("orderReceived", { name: order.name }),
    ...patch,
  };
}

/**
 * One of each case the statement tells apart, for a fresh installed shop and a shop without the
 * app: new orders, an order already known (its update), a delivery already recorded and
 * processed, and an order of a shop that never installed the app.
 */
async function cases(): Promise<OrderDelivery[]> {
  const shop = uniqueShop("group");
  const stranger = uniqueShop("group-stranger");
  await recordInstall(db, shop);
  const known = orderDelivery(shop);
  await recordOrderDelivery(database.pool, known);
  const processed = orderDelivery(shop);
  await recordOrderDelivery(database.pool, processed);
  await db
    .update(webhookInbox)
    .set({ status: "processed" })
    .where(eq(webhookInbox.webhookId, processed.webhookId));
  return [
    orderDelivery(shop),
    orderDelivery(shop, { topic: "orders/updated", createShipment: true }),
    { ...known, webhookId: `${known.webhookId}-update`, topic: "orders/updated" },
    processed,
    orderDelivery(shop, { topic: "refunds/create", createShipment: false }),
    orderDelivery(stranger),
  ];
}

describe("order deliveries recorded in groups (group commit)", () => {
  it("records the deliveries that arrive together in one statement, each answered as if alone", async () => {
    const alone: RecordedOrderDelivery[] = [];
    for (const d of await cases()) alone.push(await recordOrderDelivery(database.pool, d));

    const counting = countingPool();
    const group = new OrderDeliveryGroup(counting.pool);
    const together = await cases();
    const answers = await Promise.all(together.map((d) => group.record(d)));

    expect(counting.statements).toEqual([together.length]);
    expect(answers).toEqual(alone);
    // What was written, for each: the new orders' shipments and first events, the stranger's
    // delivery recorded as processed without its payload.
    const [created, , , , refund, stranger] = together;
    const [shipment] = await db
      .select()
      .from(shipments)
      .where(and(eq(shipments.shop, created!.shop), eq(shipments.orderId, created!.resourceId)));
    expect(shipment).toMatchObject({ status: "pending", referenceId: created!.referenceId });
    const events = await db
      .select()
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipmentId, shipment!.id));
    expect(events.map((e) => [e.type, e.actor, e.message, e.said])).toEqual([
      ["recorded", created!.actor, inEnglish(created!.message), [created!.message]],
    ]);
    const refundShipments = await db
      .select()
      .from(shipments)
      .where(and(eq(shipments.shop, refund!.shop), eq(shipments.orderId, refund!.resourceId)));
    expect(refundShipments).toEqual([]);
    const [strangerRow] = await db
      .select()
      .from(webhookInbox)
      .where(eq(webhookInbox.webhookId, stranger!.webhookId));
    expect(strangerRow).toMatchObject({ status: "processed", payload: null });
    const [createdRow] = await db
      .select()
      .from(webhookInbox)
      .where(eq(webhookInbox.webhookId, created!.webhookId));
    expect(createdRow!.payload).toEqual(JSON.parse(created!.rawPayload));
  });

  it("never has two deliveries of one order, or one delivery twice, at the database together", async () => {
    const shop = uniqueShop("group-order");
    await recordInstall(db, shop);
    const create = orderDelivery(shop);
    const update = { ...create, webhookId: `${create.webhookId}-u`, topic: "orders/updated" };
    const other = orderDelivery(shop);
    const counting = countingPool();
    const group = new OrderDeliveryGroup(counting.pool);

    const [first, second, third, again] = await Promise.all([
      group.record(create),
      group.record(update),
      group.record(other),
      group.record(create),
    ]);

    // create and other together; the update of create's order, then create's redelivery, each
    // once the statement before it was answered.
    expect(counting.statements).toEqual([2, 1, 1]);
    expect(counting.maxAtOnce).toBe(1);
    expect(first).toMatchObject({ duplicate: false, created: true, shipmentStatus: "pending" });
    expect(third).toMatchObject({ duplicate: false, created: true });
    expect(second).toMatchObject({ duplicate: false, created: false, shipmentStatus: "pending" });
    expect(again).toMatchObject({ duplicate: true, earlierStatus: "received", created: false });
  });

  it("records again alone each delivery of a statement the database refused: only the bad one fails", async () => {
    const shop = uniqueShop("group-refused");
    await recordInstall(db, shop);
    const good = [orderDelivery(shop), orderDelivery(shop)];
    // jsonb refuses the NUL character (the intake cleans it; here it comes through).
    const bad = orderDelivery(shop, { rawPayload: '{"note":"\\u0000"}' });
    const counting = countingPool();
    const group = new OrderDeliveryGroup(counting.pool);

    const settled = await Promise.allSettled([good[0]!, bad, good[1]!].map((d) => group.record(d)));

    expect(counting.statements).toEqual([3, 1, 1, 1]);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((settled[1] as PromiseRejectedResult).reason)).toMatch(/\\u0000|unicode/i);
    const recorded = await db.select().from(webhookInbox).where(eq(webhookInbox.shop, shop));
    expect(recorded.map((r) => r.webhookId).sort()).toEqual(good.map((d) => d.webhookId).sort());
  });

  it("gathers the deliveries that arrive while its statements are at the database", async () => {
    const shop = uniqueShop("group-gather");
    await recordInstall(db, shop);
    const counting = countingPool();
    const group = new OrderDeliveryGroup(counting.pool, { maxInFlight: 2, maxRows: 3 });
    counting.hold();
    const tick = () => new Promise((resolve) => setImmediate(resolve));

    const answers = [group.record(orderDelivery(shop))];
    await tick();
    answers.push(group.record(orderDelivery(shop)));
    await tick();
    for (let i = 0; i < 4; i++) {
      answers.push(group.record(orderDelivery(shop)));
      await tick();
    }
    // Two statements of one delivery each are held at the database; four deliveries wait.
    expect(counting.statements).toEqual([1, 1]);
    expect(group.pending).toBe(4);

    counting.release();
    const recorded = await Promise.all(answers);
    expect(recorded.every((r) => r.created)).toBe(true);
    // The four went in statements of at most three.
    expect(counting.statements.slice(2).sort()).toEqual([1, 3]);
  });

  it("has at most as many statements at the database as the pool keeps connections open", async () => {
    // A sale after a quiet moment then finds every connection it needs open (no backend to start,
    // no statement to plan again in the middle of the sale).
    expect(database.pool.options.min).toBe(POOL_KEPT_CONNECTIONS);
    const shop = uniqueShop("group-kept");
    await recordInstall(db, shop);
    const counting = countingPool();
    const group = new OrderDeliveryGroup(counting.pool);
    counting.hold();
    const tick = () => new Promise((resolve) => setImmediate(resolve));

    const answers = [];
    for (let i = 0; i < POOL_KEPT_CONNECTIONS + 3; i++) {
      answers.push(group.record(orderDelivery(shop)));
      await tick();
    }
    expect(counting.statements).toEqual(Array(POOL_KEPT_CONNECTIONS).fill(1));
    expect(group.pending).toBe(3);

    counting.release();
    expect((await Promise.all(answers)).every((r) => r.created)).toBe(true);
    expect(counting.maxAtOnce).toBe(POOL_KEPT_CONNECTIONS);
  });
});
