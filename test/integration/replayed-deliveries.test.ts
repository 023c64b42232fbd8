import crypto from "node:crypto";
import fs from "node:fs";
import { describe, expect, it } from "vitest";

import { API_SECRET_KEY } from "@shopify/shopify-api/test-helpers";
import { eq } from "drizzle-orm";
import { database, db } from "#app/db/index.server.ts";
import { shipmentEvents, shipments, shops, webhookInbox } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { enqueue } from "#app/jobs/queues.server.ts";
import * as orderApi from "#app/routes/api.orders.$orderId.shipment.tsx";
import { action as ordersCancelled } from "#app/routes/webhooks.orders.cancelled.tsx";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import { action as ordersUpdated } from "#app/routes/webhooks.orders.updated.tsx";
import { action as customersRedact } from "#app/routes/webhooks.customers.redact.tsx";
import { action as shopRedact } from "#app/routes/webhooks.shop.redact.tsx";
import { recordUninstall } from "#app/shops/shops.server.ts";
import { liveKey } from "../helpers/sandbox.ts";
import { freshOrder, setUpShop, shipmentOf, timelineOf, waitFor } from "../helpers/pipeline.ts";
import { sessionStorage } from "#app/shopify.server.ts";
import { shopifyAdminGraphql } from "#app/admin-api/gateway.server.ts";
import { UNVERIFIED_PROBLEM, verifyOrderOwner } from "#worker/shared/order-owner.ts";
import { Ctx, type JobWithSlot, type ShipmentDeps } from "#worker/shared/shipment-context.ts";
import { holdDeliveredOrder, SHOPIFY_ORDERS } from "#fakes/shopify/fake-admin.ts";
import {
  APP_URL,
  callRoute,
  offlineSession,
  sessionTokenRequest,
  uniqueShop,
} from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";
import { shopifyHmac } from "#fakes/shopify/webhook-signer.ts";

/**
 * Written as the attack: a genuine delivery (body and signature as Shopify sent them) replayed
 * with other headers. The signature covers the body, never the headers.
 */
const env = getEnv();
const stack = testStack({ sandbox: {}, workers: {} });

/** A delivery as Shopify signed it for `shop`, with any header replaced by the attacker. */
function genuine(
  topic: string,
  shop: string,
  raw: string,
  replaced: Record<string, string> = {},
): Request {
  holdDeliveredOrder(topic, shop, raw);
  return new Request(`${APP_URL}/webhooks/${replaced["x-shopify-topic"] ?? topic}`, {
    method: "POST",
    body: raw,
    headers: {
      "content-type": "application/json",
      "x-shopify-hmac-sha256": shopifyHmac(raw, API_SECRET_KEY),
      "x-shopify-topic": topic,
      "x-shopify-shop-domain": shop,
      "x-shopify-api-version": "2026-10",
      "x-shopify-webhook-id": crypto.randomUUID(),
      "x-shopify-triggered-at": new Date().toISOString(),
      ...replaced,
    },
  });
}
const send = callRoute;

async function bookedShop() {
  const shop = uniqueShop("replay");
  const key = liveKey("replay");
  await setUpShop(db, env.ENCRYPTION_KEY, shop, key, stack.sandbox.url);
  const order = freshOrder("multi-item");
  expect(
    (await send(ordersCreate, genuine("orders/create", shop, JSON.stringify(order)))).status,
  ).toBe(200);
  const confirmed = await waitFor("confirmed", async () => {
    const s = await shipmentOf(db, shop, order.id);
    return s?.status === "confirmed" ? s : undefined;
  });
  return { shop, key, order, confirmed };
}
const stillThere = async (shop: string) => ({
  shop: (await db.select().from(shops).where(eq(shops.shop, shop))).length,
  shipments: (await db.select().from(shipments).where(eq(shipments.shop, shop))).length,
});

