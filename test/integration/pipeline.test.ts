import type { Job } from "bullmq";
import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { db } from "#app/db/index.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { and, eq } from "drizzle-orm";
import { webhookInbox } from "#app/db/schema.ts";
import { QUEUES, jobId } from "#app/jobs/definitions.ts";
import { enqueue, getQueue } from "#app/jobs/queues.server.ts";
import { referenceIdFor } from "#app/orders/map.ts";
import type { ShipmentContents } from "#app/orders/map-types.ts";
import { action as ordersCancelled } from "#app/routes/webhooks.orders.cancelled.tsx";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import { action as ordersUpdated } from "#app/routes/webhooks.orders.updated.tsx";
import { action as shippingEvents } from "#app/routes/webhooks.shipping.tsx";
import { noFaults } from "#sandbox/server.ts";
import { SHOPIFY_ORDERS } from "#fakes/shopify/fake-admin.ts";
import { liveKey, registerEvents as registerEventsAt } from "../helpers/sandbox.ts";
import {
  PICKUP,
  type FakeAdminLog,
  freshOrder,
  eventsPathOf,
  serveAction,
  setUpShop,
  shipmentOf,
  timelineOf,
  waitFor,
} from "../helpers/pipeline.ts";
import { callRoute, deliverWebhook, uniqueShop, webhookRequest } from "../helpers/shopify.ts";
import { pollStatuses } from "#worker/processors/poll-statuses.ts";
import { testStack } from "../helpers/stack.ts";

const env = getEnv();
let events: Awaited<ReturnType<typeof serveAction>>;
const graphqlCalls: { shop: string; ids: string[] }[] = [];
const adminLog: FakeAdminLog = {
  fulfillments: [],
  trackingUpdates: [],
  metafields: [],
  customerNotifications: [],
};
const stack = testStack({
  sandbox: { webhookRetryDelaysMs: [100, 200, 400] },
  workers: { graphqlCalls, adminLog },
});

beforeAll(async () => {
  events = await serveAction(shippingEvents as never);
});
afterAll(async () => {
  await events.close();
});
beforeEach(() => {
  Object.assign(stack.sandbox.faults, noFaults());
});

const deliver = (action: unknown, topic: string, shop: string, body: unknown, webhookId?: string) =>
  deliverWebhook(action, { topic, shop, body, webhookId });

/** Registers the shop's events URL for the key's order events at the sandbox, as a merchant does in its dashboard. */
const registerEvents = async (shop: string, key: string) =>
  registerEventsAt(stack.sandbox.url, key, `${events.url}${await eventsPathOf(db, shop)}`);

async function newShop(settings = {}) {
  const shop = uniqueShop("pipe");
  const key = liveKey("pipe");
  await setUpShop(db, env.ENCRYPTION_KEY, shop, key, stack.sandbox.url, settings);
  return { shop, key };
}

/** The order as Shopify sends it in orders/cancelled: cancelled_at set. */
const cancelledOf = <T extends object>(order: T) => ({
  ...order,
  cancelled_at: new Date().toISOString(),
  cancel_reason: "customer",
});
const statusIs = (shop: string, orderId: number, status: string) => async () => {
  const s = await shipmentOf(db, shop, orderId);
  return s?.status === status ? s : undefined;
};

