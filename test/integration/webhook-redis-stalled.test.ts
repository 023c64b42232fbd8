import { afterAll, describe, expect, it } from "vitest";
import { startPrivateRedis, stopProcess } from "../../scripts/processes.ts";

/**
 * A Redis that keeps its connections open but stops answering (SIGSTOP: a stalled or overloaded
 * server, a network dropping packets) must not hold a webhook past Shopify's 5 s: the delivery is
 * recorded and answered 503, and Shopify's redelivery is queued once Redis answers again.
 */
const redis = await startPrivateRedis();
// Before any module reads the environment (the imports below are dynamic for that reason).
process.env.REDIS_URL = redis.url;

const { and, eq } = await import("drizzle-orm");
const { database, db } = await import("#app/db/index.server.ts");
const { webhookInbox } = await import("#app/db/schema.ts");
const { getEnv } = await import("#app/platform/env.server.ts");
const { closeQueues, getQueue } = await import("#app/jobs/queues.server.ts");
const { QUEUES } = await import("#app/jobs/definitions.ts");
const { action: ordersCreate } = await import("#app/routes/webhooks.orders.create.tsx");
const { freshOrder, setUpShop } = await import("../helpers/pipeline.ts");
const { testKey } = await import("../helpers/sandbox.ts");
const { uniqueShop, deliverWebhook } = await import("../helpers/shopify.ts");

afterAll(async () => {
  redis.process.kill("SIGCONT");
  await closeQueues();
  await database.close();
  await stopProcess(redis.process);
});

describe("orders/create while Redis is stalled", () => {
  it("answers 503 within Shopify's 5 s, and the redelivery is queued once Redis answers", async () => {
    const shop = uniqueShop("stalled");
    await setUpShop(db, getEnv().ENCRYPTION_KEY, shop, testKey(), "http://127.0.0.1:1");
    const before = freshOrder("multi-item");
    expect(await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: before })).toBe(
      200,
    );

    redis.process.kill("SIGSTOP");
    const order = freshOrder("multi-item");
    const delivery = {
      topic: "orders/create",
      shop,
      body: order,
      webhookId: `stalled-${order.id}`,
    };
    const started = performance.now();
    expect(await deliverWebhook(ordersCreate, delivery)).toBe(503);
    expect(performance.now() - started).toBeLessThan(5_000);
    const inbox = await db
      .select()
      .from(webhookInbox)
      .where(and(eq(webhookInbox.shop, shop), eq(webhookInbox.webhookId, delivery.webhookId)));
    expect(inbox.map((row) => row.status)).toEqual(["received"]);

    redis.process.kill("SIGCONT");
    expect(await deliverWebhook(ordersCreate, delivery)).toBe(200);
    const jobs = await getQueue(QUEUES.shipments).getJobs(["prioritized", "waiting", "delayed"]);
    const drafts = jobs.filter(
      (j) =>
        j.name === "create-draft" && (j.data as { orderId?: string }).orderId === String(order.id),
    );
    expect(drafts).toHaveLength(1);
  });
});
