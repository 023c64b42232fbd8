import { sql } from "drizzle-orm";
import { executedRows, type Queryable } from "../db/client.server";
import type { CodType } from "../shipping/codes";
import { codParcels } from "../cod/parcels.server";

/**
 * What a shop's daily summary says (app/summary/): parcels needing the merchant's action, parcels
 * stuck with the courier, COD orders held for their risk longer than a day, COD paid out late, and
 * statement lines paid short that no dispute asks about yet. Counts from one statement over the
 * shop's problems, its delivered COD parcels paid out late (../cod/parcels.server.ts), and one over
 * its statement lines.
 */
export interface SummaryFacts {
  needsAction: number;
  stuck: number;
  held: number;
  overdue: { parcels: number; amount: number };
  short: { lines: number; amount: number };
}

/** How many things the summary would say; 0: nothing to say, nothing sent. */
export const factCount = (f: SummaryFacts): number =>
  f.needsAction + f.stuck + f.held + f.overdue.parcels + f.short.lines;

/** Statement line kinds where money is missing. */
const SHORT_KINDS = ["short", "fee", "deducted", "charge"];

export async function summaryFacts(
  db: Queryable,
  shop: string,
  shopCodType: CodType,
  now: Date,
): Promise<SummaryFacts> {
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000).toISOString();
  const [problems] = executedRows(
    await db.execute(sql`
      SELECT
        count(*) FILTER (WHERE NOT ('stuck' = ANY(problem_kinds))
                           AND NOT ('cod_risk' = ANY(problem_kinds)))::int AS needs_action,
        count(*) FILTER (WHERE 'stuck' = ANY(problem_kinds))::int AS stuck,
        count(*) FILTER (WHERE 'cod_risk' = ANY(problem_kinds)
                           AND cod_risk->'held'->>'at' IS NOT NULL
                           AND (cod_risk->'held'->>'at')::timestamptz < ${dayAgo}::timestamptz)::int
          AS held
      FROM shipments
      WHERE shop = ${shop} AND problem IS NOT NULL`),
  );
  const [short] = executedRows(
    await db.execute(sql`
      SELECT count(*)::int AS lines, coalesce(sum(-l.difference), 0)::bigint AS amount
      FROM cod_statement_lines l
      WHERE l.shop = ${shop} AND l.kind = ANY(${sql.param(SHORT_KINDS)}::text[])
        AND l.difference < 0
        AND NOT EXISTS (SELECT 1 FROM cod_dispute_items i WHERE i.line_id = l.id)`),
  );
  const overdue = (await codParcels(db, "delivered", { shop, shopCodType, now })).filter(
    (p) => p.payout === "overdue",
  );
  return {
    needsAction: Number(problems?.needs_action ?? 0),
    stuck: Number(problems?.stuck ?? 0),
    held: Number(problems?.held ?? 0),
    overdue: { parcels: overdue.length, amount: overdue.reduce((s, p) => s + p.cod, 0) },
    short: { lines: Number(short?.lines ?? 0), amount: Number(short?.amount ?? 0) },
  };
}
