import { describe, expect, it } from "vitest";

import { db } from "#app/db/index.server.ts";
import { shipments } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { MAX_PROBLEM_CHARS, PROBLEM_PREVIEW_CHARS } from "#app/orders/problem-words.ts";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import { listShipments } from "#app/shipments/list.server.ts";
import { recordInstall } from "#app/shops/shops.server.ts";
import { liveKey } from "../helpers/sandbox.ts";
import { freshOrder, setUpShop, shipmentOf, timelineOf, waitFor } from "../helpers/pipeline.ts";
import { deliverWebhook, uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * Problems are told in aggregate and bounded, however many lines an order has: up to the 500 line
 * items most shops' orders may have (Shopify's developer changelog, "Order editing new
 * validations": "Most shops have a limit of 500 line items"), every one read from Shopify in pages
 * within its query-cost limits.
 */
const env = getEnv();
const stack = testStack({ sandbox: { rateLimits: false }, workers: {} });

const line = (i: number, grams: number) => ({
  id: 700000 + i,
  product_id: 9001,
  variant_id: 8001,
  title: `Stiker ${i}`,
  name: `Stiker ${i}`,
  quantity: 1,
  current_quantity: 1,
  price: "1000.00",
  grams,
  requires_shipping: true,
  fulfillable_quantity: 1,
});

async function deliver(shop: string, order: Record<string, unknown>) {
  expect(await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order })).toBe(
    200,
  );
}

describe("problems in aggregate, bounded", () => {
  it("500 weightless lines: one short problem naming five and counting the rest", async () => {
    const shop = uniqueShop("bounded");
    await setUpShop(db, env.ENCRYPTION_KEY, shop, liveKey("bounded"), stack.sandbox.url);
    const order = freshOrder("multi-item", {
      line_items: Array.from({ length: 500 }, (_, i) => line(i, 0)),
    });
    await deliver(shop, order);
    const problem = await waitFor(
      "problem",
      async () => (await shipmentOf(db, shop, order.id))?.problem ?? undefined,
    );
    expect(problem.length).toBeLessThanOrEqual(MAX_PROBLEM_CHARS);
    expect(problem).toMatch(
      /No item of the order has a weight \("Stiker 0", "Stiker 1", "Stiker 2", "Stiker 3", "Stiker 4" and 495 more\)/,
    );
    const shipment = (await shipmentOf(db, shop, order.id))!;
    expect(shipment.problemKinds).toEqual(["items"]);
    for (const event of await timelineOf(db, shipment.id))
      expect(event.message?.length ?? 0, event.type).toBeLessThanOrEqual(2 * MAX_PROBLEM_CHARS);
  });

  it("weightless add-ons among goods: counted, the draft still made", async () => {
    const shop = uniqueShop("addons");
    await setUpShop(db, env.ENCRYPTION_KEY, shop, liveKey("addons"), stack.sandbox.url);
    const order = freshOrder("multi-item", {
      line_items: [line(0, 500), ...Array.from({ length: 499 }, (_, i) => line(i + 1, 0))],
    });
    await deliver(shop, order);
    const shipment = await waitFor("confirmed", async () => {
      const s = await shipmentOf(db, shop, order.id);
      return s?.status === "confirmed" ? s : undefined;
    });
    const created = (await timelineOf(db, shipment.id)).find((e) => e.type === "draft_created");
    expect(created?.message).toMatch(
      /499 items have no weight \("Stiker 1", .* and 494 more\) and went as 1 g/,
    );
    expect(created?.message?.length ?? 0).toBeLessThanOrEqual(2 * MAX_PROBLEM_CHARS);
  });

  it("a list row carries a preview of the problem, never the whole text", async () => {
    const shop = uniqueShop("preview");
    await recordInstall(db, shop);
    await db.insert(shipments).values({
      shop,
      orderId: "1",
      orderName: "#1",
      referenceId: `r-${shop}`,
      status: "pending",
      problem: "x".repeat(50_000),
    });
    const { rows } = await listShipments(db, shop, { tab: "all", limit: 50 });
    expect(rows[0]?.problem?.length).toBe(PROBLEM_PREVIEW_CHARS);
  });
});
