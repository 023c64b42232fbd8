import { describe, expect, it } from "vitest";

import { db } from "#app/db/index.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { enqueue } from "#app/jobs/queues.server.ts";
import { action as ordersCancelled } from "#app/routes/webhooks.orders.cancelled.tsx";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import { shippingClientForShop } from "#app/shops/shipping-client.server.ts";
import { createPickupForLocation, shopifyLocations } from "#app/shops/shopify-locations.server.ts";
import { getShopSettings } from "#app/shops/shops.server.ts";
import { fakeAdminGraphql, type FakeLocation } from "#fakes/shopify/fake-admin.ts";
import {
  JAKARTA,
  multiLocationShop,
  PARTNER,
  partsOf,
  splitOrder,
  SURABAYA,
} from "../helpers/multi-location.ts";
import { freshOrder, timelineOf, waitFor, type FakeAdminLog } from "../helpers/pipeline.ts";
import { deliverWebhook } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * Shipments follow Shopify's fulfillment orders: one shipment per fulfillment order this app
 * ships, from the pickup location connected to its Shopify location, with its own items, its share
 * of cash on delivery, and its own fulfillment. Real webhook routes, worker, database, Redis and
 * the sandbox over HTTP; Shopify's Admin API is the fake, whose documents are checked against
 * Shopify's real schema.
 */
const env = getEnv();
const adminLog: FakeAdminLog = { fulfillments: [], trackingUpdates: [], metafields: [] };
const stack = testStack({ sandbox: {}, workers: { adminLog } });

const deliver = (action: unknown, topic: string, shop: string, body: unknown) =>
  deliverWebhook(action, { topic, shop, body });
const newShop = (locations: FakeLocation[], connect: FakeLocation[], settings = {}) =>
  multiLocationShop(stack.sandbox, locations, connect, settings);
const split = splitOrder;

