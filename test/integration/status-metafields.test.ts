import { describe, expect, it } from "vitest";

import { eq } from "drizzle-orm";
import { db } from "#app/db/index.server.ts";
import { shops } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { enqueue } from "#app/jobs/queues.server.ts";
import { STATUS_DEFINITIONS_VERSION } from "#app/shipments/status-metafields.ts";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import { SHIPMENT_STATUSES } from "#app/shipments/states.ts";
import { fakeAdminGraphql, SHOPIFY_ORDERS } from "#fakes/shopify/fake-admin.ts";
import {
  JAKARTA,
  multiLocationShop,
  partsOf,
  splitOrder,
  SURABAYA,
} from "../helpers/multi-location.ts";
import { freshOrder, setUpShop, shipmentOf, waitFor } from "../helpers/pipeline.ts";
import { liveKey } from "../helpers/sandbox.ts";
import { deliverWebhook, uniqueShop } from "../helpers/shopify.ts";
import { writeStatusMetafields } from "#app/shipments/status-metafields.server.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * The order's shipping status in Shopify, readable by the merchant, Flow and other apps: the
 * definitions the worker makes in the shop (merchant-owned namespace `parcelbridge`), and the values
 * it writes as the order's shipments move. Real webhook route, worker, database, Redis and sandbox
 * over HTTP; Shopify's Admin API is the fake, which keeps definitions and values and refuses a value
 * its definition does not allow, as Shopify does.
 */
const env = getEnv();
const stack = testStack({ sandbox: {}, workers: {} });
const metafields = SHOPIFY_ORDERS.metafields;

const gid = (order: { id: number }) => `gid://shopify/Order/${order.id}`;
const valueOf = (shop: string, order: { id: number }, key: string) =>
  metafields.value(shop, gid(order), "parcelbridge", key);
const partsJson = (shop: string, order: { id: number }) =>
  JSON.parse(valueOf(shop, order, "shipments") ?? "[]") as { part: number; status: string }[];

async function singleLocationShop() {
  const shop = uniqueShop("meta");
  const key = liveKey("meta");
  await setUpShop(db, env.ENCRYPTION_KEY, shop, key, stack.sandbox.url);
  return { shop, key };
}

/** The service moves the parcel on; the worker hears of it (as from an event or the poll). */
async function serviceMoves(
  shop: string,
  shipment: { id: string; shippingOrderId: string | null },
  status: string,
) {
  stack.sandbox.service.lifecycle.forceStatus(shipment.shippingOrderId!, status);
  await enqueue.syncStatus(shop, shipment.id);
}

