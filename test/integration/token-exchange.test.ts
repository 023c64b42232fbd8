import { describe, expect, it, vi } from "vitest";

// Before any module reads the environment: the app's calls to Shopify redirected to the fake
// Shopify started below (its address is set once it listens).
vi.hoisted(() => {
  process.env.FAKE_SHOPIFY_ADMIN_URL = "http://127.0.0.1:1";
});

import "#fakes/shopify/redirect-shopify-admin.ts";
import { eq } from "drizzle-orm";
import { db } from "#app/db/index.server.ts";
import { sessionTable } from "#app/db/schema.ts";
import * as appRoute from "#app/routes/app.tsx";
import { action as appUninstalled } from "#app/routes/webhooks.app.uninstalled.tsx";
import { getShop } from "#app/shops/shops.server.ts";
import { callRoute, deliverWebhook, sessionTokenRequest, uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * Shopify-managed installation: the first page a merchant opens carries a session token and the
 * app has no session yet, so Shopify's library exchanges the token for the shop's offline access
 * token (the fake answers as Shopify documents: the token while the app is installed, 400
 * `invalid_subject_token` otherwise). A shop the app is not installed on, or uninstalled from, is
 * answered 401 with the header that tells App Bridge to fetch a new token, never 500.
 */
const stack = testStack({ shopify: { admin: true } });

const layout = async (shop: string) =>
  callRoute(appRoute.loader, await sessionTokenRequest("/app", shop)).catch(
    (thrown: unknown) => thrown as Response,
  );

const sessionsOf = (shop: string) =>
  db.select().from(sessionTable).where(eq(sessionTable.shop, shop));

describe("token exchange", () => {
  it("an installed shop's first page: the session token is exchanged, the session stored, the shop recorded", async () => {
    const shop = uniqueShop("exchange");
    const token = stack.shopify.connect(shop);
    const answer = await layout(shop);
    expect(answer.status ?? 200).toBe(200);
    const [session] = await sessionsOf(shop);
    expect(session?.isOnline).toBe(false);
    expect((await getShop(db, shop))?.installed).toBe(true);
    // Sealed at rest (app/admin-api/sealed-sessions.server.ts): never the token in clear.
    expect(session?.accessToken).not.toBe(token);
  });

  it("a shop the app was never installed on: 401 with the retry header, nothing stored", async () => {
    const shop = uniqueShop("exchange");
    const answer = await layout(shop);
    expect(answer.status).toBe(401);
    expect(answer.headers.get("x-shopify-retry-invalid-session-request")).toBe("1");
    expect(await sessionsOf(shop)).toEqual([]);
  });

  it("a shop uninstalled since: its session token gets 401, not 500", async () => {
    const shop = uniqueShop("exchange");
    stack.shopify.connect(shop);
    expect((await layout(shop)).status ?? 200).toBe(200);
    stack.shopify.uninstall(shop);
    expect(
      await deliverWebhook(appUninstalled, {
        topic: "app/uninstalled",
        shop,
        webhookId: `uninstall-${shop}`,
        body: { id: 1, domain: shop },
      }),
    ).toBe(200);
    const answer = await layout(shop);
    expect(answer.status).toBe(401);
    expect(await sessionsOf(shop)).toEqual([]);
  });
});
