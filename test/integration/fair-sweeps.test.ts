import type { Job, Queue } from "bullmq";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import type { enqueue as enqueueFns } from "#app/jobs/queues.server.ts";
import { recordInstall } from "#app/shops/shops.server.ts";
import { pollStatuses } from "#worker/processors/poll-statuses.ts";
import { reconcile } from "#worker/processors/reconcile.ts";
import { uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * The periodic sweeps that look at every shop's parcels (the status poll, reconciliation) take
 * them shop by shop in turn, and a parcel the poll asked about is not due again until it has been
 * quiet for the poll's staleness: one shop's thousands of parcels never hide another shop's one.
 * The processors as the worker runs them, on PostgreSQL; what they queue is recorded.
 */
testStack();

const HOUR = 3_600_000;

/** What a sweep queued: each job's name and its shop. */
function recorder() {
  const queued: { job: string; shop: string; id: string }[] = [];
  const record =
    (job: string) =>
    async (shop: string, id: string): Promise<unknown> => {
      queued.push({ job, shop, id });
      return { id: `${job}-${id}` };
    };
  const enqueue = {
    syncStatus: record("sync-status"),
    syncReturnPickup: record("sync-return-pickup"),
    createDraft: record("create-draft"),
    confirm: record("confirm"),
    cancel: record("cancel"),
    fulfillmentChange: record("fulfillment-change"),
    settleCod: record("settle-cod"),
    processReturn: record("process-return"),
  } as unknown as typeof enqueueFns;
  return { queued, enqueue };
}

let seeded = 0;
/** `count` shipments of `shop` in `status`, last changed `hoursAgo`. */
async function seed(shop: string, count: number, status: string, hoursAgo: number) {
  const from = seeded;
  seeded += count;
  const at = new Date(Date.now() - hoursAgo * HOUR).toISOString();
  await db.execute(sql`
    INSERT INTO shipments (shop, order_id, reference_id, status, courier_company, courier_type,
      waybill_id, updated_at, created_at)
    SELECT ${shop}, (8100000 + n)::text, ${shop} || '-' || n, ${status}, 'jne', 'reg',
      'WB' || n, ${at}::timestamptz, ${at}::timestamptz
    FROM generate_series(${from + 1}::int, ${from + count}::int) n`);
}

async function shopWith(label: string, settings: Record<string, unknown>) {
  const shop = uniqueShop(label);
  await recordInstall(db, shop);
  await db.execute(
    sql`UPDATE shops SET settings = settings || ${JSON.stringify(settings)}::jsonb WHERE shop = ${shop}`,
  );
  return shop;
}

describe("the status poll", () => {
  it("one shop's 2,500 quiet parcels never hide another's one; each is asked about once a window", async () => {
    const busy = await shopWith("poll-busy", {});
    const calm = await shopWith("poll-calm", {});
    // The busy shop's parcels have been quiet three days, the calm shop's one an hour.
    await seed(busy, 2_500, "dropping_off", 72);
    await seed(calm, 1, "dropping_off", 1);
    const poll = async () => {
      const { queued, enqueue } = recorder();
      await pollStatuses({ data: { staleSeconds: 600 } } as Job, { db, enqueue });
      return queued;
    };
    const first = await poll();
    expect(first).toHaveLength(2_000);
    expect(first.filter((q) => q.shop === calm)).toHaveLength(1);
    // The next run: the busy shop's 501 not asked about yet, not the 1,999 asked about just now.
    const second = await poll();
    expect(second).toHaveLength(501);
    expect(second.every((q) => q.shop === busy)).toBe(true);
    expect(new Set([...first, ...second].map((q) => q.id)).size).toBe(2_501);
    // Every one asked about in this window: nothing is due until they have been quiet again.
    expect(await poll()).toEqual([]);
  });
});

describe("reconciliation", () => {
  it("a shop's hundreds of orders and drafts waiting on its merchant never hide another shop's lost job", async () => {
    // The busy shop makes drafts and confirms them by hand: 600 orders and 600 drafts wait on it.
    const busy = await shopWith("reconcile-busy", { autoCreateDrafts: false, autoConfirm: false });
    const calm = await shopWith("reconcile-calm", { autoCreateDrafts: true, autoConfirm: true });
    await seed(busy, 600, "pending", 48);
    await seed(busy, 600, "draft_ready", 48);
    // The calm shop's order and draft lost their jobs an hour ago.
    await seed(calm, 1, "pending", 1);
    await seed(calm, 1, "draft_ready", 1);
    const { queued, enqueue } = recorder();
    const noJobs = { getJob: async () => undefined } as unknown as Queue;
    const counts = await reconcile({ data: { olderThanSeconds: 60 } } as Job, {
      db,
      enqueue,
      shipmentsQueue: () => noJobs,
    });
    expect(queued.map((q) => [q.job, q.shop])).toEqual([
      ["create-draft", calm],
      ["confirm", calm],
    ]);
    expect(counts).toMatchObject({ create: 1, confirm: 1 });
  });
});