describe("store order → shipment", () => {
  it("a signed orders/create becomes a draft, is confirmed, with every step on the timeline", async () => {
    const { shop, key } = await newShop();
    const order = freshOrder("multi-item");
    expect(await deliver(ordersCreate, "orders/create", shop, order)).toBe(200);
    // Recorded before any work: the shipment is visible at once.
    expect((await shipmentOf(db, shop, order.id))?.status).toMatch(/pending|draft_ready|confirmed/);

    const confirmed = await waitFor("confirmed", statusIs(shop, order.id, "confirmed"));
    expect(confirmed).toMatchObject({
      referenceId: referenceIdFor(shop, String(order.id)),
      courierCompany: "jne",
      courierType: "reg",
      waybillId: expect.any(String),
      trackingId: expect.any(String),
      trackingUrl: expect.stringContaining("/track/"),
      problem: null,
      destinationCity: "Surabaya",
    });
    expect(Number(confirmed.price)).toBeGreaterThan(0);
    const [draft] = stack.allDrafts(key, confirmed.referenceId);
    expect(draft?.status).toBe("confirmed");
    expect(draft?.spec.items.map((i) => i.category)).toEqual(["fashion", "food_and_drink"]);
    expect(
      graphqlCalls.some((c) => c.shop === shop && c.ids.includes("gid://shopify/Product/9001")),
    ).toBe(true);
    // Then the fulfillment in Shopify, which may or may not have run yet.
    await waitFor("fulfilled", async () =>
      (await timelineOf(db, confirmed.id)).some((e) => e.type === "fulfilled"),
    );
    const timeline = await timelineOf(db, confirmed.id);
    expect(timeline.map((e) => [e.type, e.toStatus])).toEqual([
      ["recorded", "pending"],
      ["draft_created", "draft_ready"],
      ["confirmed", "confirmed"],
      ["fulfilled", "confirmed"],
    ]);
    expect(timeline.every((e) => e.actor && e.createdAt instanceof Date)).toBe(true);
    // A shop that did not ask for its products' sizes: Shopify is not asked for them.
    const asked = graphqlCalls.filter((c) => c.shop === shop).flatMap((c) => c.ids);
    expect(asked.some((id) => id.includes("ProductVariant"))).toBe(false);
  });

  it("a shop that keeps its variants' sizes in Shopify books at the price their volume costs", async () => {
    const plain = await newShop();
    const sized = await newShop({ dimensionsFromShopify: true });
    const booked = async ({ shop, key }: { shop: string; key: string }) => {
      const order = freshOrder("multi-item");
      await deliver(ordersCreate, "orders/create", shop, order);
      const shipment = await waitFor("confirmed", statusIs(shop, order.id, "confirmed"));
      return { shipment, draft: stack.allDrafts(key, shipment.referenceId)[0]! };
    };
    const [a, b] = [await booked(plain), await booked(sized)];
    // The shirt's variant keeps 30 × 25 × 5 cm (fakes/shopify/fake-variants.ts); the coffee's only
    // two of three, so it goes by its weight.
    const sizes = (d: typeof a.draft) => d.spec.items.map((i) => [i.length, i.width, i.height]);
    expect(sizes(b.draft)).toEqual([
      [30, 25, 5],
      [null, null, null],
    ]);
    expect(
      sizes(a.draft)
        .flat()
        .every((n) => n === null),
    ).toBe(true);
    // 2 shirts at 625 g by volume (300 g each on the scale) + 260 g of coffee: 1.51 kg, not 0.86.
    expect(Number(b.shipment.price)).toBeGreaterThan(Number(a.shipment.price));
    // Kept on the shipment, for its page's volumetric weight.
    expect((b.shipment.contents as ShipmentContents).items[0]?.dimensions).toEqual({
      length: 30,
      width: 25,
      height: 5,
    });
    expect(
      graphqlCalls.some(
        (c) => c.shop === sized.shop && c.ids.includes("gid://shopify/ProductVariant/8001"),
      ),
    ).toBe(true);
  });

  it("without fulfillment on confirmation, Shopify gets only the status metafield", async () => {
    const { shop } = await newShop({ fulfillOnConfirm: false });
    const order = freshOrder("multi-item");
    await deliver(ordersCreate, "orders/create", shop, order);
    await waitFor("confirmed", statusIs(shop, order.id, "confirmed"));
    await waitFor("metafield", async () =>
      adminLog.metafields.some((m) => m.shop === shop && m.value === "confirmed"),
    );
    expect(adminLog.fulfillments.filter((f) => f.shop === shop)).toEqual([]);
  });

  it("without automatic confirmation the shipment waits, ready, for the merchant", async () => {
    const { shop } = await newShop({ autoConfirm: false });
    const order = freshOrder("multi-item");
    await deliver(ordersCreate, "orders/create", shop, order);
    const ready = await waitFor("ready", statusIs(shop, order.id, "draft_ready"));
    expect(ready.draftOrderId).toEqual(expect.any(String));
    expect(ready.shippingOrderId).toBeNull();
    // Where it leaves from, as the draft was made: the list's "From" column.
    expect(ready.originName).toBe(PICKUP.contactName);
  });

  it("the same order state taken in twice before its draft (reconciliation meeting its webhook): the timeline says it once", async () => {
    const { shop } = await newShop({ autoCreateDrafts: false });
    const order = freshOrder("multi-item");
    await deliver(ordersCreate, "orders/create", shop, order);
    const again = `again-${crypto.randomUUID()}`;
    await deliver(ordersUpdated, "orders/updated", shop, order, again);
    await waitFor("the second copy followed", async () => {
      const [row] = await db
        .select({ status: webhookInbox.status })
        .from(webhookInbox)
        .where(eq(webhookInbox.webhookId, again));
      return row?.status === "processed";
    });
    const shipment = await shipmentOf(db, shop, order.id);
    expect(shipment).toMatchObject({ status: "pending", draftOrderId: null, problem: null });
    expect((await timelineOf(db, shipment!.id)).map((e) => e.type)).toEqual(["recorded"]);
  });

  it("duplicates (the same delivery three times, also concurrently, and a second subscription) make one draft and one order", async () => {
    const { shop, key } = await newShop();
    const order = freshOrder("multi-item");
    const webhookId = crypto.randomUUID();
    for (let i = 0; i < 3; i++)
      expect(await deliver(ordersCreate, "orders/create", shop, order, webhookId)).toBe(200);
    const statuses = await Promise.all(
      [1, 2, 3].map(() => deliver(ordersCreate, "orders/create", shop, order, webhookId)),
    );
    expect(statuses).toEqual([200, 200, 200]);
    expect(await deliver(ordersCreate, "orders/create", shop, order)).toBe(200);
    // Several subscriptions delivering the same order at the same moment (distinct delivery ids):
    // each is recorded, none fails on the shipment row another is inserting.
    const other = freshOrder("multi-item");
    const concurrent = await Promise.all(
      Array.from({ length: 8 }, () => deliver(ordersCreate, "orders/create", shop, other)),
    );
    expect(concurrent).toEqual(Array(8).fill(200));
    const done = await waitFor("confirmed", statusIs(shop, order.id, "confirmed"));
    // Deliveries after the work was done change nothing either.
    await deliver(ordersCreate, "orders/create", shop, order, webhookId);
    await new Promise((r) => setTimeout(r, 300));
    expect(stack.allDrafts(key, done.referenceId)).toHaveLength(1);
    expect(stack.orders(key, done.referenceId)).toHaveLength(1);
    const otherDone = await waitFor("the other confirmed", statusIs(shop, other.id, "confirmed"));
    expect(stack.allDrafts(key, otherDone.referenceId)).toHaveLength(1);
  });

  it("a store order with a problem stays visible with the reason, and nothing is sent", async () => {
    const { shop, key } = await newShop();
    const order = freshOrder("missing-phone");
    await deliver(ordersCreate, "orders/create", shop, order);
    const stuck = await waitFor(
      "problem recorded",
      async () => (await shipmentOf(db, shop, order.id))?.problem ?? undefined,
    );
    expect(stuck).toMatch(/phone/i);
    expect((await shipmentOf(db, shop, order.id))?.status).toBe("pending");
    // Filed under the recipient's address, for the list's filter by kind.
    expect((await shipmentOf(db, shop, order.id))?.problemKinds).toEqual(["address"]);
    expect(stack.allDrafts(key, referenceIdFor(shop, String(order.id)))).toHaveLength(0);
  });

  it("a shipping line naming no service on offer: a draft without courier for the merchant, never a refused draft", async () => {
    const { shop, key } = await newShop({ defaultCourier: null });
    const order = freshOrder("multi-item", {
      shipping_lines: [{ code: "jne-hyperloop", title: "JNE Hyperloop" }],
    });
    await deliver(ordersCreate, "orders/create", shop, order);
    const placed = await waitFor("draft placed", statusIs(shop, order.id, "draft_placed"));
    expect(placed.problem).toMatch(
      /"JNE Hyperloop" names no courier service the shipping service offers.*Choose a courier/,
    );
    expect(placed.problemKinds).toEqual(["courier"]);
    expect(stack.allDrafts(key, placed.referenceId)[0]?.status).toBe("placed");
  });

  it("a courier the service refuses for this shipment: the draft is made without it, with the service's reason", async () => {
    const { shop, key } = await newShop({ defaultCourier: null });
    // Grab Instant carries 40 km at most; Jakarta to Surabaya is farther.
    const order = freshOrder("multi-item", {
      shipping_lines: [{ code: "Grab Instant", title: "Grab Instant" }],
    });
    await deliver(ordersCreate, "orders/create", shop, order);
    const placed = await waitFor("draft placed", statusIs(shop, order.id, "draft_placed"));
    expect(placed.problem).toMatch(/The service refused GRAB INSTANT for this shipment/);
    expect(stack.allDrafts(key, placed.referenceId)).toHaveLength(1);
  });

  it("the same when the service answers a draft's courier refusal with the generic 40011001", async () => {
    const { shop, key } = await newShop({ defaultCourier: null, insurance: true });
    await fetch(`${stack.sandbox.url}/_sandbox/behaviour`, {
      method: "POST",
      body: JSON.stringify({ draftErrors: "generic" }),
    });
    try {
      // TIKI Ekonomi carries no insurance: refused with 40002034, answered as 40011001 in this behaviour.
      const order = freshOrder("multi-item", {
        shipping_lines: [{ code: "TIKI ECO", title: "TIKI Ekonomi" }],
      });
      await deliver(ordersCreate, "orders/create", shop, order);
      const placed = await waitFor("draft placed", statusIs(shop, order.id, "draft_placed"));
      expect(placed.problem).toMatch(
        /The service refused TIKI .* for this shipment \(courier_insurance/,
      );
      expect(stack.allDrafts(key, placed.referenceId)).toHaveLength(1);
    } finally {
      await fetch(`${stack.sandbox.url}/_sandbox/behaviour`, {
        method: "POST",
        body: JSON.stringify({ draftErrors: "specific" }),
      });
    }
  });

  it("a digital-only order needs no shipment and says so", async () => {
    const { shop, key } = await newShop();
    const base = freshOrder("digital-physical");
    const order = {
      ...base,
      line_items: (base.line_items as { requires_shipping: boolean }[]).filter(
        (l) => l.requires_shipping === false,
      ),
    };
    await deliver(ordersCreate, "orders/create", shop, order);
    await waitFor("not required", statusIs(shop, order.id, "not_required"));
    expect(stack.allDrafts(key, referenceIdFor(shop, String(order.id)))).toHaveLength(0);
  });
});

describe("cancellations", () => {
  it("a cancel that arrives before its create: cancelled, nothing made at the service", async () => {
    const { shop, key } = await newShop();
    const order = freshOrder("multi-item");
    expect(
      await deliver(ordersCancelled, "orders/cancelled", shop, {
        ...order,
        cancelled_at: new Date().toISOString(),
      }),
    ).toBe(200);
    expect(await deliver(ordersCreate, "orders/create", shop, order)).toBe(200);
    // The create job has run once its delivery is marked processed.
    await waitFor("create processed", async () => {
      const rows = await db
        .select()
        .from(webhookInbox)
        .where(and(eq(webhookInbox.shop, shop), eq(webhookInbox.topic, "orders/create")));
      return rows.length === 1 && rows[0]!.status === "processed";
    });
    const s = await shipmentOf(db, shop, order.id);
    expect(s?.status).toBe("cancelled");
    expect(stack.allDrafts(key, referenceIdFor(shop, String(order.id)))).toHaveLength(0);
  });

  it("while the draft is being made: the shipment stays cancelled and the new draft is deleted", async () => {
    const { shop, key } = await newShop();
    const order = freshOrder("multi-item");
    // The service takes its time to create the draft; the cancel arrives and is processed meanwhile.
    Object.assign(stack.sandbox.faults, { latencyMs: 1_500, match: "^POST /v1/draft_orders$" });
    await deliver(ordersCreate, "orders/create", shop, order);
    await waitFor(
      "create in flight",
      async () =>
        [...stack.sandbox.service.account(key).drafts.values()].length === 0 &&
        (await shipmentOf(db, shop, order.id))?.status === "pending",
    );
    await new Promise((r) => setTimeout(r, 300));
    await deliver(ordersCancelled, "orders/cancelled", shop, cancelledOf(order));
    await waitFor("cancelled", statusIs(shop, order.id, "cancelled"));
    const reference = referenceIdFor(shop, String(order.id));
    await waitFor(
      "draft made, then deleted",
      async () => stack.allDrafts(key, reference)[0]?.deletedAt,
    );
    Object.assign(stack.sandbox.faults, noFaults());
    await new Promise((r) => setTimeout(r, 300));
    expect((await shipmentOf(db, shop, order.id))?.status).toBe("cancelled");
    expect(stack.orders(key, reference)).toHaveLength(0);
  });

  it("before confirmation: the draft is deleted", async () => {
    const { shop, key } = await newShop({ autoConfirm: false });
    const order = freshOrder("multi-item");
    await deliver(ordersCreate, "orders/create", shop, order);
    const ready = await waitFor("ready", statusIs(shop, order.id, "draft_ready"));
    await deliver(ordersCancelled, "orders/cancelled", shop, cancelledOf(order));
    await waitFor("cancelled", statusIs(shop, order.id, "cancelled"));
    expect(stack.allDrafts(key, ready.referenceId)[0]?.deletedAt).toEqual(expect.any(String));
    expect(stack.orders(key, ready.referenceId)).toHaveLength(0);
  });

  it("after confirmation: the order is cancelled at the service with a reason code", async () => {
    const { shop, key } = await newShop();
    const order = freshOrder("multi-item");
    await deliver(ordersCreate, "orders/create", shop, order);
    const confirmed = await waitFor("confirmed", statusIs(shop, order.id, "confirmed"));
    await deliver(ordersCancelled, "orders/cancelled", shop, cancelledOf(order));
    await waitFor("cancelled", statusIs(shop, order.id, "cancelled"));
    const [serviceOrder] = stack.orders(key, confirmed.referenceId);
    expect(serviceOrder?.status).toBe("cancelled");
    expect(serviceOrder?.cancellation?.code).toBe("others");
  });

  it("after pickup: needs attention, already picked up", async () => {
    const { shop } = await newShop();
    const order = freshOrder("multi-item");
    await deliver(ordersCreate, "orders/create", shop, order);
    const confirmed = await waitFor("confirmed", statusIs(shop, order.id, "confirmed"));
    stack.sandbox.service.lifecycle.forceStatus(confirmed.shippingOrderId!, "picked");
    await deliver(ordersCancelled, "orders/cancelled", shop, cancelledOf(order));
    const problem = await waitFor(
      "problem",
      async () => (await shipmentOf(db, shop, order.id))?.problem ?? undefined,
    );
    expect(problem).toMatch(/already picked/);
    expect((await shipmentOf(db, shop, order.id))?.status).toBe("picked");
    expect((await shipmentOf(db, shop, order.id))?.problemKinds).toEqual(["after_booking"]);
  });
});

describe("address edits", () => {
  it("before confirmation update the draft", async () => {
    const { shop, key } = await newShop({ autoConfirm: false, dimensionsFromShopify: true });
    const order = freshOrder("multi-item");
    await deliver(ordersCreate, "orders/create", shop, order);
    const ready = await waitFor("ready", statusIs(shop, order.id, "draft_ready"));
    const moved = {
      ...order,
      shipping_address: {
        ...(order.shipping_address as object),
        address1: "Jl. Darmo No. 77",
        zip: "60264",
      },
    };
    await deliver(ordersUpdated, "orders/updated", shop, moved);
    // The worker updates the draft at the service first and records the new address after it.
    await waitFor("draft updated", async () =>
      stack
        .allDrafts(key, ready.referenceId)[0]
        ?.spec.destination.address.startsWith("Jl. Darmo No. 77"),
    );
    await waitFor("address recorded", async () =>
      (await shipmentOf(db, shop, order.id))?.destinationAddress?.startsWith("Jl. Darmo No. 77"),
    );
    expect((await shipmentOf(db, shop, order.id))?.destinationPostalCode).toBe("60264");
    expect(stack.allDrafts(key, ready.referenceId)[0]?.spec.destination.postalCode).toBe(60264);
    // The items keep the categories their products give them (not "others" for want of asking),
    // and the sizes their variants keep, at the service and on the shipment's page.
    const items = stack.allDrafts(key, ready.referenceId)[0]?.spec.items;
    expect(items?.map((i) => [i.category, i.length])).toEqual([
      ["fashion", 30],
      ["food_and_drink", null],
    ]);
    const updated = await waitFor("contents recorded", async () => {
      const s = await shipmentOf(db, shop, order.id);
      return s?.destinationPostalCode === "60264" ? s : undefined;
    });
    expect((updated.contents as ShipmentContents).items[0]?.dimensions).toEqual({
      length: 30,
      width: 25,
      height: 5,
    });
  });

  it("an update delivered before its create: the newer address wins", async () => {
    const { shop, key } = await newShop();
    const order = freshOrder("multi-item");
    const created = new Date(Date.now() - 60_000);
    const moved = {
      ...order,
      shipping_address: {
        ...(order.shipping_address as object),
        address1: "Jl. Raya Darmo 1",
        zip: "60265",
      },
    };
    const send = (action: unknown, topic: string, body: unknown, triggeredAt: Date) =>
      callRoute(action, webhookRequest({ topic, shop, body, triggeredAt }));
    expect((await send(ordersUpdated, "orders/updated", moved, new Date())).status).toBe(200);
    expect((await send(ordersCreate, "orders/create", order, created)).status).toBe(200);
    const confirmed = await waitFor("confirmed", statusIs(shop, order.id, "confirmed"));
    expect(confirmed.destinationPostalCode).toBe("60265");
    const drafts = stack.allDrafts(key, confirmed.referenceId);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]?.spec.destination.address).toMatch(/^Jl. Raya Darmo 1/);
  });

  it("after confirmation an address change is flagged for the merchant", async () => {
    const { shop } = await newShop();
    const order = freshOrder("multi-item");
    await deliver(ordersCreate, "orders/create", shop, order);
    await waitFor("confirmed", statusIs(shop, order.id, "confirmed"));
    const moved = {
      ...order,
      shipping_address: { ...(order.shipping_address as object), address1: "Jl. Pemuda 1" },
    };
    await deliver(ordersUpdated, "orders/updated", shop, moved);
    const problem = await waitFor(
      "flagged",
      async () => (await shipmentOf(db, shop, order.id))?.problem ?? undefined,
    );
    expect(problem).toMatch(
      /Changed in Shopify after the shipment was booked: the shipping address/,
    );
    expect((await shipmentOf(db, shop, order.id))?.problemKinds).toEqual(["after_booking"]);
  });
});

