import { beforeAll, describe, expect, it, vi } from "vitest";

// Before any module reads the environment: a small rate, burst and cap, to reach them quickly.
vi.hoisted(() => {
  process.env.SHOP_REQUEST_RATE = "60";
  process.env.SHOP_REQUEST_BURST = "5";
  process.env.SHOP_REQUESTED_JOBS_LIMIT = "10";
});

import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "#app/db/index.server.ts";
import { shipmentEvents, shipments, shops } from "#app/db/schema.ts";
import { QUEUES, jobId } from "#app/jobs/definitions.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { getQueue, producerConnection } from "#app/jobs/queues.server.ts";
import * as orderApi from "#app/routes/api.orders.$orderId.shipment.tsx";
import * as settingsRoute from "#app/routes/app.settings/route.tsx";
import * as pdfRoute from "#app/routes/app.labels[.]pdf.tsx";
import * as detailRoute from "#app/routes/app.shipments.$id/route.tsx";
import * as listRoute from "#app/routes/app._index/route.tsx";
import * as costsCsvRoute from "#app/routes/app.costs[.]csv.tsx";
import * as rulesRoute from "#app/routes/app.courier-rules/route.tsx";
import { sessionStorage } from "#app/shopify.server.ts";
import { whenReady } from "#app/platform/redis.server.ts";
import { recordInstall } from "#app/shops/shops.server.ts";
import { offlineSession, sessionTokenRequest, uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * Each shop's request rate on the app's API and the admin pages' actions (SHOP_REQUEST_RATE a
 * minute, SHOP_REQUEST_BURST at once; here 60 and 5), and the cap on the jobs a merchant may
 * have asked for (SHOP_REQUESTED_JOBS_LIMIT; here 10): past either, 429 with Retry-After.
 */
const env = getEnv();

beforeAll(async () => {
  // The producer fails fast rather than queueing commands: wait for its connection.
  await whenReady(producerConnection(), 5_000);
});
testStack();

async function installedShop(label: string) {
  const shop = uniqueShop(label);
  await recordInstall(db, shop);
  await sessionStorage.storeSession(offlineSession(shop));
  // Its time zone known: the pages here ask Shopify nothing else (this file has no Shopify).
  await db.update(shops).set({ ianaTimezone: "Asia/Jakarta" }).where(eq(shops.shop, shop));
  return shop;
}

type Route = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<unknown>;
async function call(route: unknown, request: Request, params: Record<string, string> = {}) {
  try {
    const answer = await (route as Route)({ request, params, context: {} });
    return answer instanceof Response ? answer : new Response(null, { status: 200 });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const blockRead = async (shop: string, orderId = "123") =>
  call(
    orderApi.loader,
    await sessionTokenRequest(`/api/orders/${orderId}/shipment`, shop, {
      headers: { origin: "https://admin.shopify.com", "accept-language": "id-ID" },
    }),
    { orderId },
  );
const create = async (shop: string, orderId: string) =>
  call(
    orderApi.action,
    await sessionTokenRequest(`/api/orders/${orderId}/shipment`, shop, {
      method: "POST",
      body: JSON.stringify({ action: "create" }),
      headers: { "content-type": "application/json", origin: "https://admin.shopify.com" },
    }),
    { orderId },
  );

describe("each shop's request rate", () => {
  it("past the burst the API answers 429 with Retry-After and CORS, for that shop only", async () => {
    const busy = await installedShop("busy");
    const calm = await installedShop("calm");
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await blockRead(busy));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = answers[5]!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(2);
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    // In the merchant's words, with when to come back.
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^Terlalu banyak permintaan dari toko ini dalam waktu singkat\. Coba lagi dalam [12] detik\.$/,
    );
    // Another shop is not held back by this one.
    expect((await blockRead(calm)).status).toBe(200);
    // The rate refills: one request a second here.
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await blockRead(busy)).status).toBe(200);
  });

  it("the admin pages' actions count, their ordinary pages do not", async () => {
    const shop = await installedShop("admin");
    for (let i = 0; i < 8; i++)
      expect((await call(listRoute.loader, await sessionTokenRequest("/app", shop))).status).toBe(
        200,
      );
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      const request = await sessionTokenRequest("/app/settings", shop, {
        method: "POST",
        body: new URLSearchParams({ intent: "nothing-known" }),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      statuses.push((await call(settingsRoute.action, request)).status);
    }
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(statuses.slice(0, 5)).not.toContain(429);
  });
});