describe("a genuine delivery replayed with other headers", () => {
  it("an order's body posted to shop/redact (either topic header) never redacts an installed shop", async () => {
    const { shop, order } = await bookedShop();
    const raw = JSON.stringify(order);
    // The route's topic and the header's disagree: refused.
    expect(
      (
        await send(
          shopRedact,
          genuine("orders/create", shop, raw, { "x-shopify-topic": "orders/create" }),
        )
      ).status,
    ).toBe(400);
    // The header says shop/redact too: the body names no shop, as every compliance body does.
    expect((await send(shopRedact, genuine("shop/redact", shop, raw))).status).toBe(400);
    // A genuine shop/redact body of this shop, replayed while it is installed: recorded, not acted on.
    const redactBody = JSON.stringify({ shop_id: 1, shop_domain: shop });
    const replay = genuine("shop/redact", shop, redactBody);
    expect((await send(shopRedact, replay)).status).toBe(200);
    expect(await stillThere(shop)).toEqual({ shop: 1, shipments: 1 });
    const [inbox] = await db
      .select()
      .from(webhookInbox)
      .where(eq(webhookInbox.webhookId, replay.headers.get("x-shopify-webhook-id")!));
    expect(inbox).toMatchObject({
      topic: "shop/redact",
      status: "processed",
      error: expect.stringMatching(/installed/),
    });
  });

  it("shop/redact for an uninstalled shop redacts it, whatever the case of the shop header, and leaves a tombstone", async () => {
    const { shop } = await bookedShop();
    await recordUninstall(db, shop);
    const body = JSON.stringify({ shop_id: 2, shop_domain: shop });
    expect(
      (
        await send(
          shopRedact,
          genuine("shop/redact", shop, body, { "x-shopify-shop-domain": shop.toUpperCase() }),
        )
      ).status,
    ).toBe(200);
    expect(await stillThere(shop)).toEqual({ shop: 1, shipments: 0 });
    const [tombstone] = await db.select().from(shops).where(eq(shops.shop, shop));
    expect(tombstone).toMatchObject({
      installed: false,
      redactedAt: expect.any(Date),
      shippingApiKeyEncrypted: null,
      shippingApiKeyHint: null,
      settings: {},
    });
  });

  it("a customers/redact of one shop, sent naming another shop, redacts nothing", async () => {
    const victim = await bookedShop();
    const attacker = uniqueShop("attacker");
    const body = JSON.stringify({
      shop_id: 3,
      shop_domain: attacker,
      customer: { id: (victim.order.customer as { id: number }).id },
      orders_to_redact: [victim.order.id],
    });
    expect(
      (await send(customersRedact, genuine("customers/redact", victim.shop, body))).status,
    ).toBe(400);
    const shipment = await shipmentOf(db, victim.shop, victim.order.id);
    expect(shipment?.destinationName).toBe(victim.confirmed.destinationName);
    expect(shipment?.destinationName).not.toMatch(/redacted|removed/i);
  });

  it("an order's body sent as orders/cancelled cancels nothing", async () => {
    const { shop, key, order, confirmed } = await bookedShop();
    const response = await send(
      ordersCancelled,
      genuine("orders/cancelled", shop, JSON.stringify(order)),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/cancelled_at/) });
    await new Promise((r) => setTimeout(r, 500));
    expect((await shipmentOf(db, shop, order.id))?.status).toBe("confirmed");
    expect(stack.sandbox.service.account(key).orders.get(confirmed.shippingOrderId!)?.status).toBe(
      "confirmed",
    );
  });
});

