import { getEnv } from "../env.server";
import { logger } from "../logger.server";
import { databaseLocation, openDatabase } from "./client.server";

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
        : "embedded database dropped a client",
    ),
});

export const db = database.db;
export * as schema from "./schema";