describe("an order shipped from two locations", () => {
  it("makes two shipments, each from its own warehouse with its own items and cash-on-delivery share, fulfilled apart with its own tracking", async () => {
    const { shop, key, pickups } = await newShop([JAKARTA, SURABAYA], [JAKARTA, SURABAYA], {
      codGateways: ["COD - Bayar di Tempat"],
      notifyCustomer: true,
    });
    const order = freshOrder("id-cod-rates-app");
    // Shirts (2 × 150,000) from Jakarta, coffee (85,000) from Surabaya; the customer owes 404,000.
    split(shop, order, [
      [JAKARTA, { "13001": 2 }],
      [SURABAYA, { "13002": 1 }],
    ]);
    expect(await deliver(ordersCreate, "orders/create", shop, order)).toBe(200);

    const [first, second] = await waitFor("both booked", async () => {
      const parts = await partsOf(shop, order.id);
      return parts.length === 2 &&
        parts.every(
          (p) =>
            p.status === "confirmed" &&
            p.fulfillmentIds &&
            (p.fulfillmentIds as string[]).length > 0,
        )
        ? parts
        : undefined;
    });
    expect([first!.part, second!.part]).toEqual([1, 2]);
    expect(first).toMatchObject({
      shopifyLocationId: JAKARTA.id,
      originName: "Gudang Jakarta",
      originLocationId: pickups.get(JAKARTA.id),
      fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${order.id}1`,
    });
    expect(second).toMatchObject({
      shopifyLocationId: SURABAYA.id,
      originName: "Gudang Surabaya",
      originLocationId: pickups.get(SURABAYA.id),
      referenceId: `${first!.referenceId}-p2`,
    });

    // At the service: two orders, each from its warehouse with only its items.
    const [a] = stack.orders(key, first!.referenceId);
    const [b] = stack.orders(key, second!.referenceId);
    expect(a?.spec.origin.contactName).toBe("Gudang Jakarta");
    expect(b?.spec.origin.contactName).toBe("Gudang Surabaya");
    expect(a?.spec.items.map((i) => [i.name, i.quantity])).toEqual([["Batik Shirt - M / Blue", 2]]);
    expect(b?.spec.items.map((i) => [i.name, i.quantity])).toEqual([["Kopi Gayo 250g", 1]]);
    // Each courier collects its parcel's share, by the value of its items; together, what is owed.
    const coffeeShare = Math.floor((404000 * 85000) / (2 * 150000 + 85000));
    expect(b?.spec.cod?.amount).toBe(coffeeShare);
    expect(a?.spec.cod?.amount).toBe(404000 - coffeeShare);

    // Two fulfillments in Shopify: each closes its own fulfillment order with its own waybill, and
    // notifies the customer once for its parcel.
    const fulfillments = adminLog.fulfillments
      .filter((f) => f.shop === shop)
      .map(
        (f) =>
          f.input as {
            lineItemsByFulfillmentOrder: { fulfillmentOrderId: string }[];
            trackingInfo: { number: string };
            notifyCustomer: boolean;
          },
      );
    expect(fulfillments).toHaveLength(2);
    const byFo = new Map(
      fulfillments.map((f) => [
        f.lineItemsByFulfillmentOrder.map((l) => l.fulfillmentOrderId).join(","),
        f,
      ]),
    );
    expect(byFo.get(first!.fulfillmentOrderId!)?.trackingInfo.number).toBe(first!.waybillId);
    expect(byFo.get(second!.fulfillmentOrderId!)?.trackingInfo.number).toBe(second!.waybillId);
    expect(first!.waybillId).not.toBe(second!.waybillId);
    expect(
      fulfillments.every((f) => f.notifyCustomer && f.lineItemsByFulfillmentOrder.length === 1),
    ).toBe(true);
    expect((await timelineOf(db, second!.id)).map((e) => e.type)).toEqual(
      expect.arrayContaining(["recorded", "draft_created", "confirmed", "fulfilled"]),
    );

    // The store order is cancelled: both parcels are.
    expect(
      await deliver(ordersCancelled, "orders/cancelled", shop, {
        ...order,
        cancelled_at: "2026-11-20T12:00:00+07:00",
      }),
    ).toBe(200);
    await waitFor("both cancelled", async () =>
      (await partsOf(shop, order.id)).every((p) => p.status === "cancelled"),
    );
    expect(stack.orders(key, first!.referenceId)[0]?.status).toBe("cancelled");
    expect(stack.orders(key, second!.referenceId)[0]?.status).toBe("cancelled");
  });

  it("leaves a fulfillment order of another fulfillment service to it, and says so", async () => {
    const { shop, key } = await newShop([JAKARTA, PARTNER], [JAKARTA], { autoConfirm: false });
    const order = freshOrder("multi-item");
    split(shop, order, [
      [JAKARTA, { "13001": 2 }],
      [PARTNER, { "13002": 1 }],
    ]);
    await deliver(ordersCreate, "orders/create", shop, order);
    const [only] = await waitFor("drafted", async () => {
      const parts = await partsOf(shop, order.id);
      return parts[0]?.status === "draft_ready" ? parts : undefined;
    });
    expect(await partsOf(shop, order.id)).toHaveLength(1);
    expect(stack.drafts(key, only!.referenceId)[0]?.spec.items.map((i) => i.name)).toEqual([
      "Batik Shirt - M / Blue",
    ]);
    const note = (await timelineOf(db, only!.id)).find((e) => e.type === "fulfillment_order");
    expect(note?.message).toMatch(
      /Gudang Jakarta.*Not by this app: Gudang Partner Fulfillment fulfills the items at Partner Warehouse/,
    );
  });

  it("an order fulfilled entirely by another service or picked up is no shipment, with the reason", async () => {
    const { shop, key } = await newShop([JAKARTA, PARTNER], [JAKARTA]);
    const order = freshOrder("multi-item");
    split(shop, order, [[PARTNER, { "13001": 2, "13002": 1 }]]);
    await deliver(ordersCreate, "orders/create", shop, order);
    const [s] = await waitFor("decided", async () => {
      const parts = await partsOf(shop, order.id);
      return parts[0]?.status === "not_required" ? parts : undefined;
    });
    expect(s!.decision).toBe(
      "No shipment by this app: Gudang Partner Fulfillment fulfills the items at Partner Warehouse",
    );
    expect(stack.drafts(key, s!.referenceId)).toHaveLength(0);
  });
});

describe("locations and pickup locations", () => {
  it("a fulfillment order at a location not connected waits with that reason, and is drafted from the new pickup once connected in one step", async () => {
    const { shop, key } = await newShop([JAKARTA, SURABAYA], [JAKARTA], { autoConfirm: false });
    const order = freshOrder("multi-item");
    split(shop, order, [[SURABAYA, { "13001": 2, "13002": 1 }]]);
    await deliver(ordersCreate, "orders/create", shop, order);
    const [waiting] = await waitFor("waits", async () => {
      const parts = await partsOf(shop, order.id);
      return parts[0]?.problem ? parts : undefined;
    });
    expect(waiting).toMatchObject({
      status: "pending",
      draftOrderId: null,
      problemKinds: ["setup"],
      shopifyLocationName: "Gudang Surabaya",
    });
    expect(waiting!.problem).toMatch(
      /The items at Gudang Surabaya wait: that Shopify location is not connected to a pickup location\. Connect it under "Your Shopify locations" in the app's settings/,
    );
    expect(stack.drafts(key, waiting!.referenceId)).toHaveLength(0);

    // The settings page's one step: a pickup location from the Shopify location's address, connected.
    const location = (await shopifyLocations(fakeAdminGraphql(), shop)).find(
      (l) => l.id === SURABAYA.id,
    )!;
    const client = await shippingClientForShop(db, env, shop);
    const made = await createPickupForLocation(db, client, enqueue, shop, location);
    expect(made).toMatchObject({
      saved: { contactName: "Gudang Surabaya", contactPhone: "+62318123456", postalCode: 60293 },
      queued: 1,
    });
    expect((await getShopSettings(db, shop)).locationLinks[SURABAYA.id]).toBe(
      "saved" in made ? made.saved.locationId : "",
    );

    const drafted = await waitFor("drafted", async () => {
      const [s] = await partsOf(shop, order.id);
      return s?.status === "draft_ready" ? s : undefined;
    });
    expect(drafted).toMatchObject({ problem: null, originName: "Gudang Surabaya" });
    expect(stack.drafts(key, drafted.referenceId)[0]?.spec.origin.address).toMatch(
      /Rungkut Industri 5, Surabaya/,
    );
  });

  it("a Shopify location without a phone or postal code cannot become a pickup location: what is missing is named", async () => {
    const { shop } = await newShop([JAKARTA], [], {});
    const bare = {
      id: "gid://shopify/Location/7199",
      name: "Toko Kecil",
      isFulfillmentService: false,
      fulfillsOnlineOrders: true,
      address: {
        address1: "Jl. Kecil 1",
        city: "Bandung",
        zip: "401",
        phone: null,
        countryCode: "ID",
      },
    };
    const client = await shippingClientForShop(db, env, shop);
    await db.$client.query(`UPDATE shops SET settings = settings - 'pickup' WHERE shop = $1`, [
      shop,
    ]);
    expect(await createPickupForLocation(db, client, enqueue, shop, bare)).toEqual({
      missing: ["phone", "postalCode"],
    });
  });

  it("a shop with one location of its own needs no connection: its default pickup serves", async () => {
    const { shop, key } = await newShop([JAKARTA], [], { autoConfirm: false });
    const order = freshOrder("multi-item");
    await deliver(ordersCreate, "orders/create", shop, order);
    const [s] = await waitFor("drafted", async () => {
      const parts = await partsOf(shop, order.id);
      return parts[0]?.status === "draft_ready" ? parts : undefined;
    });
    expect(s).toMatchObject({
      originName: "Gudang Toko Maju",
      shopifyLocationId: JAKARTA.id,
      problem: null,
    });
    expect(stack.drafts(key, s!.referenceId)[0]?.spec.items).toHaveLength(2);
    // No note on the timeline for the ordinary case of one location.
    expect((await timelineOf(db, s!.id)).map((e) => e.type)).toEqual(["recorded", "draft_created"]);
  });
});
