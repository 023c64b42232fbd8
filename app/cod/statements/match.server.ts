import { sql } from "drizzle-orm";
import { executedRows, type Queryable } from "../../db/client.server";
import { COD_OF_S } from "../parcels.server";

/**
 * The shop's parcels a statement's lines name, in one statement per batch of names: by waybill,
 * else by the order (its reference at the service, its name with or without "#", its id). An order
 * of several parcels (parts, rebookings) is named by its delivered COD parcel first, then its
 * latest. Each with what judging a line needs: its COD, the fee the service stated, and whether a
 * statement line pays it already.
 */
export interface KnownParcel {
  id: string;
  waybill: string | null;
  orderName: string | null;
  orderId: string;
  referenceId: string;
  cod: number | null;
  codFee: number | null;
  paid: boolean;
  /** Which of an order's parcels a line naming the order means: the highest. */
  rank: number;
}

/** Names per query (each an array parameter: the query stays one statement). */
const NAMES_PER_QUERY = 5_000;

export async function parcelsNamed(
  db: Queryable,
  shop: string,
  names: readonly string[],
): Promise<KnownParcel[]> {
  const unique = [...new Set(names.filter((n) => n !== ""))];
  const found: KnownParcel[] = [];
  for (let i = 0; i < unique.length; i += NAMES_PER_QUERY) {
    const part = unique.slice(i, i + NAMES_PER_QUERY);
    const bare = part.map((n) => n.replace(/^#/, ""));
    const hashed = bare.map((n) => `#${n}`);
    const rows = executedRows(
      await db.execute(sql`
        SELECT s.id, s.waybill_id, s.order_name, s.order_id, s.reference_id, s.status,
               s.attempt, s.part,
               ${COD_OF_S} AS cod,
               s.cod_fee,
               EXISTS (SELECT 1 FROM cod_statement_lines l
                       WHERE l.shipment_id = s.id AND l.pays = 1) AS paid
        FROM shipments s
        WHERE s.shop = ${shop}
          AND (s.waybill_id = ANY(${sql.param(part)}::text[])
               OR s.reference_id = ANY(${sql.param(part)}::text[])
               OR s.order_name = ANY(${sql.param([...part, ...hashed])}::text[])
               OR s.order_id = ANY(${sql.param(bare)}::text[]))`),
    );
    for (const r of rows)
      found.push({
        id: String(r.id),
        waybill: r.waybill_id === null ? null : String(r.waybill_id),
        orderName: r.order_name === null ? null : String(r.order_name),
        orderId: String(r.order_id),
        referenceId: String(r.reference_id),
        cod: r.cod === null || Number(r.cod) <= 0 ? null : Math.round(Number(r.cod)),
        codFee: r.cod_fee === null ? null : Math.round(Number(r.cod_fee)),
        paid: r.paid === true,
        rank: rankOf(r),
      });
  }
  return found;
}

/** An order's parcel to name: delivered with COD first, then the latest attempt and part. */
function rankOf(r: Record<string, unknown>): number {
  const delivered = r.status === "delivered" ? 1 : 0;
  const cod = r.cod !== null && Number(r.cod) > 0 ? 1 : 0;
  return delivered * 1_000_000 + cod * 100_000 + Number(r.attempt) * 100 + Number(r.part);
}

/** The lookup a statement's names are read through: a waybill first, then an order's best parcel. */
export class ParcelIndex {
  private readonly byWaybill = new Map<string, KnownParcel>();
  private readonly byOrder = new Map<string, KnownParcel>();

  constructor(parcels: readonly KnownParcel[]) {
    for (const p of parcels) {
      if (p.waybill) this.byWaybill.set(p.waybill.toUpperCase(), p);
      const names = [p.referenceId, p.orderId, p.orderName, p.orderName?.replace(/^#/, "")];
      for (const name of names) {
        if (!name) continue;
        const key = name.toUpperCase();
        const kept = this.byOrder.get(key);
        if (!kept || kept.rank < p.rank) this.byOrder.set(key, p);
      }
    }
  }

  find(waybill: string | null, reference: string | null): KnownParcel | null {
    if (waybill) {
      const p = this.byWaybill.get(waybill.toUpperCase());
      if (p) return p;
    }
    if (reference) return this.byOrder.get(reference.replace(/^#/, "").toUpperCase()) ?? null;
    return null;
  }

  /** Another parcel a deduction's description names (its waybill or its order), not `own`. */
  named(note: string | null, own: KnownParcel | null): KnownParcel | null {
    for (const token of namesIn(note)) {
      const p = this.find(token, token);
      if (p && p.id !== own?.id) return p;
    }
    return null;
  }
}

/** The words of a description that could be a waybill or an order ("#1001", "JNE0012345"). */
export function namesIn(note: string | null): string[] {
  return (note ?? "").match(/#?[A-Za-z0-9][A-Za-z0-9-]{3,}/g)?.filter((t) => /\d/.test(t)) ?? [];
}
