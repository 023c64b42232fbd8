import type { Job } from "bullmq";
import { ORDERS_PAGE_SIZE } from "#app/orders/admin-order.ts";
import { describe, expect, it } from "vitest";

import { db } from "#app/db/index.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { enqueue } from "#app/jobs/queues.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import { referenceIdFor } from "#app/orders/map.ts";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import { action as ordersEdited } from "#app/routes/webhooks.orders.edited.tsx";
import { action as ordersPaid } from "#app/routes/webhooks.orders.paid.tsx";
import { action as ordersUpdated } from "#app/routes/webhooks.orders.updated.tsx";
import { action as refundsCreate } from "#app/routes/webhooks.refunds.create.tsx";
import { actionDeps } from "#app/shipments/action-deps.server.ts";
import {
  chooseCourier,
  importOpenOrders,
  rebook,
  shipAgain,
  cancel,
} from "#app/shipments/actions.server.ts";
import { orderShipments } from "#app/shipments/shipments.server.ts";
import { SAMPLE_ORDER_ID, shopifySampleBody } from "../fixtures/shopify.ts";
import { liveKey } from "../helpers/sandbox.ts";
import {
  FakeShopifyOrders,
  fakeAdminGraphql,
  freshOrder,
  setUpShop,
  shipmentOf,
  timelineOf,
  waitFor,
} from "../helpers/pipeline.ts";
import { deliverWebhook, uniqueShop } from "../helpers/shopify.ts";
import { syncRecentOrders } from "#worker/processors/sync-orders.ts";
import { processSyncShopOrders } from "#worker/processors/sync-shop-orders.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * Real store orders through the real webhook routes, worker, database, Redis and the sandbox over
 * HTTP: Shopify's own sample payloads and Indonesian orders (IDR, manual bank transfer, COD, a
 * rates app's shipping lines, discounts, foreign addresses, edits and refunds).
 */
const env = getEnv();
const shopify = new FakeShopifyOrders();
const stack = testStack({ sandbox: {}, workers: { shopifyOrders: shopify } });

const deliver = (action: unknown, topic: string, shop: string, body: unknown, triggeredAt?: Date) =>
  deliverWebhook(action, { topic, shop, body, triggeredAt });

async function newShop(settings = {}) {
  const shop = uniqueShop("real");
  const key = liveKey("real");
  await setUpShop(db, env.ENCRYPTION_KEY, shop, key, stack.sandbox.url, {
    defaultCourier: null,
    ...settings,
  });
  return { shop, key };
}
const statusIs = (shop: string, orderId: number | string, status: string) => async () => {
  const s = await shipmentOf(db, shop, orderId);
  return s?.status === status ? s : undefined;
};
const latest = async (shop: string, orderId: number | string) =>
  (await orderShipments(db, shop, String(orderId)))[0];

describe("Shopify's own sample payloads", () => {
  it("orders/create (id 820982911946154508, above 2^53) is accepted with its exact id; the cancelled sample is never drafted", async () => {
    const { shop, key } = await newShop();
    expect(
      await deliver(ordersCreate, "orders/create", shop, shopifySampleBody("orders/create")),
    ).toBe(200);
    const s = await waitFor("decided", statusIs(shop, SAMPLE_ORDER_ID, "cancelled"));
    expect(s.orderId).toBe(SAMPLE_ORDER_ID);
    expect(s.decision).toMatch(/cancelled in Shopify/);
    expect(stack.drafts(key, referenceIdFor(shop, SAMPLE_ORDER_ID))).toHaveLength(0);
  });

  it("refunds/create and orders/edited samples are recorded against the exact order", async () => {
    const { shop } = await newShop();
    expect(
      await deliver(refundsCreate, "refunds/create", shop, shopifySampleBody("refunds/create")),
    ).toBe(200);
    expect(
      await deliver(ordersEdited, "orders/edited", shop, shopifySampleBody("orders/edited")),
    ).toBe(200);
    const rows = await db.$client.query<{ topic: string; resource_id: string }>(
      "SELECT topic, resource_id FROM webhook_inbox WHERE shop = $1 ORDER BY id",
      [shop],
    );
    expect(rows.rows).toEqual([
      { topic: "refunds/create", resource_id: SAMPLE_ORDER_ID },
      { topic: "orders/edited", resource_id: SAMPLE_ORDER_ID },
    ]);
    // Neither is an order: no shipment is made from them.
    expect(await shipmentOf(db, shop, SAMPLE_ORDER_ID)).toBeUndefined();
  });
});

