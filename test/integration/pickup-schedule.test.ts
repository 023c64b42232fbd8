import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import * as list from "#app/routes/app._index/route.tsx";
import * as shipmentPage from "#app/routes/app.shipments.$id/route.tsx";
import { wibDay } from "#app/shipments/pickup-slots.ts";
import type { ShopSettings } from "#app/shops/settings.ts";
import { emptyAdminLog } from "#fakes/shopify/fake-admin.ts";
import { shipmentOf, timelineOf, waitFor } from "../helpers/pipeline.ts";
import { INDONESIAN, routeData, sessionTokenRequest } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";
import { postedForm, shopWithUnbookedOrders } from "../helpers/unbooked-orders.ts";

/**
 * When the courier collects: a slot chosen per parcel on its page and for many from the list,
 * through the page's and the list's own actions, the drafts updated at the sandbox over HTTP
 * (`delivery_type: "scheduled"` with its date and time, WIB), the booking scheduled there, and what
 * cannot be scheduled refused in the merchant's words.
 */
const stack = testStack({ sandbox: { rateLimits: false }, workers: { adminLog: emptyAdminLog() } });
const DAY = 24 * 3_600_000;

const shopWithOrders = (settings: Partial<ShopSettings>, count: number) =>
  shopWithUnbookedOrders(stack.sandbox.url, "pickup", settings, count);
type Answer = {
  ok?: boolean;
  message?: string;
  results?: { id: string; ok: boolean; message: string }[];
};
const post = (fn: unknown, url: string, shop: string, fields: Record<string, string | string[]>) =>
  postedForm<Answer>(fn, url, shop, fields);
const schedule = (shop: string, id: string, fields: Record<string, string>) =>
  post(shipmentPage.action, `/app/shipments/${id}`, shop, fields);
const tomorrow = () => wibDay(new Date(Date.now() + DAY));
const draftAt = (key: string, reference: string) => stack.drafts(key, reference)[0]!.spec;

describe("pickup on a chosen day and hour", () => {
  it("per parcel: the draft is scheduled at the service, the booking too; refusals in words", async () => {
    const { shop, key, shipments } = await shopWithOrders({}, 1);
    const [s] = shipments;
    const day = tomorrow();
    expect(
      await schedule(shop, s!.id, { intent: "pickup", pickupDay: day, pickupTime: "10:00" }),
    ).toEqual({ ok: true, message: "Jadwal penjemputan disimpan." });
    expect(draftAt(key, s!.referenceId)).toMatchObject({
      deliveryType: "scheduled",
      scheduledAt: new Date(`${day}T10:00:00+07:00`).toISOString(),
    });
    expect((await shipmentOf(db, shop, s!.orderId))!.pickupSlot).toEqual({
      date: day,
      time: "10:00",
    });
    const page = await routeData<{ pickup: { current: string } | null }>(
      shipmentPage.loader,
      await sessionTokenRequest(`/app/shipments/${s!.id}`, shop, INDONESIAN),
    );
    expect(page.pickup?.current).toMatch(/^Kurir menjemput \S+, \d{1,2} \S+ pukul 10\.00 WIB\.$/);
    expect((await timelineOf(db, s!.id)).map((e) => e.type)).toContain("pickup_scheduled");

    // A day gone, or one past the week: refused in words, the draft as it was.
    const yesterday = wibDay(new Date(Date.now() - DAY));
    expect(
      await schedule(shop, s!.id, { intent: "pickup", pickupDay: yesterday, pickupTime: "10:00" }),
    ).toEqual({
      ok: false,
      message: "Jam penjemputan itu sudah lewat atau kurang dari 1 jam lagi: pilih jam lain",
    });
    const far = wibDay(new Date(Date.now() + 10 * DAY));
    expect(
      await schedule(shop, s!.id, { intent: "pickup", pickupDay: far, pickupTime: "10:00" }),
    ).toMatchObject({ ok: false, message: expect.stringContaining("paling lambat 7 hari") });
    expect(draftAt(key, s!.referenceId).scheduledAt).toBe(
      new Date(`${day}T10:00:00+07:00`).toISOString(),
    );

    // Booked: the service's order is scheduled for that slot; the pickup no longer changes.
    expect(await schedule(shop, s!.id, { intent: "confirm" })).toMatchObject({ ok: true });
    await waitFor(
      "booked",
      async () => (await shipmentOf(db, shop, s!.orderId))?.shippingOrderId ?? undefined,
    );
    const [order] = stack.orders(key, s!.referenceId);
    expect(order).toMatchObject({ status: "scheduled" });
    expect(order!.spec.scheduledAt).toBe(new Date(`${day}T10:00:00+07:00`).toISOString());
    expect(
      await schedule(shop, s!.id, { intent: "pickup", pickupDay: day, pickupTime: "11:00" }),
    ).toEqual({
      ok: false,
      message:
        "Kurir sudah dipesan: jadwal penjemputan tidak bisa diubah lagi. Hubungi kurir bila perlu.",
    });
  });

  it("in bulk from the list: the drafts scheduled, a booked one left out and said why; back to now", async () => {
    const { shop, key, shipments } = await shopWithOrders({}, 3);
    const [a, b, booked] = shipments;
    expect(await schedule(shop, booked!.id, { intent: "confirm" })).toMatchObject({ ok: true });
    await waitFor(
      "booked",
      async () => (await shipmentOf(db, shop, booked!.orderId))?.shippingOrderId ?? undefined,
    );
    const day = tomorrow();
    const { results } = await post(list.action, "/app?index", shop, {
      intent: "pickup",
      pickupDay: day,
      pickupTime: "14:00",
      id: [a!.id, b!.id, booked!.id],
    });
    expect(results).toEqual([
      { id: a!.id, ok: true, message: "queued" },
      { id: b!.id, ok: true, message: "queued" },
      {
        id: booked!.id,
        ok: false,
        message:
          "Kurir sudah dipesan: jadwal penjemputan tidak bisa diubah lagi. Hubungi kurir bila perlu.",
      },
    ]);
    for (const s of [a!, b!])
      expect(draftAt(key, s.referenceId)).toMatchObject({
        deliveryType: "scheduled",
        scheduledAt: new Date(`${day}T14:00:00+07:00`).toISOString(),
      });
    // One of them back to "as soon as it is booked".
    expect(await schedule(shop, a!.id, { intent: "pickup_now" })).toEqual({
      ok: true,
      message: "Kurir akan menjemput secepatnya setelah dipesan.",
    });
    expect(draftAt(key, a!.referenceId)).toMatchObject({ deliveryType: "now", scheduledAt: null });
    expect((await shipmentOf(db, shop, a!.orderId))!.pickupSlot).toBeNull();
  });

  it("a parcel whose draft is still to be made: its draft is made with the slot", async () => {
    const { shop, key, shipments } = await shopWithOrders({ autoCreateDrafts: false }, 1);
    const [s] = shipments;
    const day = tomorrow();
    expect(
      await schedule(shop, s!.id, { intent: "pickup", pickupDay: day, pickupTime: "09:00" }),
    ).toMatchObject({ ok: true });
    expect(stack.drafts(key, s!.referenceId)).toEqual([]);
    expect(await schedule(shop, s!.id, { intent: "create" })).toMatchObject({ ok: true });
    await waitFor("drafted", async () =>
      (await shipmentOf(db, shop, s!.orderId))?.draftOrderId ? true : undefined,
    );
    expect(draftAt(key, s!.referenceId)).toMatchObject({
      deliveryType: "scheduled",
      scheduledAt: new Date(`${day}T09:00:00+07:00`).toISOString(),
    });
  });
});
