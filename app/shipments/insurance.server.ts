import { said } from "../i18n/said";
import type { Shipment } from "../db/schema";
import type { ShipmentContents } from "../orders/map-types";
import { getShopSettings } from "../shops/shops.server";
import {
  MERCHANT,
  ShipmentActionError,
  ownShipment,
  updateDraftAsked,
  type ActionDeps,
} from "./actions.server";
import { stillOpen } from "./available";
import { goodsValueOf, insuredValue, type InsuranceChoice } from "./insurance-choice";
import { updateShipment } from "./shipments.server";

/**
 * The merchant insures a parcel not yet booked, or not, or leaves it to the shop's rule
 * (app/shipments/insurance-choice.ts). A draft at the service is updated at once
 * (`courier_insurance`: the goods' value, or none), so its price carries the premium before the
 * courier is booked; a shipment whose draft is still to be made is drafted with it. Once booked,
 * refused in words: the service changes nothing on a confirmed order.
 */
export async function chooseInsurance(
  deps: ActionDeps,
  shop: string,
  shipmentId: string,
  choice: InsuranceChoice | null,
): Promise<Shipment> {
  const shipment = await ownShipment(deps, shop, shipmentId);
  if (!stillOpen(shipment)) throw new ShipmentActionError("insuranceBooked");
  const goods = goodsValueOf(shipment.contents);
  if (choice === "on" && !(goods > 0)) throw new ShipmentActionError("insuranceNoValue", {}, 400);
  const value = insuredValue(choice, await getShopSettings(deps.db, shop), goods);
  // The draft's new price (the premium in it or out of it), for the list and the booking's quote.
  let price: string | undefined;
  if (shipment.draftOrderId) {
    const draft = await updateDraftAsked(deps, shop, shipment.draftOrderId, {
      courier_insurance: value,
    });
    if (typeof draft.price === "number") price = String(draft.price);
  }
  const contents = shipment.contents as ShipmentContents | null;
  const updated = await updateShipment(
    deps.db,
    shipment,
    {
      insuranceChoice: choice,
      ...(price !== undefined ? { price } : {}),
      ...(contents ? { contents: { ...contents, insurance: value } } : {}),
    },
    {
      actor: MERCHANT,
      type: "insurance_chosen",
      message:
        value !== null
          ? said("insuranceOn", {
              value: { amount: value, currency: shipment.currency ?? "IDR" },
            })
          : said(choice === null ? "insuranceByRuleNone" : "insuranceOff"),
    },
  );
  if (!updated) throw new ShipmentActionError("changed");
  return updated;
}