describe("which orders ship", () => {
  it.each([
    ["id-foreign-my", /Malaysia \(MY\)/],
    ["id-fulfilled", /already fulfilled in Shopify/],
  ])("%s: no shipment, and the reason in words", async (fixture, reason) => {
    const { shop, key } = await newShop();
    const order = freshOrder(fixture);
    await deliver(ordersCreate, "orders/create", shop, order);
    const s = await waitFor("not required", statusIs(shop, order.id, "not_required"));
    expect(s.decision).toMatch(reason);
    expect(s.problem).toBeNull();
    expect(stack.drafts(key, s.referenceId)).toHaveLength(0);
  });

  it("an order with no shipping address needs no shipment (not a problem)", async () => {
    const { shop } = await newShop();
    const order = freshOrder("multi-item", { shipping_address: null });
    await deliver(ordersCreate, "orders/create", shop, order);
    const s = await waitFor("not required", statusIs(shop, order.id, "not_required"));
    expect(s).toMatchObject({
      problem: null,
      decision: expect.stringMatching(/no shipping address/),
    });
  });
});

describe("booking waits for payment", () => {
  it("a bank transfer left pending is drafted, not booked; orders/paid books it", async () => {
    const { shop, key } = await newShop();
    const order = freshOrder("id-bank-transfer-pending");
    await deliver(ordersCreate, "orders/create", shop, order);
    const ready = await waitFor("draft ready", statusIs(shop, order.id, "draft_ready"));
    expect(ready).toMatchObject({
      awaitingPayment: true,
      decision: expect.stringMatching(/^Waiting for payment: the payment is pending/),
      courierCompany: "jne",
      courierType: "oke",
    });
    // Automation does not book it (the reconciliation's pass would not either).
    await new Promise((r) => setTimeout(r, 500));
    expect(stack.orders(key, ready.referenceId)).toHaveLength(0);

    const paid = {
      ...order,
      financial_status: "paid",
      total_outstanding: "0.00",
      updated_at: "2026-11-20T12:00:00+07:00",
    };
    expect(await deliver(ordersPaid, "orders/paid", shop, paid)).toBe(200);
    const booked = await waitFor("confirmed", statusIs(shop, order.id, "confirmed"));
    expect(booked).toMatchObject({ awaitingPayment: false, decision: null });
    expect(stack.orders(key, booked.referenceId)).toHaveLength(1);
    const types = (await timelineOf(db, booked.id)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["draft_created", "paid", "confirmed"]));
  });

  it("cash on delivery books at once, with the outstanding amount; the rates app's line names the courier", async () => {
    const { shop, key } = await newShop();
    const order = freshOrder("id-cod-rates-app");
    await deliver(ordersCreate, "orders/create", shop, order);
    const booked = await waitFor("confirmed", statusIs(shop, order.id, "confirmed"));
    expect(booked).toMatchObject({ courierCompany: "sicepat", courierType: "reg" });
    expect(stack.orders(key, booked.referenceId)[0]?.spec.cod?.amount).toBe(404000);
  });

  it("the shop setting books pending orders too", async () => {
    const { shop } = await newShop({ bookPendingOrders: true });
    const order = freshOrder("id-bank-transfer-pending");
    await deliver(ordersCreate, "orders/create", shop, order);
    await waitFor("confirmed", statusIs(shop, order.id, "confirmed"));
  });
});

describe("true values", () => {
  it("discounted items declare what the customer paid; a weightless add-on rides along; categories from Shopify's taxonomy", async () => {
    const { shop, key } = await newShop({ categoryMapping: {} });
    const discounted = freshOrder("id-discounted");
    const addOn = freshOrder("id-protection-addon");
    await deliver(ordersCreate, "orders/create", shop, discounted);
    await deliver(ordersCreate, "orders/create", shop, addOn);
    const a = await waitFor("discounted booked", statusIs(shop, discounted.id, "confirmed"));
    const b = await waitFor("add-on booked", statusIs(shop, addOn.id, "confirmed"));
    expect(a).toMatchObject({ courierCompany: "jne", courierType: "reg" });
    const [draftA] = [...stack.sandbox.service.account(key).drafts.values()].filter(
      (d) => d.spec.referenceId === a.referenceId,
    );
    expect(draftA?.spec.items.map((i) => [i.value, i.category])).toEqual([
      [135000, "fashion"],
      [76500, "food_and_drink"],
    ]);
    const [draftB] = [...stack.sandbox.service.account(key).drafts.values()].filter(
      (d) => d.spec.referenceId === b.referenceId,
    );
    expect(draftB?.spec.items.map((i) => i.weight)).toEqual([300, 260, 1]);
    expect((await timelineOf(db, b.id)).find((e) => e.type === "draft_created")?.message).toMatch(
      /"Proteksi Pengiriman" has no weight and went as 1 g/,
    );
  });
});

