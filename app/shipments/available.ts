import { TERMINAL_STATUSES, type ShipmentStatus } from "./states";

/** What the merchant may do with a shipment in its current state (shared by pages and the API). */
export type ShipmentAction = "create" | "confirm" | "cancel" | "retry";

export function availableActions(
  shipment: { status: string; problem: string | null } | null,
): ShipmentAction[] {
  if (!shipment) return [];
  const actions: ShipmentAction[] = [];
  if (shipment.status === "pending") actions.push("create");
  if (shipment.status === "draft_ready") actions.push("confirm");
  if (shipment.problem && (shipment.status === "pending" || shipment.status === "draft_ready"))
    actions.push("retry");
  if (!TERMINAL_STATUSES.has(shipment.status as ShipmentStatus)) actions.push("cancel");
  return actions;
}
