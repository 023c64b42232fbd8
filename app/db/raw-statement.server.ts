import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import type { Queryable } from "./client.server";

/**
 * Statements whose text the app writes itself, for the hot paths where drizzle's query builder
 * cost more than the work: building an UPDATE of the shipments table with its RETURNING list
 * allocated about 200 KB and cost the worker 370-410 µs of CPU per change, against 150 µs for the
 * same change written out (bench/README.md, "Cost per shipment"). The text is built once per
 * shape and named, so each connection has PostgreSQL parse it once (unnamed where
 * DATABASE_PREPARED_STATEMENTS is off: app/db/client.server.ts).
 */

/** A statement's text with `$1…$n` placeholders, and its name when it is prepared. */
export interface RawStatement {
  text: string;
  name?: string;
}

/**
 * The type parsers drizzle's node-postgres driver uses: timestamps, dates and intervals (and
 * their arrays) stay text for the columns' own `mapFromDriverValue`; the rest as pg parses them.
 * Rows read here then map to drizzle's row objects exactly as rows drizzle reads.
 */
const KEPT_AS_TEXT = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const asText = (value: string) => value;
export const DRIVER_TYPES = {
  getTypeParser: ((typeId: number, format?: "text" | "binary") =>
    KEPT_AS_TEXT.has(typeId)
      ? asText
      : pg.types.getTypeParser(typeId, format)) as typeof pg.types.getTypeParser,
};

/**
 * Runs a statement on the pool (named, so parsed once per connection), or inside a transaction
 * through drizzle's handle (the placeholders become drizzle parameters). Answers the rows.
 */
export async function runRaw(
  db: Queryable,
  statement: RawStatement,
  values: readonly unknown[],
): Promise<Record<string, unknown>[]> {
  if ("$client" in db) {
    const result = await db.$client.query<Record<string, unknown>>({
      ...(statement.name ? { name: statement.name } : {}),
      text: statement.text,
      values: values as unknown[],
      types: DRIVER_TYPES,
    });
    return result.rows;
  }
  const result = await db.execute(asDrizzleSql(statement.text, values));
  return result.rows;
}

/** A text with `$n` placeholders as drizzle SQL: the text between them raw, each value a parameter. */
export function asDrizzleSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1]))),
  );
}
