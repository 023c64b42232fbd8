import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Queue, type Job } from "bullmq";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { database, db } from "#app/db/index.server.ts";
import { webhookInbox } from "#app/db/schema.ts";
import { QUEUES, jobId, maintenanceJobs } from "#app/jobs/definitions.ts";
import { createProducerConnection } from "#app/platform/redis.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import { basicProcessors } from "./jobs.ts";
import { startWorkers } from "./worker.ts";
import { buildNodeEntries } from "../scripts/processes.ts";

const redisUrl = process.env.REDIS_URL!;
const producer = createProducerConnection({ url: redisUrl });
afterAll(async () => {
  producer.disconnect();
  await database.close();
});

/** Each test gets its own key prefix, so tests never see each other's jobs. */
const freshPrefix = () => `pbtest-${crypto.randomBytes(4).toString("hex")}`;

describe("job ids", () => {
  it("are deterministic and refuse ':'", () => {
    expect(jobId("create", "shop.myshopify.com", 42)).toBe("create__shop.myshopify.com__42");
    expect(() => jobId("a:b")).toThrow(/':'/);
    expect(() => jobId("")).toThrow();
  });

  it("collapse duplicates in Redis", async () => {
    const queue = new Queue("dedupe", { connection: producer, prefix: freshPrefix() });
    const id = jobId("create", "dup.myshopify.com", 1);
    await Promise.all([1, 2, 3].map(() => queue.add("x", { n: 1 }, { jobId: id })));
    expect(await queue.getJobCounts("waiting")).toEqual({ waiting: 1 });
    await queue.obliterate({ force: true });
    await queue.close();
  });
});

describe("worker", () => {
  it("finishes the active job before close() resolves (graceful shutdown)", async () => {
    const prefix = freshPrefix();
    const queue = new Queue(QUEUES.maintenance, { connection: producer, prefix });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const started = Promise.withResolvers<void>();
    const finished: string[] = [];
    const running = startWorkers({
      logger,
      redis: { url: redisUrl },
      prefix,
      concurrency: 1,
      processors: {
        [QUEUES.maintenance]: {
          slow: async (job: Job) => {
            started.resolve();
            await gate;
            finished.push(job.id!);
            return "done";
          },
        },
      },
    });
    await queue.add("slow", {}, { jobId: "slow-1" });
    await started.promise;
    const closing = running.close();
    let closed = false;
    void closing.then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 200));
    expect(closed).toBe(false);
    release();
    await closing;
    expect(finished).toEqual(["slow-1"]);
    expect(await (await queue.getJob("slow-1"))?.getState()).toBe("completed");
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it("prunes processed inbox rows past retention and keeps the rest", async () => {
    const shop = `prune-${crypto.randomBytes(3).toString("hex")}.myshopify.com`;
    await db.insert(webhookInbox).values([
      {
        webhookId: `${shop}-old`,
        shop,
        topic: "orders/create",
        status: "processed",
        receivedAt: sql`now() - interval '40 days'`,
      },
      {
        webhookId: `${shop}-old-failed`,
        shop,
        topic: "orders/create",
        status: "failed",
        receivedAt: sql`now() - interval '40 days'`,
      },
      { webhookId: `${shop}-new`, shop, topic: "orders/create", status: "processed" },
    ]);
    const prefix = freshPrefix();
    const queue = new Queue(QUEUES.maintenance, { connection: producer, prefix });
    const running = startWorkers({
      logger,
      redis: { url: redisUrl },
      prefix,
      concurrency: 1,
      processors: basicProcessors(db),
    });
    const job = await queue.add(maintenanceJobs.pruneInbox.name, { olderThanDays: 30 });
    const result = await new Promise((resolve, reject) => {
      running.workers[0]!.on("completed", (j, value) => j.id === job.id && resolve(value));
      running.workers[0]!.on("failed", (j, err) => j?.id === job.id && reject(err));
    });
    expect((result as { deleted: number }).deleted).toBeGreaterThanOrEqual(1);
    const left = (await db.select().from(webhookInbox).where(eq(webhookInbox.shop, shop)))
      .map((r) => r.webhookId)
      .sort();
    expect(left).toEqual([`${shop}-new`, `${shop}-old-failed`]);
    await running.close();
    await queue.obliterate({ force: true });
    await queue.close();
  });

  // From its TypeScript through tsx (development), and compiled as `npm run build` compiles it,
  // run with plain node and no TypeScript compiler loaded (production).
  it.each([
    ["from its source", () => ["--import", "tsx", "worker/index.ts"]],
    [
      "compiled, with plain node",
      () => {
        // Inside the project: the build's packages are the project's node_modules.
        fs.mkdirSync(".cache", { recursive: true });
        const dir = path.resolve(".cache/worker-test-build");
        buildNodeEntries(dir);
        const compiled = fs.readFileSync(path.join(dir, "worker.js"), "utf8");
        expect(compiled).not.toMatch(/from "(#app|tsx)/);
        return ["--enable-source-maps", path.join(dir, "worker.js")];
      },
    ],
  ])("runs as its own process %s and exits 0 on SIGTERM", { timeout: 90_000 }, async (_, args) => {
    const argv = args();
    const started = Date.now();
    const child = spawn(process.execPath, argv, {
      cwd: process.cwd(),
      env: { ...process.env, LOG_LEVEL: "info", QUEUE_PREFIX: freshPrefix() },
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const exited = new Promise<number | null>((resolve) =>
      child.on("exit", (code) => resolve(code)),
    );
    // Inside the test's timeout, so that a worker that never gets ready shows its output.
    const deadline = Date.now() + 45_000;
    while (!out.includes('"worker ready"') && Date.now() < deadline && child.exitCode === null) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(out, out).toContain('"worker ready"');
    const ready = Date.now();
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(out).toContain('"worker stopped"');
    // How long start-up and shutdown took, for a slow run's log (the suite's other files share the cores).
    process.stderr.write(
      `worker process (${argv.at(-1)}): ready after ${ready - started} ms, stopped ${Date.now() - ready} ms after SIGTERM\n`,
    );
  });
});
