import { describe, expect, it, vi } from "vitest";

import { eq } from "drizzle-orm";
import { db } from "#app/db/index.server.ts";
import { shipmentEvents, shipments, shops } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { QUEUES, jobId } from "#app/jobs/definitions.ts";
import { getQueue } from "#app/jobs/queues.server.ts";
import { sessionStorage } from "#app/shopify.server.ts";
import { getShippingApiKey, getShopSettings, recordInstall } from "#app/shops/shops.server.ts";
import * as detail from "#app/routes/app.shipments.$id/route.tsx";
import * as index from "#app/routes/app._index/route.tsx";
import * as settingsRoute from "#app/routes/app.settings/route.tsx";
import * as orderApi from "#app/routes/api.orders.$orderId.shipment.tsx";
import * as bulkApi from "#app/routes/api.shipments.bulk.tsx";
import { testKey } from "../helpers/sandbox.ts";
import { offlineSession, sessionTokenRequest, uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

const stack = testStack({ sandbox: { rateLimits: false } });

type Fn = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<unknown>;
async function call(
  fn: unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<{ status: number; data?: unknown }> {
  try {
    return { status: 200, data: await (fn as Fn)({ request, params, context: {} }) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    throw thrown;
  }
}
const post = (url: string, shop: string, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields))
    for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  return sessionTokenRequest(url, shop, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
};

async function installedShop(label: string) {
  const shop = uniqueShop(label);
  await recordInstall(db, shop);
  await sessionStorage.storeSession(offlineSession(shop));
  await db.update(shops).set({ shippingBaseUrl: stack.sandbox.url }).where(eq(shops.shop, shop));
  return shop;
}
async function shipmentFor(shop: string, status = "draft_ready") {
  const [row] = await db
    .insert(shipments)
    .values({
      shop,
      orderId: String(Math.floor(Math.random() * 1e9)),
      orderName: "#1",
      referenceId: `r-${Math.random()}`,
      status,
      draftOrderId: status === "pending" ? null : "00000000-0000-4000-8000-000000000001",
    })
    .returning();
  return row!;
}

describe("one shop never sees or changes another's shipments", () => {
  it("list, detail and actions are scoped to the session's shop", async () => {
    const a = await installedShop("admin-a");
    const b = await installedShop("admin-b");
    const mine = await shipmentFor(a);
    const theirs = await shipmentFor(b);

    const list = await call(index.loader, await sessionTokenRequest("/app", a));
    const ids = (list.data as { rows: { id: string }[] }).rows.map((r) => r.id);
    expect(ids).toEqual([mine.id]);

    expect(
      (
        await call(detail.loader, await sessionTokenRequest(`/app/shipments/${theirs.id}`, a), {
          id: theirs.id,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          detail.action,
          await post(`/app/shipments/${theirs.id}`, a, { intent: "confirm" }),
          { id: theirs.id },
        )
      ).status,
    ).toBe(404);

    const bulk = await call(
      index.action,
      await post("/app?index", a, { intent: "confirm", id: [mine.id, theirs.id] }),
    );
    expect((bulk.data as { results: { id: string; ok: boolean }[] }).results).toEqual([
      { id: mine.id, ok: true, message: "queued" },
      { id: theirs.id, ok: false, message: "Shipment not found" },
    ]);
    expect(
      await getQueue(QUEUES.shipments).getJob(jobId("confirm", theirs.id, "v0")),
    ).toBeUndefined();
    expect(await getQueue(QUEUES.shipments).getJob(jobId("confirm", mine.id, "v0"))).toBeDefined();
  });

  it("refuses requests without a valid session token", async () => {
    const a = await installedShop("admin-c");
    const mine = await shipmentFor(a);
    const forged = await sessionTokenRequest(
      `/app/shipments/${mine.id}`,
      a,
      {},
      {},
      "not-the-secret",
    );
    expect([401, 403]).toContain((await call(detail.loader, forged, { id: mine.id })).status);
  });
});

describe("API for the admin extensions", () => {
  const json = async (r: { status: number; data?: unknown }) => ({
    status: r.status === 200 ? (r.data as Response).status : r.status,
    body: r.status === 200 ? await (r.data as Response).json() : null,
  });

  it("the order block reads and acts on the shop's own order only", async () => {
    const a = await installedShop("api-a");
    const b = await installedShop("api-b");
    const mine = await shipmentFor(a);
    const theirs = await shipmentFor(b);
    const got = await json(
      await call(
        orderApi.loader,
        await sessionTokenRequest(
          `/api/orders/gid%3A%2F%2Fshopify%2FOrder%2F${mine.orderId}/shipment`,
          a,
        ),
        { orderId: `gid://shopify/Order/${mine.orderId}` },
      ),
    );
    expect(got).toMatchObject({
      status: 200,
      body: {
        shipment: {
          id: mine.id,
          status: "draft_ready",
          actions: ["confirm", "cancel"],
          words: { label: "Ready to book", group: "waiting" },
        },
      },
    });
    const foreign = await json(
      await call(
        orderApi.loader,
        await sessionTokenRequest(`/api/orders/${theirs.orderId}/shipment`, a),
        { orderId: theirs.orderId },
      ),
    );
    expect(foreign.body).toEqual({ shipment: null, shipments: [] });

    const act = (shop: string, orderId: string, body: unknown) =>
      sessionTokenRequest(`/api/orders/${orderId}/shipment`, shop, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json" },
      });
    const confirmed = await json(
      await call(orderApi.action, await act(a, mine.orderId, { action: "confirm" }), {
        orderId: mine.orderId,
      }),
    );
    expect(confirmed).toMatchObject({
      status: 200,
      body: { queued: "confirm", shipment: { id: mine.id } },
    });
    expect(
      (
        await json(
          await call(orderApi.action, await act(a, theirs.orderId, { action: "cancel" }), {
            orderId: theirs.orderId,
          }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await json(
          await call(orderApi.action, await act(a, mine.orderId, { action: "explode" }), {
            orderId: mine.orderId,
          }),
        )
      ).status,
    ).toBe(400);

    const bulkCall = async (action: string) =>
      json(
        await call(
          bulkApi.action,
          await sessionTokenRequest("/api/shipments/bulk", a, {
            method: "POST",
            body: JSON.stringify({
              action,
              orderIds: [mine.orderId, theirs.orderId, "gid://shopify/Order/1"],
            }),
            headers: { "content-type": "application/json" },
          }),
        ),
      );
    // Asked first: what booking them would do, nothing queued by the asking.
    const queuedBefore = await getQueue(QUEUES.shipments).count();
    const quoted = await bulkCall("quote");
    expect(quoted.body).toEqual({
      quote: {
        ready: 1,
        skipped: 2,
        couriers: expect.stringMatching(/ ×1$/),
        total: expect.stringMatching(/^Rp/),
      },
    });
    expect(await getQueue(QUEUES.shipments).count()).toBe(queuedBefore);
    // However many orders it names, the quote reads their shipments in one statement.
    const statements = async (orderIds: string[]) => {
      const sent = vi.spyOn(db.$client, "query");
      const answer = await json(
        await call(
          bulkApi.action,
          await sessionTokenRequest("/api/shipments/bulk", a, {
            method: "POST",
            body: JSON.stringify({ action: "quote", orderIds }),
            headers: { "content-type": "application/json" },
          }),
        ),
      );
      const count = sent.mock.calls.length;
      sent.mockRestore();
      return { count, quote: (answer.body as { quote: { ready: number } }).quote };
    };
    const few = await statements([mine.orderId, theirs.orderId, "1"]);
    const many = await statements([
      mine.orderId,
      ...Array.from({ length: 249 }, (_, i) => String(6_100_000 + i)),
    ]);
    expect(many.quote.ready).toBe(1);
    expect(many.count).toBe(few.count);

    const bulk = await bulkCall("confirm");
    expect(bulk.body).toEqual({
      results: [
        { orderId: mine.orderId, ok: true, message: "queued" },
        { orderId: theirs.orderId, ok: false, message: "Not received by the app" },
        { orderId: "1", ok: false, message: "Not received by the app" },
      ],
    });
  });

  it("an order shipped from two locations: the block gets both shipments, and acts on the one it names", async () => {
    const a = await installedShop("api-parts");
    const first = await shipmentFor(a);
    await db
      .update(shipments)
      .set({ shopifyLocationName: "Gudang Jakarta" })
      .where(eq(shipments.id, first.id));
    const [second] = await db
      .insert(shipments)
      .values({
        shop: a,
        orderId: first.orderId,
        orderName: first.orderName,
        part: 2,
        referenceId: `${first.referenceId}-p2`,
        status: "draft_ready",
        draftOrderId: "00000000-0000-4000-8000-000000000002",
        shopifyLocationName: "Gudang Surabaya",
      })
      .returning();
    const other = await shipmentFor(a);
    const got = await json(
      await call(
        orderApi.loader,
        await sessionTokenRequest(`/api/orders/${first.orderId}/shipment`, a),
        { orderId: first.orderId },
      ),
    );
    expect(
      got.body.shipments.map((s: { id: string; part: number; location: string }) => [
        s.id,
        s.part,
        s.location,
      ]),
    ).toEqual([
      [first.id, 1, "Gudang Jakarta"],
      [second!.id, 2, "Gudang Surabaya"],
    ]);
    expect(got.body.shipment.id).toBe(first.id);

    const act = (body: unknown) =>
      sessionTokenRequest(`/api/orders/${first.orderId}/shipment`, a, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json" },
      });
    const cancelled = await json(
      await call(orderApi.action, await act({ action: "cancel", shipmentId: second!.id }), {
        orderId: first.orderId,
      }),
    );
    expect(cancelled).toMatchObject({ status: 200, body: { queued: "cancel" } });
    const events = await db
      .select()
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipmentId, second!.id));
    expect(events.map((e) => e.type)).toEqual(["cancel_requested"]);
    expect(
      await db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, first.id)),
    ).toHaveLength(0);
    // Another order's shipment is not this order's.
    expect(
      (
        await json(
          await call(orderApi.action, await act({ action: "cancel", shipmentId: other.id }), {
            orderId: first.orderId,
          }),
        )
      ).status,
    ).toBe(404);
  });
});