describe("the costly pages, and every spelling of a metered path", () => {
  it("a label print counts: past the burst, 429 before anything is read or drawn", async () => {
    const shop = await installedShop("labels");
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await call(pdfRoute.loader, await sessionTokenRequest("/app/labels.pdf", shop))).status,
      );
    // Within the burst the route answers (400: no shipments named); past it, 429.
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });

  it("a shipment's page counts: loading it asks the shipping service and Shopify", async () => {
    const shop = await installedShop("detail");
    const id = "00000000-0000-4000-8000-000000000009";
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (
          await call(detailRoute.loader, await sessionTokenRequest(`/app/shipments/${id}`, shop), {
            id,
          })
        ).status,
      );
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(statuses.slice(0, 5)).not.toContain(429);
  });

  it("a path spelled otherwise (case, escapes) is the path Remix routes, metered the same", async () => {
    const shop = await installedShop("spelled");
    const statuses = [];
    for (const path of [
      "/API/orders/5/shipment",
      "/%61pi/orders/5/shipment",
      "/Api/Orders/5/shipment",
      "/%41PI/orders/5/shipment",
      "/api/orders/5/shipment",
      "/API/orders/5/shipment",
      "/%61pi/orders/5/shipment",
    ])
      statuses.push(
        (
          await call(
            orderApi.loader,
            await sessionTokenRequest(path, shop, {
              headers: { origin: "https://admin.shopify.com" },
            }),
            { orderId: "5" },
          )
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it("a costly page counts by its route, whatever path Remix matched it by (repeated slashes too)", async () => {
    const shop = await installedShop("slashes");
    const id = "00000000-0000-4000-8000-000000000009";
    const statuses = [];
    for (const path of [
      `/app/shipments/${id}//`,
      "/app/labels.pdf//?ids=",
      "/APP/Labels.PDF",
      "/app/labels%2Epdf",
      `/App/Shipments/${id}/`,
      "/app/labels.pdf//",
      `/app/shipments/${id}//`,
    ]) {
      const request = await sessionTokenRequest(path, shop);
      const route = /shipments/i.test(path) ? detailRoute.loader : pdfRoute.loader;
      statuses.push((await call(route, request, { id })).status === 429);
    }
    expect(statuses).toEqual([false, false, false, false, false, true, true]);
  });

  it("the CSVs, the settings and the courier rules pages count: they read much, or ask Shopify", async () => {
    for (const [route, path] of [
      [costsCsvRoute.loader, "/app/costs.csv"],
      [settingsRoute.loader, "/app/settings"],
      [rulesRoute.loader, "/app/courier-rules"],
    ] as const) {
      const shop = await installedShop("loads");
      const statuses = [];
      for (let i = 0; i < 7; i++) {
        const answer = await call(route, await sessionTokenRequest(path, shop));
        // Read whole, as the page does: a CSV holds the shop's download slot until then.
        await answer.text();
        statuses.push(answer.status);
      }
      expect([path, statuses.slice(5)]).toEqual([path, [429, 429]]);
      expect(statuses.slice(0, 5)).not.toContain(429);
    }
  });
});

describe("the cap on jobs a merchant asked for", () => {
  it("past SHOP_REQUESTED_JOBS_LIMIT waiting imports, creating answers 429 until some are done", async () => {
    const shop = await installedShop("imports");
    const statuses: number[] = [];
    const bodies: string[] = [];
    for (let round = 0; round < 3; round++) {
      // Each round within the request rate (a burst of 5): what is tested here is the cap alone.
      await producerConnection().del(`${env.QUEUE_PREFIX}:rate:${shop}`);
      for (let i = 0; i < 5; i++) {
        const answer = await create(shop, String(7_000_000_000 + round * 5 + i));
        statuses.push(answer.status);
        bodies.push(await answer.text());
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses.slice(10)).toEqual(Array(5).fill(429));
    expect(bodies[10]).toMatch(/too many orders waiting to be read from Shopify/);
  });

  it("a merchant's cancels take the shop's turn and count in its share: past the cap, 429, nothing recorded", async () => {
    const shop = await installedShop("cancels");
    const orderIds = Array.from({ length: 12 }, (_, i) => String(8_000_000_000 + i));
    await db.insert(shipments).values(
      orderIds.map((orderId) => ({
        shop,
        orderId,
        orderName: `#${orderId.slice(-4)}`,
        referenceId: `${shop}-${orderId}`,
        status: "draft_ready",
        draftOrderId: crypto.randomUUID(),
      })),
    );
    const cancel = async (orderId: string) =>
      call(
        orderApi.action,
        await sessionTokenRequest(`/api/orders/${orderId}/shipment`, shop, {
          method: "POST",
          body: JSON.stringify({ action: "cancel" }),
          headers: { "content-type": "application/json", origin: "https://admin.shopify.com" },
        }),
        { orderId },
      );
    const statuses: number[] = [];
    for (const orderId of orderIds) {
      // Within the request rate (a burst of 5): what is tested here is the share alone.
      await producerConnection().del(`${env.QUEUE_PREFIX}:rate:${shop}`);
      statuses.push((await cancel(orderId)).status);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    // Queued at the shop's turn (a BullMQ priority), not ahead of every shop's work.
    const job = await getQueue(QUEUES.shipments).getJob(
      jobId("cancel", shop, orderIds[0]!, "a1", "merchant"),
    );
    expect(job?.opts.priority).toBeGreaterThan(0);
    // The refused one left nothing on its shipment's timeline.
    const [refused] = await db.select().from(shipments).where(eq(shipments.orderId, orderIds[11]!));
    const told = await db
      .select()
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipmentId, refused!.id));
    expect(told.filter((e) => e.type === "cancel_requested")).toEqual([]);
  });
});
