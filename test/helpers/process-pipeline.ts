import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { database, db } from "#app/db/index.server.ts";
import { eq } from "drizzle-orm";
import { sessionTable, webhookInbox } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { updateShopSettings } from "#app/shops/shops.server.ts";
import { closeQueues, getQueue } from "#app/jobs/queues.server.ts";
import { QUEUES } from "#app/jobs/definitions.ts";
import { referenceIdFor } from "#app/orders/map.ts";
import { action as ordersCancelled } from "#app/routes/webhooks.orders.cancelled.tsx";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import { action as shippingEvents } from "#app/routes/webhooks.shipping.tsx";
import { createSandbox, type Sandbox } from "#sandbox/server.ts";
import { startWorker, stopProcess, type Child } from "../../scripts/processes.ts";
import {
  offlineSessionRow,
  startFakeShopify,
  type FakeShopify,
} from "#fakes/shopify/fake-shopify-server.ts";
import {
  eventsPathOf,
  freshOrder,
  serveAction,
  setUpShop,
  shipmentOf,
  timelineOf,
  waitFor,
} from "./pipeline.ts";
import { liveKey, registerEvents } from "./sandbox.ts";
import { deliverWebhook, uniqueShop } from "./shopify.ts";

/**
 * The pipeline as deployed, on either database the app runs on: the web side's routes in this
 * process, the real worker process (`worker/index.ts`, calling Shopify the production way through
 * each shop's offline session, answered by the fake Admin API over HTTP), the sandbox over HTTP,
 * and the database of the environment this file set up before importing: PostgreSQL, or embedded
 * PGlite hosted by this process and shared with the worker process over the wire protocol.
 *
 * The same scenarios run on both (process-pipeline.*.test.ts): a store order booked, fulfilled
 * and followed to delivery; the cancel path; many orders of two shops at once.
 */
export interface ProcessPipelineOptions {
  /** Worker processes side by side (default 1). */
  workers?: number;
  /**
   * Kills the Redis node holding the app's keys (a cluster's master, whose replica takes over):
   * given, one more scenario runs with it mid-way through a run of orders.
   */
  failRedisOver?: () => Promise<void>;
}

