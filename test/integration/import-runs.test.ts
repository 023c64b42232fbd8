import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

// Before any module reads the environment: one import run reads a page at a time, across shops.
vi.hoisted(() => {
  process.env.IMPORTS_RUNNING_LIMIT = "1";
});

import { eq } from "drizzle-orm";
import { actionDeps } from "#app/shipments/action-deps.server.ts";
import { db } from "#app/db/index.server.ts";
import { orderImports } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { QUEUES, jobId } from "#app/jobs/definitions.ts";
import { getQueue, producerConnection } from "#app/jobs/queues.server.ts";
import { whenReady } from "#app/platform/redis.server.ts";
import { ImportSlots } from "#app/orders/import-slots.server.ts";
import { latestImport, startImport } from "#app/orders/imports.server.ts";
import { ORDERS_PAGE_SIZE } from "#app/orders/admin-order.ts";
import { importOpenOrders } from "#app/shipments/actions.server.ts";
import { liveKey } from "../helpers/sandbox.ts";
import {
  FakeShopifyOrders,
  freshOrder,
  setUpShop,
  startTestWorkers,
  waitFor,
} from "../helpers/pipeline.ts";
import { uniqueShop } from "../helpers/shopify.ts";
import type { RunningWorkers } from "#worker/worker.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * The merchant's "import open orders": one page of Shopify's orders per job (so an import never
 * holds a worker's slot for more than a page), at most one run per shop, and at most
 * IMPORTS_RUNNING_LIMIT runs (here 1) reading a page at once across all shops.
 */
const env = getEnv();
const stack = testStack({ sandbox: {} });
let workers: RunningWorkers | undefined;
const shopify = new FakeShopifyOrders();

beforeAll(async () => {
  await whenReady(producerConnection(), 5_000);
});
afterEach(async () => {
  await workers?.close();
  workers = undefined;
});

/** A shop with `count` open orders of the last days in Shopify, none received by webhook. */
async function shopWithOrders(count: number) {
  const shop = uniqueShop("import");
  await setUpShop(db, env.ENCRYPTION_KEY, shop, liveKey("import"), stack.sandbox.url, {
    autoConfirm: false,
    defaultCourier: null,
  });
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const at = new Date(now - (i + 1) * 3600_000).toISOString();
    shopify.put(shop, freshOrder("multi-item", { created_at: at, updated_at: at }));
  }
  return shop;
}
/** Orders that fill a page and part of the next; and two pages and part of a third. */
const TWO_PAGES = ORDERS_PAGE_SIZE + 5;
const THREE_PAGES = 2 * ORDERS_PAGE_SIZE + 5;
const done = (shop: string) => async () => {
  const run = await latestImport(db, shop);
  return run?.status === "done" ? run : undefined;
};

describe("import runs", () => {
  it("a run whose next page's job Redis lost goes on when the merchant imports again", async () => {
    const shop = await shopWithOrders(TWO_PAGES);
    const importId = await importOpenOrders(actionDeps(), shop);
    // Redis loses the queued job (flushed, failed over) before any worker took it.
    await (await getQueue(QUEUES.shipments).getJob(jobId("import", importId)))!.remove();
    expect(await importOpenOrders(actionDeps(), shop)).toBe(importId);
    workers = startTestWorkers(db, env, { shopifyOrders: shopify });
    expect(await waitFor("import done", done(shop))).toMatchObject({
      id: importId,
      pages: 2,
      seen: TWO_PAGES,
    });
  });

  it("read one page per job, each page's job queueing the next from the saved cursor", async () => {
    const shop = await shopWithOrders(THREE_PAGES);
    const importId = await importOpenOrders(actionDeps(), shop);
    workers = startTestWorkers(db, env, { shopifyOrders: shopify });
    const run = await waitFor("import done", done(shop));
    expect(run).toMatchObject({ id: importId, pages: 3, seen: THREE_PAGES, created: THREE_PAGES });
    const queue = getQueue(QUEUES.shipments);
    // The run is marked done inside the last page's job, a moment before BullMQ records that
    // job's answer: wait for the three answers.
    const pageJobs = await waitFor("page jobs answered", async () => {
      const jobs = await Promise.all(
        [
          jobId("import", importId),
          jobId("import", importId, "p1"),
          jobId("import", importId, "p2"),
        ].map((id) => queue.getJob(id)),
      );
      return jobs.every((j) => j?.finishedOn) ? jobs : undefined;
    });
    expect(pageJobs.map((j) => j?.returnvalue)).toEqual(["page 1 read", "page 2 read", "done"]);
    expect(await queue.getJob(jobId("import", importId, "p3"))).toBeUndefined();
  });

  it("two clicks at once start one run per shop", async () => {
    const shop = await shopWithOrders(1);
    const ids = await Promise.all([
      startImport(db, shop),
      startImport(db, shop),
      startImport(db, shop),
    ]);
    expect(new Set(ids.map((run) => run.id)).size).toBe(1);
    const running = await db
      .select({ id: orderImports.id })
      .from(orderImports)
      .where(eq(orderImports.shop, shop));
    expect(running).toHaveLength(1);
  });

  it("a page waits while other shops' imports hold every slot, and reads once one is free", async () => {
    const shop = await shopWithOrders(TWO_PAGES);
    // Another shop's run holds the only slot.
    const slots = new ImportSlots(producerConnection(), env.QUEUE_PREFIX, 1);
    expect(await slots.take("another-shops-run")).toBe(true);
    const importId = await importOpenOrders(actionDeps(), shop);
    workers = startTestWorkers(db, env, { shopifyOrders: shopify });
    await waitFor("the first page put off", async () => {
      const job = await getQueue(QUEUES.shipments).getJob(jobId("import", importId));
      return job ? (await job.getState()) === "delayed" : false;
    });
    expect((await latestImport(db, shop))?.pages).toBe(0);
    await slots.give("another-shops-run");
    expect(await waitFor("import done", done(shop))).toMatchObject({ pages: 2, seen: TWO_PAGES });
    // The first page's job ran twice (put off, then read) and spent one attempt: its reading.
    const first = await getQueue(QUEUES.shipments).getJob(jobId("import", importId));
    expect(first?.attemptsStarted).toBe(2);
    expect(first?.attemptsMade).toBe(1);
    expect(await slots.holders()).toEqual([]);
  });
});
