import { QUEUES } from "./definitions";
import { getQueue } from "./queues.server";

export interface FailedJob {
  id: string;
  name: string;
  shop: string;
  orderId: string | null;
  shipmentId: string | null;
  reason: string;
  attempts: number;
  failedAt: Date | null;
}

/**
 * Jobs of a shop that ran out of attempts (or failed for good), newest first, for the admin's
 * "failed work" page. Only the shop's own jobs are ever listed.
 */
export async function listFailedJobs(shop: string, options: { limit?: number } = {}): Promise<FailedJob[]> {
  const limit = options.limit ?? 100;
  const queue = getQueue(QUEUES.shipments);
  const result: FailedJob[] = [];
  // Failed jobs of all shops share one set: page through it, keeping this shop's.
  for (let start = 0; result.length < limit; start += 500) {
    const page = await queue.getFailed(start, start + 499);
    if (page.length === 0) break;
    for (const job of page) {
      if (!job?.id || (job.data as { shop?: string }).shop !== shop) continue;
      const data = job.data as { orderId?: string; shipmentId?: string };
      result.push({
        id: job.id,
        name: job.name,
        shop,
        orderId: data.orderId ?? null,
        shipmentId: data.shipmentId ?? null,
        reason: job.failedReason ?? "unknown",
        attempts: job.attemptsMade,
        failedAt: job.finishedOn ? new Date(job.finishedOn) : null,
      });
      if (result.length >= limit) break;
    }
  }
  return result;
}

export class JobNotFoundError extends Error {
  override name = "JobNotFoundError";
}

/** Runs a failed job again from its first attempt. Refuses another shop's job as if it did not exist. */
export async function retryFailedJob(shop: string, jobId: string): Promise<void> {
  const job = await getQueue(QUEUES.shipments).getJob(jobId);
  if (!job || (job.data as { shop?: string }).shop !== shop) throw new JobNotFoundError(`No job ${jobId} for ${shop}`);
  if ((await job.getState()) !== "failed") throw new JobNotFoundError(`Job ${jobId} has not failed`);
  await job.retry("failed", { resetAttemptsMade: true, resetAttemptsStarted: true });
}