describe("status sync", () => {
  it("events are authenticated, re-fetched, and statuses only move forward", async () => {
    const { shop, key } = await newShop();
    expect((await registerEvents(shop, key)).status).toBe(200);

    const order = freshOrder("multi-item");
    await deliver(ordersCreate, "orders/create", shop, order);
    const confirmed = await waitFor("confirmed", statusIs(shop, order.id, "confirmed"));
    // Confirmation fulfilled the store order in Shopify with the tracking, and notified the customer.
    const fulfilled = await waitFor("fulfilled in Shopify", async () =>
      adminLog.fulfillments.find((f) => f.shop === shop),
    );
    expect(fulfilled.input).toMatchObject({
      notifyCustomer: true,
      trackingInfo: { company: "JNE", number: confirmed.waybillId, url: confirmed.trackingUrl },
    });
    await waitFor(
      "fulfillment recorded",
      async () =>
        ((await shipmentOf(db, shop, order.id))?.fulfillmentIds as string[] | undefined)?.length ===
        1,
    );
    stack.sandbox.service.lifecycle.forceStatus(confirmed.shippingOrderId!, "picked");
    await waitFor("picked", statusIs(shop, order.id, "picked"));
    await waitFor("status metafield", async () =>
      adminLog.metafields.some(
        (m) =>
          m.shop === shop &&
          m.value === "picked" &&
          m.ownerId === `gid://shopify/Order/${order.id}`,
      ),
    );
    stack.sandbox.service.lifecycle.forceWaybill(confirmed.shippingOrderId!, "CGK999888777");
    await waitFor(
      "waybill",
      async () => (await shipmentOf(db, shop, order.id))?.waybillId === "CGK999888777",
    );
    // The new waybill reaches the Shopify fulfillment's tracking, with the merchant's choice to
    // notify the customer (Shopify's flag holds for this update and every later one).
    await waitFor("tracking updated", async () =>
      adminLog.trackingUpdates.some((t) => t.shop === shop && t.tracking.number === "CGK999888777"),
    );
    const [fulfillmentId] = (await shipmentOf(db, shop, order.id))!.fulfillmentIds as string[];
    expect(SHOPIFY_ORDERS.notifications.notifies(shop, fulfillmentId!)).toBe(true);
    // A late event with an older status: the app re-fetches, sees allocated, and keeps picked.
    stack.sandbox.service.lifecycle.forceStatus(confirmed.shippingOrderId!, "allocated");
    await stack.sandbox.events.idle();
    // The shipment's one sync (running or waiting) is done once its deduplication key is gone.
    await waitFor(
      "late event's sync job done",
      async () =>
        (await getQueue(QUEUES.shipments).getDeduplicationJobId(jobId("sync", confirmed.id))) ===
        null,
    );
    expect((await shipmentOf(db, shop, order.id))?.status).toBe("picked");
    // After the new waybill the customer still hears "out for delivery" and "delivered".
    stack.sandbox.service.lifecycle.forceStatus(
      confirmed.shippingOrderId!,
      "dropping_off",
      "Paket sedang diantar ke alamat penerima",
    );
    await waitFor("out for delivery", statusIs(shop, order.id, "dropping_off"));
    stack.sandbox.service.lifecycle.forceStatus(confirmed.shippingOrderId!, "delivered");
    await waitFor("delivered", statusIs(shop, order.id, "delivered"));
    const notices = () =>
      adminLog
        .customerNotifications!.filter((n) => n.shop === shop && n.fulfillmentId === fulfillmentId)
        .map((n) => n.notice);
    await waitFor("delivered e-mail", async () => notices().includes("delivered"));
    expect(notices()).toEqual([
      "shipping_confirmation",
      "shipping_update",
      "out_for_delivery",
      "delivered",
    ]);

    // A forged event with the right shape but no shop's token is refused: at a made-up token, and
    // at the URL without one (where events went before each shop had its own).
    const eventFor = (path: string, orderId: string, status = "cancelled") =>
      fetch(`${events.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ event: "order.status", order_id: orderId, status }),
      }).then(async (r) => [r.status, await r.text()] as const);
    expect(
      (await eventFor(`/webhooks/shipping/${"ab".repeat(32)}`, confirmed.shippingOrderId!))[0],
    ).toBe(401);
    expect((await eventFor("/webhooks/shipping", confirmed.shippingOrderId!))[0]).toBe(410);
    expect((await shipmentOf(db, shop, order.id))?.status).toBe("delivered");

    // At the shop's own URL, an event for an order that is no shop's is answered exactly as one
    // for its known order: the answer tells no stranger which order ids belong to a shop here.
    const own = await eventsPathOf(db, shop);
    expect(await eventFor(own, "0123456789abcdef01234567", "delivered")).toEqual(
      await eventFor(own, confirmed.shippingOrderId!, "delivered"),
    );
  });

  it("an event for shop A sent with shop B's token acts on nothing and answers as for an unknown order", async () => {
    const a = await newShop();
    const b = await newShop();
    // A's events URL is not registered at the service: the only events are the ones sent here.
    const order = freshOrder("multi-item");
    await deliver(ordersCreate, "orders/create", a.shop, order);
    const confirmed = await waitFor("confirmed", statusIs(a.shop, order.id, "confirmed"));
    stack.sandbox.service.lifecycle.forceStatus(confirmed.shippingOrderId!, "picked");
    const send = (shop: string, orderId: string) =>
      eventsPathOf(db, shop).then((path) =>
        fetch(`${events.url}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ event: "order.status", order_id: orderId, status: "picked" }),
        }).then(async (r) => [r.status, await r.text()] as const),
      );
    // A's order under B's token: the same answer as an order nobody has, and no sync for A's shipment.
    expect(await send(b.shop, confirmed.shippingOrderId!)).toEqual(
      await send(b.shop, "0123456789abcdef01234567"),
    );
    expect(
      await getQueue(QUEUES.shipments).getDeduplicationJobId(jobId("sync", confirmed.id)),
    ).toBeFalsy();
    expect((await shipmentOf(db, a.shop, order.id))?.status).toBe("confirmed");
    // Under A's own token, the same event makes A's shipment follow the service.
    expect((await send(a.shop, confirmed.shippingOrderId!))[0]).toBe(200);
    await waitFor("picked", statusIs(a.shop, order.id, "picked"));
  });

  it("a service without an instant waybill: booked without one, fulfilled in Shopify when the waybill arrives", async () => {
    const { shop, key } = await newShop();
    expect((await registerEvents(shop, key)).status).toBe(200);
    // 18 kg by JNE Trucking (10 kg and up), a service whose rates say available_for_instant_waybill_id: false.
    const base = freshOrder("multi-item");
    const order = {
      ...base,
      line_items: (base.line_items as Record<string, unknown>[]).map((l) => ({
        ...l,
        grams: 6000,
      })),
      shipping_lines: [
        {
          id: 2,
          code: "JNE Trucking",
          title: "JNE Trucking",
          source: "shopify",
          price: "120000.00",
          carrier_identifier: null,
        },
      ],
    };
    await deliver(ordersCreate, "orders/create", shop, order);
    const confirmed = await waitFor("confirmed", statusIs(shop, order.id, "confirmed"));
    expect(confirmed).toMatchObject({ courierCompany: "jne", courierType: "jtr", waybillId: null });
    // Shopify's fulfillment carries the tracking, so it waits for the waybill, and the timeline says so.
    await waitFor("fulfillment waiting", async () =>
      (await timelineOf(db, confirmed.id)).some((e) => e.type === "fulfillment_waiting"),
    );
    expect(adminLog.fulfillments.filter((f) => f.shop === shop)).toEqual([]);

    // The courier is allocated; the service gives the waybill, with its own event.
    stack.sandbox.service.lifecycle.forceStatus(confirmed.shippingOrderId!, "allocated");
    const withWaybill = await waitFor("waybill arrived", async () => {
      const s = await shipmentOf(db, shop, order.id);
      return s?.waybillId ? s : undefined;
    });
    expect(withWaybill.waybillId).toBe(stack.orders(key, confirmed.referenceId)[0]?.waybillId);
    const fulfilled = await waitFor("fulfilled in Shopify", async () =>
      adminLog.fulfillments.find((f) => f.shop === shop),
    );
    expect(fulfilled.input).toMatchObject({
      trackingInfo: { company: "JNE", number: withWaybill.waybillId },
    });
    await waitFor(
      "fulfillment recorded",
      async () =>
        ((await shipmentOf(db, shop, order.id))?.fulfillmentIds as string[] | undefined)?.length ===
        1,
    );
    expect(adminLog.fulfillments.filter((f) => f.shop === shop)).toHaveLength(1);
  });

  it("a registration ping, {} or an empty body, with or without the header, answers 200 and does nothing", async () => {
    const { shop, key } = await newShop();
    const before = (await getQueue(QUEUES.shipments).getJobCounts()) as Record<string, number>;
    for (const body of ["{}", "", "  "]) {
      const ping = await fetch(`${events.url}/webhooks/shipping`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      expect(ping.status, JSON.stringify(body)).toBe(200);
    }
    // The sandbox registering the URL the way the documentation leaves open: empty body, no header.
    await fetch(`${stack.sandbox.url}/_sandbox/behaviour`, {
      method: "POST",
      body: JSON.stringify({ webhookPing: "empty", pingWithHeader: false }),
    });
    try {
      expect((await registerEvents(shop, key)).status).toBe(200);
    } finally {
      await fetch(`${stack.sandbox.url}/_sandbox/behaviour`, {
        method: "POST",
        body: JSON.stringify({ webhookPing: "object", pingWithHeader: true }),
      });
    }
    const after = (await getQueue(QUEUES.shipments).getJobCounts()) as Record<string, number>;
    const total = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);
    expect(total(after)).toBe(total(before));
    // A body that is not an event still needs a shop's token: nothing is parsed for a stranger.
    const stranger = await fetch(`${events.url}/webhooks/shipping/${"cd".repeat(32)}`, {
      method: "POST",
      body: JSON.stringify({ event: "order.status", order_id: "x" }),
    });
    expect(stranger.status).toBe(401);
  });

  it("every price change reaches the shipment: price events are told apart by their own price, not order_price", async () => {
    const { shop, key } = await newShop();
    await registerEvents(shop, key);
    const order = freshOrder("multi-item");
    await deliver(ordersCreate, "orders/create", shop, order);
    const confirmed = await waitFor("confirmed", statusIs(shop, order.id, "confirmed"));
    stack.sandbox.service.lifecycle.forcePrice(confirmed.shippingOrderId!, 41000);
    await waitFor(
      "first reprice",
      async () => Number((await shipmentOf(db, shop, order.id))?.price) === 41000,
    );
    stack.sandbox.service.lifecycle.forcePrice(confirmed.shippingOrderId!, 52500);
    await waitFor(
      "second reprice",
      async () => Number((await shipmentOf(db, shop, order.id))?.price) === 52500,
    );
  });

  it("a status the service's list does not have leaves the shipment's status as it was; the rest still syncs", async () => {
    const { shop, key } = await newShop();
    const order = freshOrder("multi-item");
    await deliver(ordersCreate, "orders/create", shop, order);
    const confirmed = await waitFor("confirmed", statusIs(shop, order.id, "confirmed"));
    // The service starts answering a status outside its documented 14 (no control endpoint sets one).
    const remote = stack.sandbox.service.account(key).orders.get(confirmed.shippingOrderId!)!;
    (remote as { status: string }).status = "in_transit";
    remote.quote = { ...remote.quote, price: 61000 };
    await pollStatuses({ data: { staleSeconds: 0 } } as Job, { db, enqueue }, new Date(), shop);
    await waitFor(
      "price synced",
      async () => Number((await shipmentOf(db, shop, order.id))?.price) === 61000,
    );
    expect((await shipmentOf(db, shop, order.id))?.status).toBe("confirmed");
    // A booking, then the poll's two jobs (the shop's poll, its sync): beside the system tests on
    // two cores this passed the default 30 s.
  }, 60_000);
});

