import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Before any module reads the environment: the app's Admin API calls (the admin pages' grant
// check) go to the fake Shopify started below, once it listens.
vi.hoisted(() => {
  process.env.FAKE_SHOPIFY_ADMIN_URL = "http://127.0.0.1:1";
});

import "#fakes/shopify/redirect-shopify-admin.ts";
import fs from "node:fs";
import { and, eq } from "drizzle-orm";
import { wordsIn } from "#app/i18n/i18n.server.ts";
import { db } from "#app/db/index.server.ts";
import { sessionTable, shipmentEvents } from "#app/db/schema.ts";
import * as appRoute from "#app/routes/app.tsx";
import { action as scopesUpdate } from "#app/routes/webhooks.app.scopes_update.tsx";
import { sessionStorage } from "#app/shopify.server.ts";
import { appTomlScopes } from "#fakes/shopify/access.ts";
import { SHOPIFY_ORDERS } from "#fakes/shopify/fake-admin.ts";
import { startFakeShopify, type FakeShopify } from "#fakes/shopify/fake-shopify-server.ts";
import { afterBookingStack, shipmentJobsSettled } from "../helpers/after-booking.ts";
import {
  callRoute,
  deliverWebhook,
  offlineSession,
  sessionTokenRequest,
} from "../helpers/shopify.ts";

/**
 * A shop installed before the app asked for `write_fulfillments` (the scope Shopify documents for
 * fulfillmentEventCreate): Shopify refuses the courier's progress (the fake answers ACCESS_DENIED
 * as Shopify does, from the shop's grant), the admin pages show the merchant what to approve and
 * why, and once the merchant approves, the progress that waited goes out in order, each once,
 * whether the app hears of the grant from Shopify's `app/scopes_update` delivery (its documented
 * sample) or at a page's load. The real webhook route and layout loader, Shopify's own session
 * token check, the worker's processors, PostgreSQL, Redis and the sandbox over HTTP.
 */
const stack = afterBookingStack({ label: "scopes", clockStart: Date.UTC(2026, 10, 24, 2, 0, 0) });
const { log } = stack;
let shopify: FakeShopify;
beforeAll(async () => {
  // One Shopify for both sides: the in-process workers' fake and the pages' HTTP one.
  shopify = await startFakeShopify(0, SHOPIFY_ORDERS);
  process.env.FAKE_SHOPIFY_ADMIN_URL = shopify.url;
});
afterAll(async () => {
  await shopify.close();
});

const ALL = appTomlScopes();
const WITHOUT = ALL.filter((s) => s !== "write_fulfillments");
const sample = JSON.parse(
  fs.readFileSync("test/fixtures/shopify/samples/app-scopes_update.json", "utf8"),
) as Record<string, unknown>;

const statusesAtShopify = (shop: string) =>
  log.fulfillmentEvents!.filter((e) => e.shop === shop).map((e) => e.status);

/** A COD parcel booked, then the shop's grant without write_fulfillments (before any progress is sent). */
async function bookedThenWithout() {
  const booked = await stack.booked("cod");
  SHOPIFY_ORDERS.revoke(booked.shop, "write_fulfillments");
  const session = offlineSession(booked.shop, WITHOUT.join(","));
  session.accessToken = shopify.connect(booked.shop);
  await sessionStorage.storeSession(session);
  return booked;
}

/** The admin layout's loader, as the embedded admin loads any page for the shop. */
async function adminLayout(shop: string) {
  const response = (await callRoute(
    appRoute.loader,
    await sessionTokenRequest("/app", shop),
  )) as unknown as Awaited<ReturnType<typeof appRoute.loader>>;
  return response;
}

const storedScope = async (shop: string) =>
  (
    await db
      .select({ scope: sessionTable.scope })
      .from(sessionTable)
      .where(eq(sessionTable.shop, shop))
  )[0]?.scope;

const refusals = (shipmentId: string) =>
  db
    .select({ message: shipmentEvents.message })
    .from(shipmentEvents)
    .where(
      and(
        eq(shipmentEvents.shipmentId, shipmentId),
        eq(shipmentEvents.type, "fulfillment_event_refused"),
      ),
    );

