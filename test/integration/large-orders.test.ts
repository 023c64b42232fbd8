import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { database, db } from "#app/db/index.server.ts";
import { closeQueues, enqueue } from "#app/jobs/queues.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import { action as ordersEdited } from "#app/routes/webhooks.orders.edited.tsx";
import {
  emptyAdminLog,
  SHOP_LOCATION,
  SHOPIFY_ORDERS,
  type FakeFulfillmentOrder,
} from "#fakes/shopify/fake-admin.ts";
import { createSandbox, type Sandbox } from "#sandbox/server.ts";
import type { RunningWorkers } from "#worker/worker.ts";
import { courier, shipmentJobsSettled, type Courier } from "../helpers/after-booking.ts";
import { freshOrder, setUpShop, startTestWorkers, waitFor } from "../helpers/pipeline.ts";
import { partsOf } from "../helpers/multi-location.ts";
import { liveKey } from "../helpers/sandbox.ts";
import { deliverWebhook, uniqueShop } from "../helpers/shopify.ts";

/**
 * Orders larger than one query can read: Shopify refuses a query priced over 1,000 points
 * (app/admin-api/query-cost.ts), and the fake Admin API prices each query, cuts every connection
 * to the page asked for and keeps the shop's query-cost bucket. A 300-line order and an order of 60
 * fulfillment orders go through drafting, an edit, booking, fulfillment and a return: every line
 * and every fulfillment order is read, in pages, and none is left out.
 */
const env = getEnv();
const log = emptyAdminLog();
const clock = { ms: Date.UTC(2026, 10, 23, 1, 0, 0) };
let sandbox: Sandbox;
let workers: RunningWorkers | undefined;
let moves: Courier["moves"];

beforeAll(async () => {
  sandbox = await createSandbox({ port: 0, now: () => new Date(clock.ms), rateLimits: false });
  workers = startTestWorkers(db, env, { adminLog: log, shopifyOrders: SHOPIFY_ORDERS });
  const c = courier(sandbox, clock, 3_600_000);
  moves = (...args) => c.moves(...args);
});
afterAll(async () => {
  await workers?.close();
  await closeQueues();
  await sandbox?.close();
  await database.close();
});

/** `count` lines of one unit each, 20 g and Rp1.000 apiece; the order's totals to match. */
function largeOrder(count: number, fixture: "cod" | "multi-item") {
  const base = freshOrder(fixture);
  const [first] = base.line_items as Record<string, unknown>[];
  const lines = Array.from({ length: count }, (_, i) => ({
    ...first,
    id: 9_100_000 + i,
    title: `Gantungan kunci ${i + 1}`,
    name: `Gantungan kunci ${i + 1}`,
    sku: `GK-${i + 1}`,
    quantity: 1,
    current_quantity: 1,
    fulfillable_quantity: 1,
    price: "1000.00",
    grams: 20,
  }));
  const shipping = Number(
    ((base.shipping_lines as { price: string }[] | undefined) ?? [])[0]?.price ?? 0,
  );
  const total = (count * 1000 + shipping).toFixed(2);
  return {
    ...base,
    line_items: lines,
    subtotal_price: (count * 1000).toFixed(2),
    total_price: total,
    total_outstanding: fixture === "cod" ? total : "0.00",
  };
}

async function shopFor(label: string) {
  const shop = uniqueShop(label);
  const key = liveKey(label);
  await setUpShop(db, env.ENCRYPTION_KEY, shop, key, sandbox.url, {
    autoConfirm: false,
    fulfillOnConfirm: true,
  });
  return { shop, key };
}

/** The draft at the service for the shipment, as the service holds it. */
const draftOf = (key: string, draftOrderId: string) =>
  sandbox.service.account(key).drafts.get(draftOrderId)!;

/** The merchant takes a unit of each of these lines out of the order in Shopify (orders/edited). */
async function removeUnits(
  shop: string,
  order: Record<string, unknown> & { id: number },
  ids: number[],
) {
  const lines = (order.line_items as Record<string, unknown>[]).map((l) =>
    ids.includes(l.id as number) ? { ...l, current_quantity: 0, fulfillable_quantity: 0 } : l,
  );
  const edited = { ...order, updated_at: "2026-11-23T11:00:00+07:00", line_items: lines };
  SHOPIFY_ORDERS.put(shop, edited);
  const edit = {
    order_edit: {
      id: order.id,
      order_id: order.id,
      line_items: { additions: [], removals: ids.map((id) => ({ id, delta: 1 })) },
    },
  };
  expect(await deliverWebhook(ordersEdited, { topic: "orders/edited", shop, body: edit })).toBe(
    200,
  );
  return edited;
}

async function bookAndFulfil(shop: string, orderId: number, parts: number) {
  const drafts = await partsOf(shop, orderId);
  for (const s of drafts) await enqueue.confirm(shop, s.id, "large", true);
  return waitFor(`${parts} booked and fulfilled`, async () => {
    const all = await partsOf(shop, orderId);
    return all.length === parts &&
      all.every((s) => s.status === "confirmed" && (s.fulfillmentIds as string[]).length > 0)
      ? all
      : undefined;
  });
}

async function returnToSender(shop: string, s: { id: string; shippingOrderId: string | null }) {
  await moves(shop, s, "picked");
  await moves(shop, s, "return_in_transit", "Penerima menolak paket, diretur");
  await moves(shop, s, "returned");
  await shipmentJobsSettled();
}

