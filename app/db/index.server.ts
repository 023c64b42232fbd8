import { getEnv } from "../platform/env.server";
import { logger } from "../platform/logger.server";
import { databaseLocation, embeddedDatabaseWarning, openDatabase } from "./client.server";

const env = getEnv();

/**
 * The process's one database connection pool, migrated before first use. Top-level await: web and
 * worker both wait here until the database is reachable and up to date.
 */
export const database = await openDatabase({
  ...databaseLocation(env),
  poolSize: env.DATABASE_POOL_SIZE,
  idleInTransactionMs: env.PGLITE_IDLE_IN_TRANSACTION_MS,
  // In the process hosting the embedded database: what its server ended or refused, and whose.
  onServerEvent: (event) =>
    logger.warn(
      { embeddedDatabase: event },
      event.kind === "transaction_ended"
        ? "embedded database ended an idle transaction"
        : event.kind === "authentication_failed"
          ? "embedded database refused a client with a wrong password"
          : "embedded database dropped a client",
    ),
});

const warning = embeddedDatabaseWarning(database.kind, env.NODE_ENV);
if (warning) logger.warn({ database: "pglite", dataDir: env.PGLITE_DATA_DIR }, warning);

export const db = database.db;
export * as schema from "./schema";
