import type { Shipment } from "#app/db/schema.ts";
import type { ShipmentDeps } from "./shipment-context.ts";

/** Queues the booking of a ready draft, unless it waits (payment, a problem, a hold in Shopify); `slot`: one reserved for it. */
export async function confirmIfPaid(
  deps: ShipmentDeps,
  shipment: Shipment,
  slot?: number,
): Promise<boolean> {
  if (shipment.awaitingPayment || shipment.problem || shipment.shopifyHold) return false;
  await deps.enqueue.confirm(shipment.shop, shipment.id, undefined, undefined, slot);
  return true;
}
