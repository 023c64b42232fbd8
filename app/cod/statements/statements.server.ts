import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Queryable } from "../../db/client.server";
import {
  codStatementLines,
  codStatements,
  type CodStatement,
  type CodStatementLine,
  type LineKind,
} from "../../db/schema-cod-money";
import { shipments } from "../../db/schema";
import { isRowId } from "../../platform/row-id";
import { codAmount } from "../../shipments/cod";
import { judgeLine } from "./differences";
import { lockShopStatements } from "./import.server";

/**
 * The shop's imported statements: listed with how their lines came out, one read line by line
 * with each line's parcel, and one removed (its parcels open again; a parcel another statement
 * paid a second time is then paid by that line).
 */

export interface StatementSummary extends CodStatement {
  kinds: Partial<Record<LineKind, number>>;
}

/** The shop's latest statements, newest first, each with its lines counted by kind. */
export async function listStatements(
  db: Queryable,
  shop: string,
  limit = 20,
): Promise<StatementSummary[]> {
  const statements = await db
    .select()
    .from(codStatements)
    .where(eq(codStatements.shop, shop))
    .orderBy(desc(codStatements.createdAt))
    .limit(limit);
  if (statements.length === 0) return [];
  const counts = await db
    .select({
      statementId: codStatementLines.statementId,
      kind: codStatementLines.kind,
      n: sql<number>`count(*)::int`,
    })
    .from(codStatementLines)
    .where(
      inArray(
        codStatementLines.statementId,
        statements.map((s) => s.id),
      ),
    )
    .groupBy(codStatementLines.statementId, codStatementLines.kind);
  return statements.map((s) => ({
    ...s,
    kinds: Object.fromEntries(
      counts.filter((c) => c.statementId === s.id).map((c) => [c.kind, c.n]),
    ),
  }));
}

export async function getStatement(
  db: Queryable,
  shop: string,
  id: string,
): Promise<CodStatement | null> {
  if (!isRowId(id)) return null;
  const [found] = await db
    .select()
    .from(codStatements)
    .where(and(eq(codStatements.shop, shop), eq(codStatements.id, id)));
  return found ?? null;
}

/** A line with its parcel's order and delivery, and the other parcel a deduction was for. */
export interface StatementLineView extends CodStatementLine {
  orderName: string | null;
  parcelWaybill: string | null;
  deliveredAt: Date | null;
  chargedForOrder: string | null;
  chargedForWaybill: string | null;
  /** The dispute (its number) a line is in, when it is. */
  disputeNumber: number | null;
}

/** A statement's lines in the file's order. */
export async function statementLines(
  db: Queryable,
  shop: string,
  statementId: string,
): Promise<StatementLineView[]> {
  const other = alias(shipments, "charged_for");
  const rows = await db
    .select({
      line: codStatementLines,
      orderName: shipments.orderName,
      parcelWaybill: shipments.waybillId,
      deliveredAt: shipments.deliveredAt,
      chargedForOrder: other.orderName,
      chargedForWaybill: other.waybillId,
      disputeNumber: sql<number | null>`(
        SELECT max(d.number) FROM cod_dispute_items i JOIN cod_disputes d ON d.id = i.dispute_id
        WHERE i.line_id = ${codStatementLines.id})`,
    })
    .from(codStatementLines)
    .leftJoin(shipments, eq(shipments.id, codStatementLines.shipmentId))
    .leftJoin(other, eq(other.id, codStatementLines.chargedForId))
    .where(and(eq(codStatementLines.shop, shop), eq(codStatementLines.statementId, statementId)))
    .orderBy(asc(codStatementLines.row));
  return rows.map(({ line, ...parcel }) => ({ ...line, ...parcel }));
}

/**
 * Removes a statement recorded by mistake: its lines go, so its parcels are open again, except
 * those another statement paid a second time: that line (the oldest) pays them now, judged again.
 * False when the shop has no such statement.
 */
export async function removeStatement(
  db: Db,
  shop: string,
  id: string,
  feePercent: number | null,
): Promise<boolean> {
  if (!isRowId(id)) return false;
  return db.transaction(async (tx) => {
    await lockShopStatements(tx, shop);
    const paid = await tx
      .select({ shipmentId: codStatementLines.shipmentId })
      .from(codStatementLines)
      .where(
        and(
          eq(codStatementLines.shop, shop),
          eq(codStatementLines.statementId, id),
          eq(codStatementLines.pays, 1),
        ),
      );
    const removed = await tx
      .delete(codStatements)
      .where(and(eq(codStatements.shop, shop), eq(codStatements.id, id)))
      .returning({ id: codStatements.id });
    if (removed.length === 0) return false;
    const reopened = paid.map((p) => p.shipmentId!).filter(Boolean);
    if (reopened.length > 0) await payAgain(tx, shop, reopened, feePercent);
    return true;
  });
}

/** The oldest line that paid each of these parcels a second time now pays it, judged again. */
async function payAgain(
  tx: Queryable,
  shop: string,
  shipmentIds: string[],
  feePercent: number | null,
) {
  const lines = await tx
    .select({
      line: codStatementLines,
      contents: shipments.contents,
      codFee: shipments.codFee,
    })
    .from(codStatementLines)
    .innerJoin(codStatements, eq(codStatements.id, codStatementLines.statementId))
    .innerJoin(shipments, eq(shipments.id, codStatementLines.shipmentId))
    .where(
      and(
        eq(codStatementLines.shop, shop),
        eq(codStatementLines.kind, "twice"),
        inArray(codStatementLines.shipmentId, shipmentIds),
      ),
    )
    .orderBy(asc(codStatements.createdAt), asc(codStatementLines.row));
  const done = new Set<string>();
  for (const { line, contents, codFee } of lines) {
    if (done.has(line.shipmentId!)) continue;
    done.add(line.shipmentId!);
    const judged = judgeLine(
      line,
      {
        id: line.shipmentId!,
        cod: codAmount({ contents }),
        codFee: codFee === null ? null : Math.round(Number(codFee)),
        paidAlready: false,
      },
      feePercent,
      line.chargedForId !== null,
    );
    await tx
      .update(codStatementLines)
      .set({
        kind: judged.kind,
        pays: judged.pays ? 1 : 0,
        expected: judged.expected,
        expectedFee: judged.expectedFee,
        difference: judged.difference,
      })
      .where(eq(codStatementLines.id, line.id));
  }
}