describe("changes after the draft", () => {
  it("before booking, an edit (read through Admin GraphQL) and a refund reach the draft: items and COD amount", async () => {
    const { shop, key } = await newShop({
      autoConfirm: false,
      codGateways: ["COD - Bayar di Tempat"],
    });
    const order = freshOrder("id-cod-rates-app");
    await deliver(ordersCreate, "orders/create", shop, order);
    const ready = await waitFor("ready", statusIs(shop, order.id, "draft_ready"));
    expect(stack.drafts(key, ready.referenceId)[0]?.spec.cod?.amount).toBe(404000);

    // The merchant removes one shirt (orders/edited carries only the change; Shopify has the order).
    const lines = order.line_items as Record<string, unknown>[];
    const edited = {
      ...order,
      updated_at: "2026-11-20T11:00:00+07:00",
      total_outstanding: "254000.00",
      line_items: [{ ...lines[0], current_quantity: 1, fulfillable_quantity: 1 }, lines[1]],
    };
    shopify.put(shop, edited);
    const edit = {
      order_edit: {
        id: 1,
        order_id: order.id,
        line_items: { additions: [], removals: [{ id: lines[0]!.id, delta: 1 }] },
      },
    };
    expect(await deliver(ordersEdited, "orders/edited", shop, edit)).toBe(200);
    // The service holds the new draft before the worker records it: wait for the record, not the service.
    const updated = await waitFor("the edit recorded", async () =>
      (await timelineOf(db, ready.id)).find((e) => e.type === "draft_updated"),
    );
    expect(stack.drafts(key, ready.referenceId)[0]?.spec.cod?.amount).toBe(254000);
    expect(stack.drafts(key, ready.referenceId)[0]?.spec.items.map((i) => i.quantity)).toEqual([
      1, 1,
    ]);
    expect(updated.message).toMatch(/quantity 2 → 1; cash on delivery 404000 → 254000/);

    // Then the coffee is refunded (refunds/create only): it leaves the draft.
    const refund = {
      id: 77001,
      order_id: order.id,
      created_at: "2026-11-20T12:00:00+07:00",
      refund_line_items: [{ id: 1, line_item_id: lines[1]!.id, quantity: 1 }],
    };
    expect(await deliver(refundsCreate, "refunds/create", shop, refund)).toBe(200);
    await waitFor(
      "refund reaches the draft",
      async () => stack.drafts(key, ready.referenceId)[0]?.spec.items.length === 1,
    );
  });

  it("the newest state wins by the order's updated_at, not by delivery order", async () => {
    const { shop, key } = await newShop({ autoConfirm: false });
    const order = freshOrder("multi-item", { updated_at: "2026-11-20T10:15:00+07:00" });
    await deliver(ordersCreate, "orders/create", shop, order);
    const ready = await waitFor("ready", statusIs(shop, order.id, "draft_ready"));
    const address = order.shipping_address as Record<string, unknown>;
    const newer = {
      ...order,
      updated_at: "2026-11-20T11:00:00+07:00",
      shipping_address: { ...address, address1: "Jl. Newer 2", zip: "60272" },
    };
    const older = {
      ...order,
      updated_at: "2026-11-20T10:30:00+07:00",
      shipping_address: { ...address, address1: "Jl. Older 1", zip: "60273" },
    };
    await deliver(ordersUpdated, "orders/updated", shop, newer);
    await waitFor("newer address", async () =>
      stack.drafts(key, ready.referenceId)[0]?.spec.destination.address.startsWith("Jl. Newer 2"),
    );
    await waitFor(
      "newer address recorded",
      async () => (await shipmentOf(db, shop, order.id))?.destinationPostalCode === "60272",
    );
    // Delivered late, and even dated later by its header: the order's own updated_at is older.
    await deliver(ordersUpdated, "orders/updated", shop, older, new Date(Date.now() + 60_000));
    await new Promise((r) => setTimeout(r, 800));
    expect(stack.drafts(key, ready.referenceId)[0]?.spec.destination.address).toMatch(
      /^Jl. Newer 2/,
    );
    expect((await shipmentOf(db, shop, order.id))?.destinationPostalCode).toBe("60272");
  });

  it("after booking, an edit is reported exactly; cancel and book again makes attempt 2 with its own reference", async () => {
    const { shop, key } = await newShop();
    const order = freshOrder("multi-item");
    await deliver(ordersCreate, "orders/create", shop, order);
    const booked = await waitFor("confirmed", statusIs(shop, order.id, "confirmed"));
    const lines = order.line_items as Record<string, unknown>[];
    const edited = {
      ...order,
      updated_at: "2026-11-20T13:00:00+07:00",
      line_items: [
        { ...lines[0], current_quantity: 3, quantity: 3, fulfillable_quantity: 3 },
        lines[1],
      ],
    };
    await deliver(ordersUpdated, "orders/updated", shop, edited);
    const problem = await waitFor(
      "flagged",
      async () => (await shipmentOf(db, shop, order.id))?.problem ?? undefined,
    );
    expect(problem).toMatch(
      /^Changed in Shopify after the shipment was booked: Batik Shirt - M \/ Blue: quantity 2 → 3\..*cancel and book again/,
    );

    await rebook(actionDeps(), shop, booked.id);
    const second = await waitFor("attempt 2 booked", async () => {
      const s = await latest(shop, order.id);
      return s?.attempt === 2 && s.status === "confirmed" ? s : undefined;
    });
    expect(second.referenceId).toBe(`${booked.referenceId}-2`);
    expect(stack.orders(key, booked.referenceId)[0]?.status).toBe("cancelled");
    expect(stack.orders(key, second.referenceId)[0]?.spec.items[0]?.quantity).toBe(3);
    expect(
      (await orderShipments(db, shop, String(order.id))).map((s) => [s.attempt, s.status]),
    ).toEqual([
      [2, "confirmed"],
      [1, "cancelled"],
    ]);
  });

  it("a cancelled shipment can be shipped again", async () => {
    const { shop, key } = await newShop();
    const order = freshOrder("multi-item");
    await deliver(ordersCreate, "orders/create", shop, order);
    const booked = await waitFor("confirmed", statusIs(shop, order.id, "confirmed"));
    await cancel(actionDeps(), shop, booked.id);
    await waitFor("cancelled", async () => (await latest(shop, order.id))?.status === "cancelled");
    const next = await shipAgain(actionDeps(), shop, booked.id);
    expect(next.attempt).toBe(2);
    await waitFor(
      "attempt 2 confirmed",
      async () => (await latest(shop, order.id))?.status === "confirmed",
    );
    expect(stack.orders(key, `${booked.referenceId}-2`)).toHaveLength(1);
    // Attempt 1 now has a successor: it cannot start another.
    await expect(shipAgain(actionDeps(), shop, booked.id)).rejects.toThrow(
      /already has a newer shipment/,
    );
  });
});

