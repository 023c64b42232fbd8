import { and, desc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { codPayouts, shipments, type CodPayout } from "../db/schema";
import { endOfDateIn, isDayUpTo } from "../platform/zoned-time";
import type { CodType } from "../shipping/codes";
import { codAmount, codTypeOf, expectedPayout } from "../shipments/cod";
import { carriesCod } from "../shipments/shipments.server";
import { COD_REPORT_DAYS } from "./parcels.server";
import { isRowId } from "../platform/row-id";

/**
 * Payouts of collected cash on delivery that the merchant recorded as received, and the parcels
 * each covers. The app cannot see the shop's bank account: the merchant says "JNE paid
 * Rp1.234.000 on 27 Nov", and the payout covers that courier's delivered COD parcels whose payout
 * was due by that day and that no payout covered yet (among the parcels the page shows: delivered
 * in the last COD_REPORT_DAYS days). The COD page's ledger then shows them
 * settled; a payout recorded by mistake is removed, and its parcels are open again.
 */

export interface PayoutRequest {
  /** The service's courier code, any case. */
  courier: string;
  /** The day the money arrived (YYYY-MM-DD), in the shop's zone. */
  receivedOn: string;
  /** What arrived. */
  amount: number;
}

export type PayoutRefusal = "nothingDue" | "badDate" | "badAmount";

export class PayoutRefused extends Error {
  constructor(readonly reason: PayoutRefusal) {
    super(`Payout not recorded: ${reason}`);
  }
}

/**
 * The parcels a payout received on `receivedOn` would cover: the courier's delivered COD parcels
 * not covered yet whose payout was due by the end of that day, locked (two payouts recorded at
 * once never cover one parcel twice).
 */
async function dueParcels(
  db: Queryable,
  shop: string,
  courier: string,
  receivedOn: string,
  shopCodType: CodType,
  timeZone: string,
) {
  const end = endOfDateIn(receivedOn, timeZone);
  const rows = await db
    .select({
      id: shipments.id,
      contents: shipments.contents,
      deliveredAt: shipments.deliveredAt,
    })
    .from(shipments)
    .where(
      and(
        eq(shipments.shop, shop),
        eq(shipments.status, "delivered"),
        sql`lower(${shipments.courierCompany}) = ${courier.toLowerCase()}`,
        isNull(shipments.codPayoutId),
        // Nor a parcel a payout statement's line pays (./statements/).
        sql`NOT EXISTS (SELECT 1 FROM cod_statement_lines l
                        WHERE l.shipment_id = ${shipments.id} AND l.pays = 1)`,
        lt(shipments.deliveredAt, end),
        // The parcels the COD page shows: a payout never covers one the merchant cannot see.
        gte(shipments.deliveredAt, new Date(Date.now() - COD_REPORT_DAYS * 24 * 3600 * 1000)),
        carriesCod,
      ),
    )
    .for("update");
  return rows.filter(
    (r) => r.deliveredAt && expectedPayout(r.deliveredAt, codTypeOf(r, shopCodType)) <= end,
  );
}

/** Records a payout and marks the parcels it covers, in one transaction; refuses one that covers none. */
export async function recordPayout(
  db: Queryable,
  shop: string,
  request: PayoutRequest,
  shopCodType: CodType,
  timeZone: string,
  today: string,
): Promise<CodPayout> {
  // Money does not arrive in the future.
  if (!isDayUpTo(request.receivedOn, today)) throw new PayoutRefused("badDate");
  if (!Number.isFinite(request.amount) || request.amount < 0 || request.amount > 1e12)
    throw new PayoutRefused("badAmount");
  return db.transaction(async (tx) => {
    const rows = await dueParcels(
      tx,
      shop,
      request.courier,
      request.receivedOn,
      shopCodType,
      timeZone,
    );
    if (rows.length === 0) throw new PayoutRefused("nothingDue");
    const expected = rows.reduce((s, r) => s + (codAmount(r) ?? 0), 0);
    const [payout] = await tx
      .insert(codPayouts)
      .values({
        shop,
        courier: request.courier.toLowerCase(),
        receivedOn: request.receivedOn,
        amount: String(request.amount),
        expected: String(expected),
        parcels: rows.length,
      })
      .returning();
    await tx
      .update(shipments)
      .set({ codPayoutId: payout!.id })
      .where(
        and(
          eq(shipments.shop, shop),
          inArray(
            shipments.id,
            rows.map((r) => r.id),
          ),
        ),
      );
    return payout!;
  });
}

/** Removes a payout recorded by mistake; its parcels are open again. False when the shop has no such payout. */
export async function removePayout(db: Queryable, shop: string, id: string): Promise<boolean> {
  if (!isRowId(id)) return false;
  const removed = await db
    .delete(codPayouts)
    .where(and(eq(codPayouts.shop, shop), eq(codPayouts.id, id)))
    .returning({ id: codPayouts.id });
  return removed.length > 0;
}

/** The shop's recorded payouts, newest first (the ledger's last `limit`). */
export async function listPayouts(db: Queryable, shop: string, limit = 50): Promise<CodPayout[]> {
  return db
    .select()
    .from(codPayouts)
    .where(eq(codPayouts.shop, shop))
    .orderBy(desc(codPayouts.receivedOn), desc(codPayouts.createdAt))
    .limit(limit);
}