describe("an order delivered naming a shop that does not hold it", () => {
  /** Every inbox row of an order in a shop. */
  const inboxRows = (shop: string, orderId: number) =>
    db
      .select()
      .from(webhookInbox)
      .where(eq(webhookInbox.resourceId, String(orderId)))
      .then((rows) => rows.filter((r) => r.shop === shop));

  it("a paid order of one shop, replayed naming another installed shop, is neither drafted nor booked there, and none of it is kept", async () => {
    const victim = uniqueShop("owner");
    const target = uniqueShop("target");
    const targetKey = liveKey("target");
    await setUpShop(db, env.ENCRYPTION_KEY, victim, liveKey("owner"), stack.sandbox.url);
    await setUpShop(db, env.ENCRYPTION_KEY, target, targetKey, stack.sandbox.url);
    const order = freshOrder("multi-item", { financial_status: "paid" });
    const raw = JSON.stringify(order);
    // Shopify signed it for the victim; the attacker sends it naming the target.
    expect(
      (
        await send(
          ordersCreate,
          genuine("orders/create", victim, raw, { "x-shopify-shop-domain": target }),
        )
      ).status,
    ).toBe(200);
    const disowned = await waitFor(
      "disowned",
      async () => {
        const s = await shipmentOf(db, target, order.id);
        return s?.disownedAt ? s : undefined;
      },
      8000,
    );
    expect(disowned).toMatchObject({
      status: "not_required",
      draftOrderId: null,
      shippingOrderId: null,
      destinationName: null,
      destinationAddress: null,
      destinationPhone: null,
      contents: null,
      problem: null,
    });
    expect(disowned.decision).toMatch(/Shopify has no such order in this shop/);
    expect(stack.sandbox.service.account(targetKey).drafts.size).toBe(0);
    expect(stack.sandbox.service.account(targetKey).orders.size).toBe(0);
    expect((await inboxRows(target, order.id)).map((r) => [r.payload, r.status])).toEqual([
      [null, "processed"],
    ]);

    // A later replay (an update naming the target again) stores nothing and changes nothing.
    const update = genuine(
      "orders/updated",
      victim,
      JSON.stringify({ ...order, updated_at: new Date(Date.now() + 60_000).toISOString() }),
      { "x-shopify-shop-domain": target },
    );
    expect((await send(ordersUpdated, update)).status).toBe(200);
    await waitFor(
      "update processed",
      async () =>
        (await inboxRows(target, order.id)).every((r) => r.status === "processed") &&
        (await inboxRows(target, order.id)).length === 2,
      8000,
    );
    expect((await inboxRows(target, order.id)).every((r) => r.payload === null)).toBe(true);
    expect(await shipmentOf(db, target, order.id)).toMatchObject({
      status: "not_required",
      destinationName: null,
      version: disowned.version,
    });
    expect(stack.sandbox.service.account(targetKey).drafts.size).toBe(0);

    // The owner's own delivery of the same order still books, on the owner's key.
    expect((await send(ordersCreate, genuine("orders/create", victim, raw))).status).toBe(200);
    const booked = await waitFor(
      "booked for the owner",
      async () => {
        const s = await shipmentOf(db, victim, order.id);
        return s?.status === "confirmed" ? s : undefined;
      },
      8000,
    );
    expect(booked.orderVerifiedAt).toBeInstanceOf(Date);
  });

  it("a shop that drafts by hand: an update replayed before any draft writes none of the other shop's customer on the shipment", async () => {
    const victim = uniqueShop("owner");
    const target = uniqueShop("manual");
    await setUpShop(db, env.ENCRYPTION_KEY, target, liveKey("manual"), stack.sandbox.url, {
      autoCreateDrafts: false,
    });
    const order = freshOrder("multi-item");
    holdDeliveredOrder("orders/create", victim, JSON.stringify(order));
    expect(
      (
        await send(
          ordersCreate,
          genuine("orders/create", victim, JSON.stringify(order), {
            "x-shopify-shop-domain": target,
          }),
        )
      ).status,
    ).toBe(200);
    const update = { ...order, updated_at: new Date(Date.now() + 60_000).toISOString() };
    expect(
      (
        await send(
          ordersUpdated,
          genuine("orders/updated", victim, JSON.stringify(update), {
            "x-shopify-shop-domain": target,
          }),
        )
      ).status,
    ).toBe(200);
    const disowned = await waitFor("disowned by the update", async () => {
      const s = await shipmentOf(db, target, order.id);
      return s?.disownedAt ? s : undefined;
    });
    expect(disowned).toMatchObject({
      status: "not_required",
      destinationName: null,
      destinationAddress: null,
      orderVerifiedAt: null,
    });
    // Oldest first (a select without ORDER BY may return a later row first: PostgreSQL reuses free space).
    const timeline = await timelineOf(db, disowned.id);
    expect(timeline.map((e) => e.type)).toEqual(["recorded", "disowned"]);
    expect(JSON.stringify(timeline)).not.toContain(
      String((order.shipping_address as { address1: string }).address1),
    );
  });
});

