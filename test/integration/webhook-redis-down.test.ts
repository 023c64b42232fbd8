import { describe, expect, it, vi } from "vitest";

// This file's producers point at a Redis that is not there.
vi.hoisted(() => {
  process.env.REDIS_URL = "redis://127.0.0.1:1";
});

import { and, eq } from "drizzle-orm";
import { db } from "#app/db/index.server.ts";
import { webhookInbox } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import { freshOrder, setUpShop, shipmentOf } from "../helpers/pipeline.ts";
import { testKey } from "../helpers/sandbox.ts";
import { uniqueShop, webhookRequest } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

testStack();

describe("orders/create while Redis is down", () => {
  it("records the delivery and the shipment, answers 503 fast so Shopify retries", async () => {
    const shop = uniqueShop("noredis");
    await setUpShop(db, getEnv().ENCRYPTION_KEY, shop, testKey(), "http://127.0.0.1:1");
    const order = freshOrder("multi-item");
    const started = performance.now();
    const response = await ordersCreate({
      request: webhookRequest({
        topic: "orders/create",
        shop,
        body: order,
        webhookId: `noredis-${order.id}`,
      }),
      params: {},
      context: {},
    } as never);
    expect(response.status).toBe(503);
    // Fails fast (producers do not queue commands offline), well inside Shopify's 5 s.
    expect(performance.now() - started).toBeLessThan(5_000);
    const inbox = await db
      .select()
      .from(webhookInbox)
      .where(and(eq(webhookInbox.shop, shop), eq(webhookInbox.topic, "orders/create")));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]?.status).toBe("received");
    expect((await shipmentOf(db, shop, order.id))?.status).toBe("pending");
    // Shopify's retry of the same delivery tries to enqueue again (and answers 503 again).
    const retry = await ordersCreate({
      request: webhookRequest({
        topic: "orders/create",
        shop,
        body: order,
        webhookId: `noredis-${order.id}`,
      }),
      params: {},
      context: {},
    } as never);
    expect(retry.status).toBe(503);
  });
});
