import fs from "node:fs";
import path from "node:path";
import { Keyring } from "#app/secrets/crypto.server.ts";
import { describe, expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import type { Queue } from "bullmq";
import { FORMER_JOB_NAMES, QUEUES, maintenanceJobs, shipmentJobs } from "#app/jobs/definitions.ts";
import { enqueue } from "#app/jobs/queues.server.ts";
import type { ImportSlots } from "#app/orders/import-slots.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import type { ServiceRateLimiter } from "#app/shipping/limiter.server.ts";
import type { WorkerDeps } from "./deps.ts";
import { QUEUE_OF, allProcessors } from "./jobs.ts";

/** The worker's one job table (worker/jobs.ts) against the job definitions and the processors folder. */
describe("the job table", () => {
  const deps: WorkerDeps = {
    db: {} as Db,
    logger,
    env: {
      ENCRYPTION_KEY: new Keyring([Buffer.alloc(32)]),
      SHIPPING_API_BASE_URL: "http://127.0.0.1:1",
      SHIPPING_API_TIMEOUT_MS: 1000,
      SHOPIFY_APP_URL: "https://app.example",
    },
    limiter: {} as ServiceRateLimiter,
    adminGraphql: async () => ({}),
    enqueue,
    shipmentsQueue: () => ({}) as Queue,
    importSlots: {} as ImportSlots,
    mailer: null,
  };
  const table = allProcessors(deps);

  it("has a processor for every job of every queue, and none for a job that is not defined", () => {
    const names = (jobs: Record<string, { name: string }>) =>
      Object.values(jobs)
        .map((j) => j.name)
        .sort();
    const former = Object.keys(FORMER_JOB_NAMES);
    expect(Object.keys(table[QUEUES.shipments] ?? {}).sort()).toEqual(
      [...names(shipmentJobs), ...former].sort(),
    );
    expect(Object.keys(table[QUEUES.maintenance] ?? {}).sort()).toEqual(names(maintenanceJobs));
  });

  it("runs a job queued under a former name as the job it is now, in the same queue", () => {
    for (const [former, current] of Object.entries(FORMER_JOB_NAMES)) {
      expect(QUEUE_OF.get(current)).toBe(QUEUES.shipments);
      expect(table[QUEUES.shipments]?.[former]).toBeTypeOf("function");
    }
    expect(FORMER_JOB_NAMES).toEqual({ fulfil: "create-fulfillment" });
  });

  it("takes each processor from a file of its own in worker/processors/, and every file there is one", () => {
    const dir = path.join(path.dirname(new URL(import.meta.url).pathname), "processors");
    const files = fs.readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    const source = fs.readFileSync(new URL("./jobs.ts", import.meta.url), "utf8");
    const imported = [...source.matchAll(/from "\.\/processors\/([a-z-]+\.ts)"/g)].map(
      (m) => m[1]!,
    );
    expect(imported.sort()).toEqual(files.sort());
    // One job, one file: as many processor files as jobs.
    expect(files).toHaveLength(
      Object.keys(shipmentJobs).length + Object.keys(maintenanceJobs).length,
    );
  });
});
