import type { Job } from "bullmq";
import type { enqueue as enqueueFns } from "#app/jobs/queues.server.ts";
import { dueSummaries } from "#app/summary/send-summary.server.ts";
import type { WorkerDeps } from "../deps.ts";

/**
 * daily-summaries (every 15 minutes): each installed shop with addresses chosen whose summary hour
 * has come in its zone and that has no summary of today yet gets a send-summary job
 * (./send-summary.ts), one per shop and day. No SMTP server configured: nothing is queued.
 * `onlyShop`: that shop alone (a test sharing its database).
 */
export async function dailySummaries(
  _job: Job,
  deps: Pick<WorkerDeps, "db" | "mailer"> & { enqueue: Pick<typeof enqueueFns, "sendSummary"> },
  now: Date = new Date(),
  onlyShop?: string,
): Promise<{ due: number; queued: number }> {
  if (!deps.mailer) return { due: 0, queued: 0 };
  const due = await dueSummaries(deps.db, now, onlyShop);
  let queued = 0;
  for (const { shop, day } of due)
    if ((await deps.enqueue.sendSummary(shop, day)) !== null) queued++;
  return { due: due.length, queued };
}
