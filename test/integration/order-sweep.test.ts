import { describe, expect, it, vi } from "vitest";

// Before any module reads the environment: the workers' Admin API calls go to the fake Shopify
// started below over HTTP (its address is set once it listens).
vi.hoisted(() => {
  process.env.FAKE_SHOPIFY_ADMIN_URL = "http://127.0.0.1:1";
});

import "#fakes/shopify/redirect-shopify-admin.ts";
import type { Job } from "bullmq";
import { adminGateway } from "#app/admin-api/gateway.server.ts";
import { db } from "#app/db/index.server.ts";
import { sessionTable } from "#app/db/schema.ts";
import { jobId, QUEUES, sweepWindow } from "#app/jobs/definitions.ts";
import { enqueue, getQueue } from "#app/jobs/queues.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { offlineSessionRow } from "#fakes/shopify/fake-shopify-server.ts";
import { syncRecentOrders } from "#worker/processors/sync-orders.ts";
import { freshOrder, setUpShop, shipmentOf, waitFor } from "../helpers/pipeline.ts";
import { liveKey } from "../helpers/sandbox.ts";
import { uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * The lost-webhook sweep fans out: one job per shop, each at its shop's turn and pace, so a shop
 * whose Shopify never answers holds back its own job, not the other shops' orders. The workers
 * reach the fake Shopify over HTTP through the production gateway, with a deadline of 3 s a call.
 */
const stack = testStack({
  sandbox: {},
  shopify: { admin: true },
  workers: { concurrency: 2, adminGraphql: adminGateway(() => 3_000) },
});

async function connectedShop(label: string) {
  const shop = uniqueShop(label);
  await setUpShop(db, getEnv().ENCRYPTION_KEY, shop, liveKey(label), stack.sandbox.url, {
    defaultCourier: null,
  });
  await db.insert(sessionTable).values(offlineSessionRow(shop, stack.shopify.connect(shop)));
  return shop;
}

describe("the order sweep", () => {
  it("one shop whose Shopify never answers holds back no other shop's lost order", async () => {
    const silent = await connectedShop("sweep-silent");
    const calm = await connectedShop("sweep-calm");
    stack.shopify.hang(silent);
    // The calm shop's order whose webhooks were lost: only Shopify has it.
    const lost = freshOrder("multi-item", { updated_at: new Date().toISOString() });
    stack.shopify.orders.put(calm, lost);

    const now = new Date();
    const queued = [];
    for (const shop of [silent, calm])
      queued.push(
        await syncRecentOrders(
          { data: { lookbackMinutes: 60 } } as Job,
          { db, enqueue },
          now,
          shop,
        ),
      );
    expect(queued).toEqual([
      { shops: 1, queued: 1 },
      { shops: 1, queued: 1 },
    ]);

    await waitFor("the calm shop's lost order booked", async () => {
      const s = await shipmentOf(db, calm, lost.id as number);
      return s?.status === "confirmed";
    });
    // The silent shop's sweep has not finished: it waits on Shopify, or for its retry.
    const window = sweepWindow(now);
    const silentJob = await getQueue(QUEUES.shipments).getJob(jobId("sync-orders", silent, window));
    expect(await silentJob?.getState()).not.toBe("completed");
  });
});
