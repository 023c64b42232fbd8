import { DelayedError, type Job, Worker } from "bullmq";
import { QUEUES, type QueueName, cappedBackoff } from "#app/jobs/definitions.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import { failsForGood, indexFailedJob } from "#app/jobs/failed.server.ts";
import { createWorkerConnection, type RedisTarget } from "#app/platform/redis.server.ts";
import { jobRuns, jobSeconds } from "#app/platform/metrics.server.ts";

/** A processor receives its job and the lock token (needed to defer the job). */
export type JobHandler = (job: Job, token: string | undefined) => Promise<unknown>;
/** One handler per job name, per queue. */
export type ProcessorTable = Partial<Record<QueueName, Record<string, JobHandler>>>;

export interface StartWorkersOptions {
  logger: Logger;
  /** Where Redis is (one server or a cluster); each queue's worker has a connection of its own. */
  redis: RedisTarget;
  prefix: string;
  concurrency: number;
  processors: ProcessorTable;
  /** Lock duration and stalled-job check interval (default 30 s). */
  lockMs?: number;
}

export interface RunningWorkers {
  workers: Worker[];
  /** Stops taking jobs, waits for the active ones to finish, then closes the connections. */
  close(): Promise<void>;
}

export function startWorkers(options: StartWorkersOptions): RunningWorkers {
  const workers = Object.entries(options.processors).map(([queueName, handlers]) => {
    const worker = new Worker(
      queueName,
      async (job, token) => {
        const started = performance.now();
        const shop = (job.data as { shop?: unknown } | undefined)?.shop;
        // The metrics' label: the job's name when this queue has it (a bounded set), else "unknown".
        const name = handlers?.[job.name] ? job.name : "unknown";
        try {
          const handle = handlers?.[job.name];
          if (!handle) throw new Error(`No processor for job ${job.name} on queue ${queueName}`);
          const result = await handle(job, token);
          jobRuns.inc({ queue: queueName, name, outcome: "done" });
          // The one line a job writes at info; everything else a job says is at debug.
          options.logger.info(
            {
              job: job.name,
              jobId: job.id,
              shop,
              result: typeof result === "string" ? result : undefined,
              ms: Math.round(performance.now() - started),
            },
            "job done",
          );
          return result;
        } catch (error) {
          jobRuns.inc({
            queue: queueName,
            name,
            outcome: error instanceof DelayedError ? "deferred" : "failed",
          });
          if (typeof shop === "string" && job.id && failsForGood(job, error)) {
            await indexFailedJob(shop, job.id).catch((e: Error) =>
              options.logger.warn(
                { jobId: job.id, err: e.message },
                "could not index a failed job",
              ),
            );
          }
          throw error;
        } finally {
          jobSeconds.observe({ queue: queueName, name }, (performance.now() - started) / 1000);
        }
      },
      {
        connection: createWorkerConnection(options.redis),
        prefix: options.prefix,
        // Maintenance is light and must not crowd out shipments.
        concurrency: queueName === QUEUES.maintenance ? 1 : options.concurrency,
        settings: { backoffStrategy: (attemptsMade: number) => cappedBackoff(attemptsMade) },
        lockDuration: options.lockMs ?? 30_000,
        stalledInterval: options.lockMs ?? 30_000,
        // A job whose worker died mid-way is safe to run again (processors are idempotent).
        maxStalledCount: 10,
      },
    );
    worker.on("failed", (job, error) => {
      options.logger.warn(
        {
          queue: queueName,
          job: job?.name,
          jobId: job?.id,
          attempts: job?.attemptsMade,
          err: error.message,
        },
        "job failed",
      );
    });
    worker.on("error", (error) =>
      options.logger.error({ queue: queueName, err: error.message }, "worker error"),
    );
    return worker;
  });

  let closing: Promise<void> | undefined;
  return {
    workers,
    close() {
      // Worker.close() without force waits for every active job to finish.
      closing ??= Promise.all(workers.map((w) => w.close())).then(() => undefined);
      return closing;
    },
  };
}