describe("the order's shipping status metafields", () => {
  it("an order from two warehouses: definitions made once in a namespace every app reads, the order delivered when both parcels are", async () => {
    const { shop } = await multiLocationShop(
      stack.sandbox,
      [JAKARTA, SURABAYA],
      [JAKARTA, SURABAYA],
    );
    const order = freshOrder("id-cod-rates-app");
    splitOrder(shop, order, [
      [JAKARTA, { "13001": 2 }],
      [SURABAYA, { "13002": 1 }],
    ]);
    expect(await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order })).toBe(
      200,
    );
    const [first, second] = await waitFor("both booked", async () => {
      const parts = await partsOf(shop, order.id);
      return parts.length === 2 && parts.every((p) => p.status === "confirmed") ? parts : undefined;
    });
    await waitFor(
      "both parts written",
      async () =>
        partsJson(shop, order).length === 2 &&
        partsJson(shop, order).every((p) => p.status === "confirmed"),
    );
    expect(valueOf(shop, order, "status")).toBe("confirmed");

    // The definitions: merchant-owned (Flow and every installed app read them), the status pinned
    // on the order page and limited to the shipment statuses.
    const status = metafields.definition(shop, "ORDER", "parcelbridge", "status");
    expect(status).toMatchObject({
      type: "single_line_text_field",
      name: "Shipping status",
      pinned: true,
    });
    expect(JSON.parse(status!.validations.find((v) => v.name === "choices")!.value)).toEqual([
      ...SHIPMENT_STATUSES,
    ]);
    expect(metafields.definition(shop, "ORDER", "parcelbridge", "shipments")).toMatchObject({
      type: "json",
      pinned: false,
    });
    const [row] = await db
      .select({ version: shops.statusDefinitionsVersion })
      .from(shops)
      .where(eq(shops.shop, shop));
    expect(row?.version).toBe(STATUS_DEFINITIONS_VERSION);
    // Made once, though both parts' first writes ran at about the same time.
    const writes = () => metafields.definitionWrites.filter((w) => w.startsWith(`${shop} `));
    expect(writes()).toEqual([
      `${shop} create parcelbridge.status`,
      `${shop} create parcelbridge.shipments`,
    ]);

    // Jakarta's parcel arrives first: the order is not delivered yet.
    await serviceMoves(shop, first!, "delivered");
    await waitFor(
      "part 1 written delivered",
      async () => partsJson(shop, order).find((p) => p.part === 1)?.status === "delivered",
    );
    expect(valueOf(shop, order, "status")).toBe("confirmed");
    // Then Surabaya's: now it is.
    await serviceMoves(shop, second!, "delivered");
    await waitFor("order delivered", async () => valueOf(shop, order, "status") === "delivered");

    const [a, b] = await partsOf(shop, order.id);
    expect(partsJson(shop, order)).toEqual([
      {
        part: 1,
        status: "delivered",
        location: "Gudang Jakarta",
        courier: a!.courierCompany,
        service: a!.courierType,
        waybill: a!.waybillId,
        tracking_url: a!.trackingUrl,
      },
      {
        part: 2,
        status: "delivered",
        location: "Gudang Surabaya",
        courier: b!.courierCompany,
        service: b!.courierType,
        waybill: b!.waybillId,
        tracking_url: b!.trackingUrl,
      },
    ]);
    expect(a!.waybillId).toBeTruthy();
    // Nothing of the recipient goes into Shopify's metafields.
    const recipient = order.shipping_address as { name: string; phone: string; address1: string };
    for (const personal of [recipient.name, recipient.phone, recipient.address1])
      expect(valueOf(shop, order, "shipments")).not.toContain(personal);
    // Once the shop has them, the many writes after touch the definitions no more.
    expect(writes()).toHaveLength(2);
  });

  it("a booked shipment the merchant cancels: the order's status says cancelled", async () => {
    const { shop } = await singleLocationShop();
    const order = freshOrder("multi-item");
    await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order });
    await waitFor("status written", async () => valueOf(shop, order, "status") === "confirmed");
    await enqueue.cancel(shop, String(order.id), { attempt: 1 });
    await waitFor(
      "cancelled",
      async () => (await shipmentOf(db, shop, order.id))?.status === "cancelled",
    );
    await waitFor(
      "status written cancelled",
      async () => valueOf(shop, order, "status") === "cancelled",
    );
  });

  it("a shop that pinned as many order metafields as Shopify allows gets the status unpinned, still defined", async () => {
    const { shop } = await singleLocationShop();
    metafields.pinnedFull.add(shop);
    const order = freshOrder("multi-item");
    await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order });
    await waitFor("status written", async () => valueOf(shop, order, "status") === "confirmed");
    expect(metafields.definition(shop, "ORDER", "parcelbridge", "status")).toMatchObject({
      pinned: false,
      type: "single_line_text_field",
    });
  });

  it("a definition the shop has already, of the same type, is updated to the app's (choices added), not made twice", async () => {
    const { shop } = await singleLocationShop();
    metafields.define(shop, {
      ownerType: "ORDER",
      namespace: "parcelbridge",
      key: "status",
      type: "single_line_text_field",
      name: "Old name",
    });
    const order = freshOrder("multi-item");
    await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order });
    await waitFor("status written", async () => valueOf(shop, order, "status") === "confirmed");
    const status = metafields.definition(shop, "ORDER", "parcelbridge", "status");
    expect(status?.name).toBe("Shipping status");
    expect(status?.validations.map((v) => v.name)).toEqual(["choices"]);
    expect(metafields.definitionWrites.filter((w) => w.startsWith(`${shop} `))).toEqual([
      `${shop} update parcelbridge.status`,
      `${shop} create parcelbridge.shipments`,
    ]);
  });

  it("a definition of another type in the shop: the write fails saying which and what to do, and nothing is written", async () => {
    const { shop } = await singleLocationShop();
    metafields.define(shop, {
      ownerType: "ORDER",
      namespace: "parcelbridge",
      key: "status",
      type: "number_integer",
      name: "Status",
    });
    await expect(
      writeStatusMetafields({ db, adminGraphql: fakeAdminGraphql() }, shop, "777001"),
    ).rejects.toThrow(
      "This shop defines the order metafield parcelbridge.status as number_integer; ParcelBridge writes single_line_text_field there. Delete that definition (Settings → Custom data → Orders)",
    );
    expect(
      metafields.value(shop, "gid://shopify/Order/777001", "parcelbridge", "status"),
    ).toBeUndefined();
    const [row] = await db
      .select({ version: shops.statusDefinitionsVersion })
      .from(shops)
      .where(eq(shops.shop, shop));
    expect(row?.version).toBe(0);
  });
});