describe("failures", () => {
  it("a service outage, then recovery: every order completes, none doubled", async () => {
    const { shop, key } = await newShop();
    stack.sandbox.faults.outageUntil = Date.now() + 2_500;
    const orders = Array.from({ length: 5 }, () => freshOrder("multi-item"));
    for (const o of orders) await deliver(ordersCreate, "orders/create", shop, o);
    for (const o of orders)
      await waitFor(`order ${o.id} confirmed`, statusIs(shop, o.id, "confirmed"), 60_000);
    for (const o of orders) {
      const ref = referenceIdFor(shop, String(o.id));
      expect(stack.allDrafts(key, ref)).toHaveLength(1);
      expect(stack.orders(key, ref)).toHaveLength(1);
    }
  });

  it("answers lost after the service committed (create and confirm): no duplicates", async () => {
    const { shop, key } = await newShop();
    Object.assign(stack.sandbox.faults, { dropNext: 2, match: "^POST /v1/draft_orders" });
    const order = freshOrder("multi-item");
    await deliver(ordersCreate, "orders/create", shop, order);
    const confirmed = await waitFor("confirmed", statusIs(shop, order.id, "confirmed"), 60_000);
    expect(stack.sandbox.faults.dropNext).toBe(0);
    expect(stack.allDrafts(key, confirmed.referenceId)).toHaveLength(1);
    expect(stack.orders(key, confirmed.referenceId)).toHaveLength(1);
    expect(confirmed.shippingOrderId).toBe(stack.orders(key, confirmed.referenceId)[0]?.id);
  });
});