describe("the merchant's courier", () => {
  it("for a shipment whose draft could not be made with the checkout's courier", async () => {
    const { shop, key } = await newShop({ autoConfirm: false });
    // No pickup location yet: the draft cannot be made; the merchant picks a courier meanwhile.
    const order = freshOrder("multi-item", {
      shipping_lines: [{ code: "Kurir Toko", title: "Kurir Toko" }],
    });
    const { updateShopSettings } = await import("#app/shops/shops.server.ts");
    const pickup = (await import("../helpers/pipeline.ts")).PICKUP;
    await updateShopSettings(db, shop, { pickup: null });
    await deliver(ordersCreate, "orders/create", shop, order);
    const stuck = await waitFor("problem", async () =>
      (await shipmentOf(db, shop, order.id))?.problem ? shipmentOf(db, shop, order.id) : undefined,
    );
    expect(stuck?.problem).toMatch(/No pickup location/);
    expect(stuck?.problemKinds).toEqual(["setup"]);
    await updateShopSettings(db, shop, { pickup });
    await chooseCourier(actionDeps(), shop, stuck!.id, "anteraja", "reg");
    const ready = await waitFor(
      "ready with the chosen courier",
      statusIs(shop, order.id, "draft_ready"),
    );
    expect(ready).toMatchObject({
      courierCompany: "anteraja",
      courierType: "reg",
      problem: null,
      problemKinds: [],
    });
    expect(stack.drafts(key, ready.referenceId)[0]?.spec.service?.courierCode).toBe("anteraja");
  });
});

