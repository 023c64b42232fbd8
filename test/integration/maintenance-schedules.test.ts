import { Queue } from "bullmq";
import { afterAll, describe, expect, it } from "vitest";
import { getEnv } from "#app/platform/env.server.ts";
import { QUEUES, maintenanceJobs } from "#app/jobs/definitions.ts";
import { closeQueues, producerConnection, scheduleMaintenance } from "#app/jobs/queues.server.ts";

/**
 * Each worker puts the maintenance schedules in place at start, on every reconnection and every
 * few minutes (worker/index.ts): a schedule whose pending run Redis lost (a cluster's failover
 * passes writes to the replica after answering them) gets its next run back, and a whole one is
 * left as it is (no run added, whatever the number of workers doing it).
 */
const prefix = `${getEnv().QUEUE_PREFIX}-schedules`;
const queue = new Queue(QUEUES.maintenance, { connection: producerConnection(), prefix });

afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  await closeQueues();
});

/** The ids of the pending runs (no worker takes them here), by kind. */
async function pendingRuns(): Promise<Record<string, string[]>> {
  const jobs = await queue.getJobs(["waiting", "delayed", "prioritized"]);
  const runs: Record<string, string[]> = {};
  for (const job of jobs) (runs[job.name] ??= []).push(job.id!);
  for (const ids of Object.values(runs)) ids.sort();
  return runs;
}

describe("maintenance schedules", () => {
  it("putting them in place again adds no run; a pending run Redis lost comes back", async () => {
    await scheduleMaintenance(queue);
    const first = await pendingRuns();
    expect(Object.keys(first).sort()).toEqual(
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
    for (const ids of Object.values(first)) expect(ids).toHaveLength(1);

    // Three workers starting together: still one pending run of each.
    await Promise.all([1, 2, 3].map(() => scheduleMaintenance(queue)));
    expect(await pendingRuns()).toEqual(first);

    // The reconciliation's pending run is lost, as a failover loses what was not replicated.
    const lost = first[maintenanceJobs.reconcile.name]![0]!;
    const redis = producerConnection();
    const base = `${prefix}:${QUEUES.maintenance}`;
    await redis.lrem(`${base}:wait`, 0, lost);
    await redis.zrem(`${base}:delayed`, lost);
    await redis.zrem(`${base}:prioritized`, lost);
    await redis.del(`${base}:${lost}`);
    expect((await pendingRuns())[maintenanceJobs.reconcile.name]).toBeUndefined();

    await scheduleMaintenance(queue);
    const back = await pendingRuns();
    expect(back[maintenanceJobs.reconcile.name]).toHaveLength(1);
    for (const [name, ids] of Object.entries(first))
      if (name !== maintenanceJobs.reconcile.name) expect(back[name], name).toEqual(ids);
  });
});