describe("shipments made before the ownership check", () => {
  it("one already booked is not asked about after the migration: an update never disowns a live booking", async () => {
    const { shop, order, confirmed } = await bookedShop();
    // As before migration 0007: never asked; and Shopify no longer shows the order (older than 60 days).
    await db.update(shipments).set({ orderVerifiedAt: null }).where(eq(shipments.id, confirmed.id));
    SHOPIFY_ORDERS.byShop.get(shop)!.delete(String(order.id));
    // The migration's own backfill statement.
    const migration = fs.readFileSync("drizzle/0007_order_ownership.sql", "utf8");
    await database.pool.query(
      /^UPDATE "shipments" SET "order_verified_at".*$/m.exec(migration)![0],
    );
    const update = genuine(
      "orders/updated",
      shop,
      JSON.stringify({
        ...order,
        note: "Tolong kirim pagi",
        updated_at: new Date(Date.now() + 60_000).toISOString(),
      }),
    );
    expect((await send(ordersUpdated, update)).status).toBe(200);
    const webhookId = update.headers.get("x-shopify-webhook-id")!;
    await waitFor(
      "update processed",
      async () =>
        (await db.select().from(webhookInbox).where(eq(webhookInbox.webhookId, webhookId)))[0]
          ?.status === "processed",
    );
    expect(await shipmentOf(db, shop, order.id)).toMatchObject({
      status: "confirmed",
      disownedAt: null,
      shippingOrderId: confirmed.shippingOrderId,
      orderVerifiedAt: confirmed.createdAt,
    });
  });
});

describe("an order whose shop cannot be asked", () => {
  it("an installed shop without an offline session: the order waits with a problem saying so, none of it written", async () => {
    const shop = uniqueShop("nosession");
    await setUpShop(db, env.ENCRYPTION_KEY, shop, liveKey("nosession"), stack.sandbox.url, {
      autoCreateDrafts: false,
    });
    const order = freshOrder("multi-item", { financial_status: "paid" });
    expect(
      (await send(ordersCreate, genuine("orders/create", shop, JSON.stringify(order)))).status,
    ).toBe(200);
    const shipment = (await shipmentOf(db, shop, order.id))!;
    // The production Admin API path: unauthenticated.admin finds no session for the shop.
    const ctx = new Ctx(
      { db, adminGraphql: shopifyAdminGraphql } as ShipmentDeps,
      { name: "test" } as JobWithSlot,
    );
    expect(await verifyOrderOwner(ctx, shipment, "test")).toBe("unverified");
    expect(await shipmentOf(db, shop, order.id)).toMatchObject({
      status: "pending",
      problem: UNVERIFIED_PROBLEM,
      orderVerifiedAt: null,
      disownedAt: null,
      destinationName: null,
    });
  });
});

