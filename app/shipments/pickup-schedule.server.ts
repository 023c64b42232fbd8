import { said } from "../i18n/said";
import type { Shipment } from "../db/schema";
import {
  MERCHANT,
  ShipmentActionError,
  ownShipment,
  updateDraftAsked,
  type ActionDeps,
} from "./actions.server";
import { unbooked } from "./available";
import { slotProblem, type PickupSlot } from "./pickup-slots";
import { updateShipment } from "./shipments.server";

/**
 * The merchant chooses when the courier collects a parcel not yet booked: a slot
 * (app/shipments/pickup-slots.ts) or "now". A draft at the service is updated at once
 * (`delivery_type: "scheduled"` with `delivery_date` and `delivery_time`, or `now`), so the
 * booking that follows carries it; a shipment whose draft is still to be made keeps the slot, and
 * its draft is made with it. Once booked the courier is on it: refused, in words.
 */
export async function schedulePickup(
  deps: ActionDeps,
  shop: string,
  shipmentId: string,
  slot: PickupSlot | null,
  now = new Date(),
): Promise<Shipment> {
  const shipment = await ownShipment(deps, shop, shipmentId);
  if (shipment.shippingOrderId) throw new ShipmentActionError("pickupBooked");
  if (!unbooked(shipment.status))
    throw new ShipmentActionError("pickupNotOpen", { status: shipment.status });
  if (slot) {
    const problem = slotProblem(slot, now);
    if (problem === "passed") throw new ShipmentActionError("pickupPassed", {}, 400);
    if (problem) throw new ShipmentActionError("pickupOutOfRange", {}, 400);
  }
  if (shipment.draftOrderId)
    await updateDraftAsked(
      deps,
      shop,
      shipment.draftOrderId,
      slot
        ? { delivery_type: "scheduled", delivery_date: slot.date, delivery_time: slot.time }
        : { delivery_type: "now" },
    );
  const [year, month, day] = (slot?.date ?? "").split("-");
  const updated = await updateShipment(
    deps.db,
    shipment,
    { pickupSlot: slot },
    {
      actor: MERCHANT,
      type: "pickup_scheduled",
      message: slot
        ? said("pickupScheduled", {
            day: `${Number(day)}/${Number(month)}/${year}`,
            time: slot.time.replace(":", "."),
          })
        : said("pickupNow"),
    },
  );
  if (!updated) throw new ShipmentActionError("changed");
  return updated;
}
