import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client.server";
import { shipments } from "../../db/schema";
import {
  codDisputeItems,
  codDisputes,
  codStatementLines,
  codStatements,
  DISPUTE_STATES,
  type CodDispute,
  type CodDisputeItem,
  type DisputeState,
} from "../../db/schema-cod-money";
import { isRowId } from "../../platform/row-id";
import type { CodType } from "../../shipping/codes";
import { codAmount, codTypeOf, expectedPayout } from "../../shipments/cod";
import { agreedFee } from "../statements/differences";

/**
 * Disputes the merchant sends the service about COD paid wrong or not at all: the statement lines
 * with a difference and the delivered parcels no statement paid, each kept as it stood when the
 * dispute was made (./packet-csv.ts and ./packet-pdf.server.ts write the packet), with the
 * dispute's state (sent, answered, paid, written off) and since when.
 */

export interface DisputeRequest {
  /** Statement lines with a difference. */
  lineIds: string[];
  /** Delivered COD parcels no statement paid (past their payout date). */
  shipmentIds: string[];
}

export class DisputeRefused extends Error {
  constructor(readonly reason: "nothing") {
    super(`Dispute not made: ${reason}`);
  }
}

/** Makes a dispute of the chosen lines and parcels (lines without a difference are left out). */
export async function createDispute(
  db: Db,
  shop: string,
  request: DisputeRequest,
  settings: { codType: CodType; codFeePercent: number | null },
): Promise<CodDispute> {
  const lineIds = request.lineIds.filter(isRowId);
  const shipmentIds = request.shipmentIds.filter(isRowId);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext('cod-disputes'), hashtext(${shop}))`,
    );
    const lines =
      lineIds.length === 0
        ? []
        : await tx
            .select({
              line: codStatementLines,
              receivedOn: codStatements.receivedOn,
              parcel: {
                waybill: shipments.waybillId,
                orderName: shipments.orderName,
                deliveredAt: shipments.deliveredAt,
                contents: shipments.contents,
                trackingUrl: shipments.trackingUrl,
              },
            })
            .from(codStatementLines)
            .innerJoin(codStatements, eq(codStatements.id, codStatementLines.statementId))
            .leftJoin(shipments, eq(shipments.id, codStatementLines.shipmentId))
            .where(
              and(
                eq(codStatementLines.shop, shop),
                inArray(codStatementLines.id, lineIds),
                ne(codStatementLines.kind, "ok"),
              ),
            )
            .orderBy(asc(codStatementLines.row));
    const unpaid =
      shipmentIds.length === 0
        ? []
        : await tx
            .select()
            .from(shipments)
            .where(
              and(
                eq(shipments.shop, shop),
                inArray(shipments.id, shipmentIds),
                eq(shipments.status, "delivered"),
                isNotNull(shipments.deliveredAt),
                sql`NOT EXISTS (SELECT 1 FROM cod_statement_lines l
                                WHERE l.shipment_id = ${shipments.id} AND l.pays = 1)`,
                sql`${shipments.codPayoutId} IS NULL`,
              ),
            );
    const owed = unpaid.filter((s) => codAmount(s) !== null);
    if (lines.length === 0 && owed.length === 0) throw new DisputeRefused("nothing");
    // The shop's next number (the lock above: two disputes made at once never take one number).
    const [dispute] = await tx
      .insert(codDisputes)
      .values({
        shop,
        number: sql`(SELECT coalesce(max(number), 0) + 1 FROM cod_disputes WHERE shop = ${shop})`,
      })
      .returning();
    const payoutBy = (deliveredAt: Date | null, contents: unknown) =>
      deliveredAt ? expectedPayout(deliveredAt, codTypeOf({ contents }, settings.codType)) : null;
    const items = [
      ...lines.map(({ line, receivedOn, parcel }) => {
        const expected = line.expected ?? 0;
        return {
          disputeId: dispute!.id,
          shop,
          shipmentId: line.shipmentId,
          lineId: line.id,
          kind: line.kind,
          waybill: line.waybill ?? parcel?.waybill ?? null,
          orderName: parcel?.orderName ?? line.reference,
          deliveredAt: parcel?.deliveredAt ?? null,
          payoutBy: parcel ? payoutBy(parcel.deliveredAt, parcel.contents) : null,
          paidOn: line.paidOn ?? receivedOn,
          proof: parcel?.trackingUrl ?? null,
          expected,
          paid: expected + line.difference,
          difference: line.difference,
        };
      }),
      ...owed.map((s) => {
        const cod = codAmount(s)!;
        const fee = agreedFee(
          { cod, codFee: s.codFee === null ? null : Math.round(Number(s.codFee)) },
          settings.codFeePercent,
        );
        const expected = cod - (fee ?? 0);
        return {
          disputeId: dispute!.id,
          shop,
          shipmentId: s.id,
          lineId: null,
          kind: "unpaid",
          waybill: s.waybillId,
          orderName: s.orderName,
          deliveredAt: s.deliveredAt,
          payoutBy: payoutBy(s.deliveredAt, s.contents),
          paidOn: null,
          proof: s.trackingUrl,
          expected,
          paid: 0,
          difference: -expected,
        };
      }),
    ];
    await tx.insert(codDisputeItems).values(items);
    return dispute!;
  });
}

export interface DisputeSummary extends CodDispute {
  items: number;
  difference: number;
}

/** The shop's disputes, newest first, with their parcels counted and the money in question. */
export async function listDisputes(
  db: Queryable,
  shop: string,
  limit = 50,
): Promise<DisputeSummary[]> {
  const rows = await db
    .select({
      dispute: codDisputes,
      items: sql<number>`count(${codDisputeItems.id})::int`,
      difference: sql<string>`coalesce(sum(${codDisputeItems.difference}), 0)`,
    })
    .from(codDisputes)
    .leftJoin(codDisputeItems, eq(codDisputeItems.disputeId, codDisputes.id))
    .where(eq(codDisputes.shop, shop))
    .groupBy(codDisputes.id)
    .orderBy(desc(codDisputes.number))
    .limit(limit);
  return rows.map((r) => ({ ...r.dispute, items: r.items, difference: Number(r.difference) }));
}

export async function getDispute(
  db: Queryable,
  shop: string,
  id: string,
): Promise<{ dispute: CodDispute; items: CodDisputeItem[] } | null> {
  if (!isRowId(id)) return null;
  const [dispute] = await db
    .select()
    .from(codDisputes)
    .where(and(eq(codDisputes.shop, shop), eq(codDisputes.id, id)));
  if (!dispute) return null;
  const items = await db
    .select()
    .from(codDisputeItems)
    .where(eq(codDisputeItems.disputeId, id))
    .orderBy(asc(codDisputeItems.deliveredAt), asc(codDisputeItems.waybill));
  return { dispute, items };
}

export const isDisputeState = (value: unknown): value is DisputeState =>
  (DISPUTE_STATES as readonly unknown[]).includes(value);

/** Moves a dispute on (answered, paid, written off, or sent again); false when the shop has no such dispute. */
export async function setDisputeState(
  db: Queryable,
  shop: string,
  id: string,
  state: DisputeState,
): Promise<boolean> {
  if (!isRowId(id)) return false;
  const updated = await db
    .update(codDisputes)
    .set({ state, stateAt: sql`now()` })
    .where(and(eq(codDisputes.shop, shop), eq(codDisputes.id, id)))
    .returning({ id: codDisputes.id });
  return updated.length > 0;
}