describe("deliveries for shops without the app", () => {
  /** The inbox row of a delivery, once recorded. */
  const inboxOf = async (request: Request) =>
    (
      await db
        .select()
        .from(webhookInbox)
        .where(eq(webhookInbox.webhookId, request.headers.get("x-shopify-webhook-id")!))
    )[0];

  it("a never-installed shop: recorded for audit without the order, no shop, no shipment", async () => {
    const shop = uniqueShop("stranger");
    const order = freshOrder("multi-item", { financial_status: "paid" });
    const delivery = genuine("orders/create", shop, JSON.stringify(order));
    expect((await send(ordersCreate, delivery)).status).toBe(200);
    expect(await inboxOf(delivery)).toMatchObject({
      shop,
      topic: "orders/create",
      resourceId: String(order.id),
      payload: null,
      status: "processed",
      error: expect.stringMatching(/not installed/),
    });
    expect(await stillThere(shop)).toEqual({ shop: 0, shipments: 0 });
  });

  it("an uninstalled shop with its key still stored: a paid order books nothing", async () => {
    const shop = uniqueShop("gone");
    const key = liveKey("gone");
    await setUpShop(db, env.ENCRYPTION_KEY, shop, key, stack.sandbox.url);
    await recordUninstall(db, shop);
    const order = freshOrder("multi-item", { financial_status: "paid" });
    const delivery = genuine("orders/create", shop, JSON.stringify(order));
    expect((await send(ordersCreate, delivery)).status).toBe(200);
    expect(await inboxOf(delivery)).toMatchObject({ payload: null, status: "processed" });
    const [row] = await db.select().from(shops).where(eq(shops.shop, shop));
    expect(row?.installed).toBe(false);
    expect(await stillThere(shop)).toEqual({ shop: 1, shipments: 0 });
    expect(stack.sandbox.service.account(key).drafts.size).toBe(0);
  });

  it("work queued before an uninstall books nothing at the service", async () => {
    const shop = uniqueShop("queued");
    const key = liveKey("queued");
    await setUpShop(db, env.ENCRYPTION_KEY, shop, key, stack.sandbox.url, { autoConfirm: false });
    const order = freshOrder("multi-item");
    expect(
      (await send(ordersCreate, genuine("orders/create", shop, JSON.stringify(order)))).status,
    ).toBe(200);
    const ready = await waitFor("draft", async () => {
      const s = await shipmentOf(db, shop, order.id);
      return s?.status === "draft_ready" ? s : undefined;
    });
    await recordUninstall(db, shop);
    const job = await enqueue.confirm(shop, ready.id, "after-uninstall", true);
    expect(job).not.toBeNull();
    await waitFor("confirm job ended", async () => (await job!.getState()) === "completed");
    expect(await job!.getState()).toBe("completed");
    expect(stack.sandbox.service.account(key).orders.size).toBe(0);
    expect((await shipmentOf(db, shop, order.id))?.status).toBe("draft_ready");
  });

  it("a redacted shop's tombstone: a late delivery stores nothing and brings nothing back", async () => {
    const { shop, order } = await bookedShop();
    await recordUninstall(db, shop);
    expect(
      (
        await send(
          shopRedact,
          genuine("shop/redact", shop, JSON.stringify({ shop_id: 4, shop_domain: shop })),
        )
      ).status,
    ).toBe(200);
    const late = genuine(
      "orders/updated",
      shop,
      JSON.stringify({ ...order, updated_at: new Date(Date.now() + 60_000).toISOString() }),
    );
    expect((await send(ordersUpdated, late)).status).toBe(200);
    expect(await inboxOf(late)).toMatchObject({ payload: null, status: "processed" });
    expect(await stillThere(shop)).toEqual({ shop: 1, shipments: 0 });
    const [tombstone] = await db.select().from(shops).where(eq(shops.shop, shop));
    expect(tombstone).toMatchObject({ installed: false, redactedAt: expect.any(Date) });
  });
});

