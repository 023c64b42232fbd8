import { expect } from "vitest";
import { db } from "#app/db/index.server.ts";
import { shipments as shipmentsTable } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import { sessionStorage } from "#app/shopify.server.ts";
import type { ShopSettings } from "#app/shops/settings.ts";
import { freshOrder, setUpShop, shipmentOf, waitFor } from "./pipeline.ts";
import { liveKey } from "./sandbox.ts";
import {
  INDONESIAN,
  deliverWebhook,
  offlineSession,
  routeData,
  sessionTokenRequest,
  uniqueShop,
} from "./shopify.ts";

/**
 * A new shop (its session stored, automatic booking off) with `count` "multi-item" store orders
 * delivered through the real webhook route, each waited for until it is not booked yet: a draft
 * ready to book, or (`autoCreateDrafts: false`) pending without a draft.
 */
export async function shopWithUnbookedOrders(
  sandboxUrl: string,
  label: string,
  settings: Partial<ShopSettings>,
  count: number,
) {
  const shop = uniqueShop(label);
  const key = liveKey(label);
  await setUpShop(db, getEnv().ENCRYPTION_KEY, shop, key, sandboxUrl, {
    autoConfirm: false,
    ...settings,
  });
  await sessionStorage.storeSession(offlineSession(shop));
  const orders = [];
  for (let i = 0; i < count; i++) {
    const order = freshOrder("multi-item");
    expect(await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order })).toBe(
      200,
    );
    orders.push(order);
  }
  const want = settings.autoCreateDrafts === false ? "pending" : "draft_ready";
  const shipments = [];
  for (const order of orders)
    shipments.push(
      await waitFor(want, async () => {
        const s = await shipmentOf(db, shop, order.id);
        return s?.status === want ? s : undefined;
      }),
    );
  return { shop, key, shipments };
}

/** An admin page's form posted by the shop's merchant (in Indonesian), as its route's action answers it. */
export async function postedForm<T = { ok?: boolean; message?: string }>(
  action: unknown,
  url: string,
  shop: string,
  fields: Record<string, string | string[]>,
): Promise<T> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields))
    for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  return routeData<T>(
    action,
    await sessionTokenRequest(url, shop, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", ...INDONESIAN.headers },
    }),
  );
}

/**
 * A COD parcel whose draft could not be made (pending, no draft), to Surabaya (60271): two batik
 * shirts of Rp150.000 and 450 g each, Rp319.000 to collect; priced from its route and items.
 */
export async function undraftedCodParcel(shop: string, orderId: string) {
  const [parcel] = await db
    .insert(shipmentsTable)
    .values({
      shop,
      orderId,
      referenceId: `ref-${orderId}-${shop}`,
      status: "pending",
      destinationPostalCode: "60271",
      contents: {
        items: [{ name: "Kemeja batik", sku: null, quantity: 2, value: 150_000, weight: 450 }],
        ordered: [],
        cod: 319_000,
        codType: "7_days",
        insurance: null,
      },
    })
    .returning();
  return parcel!;
}
