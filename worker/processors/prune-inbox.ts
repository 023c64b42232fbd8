import { and, inArray, lt, sql } from "drizzle-orm";
import type { Job } from "bullmq";
import type { WorkerDeps } from "../deps.ts";
import { webhookInbox } from "#app/db/schema.ts";
import { maintenanceJobs } from "#app/jobs/definitions.ts";

/**
 * Deletes processed webhook deliveries older than the retention. Unprocessed and failed ones stay:
 * they are what reconciliation works from.
 */
export async function pruneInbox(
  job: Job,
  { db }: Pick<WorkerDeps, "db">,
): Promise<{ deleted: number }> {
  const { olderThanDays } = maintenanceJobs.pruneInbox.payload.parse(job.data);
  const deleted = await db
    .delete(webhookInbox)
    .where(
      and(
        inArray(webhookInbox.status, ["processed"]),
        lt(webhookInbox.receivedAt, sql`now() - make_interval(days => ${olderThanDays})`),
      ),
    )
    .returning({ id: webhookInbox.id });
  return { deleted: deleted.length };
}
