import type { Shipment } from "../db/schema";
import { said } from "../i18n/said";
import {
  MERCHANT,
  ShipmentActionError,
  ownShipment,
  type ActionDeps,
} from "../shipments/actions.server";
import { isOnlyKind } from "../shipments/problem-kinds";
import { updateShipment } from "../shipments/shipments.server";

/**
 * The merchant checked a re-weighed parcel ("Sudah dicek"): its problem leaves "needs attention"
 * and the timeline says so. The higher price stays on the costs page. Refused in words when the
 * parcel has no such problem (checked already, or another problem came since).
 */
export async function markReweighChecked(
  deps: ActionDeps,
  shop: string,
  shipmentId: string,
): Promise<Shipment> {
  const shipment = await ownShipment(deps, shop, shipmentId);
  if (!isOnlyKind(shipment.problemKinds, "reweighed"))
    throw new ShipmentActionError("notReweighed");
  const checked = await updateShipment(
    deps.db,
    shipment,
    { problem: null },
    { actor: MERCHANT, type: "reweigh_checked", message: said("reweighChecked") },
  );
  if (!checked) throw new ShipmentActionError("changed");
  return checked;
}
