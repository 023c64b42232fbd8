import type { Job } from "bullmq";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { sendDailySummary, type SummaryOutcome } from "#app/summary/send-summary.server.ts";
import type { WorkerDeps } from "../deps.ts";

/**
 * send-summary: one shop's daily summary of one day e-mailed to the addresses it chose
 * (app/summary/send-summary.server.ts): once per day, nothing when there is nothing to say; a
 * failure of the SMTP server fails the job, which is retried.
 */
export async function processSendSummary(
  job: Job,
  deps: Pick<WorkerDeps, "db" | "mailer">,
  now: Date = new Date(),
): Promise<SummaryOutcome> {
  const { shop, day } = shipmentJobs.sendSummary.payload.parse(job.data);
  if (!deps.mailer) return "off";
  const env = getEnv();
  const { outcome } = await sendDailySummary(deps.db, deps.mailer, env, shop, day, now);
  return outcome;
}
