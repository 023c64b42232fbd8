import { inArray } from "drizzle-orm";
import type { Queryable } from "../../db/client.server";
import { codStatementLines } from "../../db/schema-cod-money";

/**
 * customers/redact: the payout statements' lines of the customer's parcels lose what could name
 * them (the recipient as the statement wrote it, a deduction's description), whether the line is
 * the parcel's own or another parcel's whose deduction was for it. The money stays: it is the
 * shop's ledger, not the customer's data.
 */
export async function redactStatementLines(tx: Queryable, shipmentIds: readonly string[]) {
  if (shipmentIds.length === 0) return;
  const ids = [...shipmentIds];
  // Their own lines: their name and the description.
  await tx
    .update(codStatementLines)
    .set({ recipient: null, deductionNote: null })
    .where(inArray(codStatementLines.shipmentId, ids));
  // Another buyer's line whose deduction was for their parcel: the description only (it names it).
  await tx
    .update(codStatementLines)
    .set({ deductionNote: null })
    .where(inArray(codStatementLines.chargedForId, ids));
}