describe("a shop that has not approved write_fulfillments", () => {
  it("Shopify refuses the progress; the banner says what it is for; after app/scopes_update it goes out in order, once", async () => {
    const { shop, shipment } = await bookedThenWithout();
    await stack.moves(shop, shipment, "picked");
    await stack.moves(shop, shipment, "dropping_off");
    // Refused as Shopify refuses it: none of the courier's progress reached the customer.
    expect(statusesAtShopify(shop)).toEqual([]);
    const told = await refusals(shipment.id);
    expect(told.length).toBeGreaterThanOrEqual(1);
    expect(told[0]!.message).toContain("write_fulfillments");

    // Every admin page shows what to approve and why; Shopify was asked, and still says no.
    const before = shopify.callsOf(shop).get("GrantedScopes") ?? 0;
    // The banner says what it is for, in the admin's language (app/components/ScopesBanner.tsx).
    expect((await adminLayout(shop)).scopesToApprove).toEqual([{ scope: "write_fulfillments" }]);
    expect(wordsIn("id").t("scopes.purpose.write_fulfillments")).toBe(
      "memberi tahu pembeli saat paket diantar dan saat paket sampai",
    );
    expect(shopify.callsOf(shop).get("GrantedScopes")).toBe(before + 1);

    // The merchant approves: Shopify grants it and sends app/scopes_update (its documented sample,
    // with this grant).
    SHOPIFY_ORDERS.grant(shop, ALL);
    const webhookId = `scopes-${shipment.id}`;
    const delivery = {
      topic: "app/scopes_update",
      shop,
      webhookId,
      body: { ...sample, previous: WITHOUT, current: ALL },
    };
    expect(await deliverWebhook(scopesUpdate, delivery)).toBe(200);
    await shipmentJobsSettled();
    expect(statusesAtShopify(shop)).toEqual(["CONFIRMED", "CARRIER_PICKED_UP", "IN_TRANSIT"]);
    expect((await storedScope(shop))?.split(",").sort()).toEqual([...ALL].sort());

    // The pages no longer ask, nor ask Shopify.
    const calls = shopify.callsOf(shop).get("GrantedScopes");
    expect((await adminLayout(shop)).scopesToApprove).toEqual([]);
    expect(shopify.callsOf(shop).get("GrantedScopes")).toBe(calls);

    // Shopify delivers the same webhook again: nothing is sent twice; the rest follows as usual.
    expect(await deliverWebhook(scopesUpdate, delivery)).toBe(200);
    await shipmentJobsSettled();
    await stack.moves(shop, shipment, "delivered");
    expect(statusesAtShopify(shop)).toEqual([
      "CONFIRMED",
      "CARRIER_PICKED_UP",
      "IN_TRANSIT",
      "DELIVERED",
    ]);
  });

  it("granted before its app/scopes_update arrives: the next page load notices, and the progress goes out", async () => {
    const { shop, shipment } = await bookedThenWithout();
    await stack.moves(shop, shipment, "picked");
    await stack.moves(shop, shipment, "delivered");
    expect(statusesAtShopify(shop)).toEqual([]);

    SHOPIFY_ORDERS.grant(shop, ALL);
    expect((await adminLayout(shop)).scopesToApprove).toEqual([]);
    await shipmentJobsSettled();
    expect(statusesAtShopify(shop)).toEqual(["CONFIRMED", "CARRIER_PICKED_UP", "DELIVERED"]);
    expect((await storedScope(shop))?.split(",")).toContain("write_fulfillments");
  });

  it("a genuine app/scopes_update replayed under another shop's header is not that shop's grant", async () => {
    // Shop A narrows its grant to read_orders: Shopify signs the body, which names no shop.
    const a = await bookedThenWithout();
    const narrowed = { ...sample, previous: ALL, current: ["read_orders"] };
    SHOPIFY_ORDERS.grant(a.shop, ["read_orders"]);
    expect(
      await deliverWebhook(scopesUpdate, {
        topic: "app/scopes_update",
        shop: a.shop,
        webhookId: `scopes-a-${a.shipment.id}`,
        body: narrowed,
      }),
    ).toBe(200);
    // The same signed body, sent again with shop B's header and a new delivery id.
    const b = await stack.booked("cod");
    const session = offlineSession(b.shop);
    session.accessToken = shopify.connect(b.shop);
    await sessionStorage.storeSession(session);
    SHOPIFY_ORDERS.grant(b.shop, ALL);
    expect(
      await deliverWebhook(scopesUpdate, {
        topic: "app/scopes_update",
        shop: b.shop,
        webhookId: `scopes-b-${b.shipment.id}`,
        body: narrowed,
      }),
    ).toBe(200);
    await shipmentJobsSettled();
    // Each shop holds what Shopify granted it.
    expect((await storedScope(a.shop))?.split(",")).toEqual(["read_orders"]);
    expect((await storedScope(b.shop))?.split(",").sort()).toEqual([...ALL].sort());
  });

  it("Shopify unreachable at load: the stored grant is what the banner shows", async () => {
    const { shop } = await bookedThenWithout();
    shopify.failNext(shop, "GrantedScopes");
    expect((await adminLayout(shop)).scopesToApprove.map((m) => m.scope)).toEqual([
      "write_fulfillments",
    ]);
  });
});
