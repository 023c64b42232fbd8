import { sql, type SQL } from "drizzle-orm";
import { executedRows, type Queryable } from "#app/db/client.server.ts";

/**
 * At most `limit` rows of `candidates`, taken from the shops in turn: every shop's first, then
 * every shop's second, …, each shop's by `since` (when the row became due), rows due at the same
 * moment by `tie`. So one shop's many rows never keep another shop's from being taken. The
 * candidates' statement selects `shop`, `since` and `tie` besides what the caller reads. Used by
 * the sweeps that look at every shop's rows (reconcile).
 */
export async function inTurn<T extends { shop: string }>(
  db: Queryable,
  candidates: SQL,
  limit: number,
): Promise<T[]> {
  return executedRows<T>(
    await db.execute(sql`
      SELECT * FROM (
        SELECT c.*, row_number() OVER (PARTITION BY c.shop ORDER BY c.since, c.tie) AS turn
        FROM (${candidates}) c
      ) t
      ORDER BY turn, since, tie
      LIMIT ${limit}`),
  );
}
