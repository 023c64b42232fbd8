import { CANCELLABLE_ORDER_STATUSES, type OrderStatus } from "../shipping/codes";
import { IN_FLIGHT_STATUSES, type ShipmentStatus } from "./states";

/** What the merchant may do with a shipment in its current state (shared by pages and the API). */
export type ShipmentAction = "create" | "confirm" | "cancel" | "retry";

/** Not booked yet: what the app holds alone, or a draft at the service. */
const UNBOOKED = new Set(["pending", "draft_placed", "draft_ready"]);
export const unbooked = (status: string): boolean => UNBOOKED.has(status);

/**
 * Nothing booked at the service yet (no order there, and a status before booking): what the
 * merchant may still change on it (its courier, pickup time, insurance).
 */
export const stillOpen = (s: { status: string; shippingOrderId: string | null }): boolean =>
  !s.shippingOrderId && unbooked(s.status);

/**
 * Whether cancelling can succeed: before the booking, or once booked while the courier has not
 * taken the parcel yet (the service cancels an order from confirmed to picking up only). Once
 * the courier holds it, the merchant contacts the courier instead.
 */
export const cancellable = (status: string): boolean =>
  UNBOOKED.has(status) || CANCELLABLE_ORDER_STATUSES.has(status as OrderStatus);

/** Booked, and the courier has the parcel (picked up, on its way, held, coming back). */
export const withCourier = (status: string): boolean =>
  IN_FLIGHT_STATUSES.includes(status as ShipmentStatus) && !cancellable(status);

export function availableActions(
  shipment: { status: string; problem: string | null } | null,
): ShipmentAction[] {
  if (!shipment) return [];
  const actions: ShipmentAction[] = [];
  if (shipment.status === "pending") actions.push("create");
  if (shipment.status === "draft_ready") actions.push("confirm");
  if (shipment.problem && (shipment.status === "pending" || shipment.status === "draft_ready"))
    actions.push("retry");
  if (cancellable(shipment.status)) actions.push("cancel");
  return actions;
}