describe("settings", () => {
  it("checks the API key with the service before saving it, and shows it masked", async () => {
    const shop = await installedShop("settings");
    const bad = await call(
      settingsRoute.action,
      await post("/app/settings", shop, { intent: "apiKey", apiKey: "sk_live_nope" }),
    );
    expect(bad.data).toMatchObject({
      ok: false,
      errors: { apiKey: expect.stringMatching(/biteship_test/) },
    });
    await db
      .update(shops)
      .set({ shippingBaseUrl: "http://127.0.0.1:1" })
      .where(eq(shops.shop, shop));
    const unreachable = await call(
      settingsRoute.action,
      await post("/app/settings", shop, { intent: "apiKey", apiKey: testKey() }),
    );
    expect(unreachable.data).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Nothing was saved/),
    });
    expect(await getShippingApiKey(db, getEnv().ENCRYPTION_KEY, shop)).toBeNull();

    await db.update(shops).set({ shippingBaseUrl: stack.sandbox.url }).where(eq(shops.shop, shop));
    const key = testKey("good");
    const good = await call(
      settingsRoute.action,
      await post("/app/settings", shop, { intent: "apiKey", apiKey: key }),
    );
    expect(good.data).toMatchObject({
      ok: true,
      message: expect.stringContaining(`…${key.slice(-4)}`),
    });
    expect(await getShippingApiKey(db, getEnv().ENCRYPTION_KEY, shop)).toBe(key);
    const page = await call(settingsRoute.loader, await sessionTokenRequest("/app/settings", shop));
    expect(page.data).toMatchObject({ apiKey: { hint: key.slice(-4), mode: "test" } });
    expect(JSON.stringify(page.data)).not.toContain(key);
    const couriers = (page.data as { couriers: { value: string; label: string }[] }).couriers;
    expect(couriers.length).toBeGreaterThan(10);
    // The default courier's choices name each service once, as the picker does.
    const label = (value: string) => couriers.find((c) => c.value === value)?.label;
    expect(label("pos/reg")).toBe("Pos Reguler");
    expect(label("jne/jtr")).toBe("JNE Trucking");

    // Pickup locations live in the service's location list too; one is the default origin.
    const location = (fields: Record<string, string>) =>
      post("/app/settings", shop, {
        intent: "saveLocation",
        note: "",
        latitude: "",
        longitude: "",
        ...fields,
      });
    const first = await call(
      settingsRoute.action,
      await location({
        contactName: "Gudang",
        contactPhone: "081234567890",
        address: "Jl. Fatmawati 10, Jakarta",
        postalCode: "12430",
        latitude: "-6.28",
        longitude: "106.79",
      }),
    );
    expect(first.data).toMatchObject({ ok: true });
    let saved = await getShopSettings(db, shop);
    const firstId = saved.locations[0]!.locationId;
    expect(saved.pickup).toMatchObject({
      contactName: "Gudang",
      postalCode: 12430,
      locationId: firstId,
    });
    expect(stack.sandbox.service.locations.get(key, firstId).contactName).toBe("Gudang");
    await call(
      settingsRoute.action,
      await location({
        contactName: "Toko Surabaya",
        contactPhone: "081299999999",
        address: "Jl. Tunjungan 5, Surabaya",
        postalCode: "60271",
      }),
    );
    saved = await getShopSettings(db, shop);
    const secondId = saved.locations[1]!.locationId;
    expect(saved.pickup?.locationId).toBe(firstId);
    await call(
      settingsRoute.action,
      await post("/app/settings", shop, { intent: "defaultLocation", locationId: secondId }),
    );
    expect((await getShopSettings(db, shop)).pickup).toMatchObject({
      locationId: secondId,
      postalCode: 60271,
    });
    // Editing the default origin edits it at the service too.
    await call(
      settingsRoute.action,
      await location({
        locationId: secondId,
        contactName: "Toko Surabaya 2",
        contactPhone: "081299999999",
        address: "Jl. Tunjungan 7, Surabaya",
        postalCode: "60271",
      }),
    );
    expect((await getShopSettings(db, shop)).pickup?.contactName).toBe("Toko Surabaya 2");
    expect(stack.sandbox.service.locations.get(key, secondId).address).toBe(
      "Jl. Tunjungan 7, Surabaya",
    );
    // Removing the default falls back to the other location, and removes it at the service.
    await call(
      settingsRoute.action,
      await post("/app/settings", shop, { intent: "deleteLocation", locationId: secondId }),
    );
    saved = await getShopSettings(db, shop);
    expect(saved.locations.map((l) => l.locationId)).toEqual([firstId]);
    expect(saved.pickup?.locationId).toBe(firstId);
    expect(() => stack.sandbox.service.locations.get(key, secondId)).toThrow(/not found/);
    const foreign = await call(
      settingsRoute.action,
      await post("/app/settings", shop, { intent: "deleteLocation", locationId: "someone-elses" }),
    );
    expect(foreign.data).toMatchObject({ ok: false });
    const badPickup = await call(
      settingsRoute.action,
      await location({ contactName: "", contactPhone: "1", address: "x", postalCode: "12" }),
    );
    expect(badPickup.data).toMatchObject({
      ok: false,
      errors: { contactName: expect.any(String), postalCode: expect.any(String) },
    });

    const prefs = await call(
      settingsRoute.action,
      await post("/app/settings", shop, {
        intent: "preferences",
        defaultCourier: "jne/reg",
        autoCreateDrafts: "on",
        autoConfirm: "on",
        deliveryType: "now",
        categoryMapping: "Apparel = fashion\nKopi = food_and_drink",
        defaultWeightGrams: "250",
        dimensionsFromShopify: "on",
        codGateways: "Cash on Delivery (COD), COD",
        codType: "3_days",
        insurance: "off",
        proofOfDelivery: "off",
        proofOfDeliveryNote: "",
        fulfillOnConfirm: "on",
        notifyCustomer: "off",
      }),
    );
    expect(prefs.data).toMatchObject({ ok: true });
    expect(await getShopSettings(db, shop)).toMatchObject({
      defaultCourier: { company: "jne", type: "reg" },
      autoConfirm: true,
      categoryMapping: { apparel: "fashion", kopi: "food_and_drink" },
      defaultWeightGrams: 250,
      dimensionsFromShopify: true,
      codGateways: ["Cash on Delivery (COD)", "COD"],
      codType: "3_days",
      notifyCustomer: false,
    });
    const badPrefs = await call(
      settingsRoute.action,
      await post("/app/settings", shop, {
        intent: "preferences",
        categoryMapping: "Apparel = clothes",
        deliveryType: "now",
        codType: "7_days",
        defaultWeightGrams: "-5",
      }),
    );
    expect(badPrefs.data).toMatchObject({
      ok: false,
      errors: {
        categoryMapping: expect.stringContaining("clothes"),
        defaultWeightGrams: expect.any(String),
      },
    });
  });
});
