import { DelayedError, type Job, UnrecoverableError } from "bullmq";
import { DEFAULT_JOB_OPTIONS, QUEUES } from "./definitions";
import { getQueue, producerConnection } from "./queues.server";
import { getEnv } from "../platform/env.server";

/**
 * Failed jobs of all shops share BullMQ's one failed set; each shop also has its own index (a
 * sorted set of job ids by when they failed), written by the worker as a job fails for good, so
 * that a shop's failed work is listed at a cost that does not grow with other shops' failures.
 * Entries go when the job is retried, or, lazily, when the job is gone or no longer failed.
 */
export const failedIndexKey = (prefix: string, shop: string) => `${prefix}:failed-by-shop:${shop}`;
/** As long as BullMQ keeps failed jobs. */
const KEEP_MS = DEFAULT_JOB_OPTIONS.removeOnFail.age * 1000;

/** This failure is the job's last: BullMQ moves it to the failed set rather than retrying it. */
export function failsForGood(job: Job, error: unknown): boolean {
  if (error instanceof DelayedError) return false;
  return error instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}

/** The worker's side: indexes a shop's job as it fails for good (on the queues' own connection and prefix, as listFailedJobs reads it). */
export async function indexFailedJob(shop: string, jobId: string): Promise<void> {
  const key = failedIndexKey(getEnv().QUEUE_PREFIX, shop);
  const now = Date.now();
  await producerConnection()
    .multi()
    .zadd(key, now, jobId)
    .zremrangebyscore(key, "-inf", now - KEEP_MS)
    .pexpire(key, KEEP_MS)
    .exec();
}

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
 * "failed work" page. Only the shop's own jobs are ever read, through the shop's index.
 */
export async function listFailedJobs(
  shop: string,
  options: { limit?: number } = {},
): Promise<FailedJob[]> {
  const limit = options.limit ?? 100;
  const queue = getQueue(QUEUES.shipments);
  const redis = producerConnection();
  const key = failedIndexKey(getEnv().QUEUE_PREFIX, shop);
  const result: FailedJob[] = [];
  for (let start = 0; result.length < limit; start += limit) {
    const ids = await redis.zrevrange(key, start, start + limit - 1);
    if (ids.length === 0) break;
    // A job is indexed as it fails, a moment before BullMQ moves it to the failed set: one found
    // but not failed yet is skipped, and kept. Only a job that is gone (removed, or not this
    // shop's) leaves the index here.
    const found = await Promise.all(
      ids.map(async (id) => {
        const job = await queue.getJob(id);
        if (!job || (job.data as { shop?: string }).shop !== shop) return "gone" as const;
        return (await job.isFailed()) ? job : null;
      }),
    );
    const stale = ids.filter((_, i) => found[i] === "gone");
    if (stale.length > 0) await redis.zrem(key, ...stale);
    for (const job of found) {
      if (job === "gone" || !job?.id) continue;
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
    // Stale entries were removed: the next page starts where the remaining ones moved to.
    start -= stale.length;
  }
  return result;
}

export class JobNotFoundError extends Error {
  override name = "JobNotFoundError";
}

/** Runs a failed job again from its first attempt. Refuses another shop's job as if it did not exist. */
export async function retryFailedJob(shop: string, jobId: string): Promise<void> {
  const job = await getQueue(QUEUES.shipments).getJob(jobId);
  if (!job || (job.data as { shop?: string }).shop !== shop)
    throw new JobNotFoundError(`No job ${jobId} for ${shop}`);
  if ((await job.getState()) !== "failed")
    throw new JobNotFoundError(`Job ${jobId} has not failed`);
  await job.retry("failed", { resetAttemptsMade: true, resetAttemptsStarted: true });
  await producerConnection().zrem(failedIndexKey(getEnv().QUEUE_PREFIX, shop), jobId);
}
