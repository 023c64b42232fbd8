import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { answerRateRequest, CARRIER_SERVICE_PATH } from "#app/checkout-rates/callback.server.ts";
import { database, db } from "#app/db/index.server.ts";
import { shops, webhookInbox } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { fastPath, MAX_BODY_BYTES, RATES_MAX_BODY_BYTES } from "#app/server/fast-path.ts";
import { createDraftJobId, QUEUES } from "#app/jobs/definitions.ts";
import { getQueue } from "#app/jobs/queues.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import { takeWebhook, webhookTopicOfPath, WEBHOOK_TOPICS } from "#app/webhooks/intake.server.ts";
import { fulfillmentOrderSampleBody, shopifySampleBody } from "../fixtures/shopify.ts";
import { freshOrder, setUpShop, shipmentOf } from "../helpers/pipeline.ts";
import { testKey } from "../helpers/sandbox.ts";
import { uniqueShop, webhookRequest, type WebhookRequestOptions } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * The production server's fast path (app/server/fast-path.ts, what server.ts runs ahead of Express and
 * Remix) over real HTTP, without a build or a browser: the same intake as the Remix routes
 * (app/webhooks/intake.server.ts), on PostgreSQL and Redis, fed deliveries signed as Shopify signs
 * them. Whatever it does not take goes on to `next` (Remix in production), marked here.
 */
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer(
    fastPath(
      { takeWebhook, webhookTopicOfPath, answerRateRequest, CARRIER_SERVICE_PATH },
      (_req, res) => res.writeHead(299, { "x-next": "remix" }).end(),
      () => {},
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
testStack();
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A signed delivery (webhookRequest) sent over HTTP to `path` (the topic's address by default). */
async function post(options: WebhookRequestOptions, path = `/webhooks/${options.topic}`) {
  const request = webhookRequest(options);
  const response = await fetch(base + path, {
    method: "POST",
    headers: request.headers,
    body: await request.text(),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as { error?: string }) : null };
}

async function installedShop(label: string) {
  const shop = uniqueShop(label);
  await setUpShop(db, getEnv().ENCRYPTION_KEY, shop, testKey(), "http://127.0.0.1:1");
  return shop;
}

const inboxOf = (shop: string) => db.select().from(webhookInbox).where(eq(webhookInbox.shop, shop));

describe("the fast path takes every Shopify webhook through the one intake", () => {
  it("has an address for every topic the app subscribes to in shopify.app.toml, and no other", async () => {
    const fs = await import("node:fs");
    const toml = fs.readFileSync("shopify.app.toml", "utf8");
    const subscribed = [...toml.matchAll(/uri = "\/webhooks\/([a-z_]+\/[a-z_]+)"/g)].map(
      (m) => m[1],
    );
    expect([...WEBHOOK_TOPICS].sort()).toEqual(subscribed.sort());
    for (const topic of subscribed) {
      expect(webhookTopicOfPath(`/webhooks/${topic}`)).toBe(topic);
      // And the Remix route of the topic, the other door, exists.
      expect(fs.existsSync(`app/routes/webhooks.${topic!.replace("/", ".")}.tsx`)).toBe(true);
    }
  });

  it("orders/create: recorded with its shipment and queued; a redelivery changes nothing", async () => {
    const shop = await installedShop("fast-create");
    const order = freshOrder("multi-item");
    const webhookId = `fast-${order.id}`;
    expect(await post({ topic: "orders/create", shop, body: order, webhookId })).toEqual({
      status: 200,
      body: null,
    });
    const shipment = await shipmentOf(db, shop, order.id);
    expect(shipment?.status).toBe("pending");
    const job = await getQueue(QUEUES.shipments).getJob(createDraftJobId(shop, String(order.id)));
    expect(job?.name).toBe("create-draft");
    // Shopify redelivers (same delivery id), here with a trailing slash on the path.
    expect(
      (
        await post(
          { topic: "orders/create", shop, body: order, webhookId },
          "/webhooks/orders/create/",
        )
      ).status,
    ).toBe(200);
    expect(await inboxOf(shop)).toHaveLength(1);
  });

  it("binds a logger to a delivery only when it logs, with its shop, topic and delivery id", async () => {
    const shop = await installedShop("fast-log");
    const child = vi.spyOn(logger, "child");
    try {
      const order = freshOrder("multi-item");
      expect((await post({ topic: "orders/create", shop, body: order })).status).toBe(200);
      expect(child).not.toHaveBeenCalled();
      // An order without an id is refused, and the warning says whose delivery it was.
      const webhookId = `fast-log-${order.id}`;
      const refused = await post({ topic: "orders/create", shop, body: { name: "#1" }, webhookId });
      expect(refused.status).toBe(400);
      expect(child).toHaveBeenCalledTimes(1);
      expect(child).toHaveBeenCalledWith({ shop, topic: "orders/create", webhookId });
    } finally {
      child.mockRestore();
    }
  });

  it("Shopify's own samples of the other families: a fulfillment order split, and an uninstall", async () => {
    const shop = await installedShop("fast-families");
    const split = await post({
      topic: "fulfillment_orders/split",
      shop,
      body: fulfillmentOrderSampleBody("fulfillment_orders/split", {
        1: "gid://shopify/FulfillmentOrder/7001",
        2: "gid://shopify/FulfillmentOrder/7002",
        3: "gid://shopify/FulfillmentOrder/7003",
      }),
    });
    expect(split.status).toBe(200);
    expect((await inboxOf(shop)).map((d) => [d.topic, d.status])).toEqual([
      ["fulfillment_orders/split", "received"],
    ]);

    expect(
      (await post({ topic: "app/uninstalled", shop, body: { id: 1, domain: shop } })).status,
    ).toBe(200);
    const [row] = await db.select().from(shops).where(eq(shops.shop, shop));
    expect(row?.installed).toBe(false);
    // The order sample for a shop without the app: recorded, nothing made (200, so Shopify stops).
    expect(
      (await post({ topic: "orders/paid", shop, body: shopifySampleBody("orders/paid") })).status,
    ).toBe(200);
    const paid = await db
      .select()
      .from(webhookInbox)
      .where(and(eq(webhookInbox.shop, shop), eq(webhookInbox.topic, "orders/paid")));
    expect(paid.map((d) => [d.status, d.payload])).toEqual([["processed", null]]);
  });

  it("refuses what Shopify did not send, with the reason, before anything is recorded", async () => {
    const shop = await installedShop("fast-refused");
    const order = freshOrder("multi-item");
    const forged = await post({
      topic: "orders/create",
      shop,
      body: order,
      secret: "not-the-app's",
    });
    expect(forged).toEqual({ status: 401, body: { error: "HMAC does not match the body" } });
    const tampered = await post({
      topic: "orders/create",
      shop,
      body: order,
      tamper: (raw) => raw.replace('"#T', '"#X'),
    });
    expect(tampered.status).toBe(401);
    // A genuine delivery sent to another topic's address.
    const moved = await post(
      { topic: "orders/create", shop, body: order },
      "/webhooks/orders/cancelled",
    );
    expect(moved).toEqual({
      status: 400,
      body: { error: "Topic orders/create delivered to the orders/cancelled address" },
    });
    // A compliance body naming another shop than the header.
    const redact = await post({
      topic: "customers/redact",
      shop,
      body: { shop_domain: "other.myshopify.com", customer: { id: 1 }, orders_to_redact: [] },
    });
    expect(redact.status).toBe(400);
    expect(redact.body?.error).toContain("names another shop");
    expect(await inboxOf(shop)).toEqual([]);
  });

  it("answers HTTP misuse itself: 405 for another method, 413 over the cap, 411 without a length", async () => {
    const get = await fetch(`${base}/webhooks/orders/create`);
    expect([get.status, get.headers.get("allow")]).toEqual([405, "POST"]);
    const big = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${base}/webhooks/orders/create`, {
        method: "POST",
        headers: { "content-length": String(MAX_BODY_BYTES + 1) },
      });
      req.on("response", (res) => (res.resume(), resolve(res.statusCode!)));
      req.on("error", reject);
      req.end(); // the body is never sent: the answer comes first
    });
    expect(big).toBe(413);
    // The rate requests (unauthenticated until their body is read) are capped at 64 KB.
    const declaring = (path: string, bytes: number) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${base}${path}`, {
          method: "POST",
          headers: { "content-length": String(bytes) },
        });
        req.on("response", (res) => (res.resume(), resolve(res.statusCode!)));
        req.on("error", reject);
        if (bytes <= RATES_MAX_BODY_BYTES) req.end(" ".repeat(bytes));
        else req.end();
      });
    expect(await declaring(CARRIER_SERVICE_PATH, RATES_MAX_BODY_BYTES + 1)).toBe(413);
    expect(await declaring(CARRIER_SERVICE_PATH, RATES_MAX_BODY_BYTES)).not.toBe(413);
    // Any spelling Remix would route to the rates action is capped the same, unread.
    for (const spelled of [
      "/Carrier-Service/rates",
      "/carrier-service/%72ates",
      "/CARRIER-SERVICE/RATES/",
    ])
      expect([spelled, await declaring(spelled, 1024 * 1024)]).toEqual([spelled, 413]);
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${base}/webhooks/orders/create`, { method: "POST" });
      req.on("response", (res) => (res.resume(), resolve(res.statusCode!)));
      req.on("error", reject);
      req.write("{}");
      req.end();
    });
    expect(chunked).toBe(411);
    // Not a Shopify topic (the shipping service's receiver), nor a webhook at all: on to Remix.
    const shipping = await fetch(`${base}/webhooks/shipping`, { method: "POST", body: "{}" });
    expect([shipping.status, shipping.headers.get("x-next")]).toEqual([299, "remix"]);
    expect((await fetch(`${base}/app`)).status).toBe(299);
  });

  it("one error handling: a database failure answers 500 so Shopify delivers again, and the retry is taken", async () => {
    const shop = await installedShop("fast-dbdown");
    const order = freshOrder("multi-item");
    const webhookId = `dbdown-${order.id}`;
    const query = vi
      .spyOn(database.pool, "query")
      .mockRejectedValueOnce(new Error("connect ECONNREFUSED 127.0.0.1:5432"));
    const failed = await post({ topic: "orders/create", shop, body: order, webhookId });
    query.mockRestore();
    expect(failed).toEqual({
      status: 500,
      body: { error: "Could not record the delivery, retry later" },
    });
    expect(await shipmentOf(db, shop, order.id)).toBeUndefined();
    // Shopify's retry of the same delivery.
    expect((await post({ topic: "orders/create", shop, body: order, webhookId })).status).toBe(200);
    expect((await shipmentOf(db, shop, order.id))?.status).toBe("pending");
  });
});
