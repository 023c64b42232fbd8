/**
 * `npm run db:migrate`: applies pending migrations from drizzle/ to DATABASE_MIGRATION_URL
 * (default DATABASE_URL), or to the
 * embedded PGlite database when it is unset. Web and worker also do this on start.
 */
import { loadDotEnv } from "#app/platform/dotenv.server.ts";

loadDotEnv();
const { getEnv } = await import("#app/platform/env.server.ts");
const { databaseLocation, openDatabase } = await import("#app/db/client.server.ts");

const env = getEnv();
const database = await openDatabase({ ...databaseLocation(env), poolSize: 1 });
const migrated = new URL(env.DATABASE_MIGRATION_URL ?? env.DATABASE_URL ?? "postgres://embedded");
console.log(
  database.kind === "postgres"
    ? `Migrations applied to ${migrated.host}${migrated.pathname}`
    : `Migrations applied to the embedded database in ${env.PGLITE_DATA_DIR}`,
);
await database.close();
