import crypto from "node:crypto";
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { QUEUES, maintenanceJobs } from "#app/jobs/definitions.ts";
import { referenceIdFor } from "#app/orders/map.ts";
import { Stack } from "../../bench/stack.ts";
import { freshOrder } from "../helpers/pipeline.ts";

/**
 * The app as deployed with replicas (bench/stack.ts: the compiled web server and worker, on
 * PostgreSQL and Redis, the sandbox over HTTP): two web and three worker processes on one database
 * and one Redis. Every order reaches both web processes (two subscriptions, at the same moment)
 * and is booked exactly once; the scheduled work has one schedule per kind whatever the number of
 * workers, and its first run happens once.
 */
let stack: Stack;

beforeAll(async () => {
  stack = await Stack.start({
    name: `replicas_${process.pid}`,
    sandbox: {},
    webs: 2,
    workers: 3,
    workerConcurrency: 10,
    // The run's production build (test/setup/system-build.ts).
    build: inject("systemBuild"),
  });
}, 240_000);
afterAll(() => stack?.stop());

describe("two web and three worker processes", () => {
  it("run JavaScript only, as deployed: no TypeScript file given to node", () => {
    // A `.ts` preload would make Node load its type stripper, which the app as deployed never has.
    const processes = [
      ...stack.webs.map((w) => w.child.process),
      ...stack.workers.map((w) => w.process),
    ];
    expect(processes).toHaveLength(5);
    for (const child of processes) {
      expect(child.spawnargs.some((arg) => arg.endsWith(".js"))).toBe(true);
      expect(child.spawnargs.filter((arg) => /\.[cm]?ts$/.test(arg))).toEqual([]);
    }
  });

  it(
    "sixty orders, each delivered to both web processes at once, are booked exactly once",
    { timeout: 180_000 },
    async () => {
      const shops = Array.from({ length: 2 }, (_, i) => ({
        shop: `replicas-${process.pid}-${i}.myshopify.com`,
        key: `biteship_live.replicas${i}-${crypto.randomBytes(12).toString("hex")}`,
      }));
      for (const s of shops) await stack.addShop(s.shop, s.key);
      const orders = shops.flatMap((s) =>
        Array.from({ length: 30 }, () => ({ ...s, order: freshOrder("multi-item") })),
      );
      const answers = await Promise.all(
        orders.flatMap(({ shop, order }) =>
          stack.webs.map((web) =>
            stack.deliver("orders/create", shop, order, {
              target: { port: web.port, path: "/webhooks/orders/create" },
            }),
          ),
        ),
      );
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      const names = shops.map((s) => s.shop);
      const deadline = Date.now() + 150_000;
      while ((await stack.statusCounts(names)).confirmed !== orders.length) {
        if (Date.now() > deadline)
          throw new Error(
            `not all booked: ${JSON.stringify(await stack.statusCounts(names))}\n${stack.workers.map((w) => w.output().slice(-2000)).join("\n")}`,
          );
        await new Promise((r) => setTimeout(r, 250));
      }
      const { drafts, orders: booked } = stack.serviceCounts(shops.map((s) => s.key));
      for (const { shop, order } of orders) {
        const reference = referenceIdFor(shop, String(order.id));
        expect(drafts.get(reference), order.name).toBe(1);
        expect(booked.get(reference), order.name).toBe(1);
      }
      const rows = await stack.pool.query<{ n: string }>(
        "SELECT count(*) AS n FROM shipments WHERE shop = ANY($1)",
        [names],
      );
      expect(Number(rows.rows[0]!.n)).toBe(orders.length);
    },
  );

  it("scheduled work: one schedule per kind, and the first reconciliation ran once", async () => {
    const queue = new Queue(QUEUES.maintenance, { connection: stack.redis, prefix: stack.prefix });
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((s) => s.key).sort()).toEqual(
        [
          maintenanceJobs.pruneInbox.name,
          maintenanceJobs.reconcile.name,
          maintenanceJobs.syncOrders.name,
          maintenanceJobs.carrierCallbacks.name,
          maintenanceJobs.carrierServicesActive.name,
          maintenanceJobs.dailySummaries.name,
          maintenanceJobs.pollStatuses.name,
          maintenanceJobs.findStuck.name,
        ].sort(),
      );
      // Three workers each put the schedules in place at start: still one run per period.
      const runs = await queue.getJobs(["completed", "active", "waiting", "delayed", "failed"]);
      const reconciliations = runs.filter((j) => j.name === maintenanceJobs.reconcile.name);
      // A scheduled run's id is repeat:<kind>:<when it is due>: runs of one period would share it,
      // so runs made apart (one per worker) would be due less than a period from each other.
      const due = reconciliations
        .map((j) => Number(/^repeat:reconcile:(\d+)$/.exec(j.id ?? "")?.[1]))
        .sort((a, b) => a - b);
      expect(due.length, JSON.stringify(reconciliations.map((j) => j.id))).toBeGreaterThan(0);
      expect(due.every(Number.isFinite), JSON.stringify(reconciliations.map((j) => j.id))).toBe(
        true,
      );
      for (let i = 1; i < due.length; i++)
        expect(due[i]! - due[i - 1]!).toBeGreaterThanOrEqual(60_000);
    } finally {
      await queue.close();
    }
  });
});
