/**
 * The worker process (`npm run worker`): runs the BullMQ processors, separate from the web
 * process. SIGTERM/SIGINT stop it gracefully: no new jobs are taken, active ones finish, then the
 * connections close. A second signal exits at once (jobs left active are retried by BullMQ after
 * their lock expires).
 */
import type { Server } from "node:http";
import { loadDotEnv } from "#app/platform/dotenv.server.ts";

loadDotEnv();

const { getEnv } = await import("#app/platform/env.server.ts");
const env = getEnv();
const { logger } = await import("#app/platform/logger.server.ts");
const { database } = await import("#app/db/index.server.ts");
const { checkEvictionPolicy, createProducerConnection, describeRedisTarget, redisTargetOf } =
  await import("#app/platform/redis.server.ts");
const { MAINTENANCE_RESCHEDULE_MS, scheduleMaintenance, closeQueues, producerConnection } =
  await import("#app/jobs/queues.server.ts");
const { ServiceRateLimiter } = await import("#app/shipping/limiter.server.ts");
const { shopifyAdminGraphql } = await import("#app/admin-api/gateway.server.ts");
const { startWorkers } = await import("./worker.ts");
const { allProcessors } = await import("./jobs.ts");
const { workerDeps } = await import("./deps.ts");

const log = logger.child({ process: "worker" });

// A health port in production serves /metrics: only with its token.
if (env.WORKER_HEALTH_PORT !== undefined) {
  const { metricsRefusal } = await import("#app/server/health.server.ts");
  const refusal = metricsRefusal(env);
  if (refusal) {
    log.error(`not starting: ${refusal}`);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
}

const { checkEncryptionKey } = await import("#app/shops/canary.server.ts");
try {
  await checkEncryptionKey(database.db, env.ENCRYPTION_KEY);
} catch (error) {
  log.error(
    { err: (error as Error).message },
    "not starting: ENCRYPTION_KEY does not open this database's secrets",
  );
  await database.close().catch(() => undefined);
  process.exit(1);
}
// Callback tokens an upgrade left in clear are sealed (the web process does the same on start).
const { sealPlainCallbackTokens } = await import("#app/shops/callback-token.server.ts");
await sealPlainCallbackTokens(database.db, env.ENCRYPTION_KEY);

const redisTarget = redisTargetOf(env);
const probe = createProducerConnection(redisTarget, { lazyConnect: true });
// What the connection met (a refused certificate, a wrong password): the failed connect itself
// only says that the connection closed.
let probeError: Error | undefined;
probe.on("error", (error: Error) => (probeError ??= error));
try {
  await probe.connect();
  const policy = await checkEvictionPolicy(probe);
  if (policy && policy !== "noeviction") {
    log.error(
      { policy },
      "Redis maxmemory-policy must be noeviction: other policies silently drop queued jobs",
    );
    process.exit(1);
  }
} catch (error) {
  log.error(
    { err: (probeError ?? (error as Error)).message, redis: describeRedisTarget(redisTarget) },
    "Redis is unreachable; start it or set REDIS_URL (or REDIS_CLUSTER_NODES)",
  );
  process.exit(1);
} finally {
  probe.disconnect();
}

await scheduleMaintenance();
// Redis may come back empty (restarted without persistence, failed over): each reconnection puts
// the schedules back, and reconciliation then restores the jobs from the database.
producerConnection().on("ready", () => {
  scheduleMaintenance().then(
    () => log.info("Redis reconnected; maintenance schedules in place"),
    (error: Error) =>
      log.warn({ err: error.message }, "could not re-schedule maintenance after reconnecting"),
  );
});
// A cluster's failover can lose a schedule's next run (replication is asynchronous) with no
// reconnection to notice it: the schedules are put in place again every few minutes too. That
// changes nothing while they are whole (a schedule's pending run is kept, not added to).
const rescheduling = setInterval(() => {
  scheduleMaintenance().catch((error: Error) =>
    log.warn({ err: error.message }, "could not put the maintenance schedules in place"),
  );
}, MAINTENANCE_RESCHEDULE_MS);
rescheduling.unref();
// The web's acknowledgements go ahead of the worker's bookings on a machine both share.
const { lowerOwnPriority } = await import("./priority.ts");
const nice = lowerOwnPriority(env.WORKER_NICE);
const running = startWorkers({
  processors: allProcessors(
    workerDeps({
      db: database.db,
      logger: log,
      env,
      limiter: new ServiceRateLimiter(producerConnection(), env.QUEUE_PREFIX),
      adminGraphql: shopifyAdminGraphql,
    }),
  ),
  logger: log,
  redis: redisTarget,
  prefix: env.QUEUE_PREFIX,
  concurrency: env.WORKER_CONCURRENCY,
  lockMs: env.WORKER_LOCK_MS,
});
await Promise.all(running.workers.map((w) => w.waitUntilReady()));
// The worker's health port: /healthz, /readyz and /metrics (app/server/health.server.ts).
let health: Server | undefined;
if (env.WORKER_HEALTH_PORT !== undefined) {
  const { serveHealth } = await import("#app/server/health.server.ts");
  const { watchQueueDepths } = await import("#app/platform/metrics.server.ts");
  const { queueDepths } = await import("#app/jobs/queues.server.ts");
  watchQueueDepths(queueDepths);
  health = await serveHealth(
    env.WORKER_HEALTH_PORT,
    () => ({ db: database.db, redis: producerConnection() }),
    env.WORKER_HEALTH_HOST,
  );
}
log.info(
  {
    queues: running.workers.map((w) => w.name),
    concurrency: env.WORKER_CONCURRENCY,
    nice,
    database: database.kind,
    healthPort: env.WORKER_HEALTH_PORT ?? null,
  },
  "worker ready",
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) {
    log.warn({ signal }, "second signal: exiting without waiting for active jobs");
    process.exit(1);
  }
  stopping = true;
  clearInterval(rescheduling);
  log.info({ signal }, "shutting down: finishing active jobs");
  try {
    health?.close();
    await running.close();
    await closeQueues();
    await database.close();
    log.info("worker stopped");
    process.exit(0);
  } catch (error) {
    log.error({ err: (error as Error).message }, "error during shutdown");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
