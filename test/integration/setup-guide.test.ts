import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import { shops } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import * as index from "#app/routes/app._index/route.tsx";
import * as settingsRoute from "#app/routes/app.settings/route.tsx";
import { action as shippingEvents } from "#app/routes/webhooks.shipping.tsx";
import { sessionStorage } from "#app/shopify.server.ts";
import { noteServiceReached } from "#app/shops/service-events.server.ts";
import { recordInstall, updateShopSettings } from "#app/shops/shops.server.ts";
import { PICKUP, eventsPathOf, serveAction, setUpShop } from "../helpers/pipeline.ts";
import { liveKey, registerEvents } from "../helpers/sandbox.ts";
import {
  INDONESIAN,
  offlineSession,
  routeData,
  sessionTokenRequest,
  uniqueShop,
} from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";
import { postedForm } from "../helpers/unbooked-orders.ts";

/**
 * The first-run setup guide on the shipments page: its steps read from the shop as it is, each
 * done by itself, the events step when the shipping service first reaches the shop's events URL
 * (its registration ping through the sandbox's dashboard, over HTTP), and the settings' events
 * card saying when it last did.
 */
const stack = testStack({ sandbox: { rateLimits: false } });
let events: Awaited<ReturnType<typeof serveAction>>;
beforeAll(async () => {
  events = await serveAction(shippingEvents as never);
});
afterAll(async () => {
  await events.close();
});

type Guide = {
  steps: { id: string; done: boolean; skipped: boolean }[];
  finished: number;
  total: number;
  next: string | null;
  show: boolean;
};
const guideOf = async (shop: string) =>
  (
    await routeData<{ setup: Guide }>(
      index.loader,
      await sessionTokenRequest("/app", shop, INDONESIAN),
    )
  ).setup;
const doneSteps = (guide: Guide) => guide.steps.filter((s) => s.done).map((s) => s.id);
const postSettings = (shop: string, fields: Record<string, string>) =>
  postedForm<{ ok: boolean; message: string }>(settingsRoute.action, "/app/settings", shop, fields);
const reachedAt = async (shop: string) =>
  (await db.select({ at: shops.serviceEventsAt }).from(shops).where(eq(shops.shop, shop)))[0]!.at;

describe("the setup guide", () => {
  it("a new shop starts at none of five, and the guide opens the key's step", async () => {
    const shop = uniqueShop("guide-new");
    await recordInstall(db, shop);
    await sessionStorage.storeSession(offlineSession(shop));
    const guide = await guideOf(shop);
    expect(guide).toMatchObject({ finished: 0, total: 5, next: "api-key", show: true });
    expect(guide.steps.map((s) => s.id)).toEqual([
      "api-key",
      "pickup",
      "courier",
      "checkout-rates",
      "events",
    ]);
  });

  it("ticks each step as the shop is set up; the events step when the service first calls", async () => {
    const shop = uniqueShop("guide-walk");
    const key = liveKey("guide");
    await setUpShop(db, getEnv().ENCRYPTION_KEY, shop, key, stack.sandbox.url, {
      pickup: PICKUP,
    });
    await sessionStorage.storeSession(offlineSession(shop));
    let guide = await guideOf(shop);
    expect(doneSteps(guide)).toEqual(["api-key", "pickup"]);
    expect(guide.next).toBe("courier");

    await updateShopSettings(db, shop, { defaultCourier: { company: "jne", type: "reg" } });
    expect(doneSteps(await guideOf(shop))).toEqual(["api-key", "pickup", "courier"]);

    // The settings say the service has not called yet.
    const before = await routeData<{ events: { reachedAt: string | null } }>(
      settingsRoute.loader,
      await sessionTokenRequest("/app/settings", shop, INDONESIAN),
    );
    expect(before.events.reachedAt).toBeNull();

    // The merchant saves the URL in the service's dashboard: the service pings it.
    const registered = await registerEvents(
      stack.sandbox.url,
      key,
      `${events.url}${await eventsPathOf(db, shop)}`,
    );
    expect(registered.status).toBe(200);
    expect(await reachedAt(shop)).toBeInstanceOf(Date);
    guide = await guideOf(shop);
    expect(doneSteps(guide)).toEqual(["api-key", "pickup", "courier", "events"]);
    expect(guide).toMatchObject({ finished: 4, next: "checkout-rates", show: true });
    const after = await routeData<{ events: { reachedAt: string | null } }>(
      settingsRoute.loader,
      await sessionTokenRequest("/app/settings", shop, INDONESIAN),
    );
    expect(after.events.reachedAt).toMatch(/^\d{1,2} \w{3} 20\d\d, \d\d\.\d\d W(IB|ITA|IT)$/);

    // A shop that charges shipping its own way skips rates at checkout: all finished, the guide
    // leaves the shipments page.
    expect(
      await postSettings(shop, { intent: "skipSetupStep", step: "checkout-rates" }),
    ).toMatchObject({ ok: true });
    guide = await guideOf(shop);
    expect(guide.steps.find((s) => s.id === "checkout-rates")).toMatchObject({
      done: false,
      skipped: true,
    });
    expect(guide).toMatchObject({ finished: 5, next: null, show: false });
  });

  it("only rates at checkout may be skipped; hidden, the guide shows again from settings", async () => {
    const shop = uniqueShop("guide-hide");
    await recordInstall(db, shop);
    await sessionStorage.storeSession(offlineSession(shop));
    expect(await postSettings(shop, { intent: "skipSetupStep", step: "api-key" })).toEqual(
      expect.objectContaining({ ok: false, message: "Langkah ini wajib untuk mengirim paket." }),
    );
    expect((await guideOf(shop)).steps.every((s) => !s.skipped)).toBe(true);

    await postSettings(shop, { intent: "hideSetupGuide" });
    expect(await guideOf(shop)).toMatchObject({ show: false, next: "api-key" });
    const settings = await routeData<{ guideHidden: boolean }>(
      settingsRoute.loader,
      await sessionTokenRequest("/app/settings", shop, INDONESIAN),
    );
    expect(settings.guideHidden).toBe(true);
    await postSettings(shop, { intent: "showSetupGuide" });
    expect(await guideOf(shop)).toMatchObject({ show: true });
  });
});

describe("the service's calls at a shop's events URL", () => {
  it("a ping at an unknown URL is answered and notes nothing; a busy minute writes once", async () => {
    const shop = uniqueShop("guide-calls");
    await recordInstall(db, shop);
    const path = await eventsPathOf(db, shop);
    const unknown = await fetch(`${events.url}/webhooks/shipping/${"0".repeat(64)}`, {
      method: "POST",
      body: "{}",
    });
    expect(unknown.status).toBe(200);
    expect(await reachedAt(shop)).toBeNull();

    // An empty body is a ping too; at the shop's own URL it is noted.
    expect((await fetch(`${events.url}${path}`, { method: "POST", body: "" })).status).toBe(200);
    const first = await reachedAt(shop);
    expect(first).toBeInstanceOf(Date);
    // An event naming an order that is not the shop's is answered as any, and is a call too; within
    // the minute it writes nothing.
    const event = await fetch(`${events.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ event: "order.status", order_id: "not-ours", status: "picked" }),
    });
    expect(event.status).toBe(200);
    expect((await reachedAt(shop))!.getTime()).toBe(first!.getTime());
    // A minute on, the next call moves it on.
    const later = new Date(first!.getTime() + 61_000);
    await noteServiceReached(db, shop, first, later);
    expect((await reachedAt(shop))!.getTime()).toBe(later.getTime());
  });
});
