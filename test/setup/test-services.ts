import { Redis } from "ioredis";
import pg from "pg";
import { openDatabase } from "#app/db/client.server.ts";

/**
 * Before any test file: PostgreSQL and Redis must be reachable (a clear failure otherwise), the
 * test database is recreated and migrated, and the test run's Redis keys are cleared.
 */
export default async function setup() {
  const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = "/parcelbridge_test";

  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${adminUrl} (${(error as Error).message}). The tests need it: ` +
        `start it (pg_ctlcluster 15 main start) or set TEST_DATABASE_URL. .ci/run starts it itself.`,
    );
  }
  try {
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
