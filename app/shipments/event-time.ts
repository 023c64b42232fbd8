import type { Shipment } from "../db/schema";

/**
 * The time a timeline entry is shown at when the parcel's own record keeps it: the parcel reached
 * the buyer, or came back to the shop, when the courier says (never after the app heard of it:
 * worker/processors/sync-status.ts), the time the COD page, its CSV and its payout week use too.
 * Null for every other entry (shown when the app recorded it).
 */
export function timeOfEvent(
  event: { from: string | null; to: string | null },
  shipment: Pick<Shipment, "deliveredAt" | "returnedAt">,
): Date | null {
  if (!event.to || event.from === event.to) return null;
  if (event.to === "delivered") return shipment.deliveredAt;
  if (event.to === "returned") return shipment.returnedAt;
  return null;
}
