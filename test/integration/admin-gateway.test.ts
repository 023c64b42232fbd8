import { describe, expect, it, vi } from "vitest";

// Before any module reads the environment: the app's Admin API calls redirected to the fake
// Shopify started below (its address is set once it listens).
vi.hoisted(() => {
  process.env.FAKE_SHOPIFY_ADMIN_URL = "http://127.0.0.1:1";
});

import "#fakes/shopify/redirect-shopify-admin.ts";
import { eq } from "drizzle-orm";
import {
  adminGateway,
  AdminTimeoutError,
  shopifyAdminGraphql,
} from "#app/admin-api/gateway.server.ts";
import { SHOP_NAME_QUERY } from "#app/admin-api/operations/shop.ts";
import { adminRequest, ShopNotConnectedError } from "#app/admin-api/request.ts";
import { forgetAdminSession } from "#app/admin-api/sessions.server.ts";
import { db } from "#app/db/index.server.ts";
import { sessionTable } from "#app/db/schema.ts";
import { recordInstall } from "#app/shops/shops.server.ts";
import { fakeShopName } from "#fakes/shopify/fake-admin.ts";
import { offlineSessionRow } from "#fakes/shopify/fake-shopify-server.ts";
import { uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * The production Admin gateway (app/admin-api/gateway.server.ts) against the fake Admin API over
 * HTTP, with each shop's offline session in the database: the token is read once and kept, a new
 * token stored by another process is taken up after Shopify's 401, and a shop without a session is
 * ShopNotConnectedError.
 */
const stack = testStack({ shopify: { admin: true } });

async function connectedShop(): Promise<string> {
  const shop = uniqueShop("gateway");
  await recordInstall(db, shop);
  await db.insert(sessionTable).values(offlineSessionRow(shop, stack.shopify.connect(shop)));
  return shop;
}

const shopName = async (shop: string) =>
  (await adminRequest(shopifyAdminGraphql, shop, SHOP_NAME_QUERY, {})).shop.name;

describe("the Admin gateway: one fetch per call, the shop's token kept", () => {
  it("reads the session once and keeps the token: calls go on after the row is gone, until it is forgotten", async () => {
    const shop = await connectedShop();
    expect(await shopName(shop)).toBe(fakeShopName(shop));
    await db.delete(sessionTable).where(eq(sessionTable.shop, shop));
    for (let i = 0; i < 3; i++) expect(await shopName(shop)).toBe(fakeShopName(shop));
    expect(stack.shopify.callsOf(shop).get("ShopName")).toBe(4);
    // Uninstalled in this process (app/uninstalled forgets the token): no session, no call.
    forgetAdminSession(shop);
    await expect(shopName(shop)).rejects.toBeInstanceOf(ShopNotConnectedError);
    expect(stack.shopify.callsOf(shop).get("ShopName")).toBe(4);
  });

  it("a new token stored elsewhere is read again after Shopify refuses the kept one, once", async () => {
    const shop = await connectedShop();
    expect(await shopName(shop)).toBe(fakeShopName(shop));
    // Another process stores the token Shopify now issues; this one still holds the old one.
    const fresh = stack.shopify.rotate(shop);
    await db.update(sessionTable).set({ accessToken: fresh }).where(eq(sessionTable.shop, shop));
    expect(await shopName(shop)).toBe(fakeShopName(shop));
    expect(stack.shopify.callsOf(shop).get("ShopName")).toBe(2);
  });

  it("a token Shopify refuses with no better one stored is ShopNotConnectedError, not a retry loop", async () => {
    const shop = await connectedShop();
    expect(await shopName(shop)).toBe(fakeShopName(shop));
    stack.shopify.rotate(shop);
    await expect(shopName(shop)).rejects.toBeInstanceOf(ShopNotConnectedError);
    expect(stack.shopify.callsOf(shop).get("ShopName")).toBe(1);
  });

  it("a shop that never had a session is ShopNotConnectedError before any call", async () => {
    const shop = uniqueShop("gateway");
    await recordInstall(db, shop);
    await expect(shopName(shop)).rejects.toBeInstanceOf(ShopNotConnectedError);
    expect(stack.shopify.callsOf(shop).size).toBe(0);
  });
});

describe("the Admin gateway paces each shop by Shopify's cost figures", () => {
  it("waits for the shop's bucket to refill instead of being refused THROTTLED; another shop's calls go on meanwhile", async () => {
    const slow = await connectedShop();
    const other = await connectedShop();
    // A bucket of five points refilling two a second: ShopName costs one, so the last four of
    // nine calls wait half a second each.
    stack.shopify.orders.costs.setLimits(slow, { maximumAvailable: 5, restoreRate: 2 });
    const finished: string[] = [];
    const slowCalls = (async () => {
      for (let i = 0; i < 9; i++) expect(await shopName(slow)).toBe(fakeShopName(slow));
      finished.push("slow");
    })();
    // Once the slow shop's bucket is known to be empty, the other shop is asked.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await shopName(other)).toBe(fakeShopName(other));
    finished.push("other");
    await slowCalls;
    expect(finished).toEqual(["other", "slow"]);
    expect(stack.shopify.orders.costs.throttled.get(slow) ?? 0).toBe(0);
    expect(stack.shopify.callsOf(slow).get("ShopName")).toBe(9);
  });
});

describe("the Admin gateway's deadline", () => {
  it("a call Shopify never answers is abandoned at the deadline; another shop's call meanwhile is answered", async () => {
    const hung = await connectedShop();
    const other = await connectedShop();
    stack.shopify.hang(hung);
    const gateway = adminGateway(() => 500);
    const waiting = adminRequest(gateway, hung, SHOP_NAME_QUERY, {});
    expect((await adminRequest(gateway, other, SHOP_NAME_QUERY, {})).shop.name).toBe(
      fakeShopName(other),
    );
    const outcome = await waiting.catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(AdminTimeoutError);
    expect((outcome as Error).message).toBe(
      `Shopify did not answer ShopName for ${hung} within 500 ms`,
    );
  });
});