export function describeProcessPipeline(backend: string, options: ProcessPipelineOptions = {}) {
  const env = getEnv();
  let sandbox: Sandbox;
  let shopify: FakeShopify;
  let events: Awaited<ReturnType<typeof serveAction>>;
  const workers: Child[] = [];

  beforeAll(async () => {
    sandbox = await createSandbox({ port: 0, webhookRetryDelaysMs: [100, 200, 400] });
    shopify = await startFakeShopify();
    events = await serveAction(shippingEvents as never);
    for (let i = 0; i < (options.workers ?? 1); i++)
      workers.push(
        await startWorker({
          env: {
            ...process.env,
            LOG_LEVEL: "info",
            WORKER_CONCURRENCY: "10",
            FAKE_SHOPIFY_ADMIN_URL: shopify.url,
          },
          nodeArgs: ["--import", "./fakes/shopify/redirect-shopify-admin.ts"],
        }),
      );
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => stopProcess(w.process)));
    await closeQueues();
    await events?.close();
    await sandbox?.close();
    await shopify?.close();
    await database.close();
  });

  /**
   * An installed shop: shipping key at the sandbox, offline session at the fake Shopify, events
   * registered (unless `events` is false: then no courier's progress queues jobs of its own).
   */
  async function newShop({ events: withEvents = true } = {}) {
    const shop = uniqueShop("procs");
    const key = liveKey("procs");
    await setUpShop(db, env.ENCRYPTION_KEY, shop, key, sandbox.url);
    await db.insert(sessionTable).values(offlineSessionRow(shop, shopify.connect(shop)));
    if (!withEvents) return { shop, key };
    const registered = await registerEvents(
      sandbox.url,
      key,
      `${events.url}${await eventsPathOf(db, shop)}`,
    );
    expect(registered.status).toBe(200);
    return { shop, key };
  }

  /** A signed delivery; Shopify holds the order it signed for (the worker asks whether it is the shop's). */
  async function deliver(
    action: unknown,
    topic: string,
    shop: string,
    body: Record<string, unknown>,
  ) {
    shopify.hold(topic, shop, JSON.stringify(body));
    return deliverWebhook(action, { topic, shop, body });
  }

  const statusIs = (shop: string, orderId: number, status: string) => async () => {
    const s = await shipmentOf(db, shop, orderId);
    return s?.status === status ? s : undefined;
  };
  const atService = (key: string, reference: string) => ({
    drafts: [...sandbox.service.account(key).drafts.values()].filter(
      (d) => d.spec.referenceId === reference,
    ),
    orders: [...sandbox.service.account(key).orders.values()].filter(
      (o) => o.spec.referenceId === reference,
    ),
  });
  const workerOutput = () => workers.map((w) => w.output()).join("\n");
  const failing = () =>
    workers.map((w, i) => `\nworker ${i + 1} output:\n${w.output().slice(-3000)}`).join("");
  type PlacedOrder = { shop: string; key: string; order: ReturnType<typeof freshOrder> };
  /** Until every order's shipment is confirmed; each order's state and the workers' output otherwise. */
  const allConfirmed = (orders: PlacedOrder[], label: string, timeoutMs: number) =>
    waitFor(
      label,
      async () => {
        for (const { shop, order } of orders)
          if ((await shipmentOf(db, shop, order.id))?.status !== "confirmed") return false;
        return true;
      },
      timeoutMs,
    ).catch(async (e: Error) => {
      const states = await Promise.all(
        orders.map(
          async ({ shop, order }) =>
            `${order.name}: ${(await shipmentOf(db, shop, order.id))?.status ?? "none"}`,
        ),
      );
      throw new Error(`${e.message}; states: ${states.join(", ")}${failing()}`);
    });
  /** Each order has exactly one draft and one order at the service. */
  const bookedOnceEach = (orders: PlacedOrder[]) => {
    for (const { shop, key, order } of orders) {
      const service = atService(key, referenceIdFor(shop, String(order.id)));
      expect(service.drafts, order.name).toHaveLength(1);
      expect(service.orders, order.name).toHaveLength(1);
    }
  };
  /** The shop's jobs that ran to the end, by name (each job counted once, whatever its tries). */
  const jobsOf = async (shop: string) => {
    const done = await getQueue(QUEUES.shipments).getJobs(["completed"]);
    const names: Record<string, number> = {};
    for (const job of done)
      if ((job.data as { shop?: string }).shop === shop)
        names[job.name] = (names[job.name] ?? 0) + 1;
    return names;
  };
  /** The order's shipment once booked; the worker's last output in the failure otherwise. */
  const bookedShipment = (shop: string, orderId: number) =>
    waitFor("confirmed", statusIs(shop, orderId, "confirmed"), 60_000).catch((e: Error) => {
      throw new Error(e.message + failing());
    });
  /** Until Shopify holds the order's status metafields. */
  const statusWritten = (shop: string, orderId: number) =>
    waitFor(
      "status metafield",
      async () =>
        shopify.log.metafields.some(
          (m) => m.shop === shop && m.ownerId === `gid://shopify/Order/${orderId}`,
        ),
      60_000,
    );

  describe(`store orders through web, worker processes and the sandbox, on ${backend}`, () => {
    it(
      "an order is drafted, booked, fulfilled with its status in Shopify, and followed to delivered",
      { timeout: 120_000 },
      async () => {
        const { shop, key } = await newShop();
        const order = freshOrder("multi-item");
        expect(await deliver(ordersCreate, "orders/create", shop, order)).toBe(200);
        const confirmed = await bookedShipment(shop, order.id);
        expect(confirmed).toMatchObject({
          referenceId: referenceIdFor(shop, String(order.id)),
          courierCompany: "jne",
          waybillId: expect.any(String),
          problem: null,
        });
        expect(atService(key, confirmed.referenceId).orders).toHaveLength(1);
        // Shopify hears of it through the worker's production Admin path: a fulfillment with the
        // waybill, and the order's status metafield (its definitions made first, once).
        await waitFor(
          "fulfilled in Shopify",
          async () => shopify.log.fulfillments.some((f) => f.shop === shop),
          60_000,
        );
        await waitFor(
          "status metafield",
          async () =>
            shopify.log.metafields.some((m) => m.shop === shop && m.value === "confirmed"),
          60_000,
        );

        // The courier moves the parcel; the service's events reach the web side, the worker syncs.
        for (
          let i = 0;
          i < 6 && (await shipmentOf(db, shop, order.id))?.status !== "delivered";
          i++
        ) {
          sandbox.service.lifecycle.advanceAll();
          await new Promise((r) => setTimeout(r, 400));
        }
        await waitFor("delivered", statusIs(shop, order.id, "delivered"), 60_000);
        await waitFor(
          "delivered in Shopify",
          async () =>
            shopify.log.metafields.some((m) => m.shop === shop && m.value === "delivered"),
          60_000,
        );
        const timeline = await timelineOf(db, confirmed.id);
        expect(timeline.slice(0, 3).map((e) => e.type)).toEqual([
          "recorded",
          "draft_created",
          "confirmed",
        ]);
        expect(timeline.at(-1)?.toStatus).toBe("delivered");
      },
    );

    it(
      "a shop that books without fulfilling: two Admin API calls per shipment, counted at Shopify",
      { timeout: 120_000 },
      async () => {
        const { shop } = await newShop({ events: false });
        await updateShopSettings(db, shop, { fulfillOnConfirm: false });
        const orders = Array.from({ length: 5 }, () => freshOrder("multi-item"));
        for (const order of orders)
          expect(await deliver(ordersCreate, "orders/create", shop, order)).toBe(200);
        for (const order of orders) {
          await bookedShipment(shop, order.id);
          await statusWritten(shop, order.id);
        }
        // One read before drafting (whose order, its fulfillment orders, its products) and one
        // write after booking; the metafield definitions are made once per shop, not per shipment.
        const calls = Object.fromEntries(shopify.callsOf(shop));
        const perShop = ["StatusMetafieldDefinition", "StatusMetafieldDefinitionCreate"];
        const perShipment = Object.entries(calls).filter(([op]) => !perShop.includes(op));
        expect(Object.fromEntries(perShipment)).toEqual({
          OrderForShipping: orders.length,
          ShipmentStatusMetafield: orders.length,
        });
        expect(perShipment.reduce((sum, [, n]) => sum + n, 0)).toBeLessThanOrEqual(
          2 * orders.length,
        );
        for (const op of perShop) expect(calls[op] ?? 0).toBeLessThanOrEqual(2);
        // What the merged statements record: the owner check (with the order's read) and each
        // delivery processed (with the draft's save).
        for (const order of orders)
          expect((await shipmentOf(db, shop, order.id))?.orderVerifiedAt).toBeInstanceOf(Date);
        const inbox = await db
          .select({ status: webhookInbox.status })
          .from(webhookInbox)
          .where(eq(webhookInbox.shop, shop));
        expect(inbox.map((row) => row.status)).toEqual(orders.map(() => "processed"));
        // Two jobs per shipment: the confirmation writes the status itself (no shopify-sync job).
        // A confirmation is marked completed just after it writes the status: wait for the last.
        await waitFor(
          "every confirmation completed",
          async () => (await jobsOf(shop)).confirm === orders.length,
          30_000,
        ).catch(() => undefined);
        expect(await jobsOf(shop)).toEqual({
          "create-draft": orders.length,
          confirm: orders.length,
        });
      },
    );

    it(
      "Shopify unavailable when the booking's status is written: the booking stands, a shopify-sync job writes it",
      { timeout: 120_000 },
      async () => {
        const { shop, key } = await newShop({ events: false });
        await updateShopSettings(db, shop, { fulfillOnConfirm: false });
        shopify.failNext(shop, "ShipmentStatusMetafield");
        const order = freshOrder("multi-item");
        expect(await deliver(ordersCreate, "orders/create", shop, order)).toBe(200);
        const confirmed = await bookedShipment(shop, order.id);
        await statusWritten(shop, order.id);
        // Refused once (503), written once by the job the confirmation queued instead.
        expect(shopify.callsOf(shop).get("ShipmentStatusMetafield")).toBe(2);
        expect(atService(key, confirmed.referenceId).orders).toHaveLength(1);
        await waitFor(
          "the shopify-sync job and the confirmation done",
          async () => {
            const done = await jobsOf(shop);
            return done["shopify-sync"] === 1 && done.confirm === 1;
          },
          30_000,
        );
        expect(await jobsOf(shop)).toEqual({ "create-draft": 1, confirm: 1, "shopify-sync": 1 });
        expect(await shipmentOf(db, shop, order.id)).toMatchObject({
          status: "confirmed",
          problem: null,
        });
      },
    );

    it(
      "the cancel path: a cancel before its create makes nothing; a cancel after booking cancels at the service",
      { timeout: 120_000 },
      async () => {
        const { shop, key } = await newShop();
        const early = freshOrder("multi-item");
        const cancelledAt = new Date().toISOString();
        expect(
          await deliver(ordersCancelled, "orders/cancelled", shop, {
            ...early,
            cancelled_at: cancelledAt,
            cancel_reason: "customer",
          }),
        ).toBe(200);
        expect(await deliver(ordersCreate, "orders/create", shop, early)).toBe(200);

        const booked = freshOrder("multi-item");
        await deliver(ordersCreate, "orders/create", shop, booked);
        const confirmed = await bookedShipment(shop, booked.id);
        await deliver(ordersCancelled, "orders/cancelled", shop, {
          ...booked,
          cancelled_at: new Date().toISOString(),
          cancel_reason: "customer",
        });
        await waitFor("cancelled", statusIs(shop, booked.id, "cancelled"), 60_000);
        expect(atService(key, confirmed.referenceId).orders[0]?.status).toBe("cancelled");

        expect((await shipmentOf(db, shop, early.id))?.status).toBe("cancelled");
        expect(atService(key, referenceIdFor(shop, String(early.id))).drafts).toHaveLength(0);
      },
    );

    it(
      "forty orders of two shops at once, each delivered twice concurrently: every one booked exactly once",
      { timeout: 180_000 },
      async () => {
        const shops = [await newShop(), await newShop()];
        const orders = shops.flatMap((s) =>
          Array.from({ length: 20 }, () => ({ ...s, order: freshOrder("multi-item") })),
        );
        // Two subscriptions deliver each order (distinct delivery ids), all at the same moment.
        const answers = await Promise.all(
          orders.flatMap(({ shop, order }) => [
            deliver(ordersCreate, "orders/create", shop, order),
            deliver(ordersCreate, "orders/create", shop, order),
          ]),
        );
        expect(answers.filter((status) => status !== 200)).toEqual([]);
        await allConfirmed(orders, "all forty confirmed", 150_000);
        bookedOnceEach(orders);
        // No job waited inside a transaction, and the embedded server ended none.
        expect(workerOutput()).not.toContain("inside a database transaction");
        expect(workerOutput()).not.toContain("ended this connection's transaction");
      },
    );

    const failRedisOver = options.failRedisOver;
    if (failRedisOver)
      it(
        "sixty orders of two shops while Redis's master fails over mid-run: every one booked exactly once within five minutes, no process restarted",
        { timeout: 360_000 },
        async () => {
          const shops = [await newShop({ events: false }), await newShop({ events: false })];
          const orders = shops.flatMap((s) =>
            Array.from({ length: 30 }, () => ({ ...s, order: freshOrder("multi-item") })),
          );
          let killedAt = 0;
          let refused = 0;
          // Shopify delivers each order one after another, and redelivers (same delivery id) what
          // was not answered 200: here every 250 ms, Shopify's own retries being minutes apart.
          for (const [i, { shop, order }] of orders.entries()) {
            if (i === 20) {
              await failRedisOver();
              killedAt = Date.now();
            }
            const webhookId = `failover-${shop}-${order.id}`;
            shopify.hold("orders/create", shop, JSON.stringify(order));
            for (;;) {
              const status = await deliverWebhook(ordersCreate, {
                topic: "orders/create",
                shop,
                body: order,
                webhookId,
              });
              if (status === 200) break;
              expect(
                status,
                "a delivery Redis could not take is answered 5xx",
              ).toBeGreaterThanOrEqual(500);
              refused++;
              expect(Date.now() - killedAt, "deliveries accepted again").toBeLessThan(120_000);
              await new Promise((r) => setTimeout(r, 250));
            }
          }
          await allConfirmed(orders, "all sixty confirmed", 300_000 - (Date.now() - killedAt));
          expect(Date.now() - killedAt).toBeLessThan(300_000);
          bookedOnceEach(orders);
          for (const w of workers) expect(w.process.exitCode, failing()).toBeNull();
          // What the failover cost, for the log of the run.
          console.info(
            `${backend}: master killed after 20 of 60 orders; ${refused} deliveries answered 5xx and redelivered; all booked ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`,
          );
        },
      );
  });
}
