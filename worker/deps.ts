import type { Job, Queue } from "bullmq";
import type { AdminGraphql } from "#app/admin-api/request.ts";
import type { Db } from "#app/db/client.server.ts";
import { QUEUES } from "#app/jobs/definitions.ts";
import { enqueue, getQueue, producerConnection } from "#app/jobs/queues.server.ts";
import { ImportSlots } from "#app/orders/import-slots.server.ts";
import { getEnv, type Env } from "#app/platform/env.server.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import type { ServiceRateLimiter } from "#app/shipping/limiter.server.ts";
import { smtpMailer, type Mailer } from "#app/summary/mailer.server.ts";

/**
 * What the worker's processors may use, built once when the worker starts (worker/index.ts) and
 * handed to every job. Each processor names the part it needs (`Pick<WorkerDeps, …>`), so a test
 * gives it only that.
 */
export interface WorkerDeps {
  db: Db;
  logger: Logger;
  env: Pick<
    Env,
    "ENCRYPTION_KEY" | "SHIPPING_API_BASE_URL" | "SHIPPING_API_TIMEOUT_MS" | "SHOPIFY_APP_URL"
  >;
  /** The shipping service's per-key schedule of calls. */
  limiter: ServiceRateLimiter;
  /** The shops' Admin GraphQL (app/admin-api/gateway.server.ts in production). */
  adminGraphql: AdminGraphql;
  /** The producer side of the queues: every job a processor queues goes through it. */
  enqueue: typeof enqueue;
  /** The shipments queue, for the maintenance jobs that look at its jobs (reconcile). */
  shipmentsQueue: () => Queue;
  /** The cap on import runs reading Shopify at once, across shops. */
  importSlots: ImportSlots;
  /** The daily summaries' e-mail (SMTP_URL); null: none configured, none sent. */
  mailer: Mailer | null;
  /** Waits for a rate-limit slot up to this are slept in place (default: 1.5 windows of the key). */
  inlineWaitMs?: number;
}

/**
 * Every processor's one signature. BullMQ's lock token, needed to move a job back to waiting,
 * is on the job (`job.token`).
 */
export type Processor = (job: Job, deps: WorkerDeps) => Promise<unknown>;

/** What the worker is given; the rest of its dependencies come from the environment. */
export type WorkerDepsGiven = Omit<
  WorkerDeps,
  "enqueue" | "shipmentsQueue" | "importSlots" | "mailer"
> & { mailer?: Mailer | null };

/** The worker's dependencies, built once: the given ones and the queues' side of this process. */
export function workerDeps(given: WorkerDepsGiven): WorkerDeps {
  const env = getEnv();
  return {
    ...given,
    enqueue,
    shipmentsQueue: () => getQueue(QUEUES.shipments),
    importSlots: new ImportSlots(producerConnection(), env.QUEUE_PREFIX, env.IMPORTS_RUNNING_LIMIT),
    mailer:
      given.mailer !== undefined
        ? given.mailer
        : env.SMTP_URL
          ? smtpMailer(env.SMTP_URL, env.MAIL_FROM)
          : null,
  };
}
