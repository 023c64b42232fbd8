import { RETURN_CLOSE, RETURN_CREATE, RETURN_PROCESS } from "#app/admin-api/operations/returns.ts";
import { adminRequest, userErrorText } from "#app/admin-api/request.ts";
import type { Shipment } from "#app/db/schema.ts";
import { said, type Said } from "#app/i18n/said.ts";
import { wholeReturn, type FoundReturnState } from "#app/shipments/return-pages.ts";
import {
  fullyProcessed,
  ownReturn,
  restockLines,
  returnableLines,
  type ShopifyReturn,
} from "#app/shipments/returns.ts";
import { finishReturn, recordReturnStep, returnRefused } from "./return-record.ts";
import type { ShopifyOrderDeps } from "./shopify-connection.ts";

/**
 * Shopify refuses an input list longer than 250 (shopify.dev, "Shopify API limits": input
 * limits), so a parcel of more lines is returned in several returns of at most 250 lines each.
 */
export const RETURN_LINES_PER_RETURN = 250;

/**
 * Steps 1 and 2 of a parcel that came back (worker/processors/process-return.ts): its lines
 * recorded as returned in Shopify (the return found, else made, in returns of at most 250 lines),
 * each return processed with the goods RESTOCKED where the parcel left from, then closed. The
 * shipment as it then is, or the return's end in words (a string) when a step cannot be done.
 */
export async function returnParcel(
  deps: ShopifyOrderDeps,
  shipment: Shipment,
  state: FoundReturnState,
  back: Said,
): Promise<Shipment | string> {
  const fulfillmentId = state.fulfillment.id;
  const lines = new Set(state.fulfillment.fulfillmentLineItems.nodes.map((l) => l.id));
  const found = ownReturn(state.order.returns.nodes, lines, shipment.shopifyReturnId);
  // The app's own return may have been made in parts: the other open parts of this parcel too.
  const returns: ShopifyReturn[] = found ? [found] : [];
  if (found && shipment.shopifyReturnId)
    returns.push(
      ...state.order.returns.nodes.filter(
        (r) =>
          r.id !== found.id &&
          r.status === "OPEN" &&
          !fullyProcessed(r) &&
          ownReturn([r], lines, null) !== null,
      ),
    );
  // 1. What of the parcel is not in a return yet goes into new ones (all of it, the first time).
  const returnable =
    !found || shipment.shopifyReturnId
      ? returnableLines(state.returnableFulfillments.nodes, fulfillmentId)
      : [];
  if (returns.length === 0 && returnable.length === 0)
    return finishReturn(deps, shipment, "by_hand", {
      type: "return_by_hand",
      message: said("nothingLeftToReturn", { back }),
    });
  let current = shipment;
  const returnReasonNote =
    `Returned to sender by the courier${shipment.waybillId ? ` (waybill ${shipment.waybillId})` : ""}`.slice(
      0,
      255,
    );
  for (let i = 0; i < returnable.length; i += RETURN_LINES_PER_RETURN) {
    const { returnCreate } = await adminRequest(deps.adminGraphql, shipment.shop, RETURN_CREATE, {
      returnInput: {
        orderId: state.order.id,
        returnLineItems: returnable
          .slice(i, i + RETURN_LINES_PER_RETURN)
          .map((l) => ({ ...l, returnReasonNote })),
      },
    });
    if (!returnCreate?.return)
      return returnRefused(
        deps,
        current,
        back,
        said("shopifyRefusedReturn", {
          detail: userErrorText(returnCreate?.userErrors ?? []) || said("noReturnMade"),
        }),
      );
    const ret = await wholeReturn(deps.adminGraphql, shipment.shop, returnCreate.return);
    returns.push(ret);
    // The first part is the shipment's return, kept before the next is asked for.
    if (!current.shopifyReturnId) current = await recordReturn(deps, current, ret, returnable);
  }
  if (current.shopifyReturnId !== returns[0]!.id)
    current = await recordReturn(deps, current, returns[0]!, []);

  // 2. Restocked at the location the parcel left from, then closed.
  let restocked = 0;
  const location = state.fulfillment.location ?? {
    id: current.shopifyLocationId ?? "",
    name: current.shopifyLocationName ?? "",
  };
  for (const ret of returns) {
    let status = ret.status;
    if (!current.returnRestockedAt && status === "OPEN" && !fullyProcessed(ret)) {
      const restock = restockLines(ret, location.id);
      if (!location.id || restock.length === 0)
        return returnRefused(deps, current, back, said("returnNothingToRestock"));
      const { returnProcess } = await adminRequest(
        deps.adminGraphql,
        current.shop,
        RETURN_PROCESS,
        { input: { returnId: ret.id, returnLineItems: restock, notifyCustomer: false } },
      );
      if (!returnProcess?.return)
        return returnRefused(
          deps,
          current,
          back,
          said("shopifyRefusedRestock", {
            detail: userErrorText(returnProcess?.userErrors ?? []) || said("notProcessed"),
          }),
        );
      status = returnProcess.return.status;
      restocked += restock.reduce((n, l) => n + l.quantity, 0);
    }
    // Processed, the return is complete and the order can be cancelled.
    if (status === "OPEN") {
      const { returnClose } = await adminRequest(deps.adminGraphql, current.shop, RETURN_CLOSE, {
        id: ret.id,
      });
      if (!returnClose?.return)
        return returnRefused(
          deps,
          current,
          back,
          said("shopifyRefusedClose", {
            detail: userErrorText(returnClose?.userErrors ?? []) || said("noReasonGiven"),
          }),
        );
    }
  }
  if (!current.returnRestockedAt)
    current = await recordReturnStep(
      deps,
      current,
      { returnRestockedAt: new Date() },
      "restocked",
      {
        message:
          restocked === 0
            ? // Processed already (by a run that died before recording it, or in Shopify by hand).
              said("returnAlreadyProcessed")
            : said(restocked === 1 ? "restockedOne" : "restockedMany", {
                count: restocked,
                location: location.name || said("thisLocation"),
              }),
      },
    );
  return current;
}

/** The shipment's return recorded: its id, and how many units the parcel returns. */
function recordReturn(
  deps: ShopifyOrderDeps,
  shipment: Shipment,
  ret: ShopifyReturn,
  returnable: readonly { quantity: number }[],
): Promise<Shipment> {
  const units =
    returnable.length > 0
      ? returnable.reduce((n, l) => n + l.quantity, 0)
      : ret.returnLineItems.nodes.reduce((n, l) => n + l.quantity, 0);
  return recordReturnStep(deps, shipment, { shopifyReturnId: ret.id }, "return_recorded", {
    message: units === 1 ? said("returnRecordedOne") : said("returnRecordedMany", { count: units }),
  });
}
