import { describe, expect, it, vi } from "vitest";

// Before any module reads the environment: the app's Admin API calls
// redirected to the fake Shopify started below (its address is set once it listens).
vi.hoisted(() => {
  process.env.FAKE_SHOPIFY_ADMIN_URL = "http://127.0.0.1:1";
});

import "#fakes/shopify/redirect-shopify-admin.ts";
import { Session } from "@shopify/shopify-api";
import { eq } from "drizzle-orm";
import { db } from "#app/db/index.server.ts";
import { shipmentEvents, shipments, shops } from "#app/db/schema.ts";
import * as shipmentPage from "#app/routes/app.shipments.$id/route.tsx";
import * as codPage from "#app/routes/app.cod/route.tsx";
import { sessionStorage } from "#app/shopify.server.ts";
import { recordInstall } from "#app/shops/shops.server.ts";
import { forgetTimeZones } from "#app/shops/time-zone.server.ts";
import { offlineSessionRow } from "#fakes/shopify/fake-shopify-server.ts";
import { sessionTokenRequest, uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * The shop's time zone: read from Shopify once (`shop.ianaTimezone`), kept with the shop, and every
 * time in the admin written in it, named as Indonesians name it (WITA for Makassar, WIT for
 * Jayapura). Through the pages' loaders with a real session token; Shopify is the fake over HTTP.
 */
const stack = testStack({ shopify: { admin: true } });

const call = async (fn: unknown, request: Request, params: Record<string, string> = {}) =>
  (fn as (a: { request: Request; params: object; context: object }) => Promise<unknown>)({
    request,
    params,
    context: {},
  });

async function shopIn(zone: string | null) {
  const shop = uniqueShop("zone");
  await recordInstall(db, shop);
  await sessionStorage.storeSession(
    new Session(offlineSessionRow(shop, stack.shopify.connect(shop))),
  );
  if (zone) stack.shopify.orders.timeZones.set(shop, zone);
  // Delivered on Monday 23 Nov 2026 at 00:30 in Makassar: still Sunday 23:30 in Jakarta.
  const [shipment] = await db
    .insert(shipments)
    .values({
      shop,
      orderId: "7001",
      orderName: "#Z1",
      referenceId: `zone-${shop}`,
      status: "delivered",
      courierCompany: "jne",
      courierType: "reg",
      waybillId: "WBZONE1",
      price: "18000",
      currency: "IDR",
      deliveredAt: new Date("2026-11-22T16:30:00Z"),
      contents: { items: [], ordered: [], cod: 150000, insurance: null },
    })
    .returning();
  await db.insert(shipmentEvents).values({
    shipmentId: shipment!.id,
    shop,
    actor: "worker:sync-status",
    type: "synced",
    fromStatus: "dropping_off",
    toStatus: "delivered",
    createdAt: new Date("2026-11-22T16:30:00Z"),
  });
  return { shop, id: shipment!.id };
}

async function timeline(shop: string, id: string) {
  const data = (await call(
    shipmentPage.loader,
    await sessionTokenRequest(`/app/shipments/${id}?locale=id`, shop),
    { id },
  )) as { timeline: { title: string; exact: string }[] };
  return data.timeline;
}

describe("the shop's time zone", () => {
  it("a shop in Makassar reads WITA times, its zone asked of Shopify once and kept", async () => {
    const { shop, id } = await shopIn("Asia/Makassar");
    const [delivered] = await timeline(shop, id);
    expect(delivered).toMatchObject({ title: "Terkirim", exact: "23 Nov 2026, 00.30 WITA" });
    const [row] = await db.select().from(shops).where(eq(shops.shop, shop));
    expect(row!.ianaTimezone).toBe("Asia/Makassar");
    // Kept: another process (nothing remembered) reads it from the shop's row, not from Shopify.
    forgetTimeZones();
    await timeline(shop, id);
    expect(stack.shopify.callsOf(shop).get("ShopTimeZone")).toBe(1);
    // The COD page's week is the shop's: Monday 23 Nov in Makassar.
    const cod = (await call(
      codPage.loader,
      await sessionTokenRequest("/app/cod?locale=id", shop),
    )) as { weeks: { week: string; courier: string }[] };
    expect(cod.weeks.map((w) => w.week)).toEqual(["23 Nov 2026"]);
  });

  it("Jayapura reads WIT; a shop whose zone Shopify cannot give reads WIB and is asked again", async () => {
    const papua = await shopIn("Asia/Jayapura");
    expect((await timeline(papua.shop, papua.id))[0]!.exact).toBe("23 Nov 2026, 01.30 WIT");
    const jakarta = await shopIn(null);
    stack.shopify.failNext(jakarta.shop, "ShopTimeZone", 1);
    expect((await timeline(jakarta.shop, jakarta.id))[0]!.exact).toBe("22 Nov 2026, 23.30 WIB");
    const [row] = await db.select().from(shops).where(eq(shops.shop, jakarta.shop));
    expect(row!.ianaTimezone).toBeNull();
    // Not asked again by the next page (no page waits twice for a silent Shopify)…
    await timeline(jakarta.shop, jakarta.id);
    expect(stack.shopify.callsOf(jakarta.shop).get("ShopTimeZone")).toBe(1);
    // …but once that while is over (here: another process), asked and kept.
    forgetTimeZones();
    await timeline(jakarta.shop, jakarta.id);
    expect(stack.shopify.callsOf(jakarta.shop).get("ShopTimeZone")).toBe(2);
    const [kept] = await db.select().from(shops).where(eq(shops.shop, jakarta.shop));
    expect(kept!.ianaTimezone).toBe("Asia/Jakarta");
  });
});
