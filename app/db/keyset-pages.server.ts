import { sql, type SQL } from "drizzle-orm";
import { executedRows, type Queryable } from "./client.server";

/**
 * A list of shipments read newest first, a page at a time (keyset paging): each page starts after
 * the last one's (`key`, `s.id`), so no page reads what the one before did, and at most `max` rows
 * in all; the event loop is free between pages. `page(after, limit)` is one page's statement: it
 * selects `s.id` and the key as text (`cursor_at`), puts `after` in its WHERE clause and orders by
 * `key DESC, s.id DESC`. The costs and COD CSVs read their parcels so.
 */
export async function* keysetPages(
  db: Queryable,
  key: SQL,
  page: (after: SQL, limit: number) => SQL,
  { max, pageSize }: { max: number; pageSize: number },
): AsyncGenerator<Record<string, unknown>[]> {
  let after: { at: string; id: string } | null = null;
  for (let read = 0; read < max;) {
    const limit = Math.min(pageSize, max - read);
    const since = after
      ? sql`AND (${key}, s.id) < (${after.at}::timestamptz, ${after.id}::uuid)`
      : sql``;
    const rows: Record<string, unknown>[] = executedRows(
      (await db.execute(page(since, limit))) as never,
    );
    if (rows.length === 0) return;
    const last: Record<string, unknown> = rows[rows.length - 1]!;
    after = { at: String(last.cursor_at), id: String(last.id) };
    read += rows.length;
    yield rows;
    if (rows.length < limit) return;
  }
}
