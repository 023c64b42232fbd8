import { database } from "./db/index.server";
import { closeQueues } from "./jobs/queues.server";

/** Releases what the web process holds (Redis connections, the database pool) for a clean exit. */
export async function closeWebResources(): Promise<void> {
  await closeQueues();
  await database.close();
}
