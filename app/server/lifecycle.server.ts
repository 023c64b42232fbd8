import { database } from "../db/index.server";
import { getEnv } from "../platform/env.server";
import type { HeaderGetter } from "../platform/http.server";
import {
  answerHealth,
  metricsRefusal,
  type HealthAnswer,
  type ReadinessDeps,
} from "./health.server";
import { closeQueues, producerConnection, queueDepths } from "../jobs/queues.server";
import { closeLabelPool } from "../labels/render-pool.server";
import { watchQueueDepths } from "../platform/metrics.server";
import { sealPlainCallbackTokens } from "../shops/callback-token.server";
import { checkEncryptionKey } from "../shops/canary.server";

/**
 * What must hold before the web process serves anything: ENCRYPTION_KEY opens this database's
 * secrets; callback tokens an upgrade left in clear are sealed.
 */
export async function checkStartup(): Promise<void> {
  const refusal = metricsRefusal(getEnv());
  if (refusal) throw new Error(refusal);
  await checkEncryptionKey(database.db, getEnv().ENCRYPTION_KEY);
  await sealPlainCallbackTokens(database.db, getEnv().ENCRYPTION_KEY);
}

/** What /readyz checks in this process: its database and its Redis connection. */
export const processReadiness = (): ReadinessDeps => ({
  db: database.db,
  redis: producerConnection(),
});

// Every process that serves /metrics reports its queues' depths, read from Redis when scraped.
watchQueueDepths(queueDepths);

/** The web server's /healthz, /readyz and /metrics (null for any other path): app/server/health.server.ts. */
export function answerWebHealth(
  method: string,
  pathname: string,
  header: HeaderGetter,
): Promise<HealthAnswer | null> {
  return answerHealth(method, pathname, header, processReadiness);
}

/** Releases what the web process holds (Redis connections, the database pool) for a clean exit. */
export async function closeWebResources(): Promise<void> {
  await closeLabelPool();
  await closeQueues();
  await database.close();
}
