import { Redis } from "ioredis";
import pg from "pg";
import { openDatabase } from "#app/db/client.server.ts";
import { FILE_DATABASE_PREFIX } from "./file-database-name.ts";

/** The server's administrative database, where the test database is made and dropped. */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * Once per run, before the first test that needs them: PostgreSQL and Redis must be reachable (a
 * clear failure otherwise), the test database is recreated and migrated, and the test run's Redis
 * keys are cleared.
 */
export async function prepareTestServices() {
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = "/parcelbridge_test";

  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${ADMIN_URL} (${(error as Error).message}). The tests need it: ` +
        `start it (pg_ctlcluster 15 main start) or set TEST_DATABASE_URL. .ci/run starts it itself.`,
    );
  }
  try {
    await dropFileDatabases(admin);
    await admin.query("DROP DATABASE IF EXISTS parcelbridge_test WITH (FORCE)");
    await admin.query("CREATE DATABASE parcelbridge_test");
  } finally {
    await admin.end();
  }
  const database = await openDatabase({
    databaseUrl: databaseUrl.toString(),
    pgliteDataDir: "",
    pglitePort: 0,
    poolSize: 1,
  });
  await database.close();

  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 3000,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
  } catch (error) {
    throw new Error(
      `Redis is not reachable at ${redisUrl} (${(error as Error).message}). The tests need it: ` +
        `start it (redis-server --daemonize yes) or set REDIS_URL. .ci/run starts it itself.`,
    );
  }
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", "pbtest*", "COUNT", 1000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== "0");
  redis.disconnect();
}

/** The test files' own databases (test/setup/own-database.ts), dropped: those of a run ended. */
export async function dropFileDatabases(admin: pg.Client) {
  const { rows } = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE $1",
    [`${FILE_DATABASE_PREFIX}%`],
  );
  for (const { datname } of rows)
    await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
}

/** After the run: the files' databases dropped. */
export async function dropFileDatabasesAfterRun() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await dropFileDatabases(admin);
  } finally {
    await admin.end();
  }
}
