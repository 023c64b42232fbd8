import { and, desc, eq, notLike } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { fulfillmentEvents } from "../db/schema";
import type { LastScan } from "./stuck-help";

/**
 * The courier's latest scan of a parcel as the app recorded it (not the finder's own DELAYED
 * entry): when it happened and the courier's note. One row by `fulfillment_events_shipment_idx`.
 */
export async function latestScan(db: Queryable, shipmentId: string): Promise<LastScan | null> {
  const [row] = await db
    .select({ at: fulfillmentEvents.happenedAt, note: fulfillmentEvents.note })
    .from(fulfillmentEvents)
    .where(
      and(
        eq(fulfillmentEvents.shipmentId, shipmentId),
        notLike(fulfillmentEvents.entryKey, "stuck|%"),
      ),
    )
    .orderBy(desc(fulfillmentEvents.happenedAt))
    .limit(1);
  return row ? { at: row.at, note: row.note } : null;
}
