import type { Job, Queue } from "bullmq";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import type { enqueue as enqueueFns } from "#app/jobs/queues.server.ts";
import { recordInstall } from "#app/shops/shops.server.ts";
import { executedRows } from "#app/db/client.server.ts";
import { producerConnection } from "#app/jobs/queues.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { ServiceRateLimiter } from "#app/shipping/limiter.server.ts";
import { pollStatuses } from "#worker/processors/poll-statuses.ts";
import { processPollShopStatuses } from "#worker/processors/poll-shop-statuses.ts";
import { reconcile } from "#worker/processors/reconcile.ts";
import { uniqueShop } from "../helpers/shopify.ts";
import { setUpShop } from "../helpers/pipeline.ts";
import { testKey } from "../helpers/sandbox.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * The periodic sweeps that look at every shop's parcels: the status poll queues a job per shop
 * with due parcels, each taking its own at its key's share, and a parcel the poll asked about is
 * not due again until it has been quiet again; reconciliation takes shops in turn. One shop's
 * thousands of parcels never hide another shop's one.
 * The processors as the worker runs them, on PostgreSQL; what they queue is recorded.
 */
testStack();

const HOUR = 3_600_000;
const env = getEnv();

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

/** An installed shop with a test key (five calls a second) at a service never called here. */
async function keyedShop(label: string) {
  const shop = uniqueShop(label);
  await setUpShop(db, env.ENCRYPTION_KEY, shop, testKey(label), "http://127.0.0.1:1");
  return shop;
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
  const limiter = new ServiceRateLimiter(producerConnection(), env.QUEUE_PREFIX);
  const pollShop = async (shop: string) => {
    const { queued, enqueue } = recorder();
    const counts = await processPollShopStatuses({ data: { shop } } as Job, {
      db,
      env,
      enqueue,
      limiter,
    });
    return { queued, ...counts };
  };

  it("queues one job per shop with due parcels; a shop's job takes its own at its key's share", async () => {
    const busy = await keyedShop("poll-busy");
    const calm = await keyedShop("poll-calm");
    const fresh = await keyedShop("poll-fresh");
    // The busy shop's parcels have been quiet three days, the calm shop's one an hour, the fresh
    // shop's one changed five minutes ago (not due: the poll asks after ten).
    await seed(busy, 500, "dropping_off", 72);
    await seed(calm, 1, "dropping_off", 1);
    await seed(fresh, 1, "picking_up", 5 / 60);
    const sweep = async () => {
      const shops: string[] = [];
      const enqueue = {
        pollShopStatuses: async (shop: string) => (shops.push(shop), { id: shop }),
      } as unknown as typeof enqueueFns;
      await pollStatuses({ data: {} } as Job, { db, enqueue });
      return shops.filter((s) => [busy, calm, fresh].includes(s));
    };
    expect((await sweep()).sort()).toEqual([busy, calm].sort());

    // The calm shop's job asks about its one parcel; the busy shop's takes a quarter of its test
    // key's five calls a second over the five-minute window (367), the next window the rest.
    expect((await pollShop(calm)).queued.map((q) => q.shop)).toEqual([calm]);
    const first = await pollShop(busy);
    expect(first.polled).toBe(367);
    const second = await pollShop(busy);
    expect(second.polled).toBe(133);
    expect(new Set([...first.queued, ...second.queued].map((q) => q.id)).size).toBe(500);
    // Every one asked about: nothing is due until it has been quiet again, and no shop is queued.
    expect((await pollShop(busy)).polled).toBe(0);
    expect(await sweep()).toEqual([]);
  });

  it("asks about a parcel as long after its last poll as it had been quiet then: 10 minutes to 3 hours", async () => {
    const shop = await keyedShop("poll-backoff");
    await seed(shop, 1, "dropping_off", 72);
    const { id } = executedRows<{ id: string }>(
      await db.execute(sql`SELECT id FROM shipments WHERE shop = ${shop}`),
    )[0]!;
    const polledHoursAgo = async (hours: number) =>
      db.execute(sql`
        INSERT INTO shipment_polls (shipment_id, polled_at)
        VALUES (${id}, now() - make_interval(secs => ${hours * 3600}))
        ON CONFLICT (shipment_id) DO UPDATE SET polled_at = excluded.polled_at`);
    const due = async () => (await pollShop(shop)).polled;
    // Quiet three days when last asked: asked again three hours later, not sooner.
    await polledHoursAgo(2.9);
    expect(await due()).toBe(0);
    await polledHoursAgo(3.05);
    expect(await due()).toBe(1);

    // Changed 25 minutes ago and asked 5 minutes ago (quiet 20 minutes then): due 20 minutes after.
    await db.execute(
      sql`UPDATE shipments SET updated_at = now() - interval '25 minutes' WHERE id = ${id}`,
    );
    await polledHoursAgo(5 / 60);
    expect(await due()).toBe(0);
    await polledHoursAgo(21 / 60);
    await db.execute(
      sql`UPDATE shipments SET updated_at = now() - interval '41 minutes' WHERE id = ${id}`,
    );
    expect(await due()).toBe(1);
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
