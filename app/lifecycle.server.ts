import { database } from "./db/index.server";
import { getEnv } from "./env.server";
import { closeQueues } from "./jobs/queues.server";
import { checkEncryptionKey } from "./shops/canary.server";

/** What must hold before the web process serves anything: ENCRYPTION_KEY opens this database's secrets. */
export async function checkStartup(): Promise<void> {
  await checkEncryptionKey(database.db, getEnv().ENCRYPTION_KEY);
}

/** Releases what the web process holds (Redis connections, the database pool) for a clean exit. */
export async function closeWebResources(): Promise<void> {
  await closeQueues();
  await database.close();
}
