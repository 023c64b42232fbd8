/**
 * `npm run db:migrate`: applies pending migrations from drizzle/ to DATABASE_URL, or to the
 * embedded PGlite database when it is unset. Web and worker also do this on start.
 */
import { loadDotEnv } from "#app/dotenv.server.ts";

loadDotEnv();
const { getEnv } = await import("#app/env.server.ts");
const { databaseLocation, openDatabase } = await import("#app/db/client.server.ts");

const env = getEnv();
const database = await openDatabase({ ...databaseLocation(env), poolSize: 1 });
console.log(
  database.kind === "postgres"
    ? `Migrations applied to ${new URL(env.DATABASE_URL ?? "").host}${new URL(env.DATABASE_URL ?? "").pathname}`
    : `Migrations applied to the embedded database in ${env.PGLITE_DATA_DIR}`,
);
await database.close();