describe("redaction that sticks", () => {
  it("customers/redact cuts the recipient out of problems and timeline texts; a later orders/updated stores none of it again", async () => {
    const { shop, order, confirmed } = await bookedShop();
    const name = confirmed.destinationName!;
    const phone = confirmed.destinationPhone!;
    const address = confirmed.destinationAddress!;
    // Texts the app writes about a recipient (an address change after booking, a problem naming the phone).
    await db.insert(shipmentEvents).values({
      shipmentId: confirmed.id,
      shop,
      actor: "worker:update",
      type: "changed",
      message: `Shipping address changed to ${address} for ${name}`,
    });
    await db
      .update(shipments)
      .set({ problem: `The courier could not reach ${phone}` })
      .where(eq(shipments.id, confirmed.id));
    const customerId = (order.customer as { id: number }).id;
    const redact = JSON.stringify({
      shop_id: 9,
      shop_domain: shop,
      customer: { id: customerId },
      orders_to_redact: [order.id],
    });
    expect((await send(customersRedact, genuine("customers/redact", shop, redact))).status).toBe(
      200,
    );

    const texts = async () => {
      const row = (await shipmentOf(db, shop, order.id))!;
      const events = await db
        .select()
        .from(shipmentEvents)
        .where(eq(shipmentEvents.shipmentId, row.id));
      return {
        row,
        all: [
          row.problem ?? "",
          JSON.stringify(row.problems),
          ...events.map((e) => e.message ?? ""),
        ].join("\n"),
      };
    };
    let { row, all } = await texts();
    expect(row).toMatchObject({
      destinationName: null,
      destinationPhone: null,
      destinationAddress: null,
    });
    for (const value of [name, phone, address]) expect(all).not.toContain(value);
    expect(all).toContain("[removed at the customer's request]");

    // Shopify later sends the order again (an update): its personal data is not stored or applied.
    const later = genuine(
      "orders/updated",
      shop,
      JSON.stringify({
        ...order,
        updated_at: new Date(Date.now() + 60_000).toISOString(),
        note: "Tolong kirim pagi",
      }),
    );
    const webhookId = later.headers.get("x-shopify-webhook-id")!;
    expect((await send(ordersUpdated, later)).status).toBe(200);
    const inbox = await waitFor("update processed", async () => {
      const [r] = await db.select().from(webhookInbox).where(eq(webhookInbox.webhookId, webhookId));
      return r?.status === "processed" ? r : undefined;
    });
    expect(inbox.payload).toBeNull();
    ({ row, all } = await texts());
    expect(row).toMatchObject({
      destinationName: null,
      destinationPhone: null,
      destinationAddress: null,
    });
    for (const value of [name, phone, address]) expect(all).not.toContain(value);
  });
});

describe("links", () => {
  it("a javascript: tracking URL already stored is never handed to the order page block as a link", async () => {
    const shop = uniqueShop("link");
    await setUpShop(db, env.ENCRYPTION_KEY, shop, liveKey("link"), stack.sandbox.url);
    await sessionStorage.storeSession(offlineSession(shop));
    await db.insert(shipments).values({
      shop,
      orderId: "9001",
      orderName: "#9001",
      referenceId: `r-${shop}`,
      status: "confirmed",
      waybillId: "CGK9",
      trackingUrl: "javascript:alert(document.cookie)",
    });
    const request = await sessionTokenRequest("/api/orders/9001/shipment", shop);
    const body = (await (
      (await orderApi.loader({ request, params: { orderId: "9001" }, context: {} })) as Response
    ).json()) as { shipment: { waybill: string; trackingUrl: string | null } };
    expect(body.shipment).toMatchObject({ waybill: "CGK9", trackingUrl: null });
  });
});

describe("malformed requests answer 4xx, never 500", () => {
  it("a signed compliance body that is not JSON: 400", async () => {
    const shop = uniqueShop("notjson");
    expect(
      (await send(customersRedact, genuine("customers/redact", shop, "not json at all"))).status,
    ).toBe(400);
  });

  it("an order with a NUL character and an unpaired surrogate is recorded (as U+FFFD), not refused for ever", async () => {
    const shop = uniqueShop("nul");
    await setUpShop(db, env.ENCRYPTION_KEY, shop, liveKey("nul"), stack.sandbox.url);
    const order = freshOrder("multi-item");
    const raw = JSON.stringify({ ...order, note: "Kirim pagi" }).replace(
      "Kirim pagi",
      String.raw`Kirim\u0000pagi \ud800`,
    );
    expect((await send(ordersCreate, genuine("orders/create", shop, raw))).status).toBe(200);
    const shipment = await waitFor(
      "shipment",
      async () => (await shipmentOf(db, shop, order.id)) ?? undefined,
    );
    expect(shipment.orderId).toBe(String(order.id));
  });

  it("/api/orders/%25/shipment: 400", async () => {
    const shop = uniqueShop("percent");
    await setUpShop(db, env.ENCRYPTION_KEY, shop, liveKey("percent"), stack.sandbox.url);
    await sessionStorage.storeSession(offlineSession(shop));
    const request = await sessionTokenRequest("/api/orders/%25/shipment", shop);
    let status: number;
    try {
      status = (
        (await orderApi.loader({ request, params: { orderId: "%" }, context: {} })) as Response
      ).status;
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      status = thrown.status;
    }
    expect(status).toBe(400);
  });
});