describe("an order of 300 lines", () => {
  it("is drafted with every line, edited past the first page, booked, fulfilled, and returned in two returns of at most 250 lines", async () => {
    const { shop, key } = await shopFor("lines300");
    // Reading 300 lines costs about 2,700 points each time (9 a line): on the standard plan's 100
    // points a second that is half a minute of the shop's budget per read, which the gateway waits
    // out (test/integration/admin-gateway.test.ts). A shop of such orders on Shopify Plus reads it
    // at 1,000 a second.
    SHOPIFY_ORDERS.costs.setLimits(shop, "plus");
    const order = largeOrder(300, "cod");
    expect(await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order })).toBe(
      200,
    );
    const [drafted] = await waitFor("drafted", async () => {
      const all = await partsOf(shop, order.id);
      return all.length === 1 && all[0]!.status === "draft_ready" ? all : undefined;
    });
    expect(draftOf(key, drafted!.draftOrderId!).spec.items).toHaveLength(300);

    // The last line, far past the first page of any read, leaves the order.
    await removeUnits(shop, order, [9_100_299]);
    await waitFor(
      "the edit reaches the draft",
      async () =>
        (await partsOf(shop, order.id))[0]?.draftOrderId &&
        draftOf(key, (await partsOf(shop, order.id))[0]!.draftOrderId!).spec.items.length === 299,
    );

    const [booked] = await bookAndFulfil(shop, order.id, 1);
    await returnToSender(shop, booked!);
    const back = (await partsOf(shop, order.id))[0]!;
    expect(back).toMatchObject({ status: "returned", returnOutcome: "cancelled", problem: null });
    // Shopify takes at most 250 lines a return: two returns, every unit restocked, both closed.
    const returns = SHOPIFY_ORDERS.returns.returns.get(`${shop} ${order.id}`)!;
    expect(returns.map((r) => [r.lines.length, r.status])).toEqual([
      [250, "CLOSED"],
      [49, "CLOSED"],
    ]);
    expect(back.shopifyReturnId).toBe(returns[0]!.id);
    const restocked = log.restocks!.filter((r) => r.shop === shop);
    expect(restocked).toHaveLength(299);
    expect(new Set(restocked.map((r) => r.locationId))).toEqual(new Set([SHOP_LOCATION.id]));
    expect(log.cancellations!.filter((c) => c.shop === shop)).toHaveLength(1);
    // Nothing read past Shopify's limit, and the shop's bucket never refused a call for long:
    // the gateway's pace kept each read within it.
    expect(SHOPIFY_ORDERS.costs.throttled.get(shop) ?? 0).toBe(0);
  });
});

describe("an order of 60 fulfillment orders", () => {
  it("finds the two still open on the last page, and ships, edits and returns them like any other", async () => {
    const { shop, key } = await shopFor("fo60");
    // Each read of the 60 fulfillment orders costs about 600 points: a shop of such orders on
    // Shopify Plus, as above.
    SHOPIFY_ORDERS.costs.setLimits(shop, "plus");
    const order = largeOrder(60, "multi-item");
    const lineId = (i: number) => String(9_100_000 + i);
    const foId = (n: number) =>
      `gid://shopify/FulfillmentOrder/${order.id}${String(n).padStart(2, "0")}`;
    // Shopify moved the order's items around: 58 closed fulfillment orders, then two open ones
    // that hold the lines now, 30 each.
    const layout: FakeFulfillmentOrder[] = [
      ...Array.from({ length: 58 }, (_, n) => ({
        id: foId(n + 1),
        locationId: SHOP_LOCATION.id,
        status: "CLOSED" as const,
        lines: { [lineId(n)]: 1 },
      })),
      ...[0, 1].map((half) => ({
        id: foId(59 + half),
        locationId: SHOP_LOCATION.id,
        lines: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [lineId(half * 30 + i), 1])),
      })),
    ];
    SHOPIFY_ORDERS.layouts.set(`${shop}/${order.id}`, layout);
    expect(await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order })).toBe(
      200,
    );
    const drafts = await waitFor("two drafted", async () => {
      const all = await partsOf(shop, order.id);
      return all.length === 2 && all.every((s) => s.status === "draft_ready") ? all : undefined;
    });
    expect(drafts.map((s) => s.fulfillmentOrderId)).toEqual([foId(59), foId(60)]);
    expect(drafts.map((s) => draftOf(key, s.draftOrderId!).spec.items.length)).toEqual([30, 30]);

    // A unit of the second parcel's last line leaves the order, and its fulfillment order.
    await removeUnits(shop, order, [9_100_059]);
    delete layout[59]!.lines[lineId(59)];
    await waitFor("the edit reaches the second draft", async () => {
      const [, second] = await partsOf(shop, order.id);
      return second?.draftOrderId && draftOf(key, second.draftOrderId).spec.items.length === 29;
    });

    const [, second] = await bookAndFulfil(shop, order.id, 2);
    expect(log.fulfillments.filter((f) => f.shop === shop)).toHaveLength(2);
    await returnToSender(shop, second!);
    const back = (await partsOf(shop, order.id))[1]!;
    // Prepaid: restocked and left for the merchant to refund.
    expect(back).toMatchObject({ status: "returned", returnOutcome: "to_refund" });
    expect(log.restocks!.filter((r) => r.shop === shop)).toHaveLength(29);
    expect(SHOPIFY_ORDERS.costs.throttled.get(shop) ?? 0).toBe(0);
  });
});
