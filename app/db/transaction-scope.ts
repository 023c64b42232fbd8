import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Rules that keep a transaction short and the embedded database (one session for everyone) free
 * of deadlocks: inside `db.transaction(...)`, every query goes through the transaction, and
 * nothing waits for another connection, the Admin API, the shipping service or Redis. Such a wait
 * holds the transaction's locks (PostgreSQL) or the whole database (PGlite) meanwhile, and a wait
 * for another connection of the same database never ends on PGlite.
 *
 * The database client (client.server.ts) runs every transaction's body in this scope; the pool,
 * the Admin gateway, the shipping client and the queue producer call assertOutsideTransaction.
 * It throws in every mode, so the tests, which run on PostgreSQL, catch what would stall PGlite.
 */
const openTransaction = new AsyncLocalStorage<{ startedAt: number }>();

/** Thrown where code inside a transaction would wait for something outside it. */
export class WaitInsideTransaction extends Error {
  override name = "WaitInsideTransaction";
}

export function assertOutsideTransaction(what: string): void {
  const open = openTransaction.getStore();
  if (open) {
    throw new WaitInsideTransaction(
      `${what} inside a database transaction (open for ${Date.now() - open.startedAt} ms): query through the transaction, and call other services before or after it`,
    );
  }
}

/** Runs a transaction's body in the scope assertOutsideTransaction recognises. */
export function insideTransaction<T>(body: () => T): T {
  return openTransaction.run({ startedAt: Date.now() }, body);
}
