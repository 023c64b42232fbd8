import { dropFileDatabasesAfterRun, prepareTestServices } from "./test-services.ts";

/**
 * Before the integration and system layers: PostgreSQL and Redis ready (test/setup/test-services.ts).
 * Both layers name this set-up; the services are prepared once per run whichever comes first.
 * After the run, the files' own databases (test/setup/own-database.ts) are dropped.
 */
export default async function setup() {
  const shared = globalThis as { parcelbridgeTestServices?: Promise<void> };
  shared.parcelbridgeTestServices ??= prepareTestServices();
  await shared.parcelbridgeTestServices;
  return dropFileDatabasesAfterRun;
}
