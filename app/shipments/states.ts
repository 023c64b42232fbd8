import { ORDER_STATUSES } from "../shipping/codes";

/**
 * A shipment's status: where it is in its life. Before the service has an order it is ours
 * (pending, draft_placed, draft_ready); from confirmation on it is the service's order status.
 * `cancelled` covers a deleted draft and a cancelled order; `not_required` an order with nothing
 * to ship. Whether the merchant must act is separate: the shipment's `problem`.
 */
export const SHIPMENT_STATUSES = [
  "pending",
  "not_required",
  "draft_placed",
  "draft_ready",
  ...ORDER_STATUSES,
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

const RANK: Record<ShipmentStatus, number> = {
  pending: 0,
  draft_placed: 10,
  draft_ready: 20,
  scheduled: 30,
  confirmed: 30,
  allocated: 40,
  picking_up: 50,
  picked: 60,
  on_hold: 70,
  dropping_off: 80,
  return_in_transit: 90,
  delivered: 100,
  returned: 100,
  rejected: 100,
  disposed: 100,
  courier_not_found: 100,
  cancelled: 100,
  not_required: 100,
};

/** How far a status is along a shipment's life (0 pending … 100 ended); unknown statuses count as 0. */
export const statusRank = (status: string): number => RANK[status as ShipmentStatus] ?? 0;

export const TERMINAL_STATUSES: ReadonlySet<ShipmentStatus> = new Set(
  (Object.keys(RANK) as ShipmentStatus[]).filter((s) => RANK[s] === 100),
);

/** Statuses in which the order exists at the service and may still change there. */
export const IN_FLIGHT_STATUSES: readonly ShipmentStatus[] = [
  "confirmed",
  "scheduled",
  "allocated",
  "picking_up",
  "picked",
  "on_hold",
  "dropping_off",
  "return_in_transit",
];

/** Booked and on its way out, not coming back: the parcels whose labels are printed. */
export const OUTBOUND_STATUSES: readonly ShipmentStatus[] = IN_FLIGHT_STATUSES.filter(
  (s) => s !== "return_in_transit",
);

export function isShipmentStatus(value: string): value is ShipmentStatus {
  return (SHIPMENT_STATUSES as readonly string[]).includes(value);
}

/**
 * Statuses only move forward: a late or repeated event never takes a shipment back (a delivered
 * parcel stays delivered), and nothing leaves a terminal status. Equal ranks may replace each
 * other, except a draft moving back from ready to placed, which the
 * service itself does when an instant courier loses a coordinate.
 */
export function canMove(from: ShipmentStatus, to: ShipmentStatus): boolean {
  if (from === to) return false;
  if (TERMINAL_STATUSES.has(from)) return false;
  if (from === "draft_ready" && to === "draft_placed") return true;
  // A status this app no longer lists (a row written by an older version) never blocks a move.
  return RANK[to] >= (RANK[from] ?? 0);
}