describe("orders the app never received", () => {
  it("import open orders: open, unfulfilled orders of the last 60 days, with progress", async () => {
    const { shop } = await newShop({ autoConfirm: false });
    const now = Date.now();
    const day = 24 * 3600_000;
    const open = Array.from({ length: 30 }, (_, i) =>
      freshOrder("multi-item", {
        created_at: new Date(now - (i + 1) * day).toISOString(),
        updated_at: new Date(now - (i + 1) * day).toISOString(),
      }),
    );
    const old = freshOrder("multi-item", { created_at: new Date(now - 70 * day).toISOString() });
    const fulfilled = freshOrder("id-fulfilled", {
      created_at: new Date(now - 2 * day).toISOString(),
    });
    const cancelledOrder = freshOrder("multi-item", {
      created_at: new Date(now - 3 * day).toISOString(),
      cancelled_at: new Date(now - day).toISOString(),
    });
    for (const o of [...open, old, fulfilled, cancelledOrder]) shopify.put(shop, o);
    // One of them arrived by webhook already: it is not imported twice.
    await deliver(ordersCreate, "orders/create", shop, open[0]);

    await importOpenOrders(actionDeps(), shop);
    const { latestImport } = await import("#app/orders/imports.server.ts");
    const run = await waitFor("import done", async () => {
      const r = await latestImport(db, shop);
      return r?.status === "done" ? r : undefined;
    });
    expect(run).toMatchObject({ seen: 30, created: 29, pages: Math.ceil(30 / ORDERS_PAGE_SIZE) });
    for (const o of open)
      await waitFor(`order ${o.id} drafted`, statusIs(shop, o.id, "draft_ready"));
    for (const o of [old, fulfilled, cancelledOrder])
      expect(await shipmentOf(db, shop, o.id)).toBeUndefined();
  });

  it("reconciliation finds an order whose webhooks were lost, and a newer state of a known one", async () => {
    const { shop, key } = await newShop({ autoConfirm: false });
    const { sessionTable } = await import("#app/db/schema.ts");
    await db.insert(sessionTable).values({
      id: `offline_${shop}`,
      shop,
      state: "s",
      isOnline: false,
      accessToken: "shpat_test",
      scope: "read_orders",
    });
    const now = new Date();
    const lost = freshOrder("multi-item", {
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    const known = freshOrder("multi-item", {
      created_at: now.toISOString(),
      updated_at: new Date(now.getTime() - 60_000).toISOString(),
    });
    await deliver(ordersCreate, "orders/create", shop, known);
    const ready = await waitFor("known ready", statusIs(shop, known.id, "draft_ready"));
    const address = known.shipping_address as Record<string, unknown>;
    shopify.put(shop, lost);
    shopify.put(shop, {
      ...known,
      updated_at: now.toISOString(),
      shipping_address: { ...address, address1: "Jl. Lost Update 9" },
    });

    // The sweep queues one job for the shop (a second sweep of the window, none); the job reads
    // the shop's orders.
    const queued: { shop: string; since: string; window: number }[] = [];
    const sweep = () =>
      syncRecentOrders(
        { data: { lookbackMinutes: 60 } } as Job,
        {
          db,
          enqueue: {
            syncShopOrders: async (s: string, since: string, window: number) => {
              if (queued.some((q) => q.shop === s && q.window === window)) return null;
              queued.push({ shop: s, since, window });
              return {} as never;
            },
          },
        },
        now,
        shop,
      );
    expect(await sweep()).toEqual({ shops: 1, queued: 1 });
    expect(await sweep()).toEqual({ shops: 1, queued: 0 });
    expect(queued[0]!.since).toBe(new Date(now.getTime() - 3_600_000).toISOString());
    const syncShop = () =>
      processSyncShopOrders({ data: { shop, since: queued[0]!.since } } as Job, {
        db,
        logger,
        adminGraphql: fakeAdminGraphql([], undefined, shopify),
        enqueue,
      });
    const totals = await syncShop();
    expect(totals).toMatchObject({ created: 1, updated: 1 });
    await waitFor("lost order drafted", statusIs(shop, lost.id, "draft_ready"));
    await waitFor("newer state applied", async () =>
      stack
        .drafts(key, ready.referenceId)[0]
        ?.spec.destination.address.startsWith("Jl. Lost Update 9"),
    );
    // A second pass finds nothing new.
    expect(await syncShop()).toMatchObject({ created: 0, updated: 0 });
  });
});
