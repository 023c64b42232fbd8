import { and, desc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { shipments, type Shipment } from "../db/schema";
import { isRowId } from "../platform/row-id";

/**
 * Each order's first shipment (part 1, its newest attempt), for many orders in one statement (a
 * bulk quote of 250 orders is one read, not 250): the orders without one are absent from the map.
 */
export async function shipmentsByOrders(
  db: Queryable,
  shop: string,
  orderIds: readonly string[],
): Promise<Map<string, Shipment>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([shipments.orderId])
    .from(shipments)
    .where(
      and(
        eq(shipments.shop, shop),
        inArray(shipments.orderId, [...orderIds]),
        eq(shipments.part, 1),
      ),
    )
    .orderBy(shipments.orderId, desc(shipments.attempt));
  return new Map(rows.map((row) => [row.orderId, row]));
}

/**
 * The shop's shipments among `ids` (any attempt), in one statement and in the order asked;
 * another shop's, and ids of none, are left out.
 */
export async function shipmentsByIds(
  db: Queryable,
  shop: string,
  ids: readonly string[],
): Promise<Shipment[]> {
  const valid = ids.filter(isRowId);
  if (valid.length === 0) return [];
  const rows = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.shop, shop), inArray(shipments.id, valid)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return [...new Set(valid)].flatMap((id) => byId.get(id) ?? []);
}
