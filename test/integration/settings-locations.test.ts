import { describe, expect, it, vi } from "vitest";
import { said } from "#app/i18n/said.ts";

// Before any module reads the environment: the app's Admin API calls
// redirected to the fake Shopify started below (its address is set once it listens).
vi.hoisted(() => {
  process.env.FAKE_SHOPIFY_ADMIN_URL = "http://127.0.0.1:1";
});

import "#fakes/shopify/redirect-shopify-admin.ts";
import { Session } from "@shopify/shopify-api";
import { db } from "#app/db/index.server.ts";
import { shipments } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { QUEUES } from "#app/jobs/definitions.ts";
import { getQueue } from "#app/jobs/queues.server.ts";
import * as settingsRoute from "#app/routes/app.settings/route.tsx";
import { problemOf } from "#app/shipments/problem-kinds.ts";
import { sessionStorage } from "#app/shopify.server.ts";
import { getShopSettings, recordInstall, setShippingApiKey } from "#app/shops/shops.server.ts";
import { offlineSessionRow } from "#fakes/shopify/fake-shopify-server.ts";
import { JAKARTA, SURABAYA } from "../helpers/multi-location.ts";
import { liveKey } from "../helpers/sandbox.ts";
import { sessionTokenRequest, uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * The settings page's Shopify locations, through its route: the merchant connects a Shopify
 * location to a pickup location, disconnects it, or makes a pickup location from its address in
 * one step. A real session token through authenticate.admin; the route reads the shop's locations
 * the production way (unauthenticated.admin with the shop's offline session), which reaches the
 * fake Shopify over HTTP; the pickup locations are made at the sandbox.
 */
const stack = testStack({ sandbox: {}, shopify: { admin: true } });

/** A warehouse whose Shopify address has neither a phone number nor a postal code. */
const BANDUNG = {
  id: "gid://shopify/Location/7104",
  name: "Gudang Bandung",
  address: { address1: "Jl. Soekarno-Hatta 99", city: "Bandung" },
};

async function installedShop() {
  const shop = uniqueShop("setloc");
  const key = liveKey("setloc");
  await recordInstall(db, shop);
  await setShippingApiKey(db, getEnv().ENCRYPTION_KEY, shop, key, stack.sandbox.url);
  await sessionStorage.storeSession(
    new Session(offlineSessionRow(shop, stack.shopify.connect(shop))),
  );
  stack.shopify.orders.locations.set(shop, [JAKARTA, SURABAYA, BANDUNG]);
  return { shop, key };
}

/** The settings form posted as the embedded page does, with the merchant's session token. */
async function submit(shop: string, fields: Record<string, string>) {
  const request = await sessionTokenRequest("/app/settings", shop, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  return (await (
    settingsRoute.action as (args: {
      request: Request;
      params: object;
      context: object;
    }) => Promise<unknown>
  )({ request, params: {}, context: {} })) as { ok: boolean; message: string };
}

describe("settings: the shop's Shopify locations", () => {
  it("made from a location's address in one step, connected, disconnected; what cannot be done is said", async () => {
    const { shop, key } = await installedShop();

    // A location missing what the service needs: nothing made, the missing parts named.
    expect(
      await submit(shop, { intent: "pickupFromLocation", shopifyLocationId: BANDUNG.id }),
    ).toEqual({
      form: "shopifyLocation",
      ok: false,
      message:
        "Gudang Bandung has no phone number and no 5-digit postal code in Shopify: add it there, or add the pickup location by hand below and connect it",
    });
    expect((await getShopSettings(db, shop)).locations).toEqual([]);

    // Not one of this shop's Shopify locations (another shop's, a stale page).
    expect(
      await submit(shop, {
        intent: "connectLocation",
        shopifyLocationId: "gid://shopify/Location/999",
        pickupLocationId: "",
      }),
    ).toMatchObject({
      ok: false,
      message: "That Shopify location is not one of this shop's (reload the page)",
    });

    // An order at Surabaya waits for the connection; making the pickup from Surabaya's address queues its draft.
    const [waiting] = await db
      .insert(shipments)
      .values({
        shop,
        orderId: "880001",
        orderName: "#880001",
        referenceId: `ref-${shop}-1`,
        status: "pending",
        shopifyLocationId: SURABAYA.id,
        shopifyLocationName: SURABAYA.name,
        ...problemOf(
          "setup",
          said("verbatim", { text: "Gudang Surabaya is not connected to a pickup location" }),
        ),
      })
      .returning();
    const made = await submit(shop, {
      intent: "pickupFromLocation",
      shopifyLocationId: SURABAYA.id,
    });
    expect(made).toMatchObject({
      ok: true,
      message:
        "Pickup location made from Gudang Surabaya's address and connected: 1 waiting shipment queued for a draft",
    });
    let settings = await getShopSettings(db, shop);
    const surabaya = settings.locations.find((l) => l.contactName === "Gudang Surabaya");
    expect(surabaya).toMatchObject({
      postalCode: 60293,
      address: expect.stringContaining("Jl. Rungkut Industri 5"),
    });
    expect(settings.locationLinks).toEqual({ [SURABAYA.id]: surabaya!.locationId });
    expect(stack.sandbox.service.locations.get(key, surabaya!.locationId).contactName).toBe(
      "Gudang Surabaya",
    );
    const queued = await getQueue(QUEUES.shipments).getJobs([
      "waiting",
      "prioritized",
      "delayed",
      "active",
    ]);
    expect(
      queued
        .filter((j) => j.data.shop === shop && j.data.orderId === waiting!.orderId)
        .map((j) => j.name),
    ).toEqual(["create-draft"]);

    // Jakarta connected to that same pickup location (nothing waits there), then disconnected.
    expect(
      await submit(shop, {
        intent: "connectLocation",
        shopifyLocationId: JAKARTA.id,
        pickupLocationId: surabaya!.locationId,
      }),
    ).toMatchObject({ ok: true, message: "Gudang Jakarta connected" });
    expect((await getShopSettings(db, shop)).locationLinks).toEqual({
      [SURABAYA.id]: surabaya!.locationId,
      [JAKARTA.id]: surabaya!.locationId,
    });
    expect(
      await submit(shop, {
        intent: "connectLocation",
        shopifyLocationId: JAKARTA.id,
        pickupLocationId: "",
      }),
    ).toMatchObject({ ok: true, message: "Gudang Jakarta disconnected" });
    settings = await getShopSettings(db, shop);
    expect(settings.locationLinks).toEqual({ [SURABAYA.id]: surabaya!.locationId });

    // A pickup location that is not the shop's: refused with the reason, nothing changed.
    expect(
      await submit(shop, {
        intent: "connectLocation",
        shopifyLocationId: JAKARTA.id,
        pickupLocationId: "someone-elses",
      }),
    ).toMatchObject({
      ok: false,
      message: "That pickup location is not one of this shop's (reload the page)",
    });
    expect((await getShopSettings(db, shop)).locationLinks).toEqual(settings.locationLinks);
    // Every answer came from the shop's own Shopify: the route asked for its locations each time.
    expect(stack.shopify.calls.get("ShopLocations")).toBeGreaterThanOrEqual(6);
  });
});
