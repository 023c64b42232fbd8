/**
 * Whether a shipment has work in flight that its page should follow without a reload: a request of
 * the merchant's not yet taken up by the worker, a draft being made, a booking whose waybill is
 * still to come. Pure: the shipment's page and the list decide it from what they have loaded.
 */
import { CANCELLABLE_ORDER_STATUSES, type OrderStatus } from "../shipping/codes";

/** The merchant's requests: the worker's next entry on the timeline says it took them up. */
const REQUESTS = new Set([
  "create_requested",
  "confirm_requested",
  "cancel_requested",
  "rebook_requested",
  "courier_chosen",
]);

export function inFlight(
  s: { status: string; problem: string | null; waybillId: string | null },
  latestEventType?: string | null,
  { drafting = true }: { drafting?: boolean } = {},
): boolean {
  if (latestEventType && REQUESTS.has(latestEventType)) return true;
  // Booked at the service, the courier not yet holding the parcel: the statuses it can still cancel.
  if (CANCELLABLE_ORDER_STATUSES.has(s.status as OrderStatus) && !s.waybillId) return true;
  // Recorded, its draft being made (automatic drafting on, nothing in its way).
  return drafting && s.status === "pending" && !s.problem;
}
