import { inEnglish, said, type Said } from "#app/i18n/said.ts";
import type { EventType } from "#app/shipments/event-types.ts";
import type { Job } from "bullmq";
import {
  RETURN_CREATE,
  RETURN_PROCESS,
  RETURNED_ORDER_CANCEL,
  SHIPMENT_RETURN_STATE,
} from "#app/admin-api/operations/returns.ts";
import {
  AdminGraphqlError,
  adminRequest,
  orderGid,
  userErrorText,
} from "#app/admin-api/request.ts";
import { deniedScopes } from "#app/admin-api/access-scopes.ts";
import type { Shipment } from "#app/db/schema.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import { codAmount } from "#app/shipments/cod.ts";
import { problemOf, type Problem } from "#app/shipments/problem-kinds.ts";
import {
  isUnpaid,
  ownReturn,
  restockLines,
  returnableLines,
  type ShopifyReturn,
} from "#app/shipments/returns.ts";
import {
  getShipment,
  updateDecided,
  type ShipmentFields,
} from "#app/shipments/shipments.server.ts";
import { isOnlyTrouble } from "#app/shipments/trouble.ts";
import { formatMoney } from "#app/shipments/wording.ts";
import { getShopSettings } from "#app/shops/shops.server.ts";
import { whenConnected, type ShopifyOrderDeps } from "../shared/shopify-connection.ts";

/**
 * process-return: the courier brought the parcel back to the shop (`returned`), and the shop's
 * policy applies in Shopify (settings, on by default):
 * 1. a return is recorded for the shipment's fulfilled lines (`returnCreate`), or the one an
 *    earlier run made is found among the order's returns;
 * 2. it is processed with the goods RESTOCKED at the location the fulfillment left from
 *    (`returnProcess`, no refund);
 * 3. an unpaid cash-on-delivery order is cancelled with nothing owed (`orderCancel`, reason
 *    CUSTOMER, a staff note); a prepaid order is left for the merchant to refund, as the
 *    shipment's problem with that one action.
 * Each step is recorded on the shipment when done (shopify_return_id, return_restocked_at,
 * return_outcome) and found done at Shopify when a run died before recording it, so each happens
 * once whatever the service repeats. A step Shopify refuses ends the job with Shopify's reason as
 * the shipment's problem (a missing permission names the scope to approve).
 */
export async function processReturn(job: Job, deps: ShopifyOrderDeps): Promise<string> {
  const { shop, shipmentId } = shipmentJobs.processReturn.payload.parse(job.data);
  return whenConnected(deps, shop, shipmentId, async () => {
    const shipment = await getShipment(deps.db, shop, shipmentId);
    if (!shipment || shipment.status !== "returned") return "not returned";
    if (shipment.returnOutcome) return `already done: ${shipment.returnOutcome}`;
    try {
      return await handleReturn(deps, shipment);
    } catch (error) {
      if (!(error instanceof AdminGraphqlError) || error.throttled) throw error;
      return finish(deps, shipment, "refused", {
        problem: problemOf(
          "shopify",
          error.deniedFields.length > 0
            ? said("returnDenied", {
                detail: error.detail,
                scopes: deniedScopes(error.deniedFields).join(", "),
              })
            : said("returnRefusedByShopify", { detail: error.detail }),
        ),
        type: "return_refused",
        message: said("shopifyRefusedDetail", { detail: error.detail }),
      });
    }
  });
}

const ACTOR = "worker:process-return";

async function handleReturn(deps: ShopifyOrderDeps, shipment: Shipment): Promise<string> {
  const settings = await getShopSettings(deps.db, shipment.shop);
  const back = backWords(shipment);
  if (!settings.restockReturns)
    return finish(deps, shipment, "left_open", {
      problem: problemOf("returned", said("returnRestockOff", { back })),
      type: "return_left",
      message: said("leftRestockOff"),
    });

  const orderId = orderGid(shipment.orderId);
  const fulfillmentId = (shipment.fulfillmentIds as string[])[0];
  if (!fulfillmentId) return notFulfilled(deps, shipment, settings.cancelReturnedCod, back);

  const state = await adminRequest(deps.adminGraphql, shipment.shop, SHIPMENT_RETURN_STATE, {
    orderId,
    fulfillmentId,
  });
  const order = state.order;
  if (!order || !state.fulfillment)
    return finish(deps, shipment, "refused", {
      problem: problemOf(
        "shopify",
        said(order ? "returnFulfillmentGone" : "returnOrderGone", { back }),
      ),
      type: "return_refused",
      message: said("orderOrFulfillmentGone"),
    });

  // 1. The shipment's return: the one recorded or found, else made now.
  const lines = new Set(state.fulfillment.fulfillmentLineItems.nodes.map((l) => l.id));
  let current = shipment;
  let ret: ShopifyReturn | null = ownReturn(order.returns.nodes, lines, shipment.shopifyReturnId);
  if (!ret) {
    const returnable = returnableLines(state.returnableFulfillments.nodes, fulfillmentId);
    if (returnable.length === 0)
      return finish(deps, shipment, "by_hand", {
        type: "return_by_hand",
        message: said("nothingLeftToReturn", { back }),
      });
    const { returnCreate } = await adminRequest(deps.adminGraphql, shipment.shop, RETURN_CREATE, {
      returnInput: {
        orderId,
        returnLineItems: returnable.map((l) => ({
          ...l,
          returnReasonNote:
            `Returned to sender by the courier${shipment.waybillId ? ` (waybill ${shipment.waybillId})` : ""}`.slice(
              0,
              255,
            ),
        })),
      },
    });
    if (!returnCreate?.return)
      return refused(
        deps,
        shipment,
        back,
        said("shopifyRefusedReturn", {
          detail: userErrorText(returnCreate?.userErrors ?? []) || said("noReturnMade"),
        }),
      );
    ret = returnCreate.return;
  }
  if (current.shopifyReturnId !== ret.id) {
    const units = ret.returnLineItems.nodes.reduce((n, l) => n + l.quantity, 0);
    current = await record(deps, current, { shopifyReturnId: ret.id }, "return_recorded", {
      message:
        units === 1 ? said("returnRecordedOne") : said("returnRecordedMany", { count: units }),
    });
  }

  // 2. Restocked at the location the parcel left from.
  if (!current.returnRestockedAt) {
    if (ret.status === "OPEN") {
      const location = state.fulfillment.location ?? {
        id: current.shopifyLocationId ?? "",
        name: current.shopifyLocationName ?? "",
      };
      const restock = restockLines(ret, location.id);
      if (!location.id || restock.length === 0)
        return refused(deps, current, back, said("returnNothingToRestock"));
      const { returnProcess } = await adminRequest(
        deps.adminGraphql,
        current.shop,
        RETURN_PROCESS,
        {
          input: { returnId: ret.id, returnLineItems: restock, notifyCustomer: false },
        },
      );
      if (!returnProcess?.return)
        return refused(
          deps,
          current,
          back,
          said("shopifyRefusedRestock", {
            detail: userErrorText(returnProcess?.userErrors ?? []) || said("notProcessed"),
          }),
        );
      const units = restock.reduce((n, l) => n + l.quantity, 0);
      current = await record(deps, current, { returnRestockedAt: new Date() }, "restocked", {
        message: said(units === 1 ? "restockedOne" : "restockedMany", {
          count: units,
          location: location.name || said("thisLocation"),
        }),
      });
    } else {
      // Processed already (by a run that died before recording it, or in Shopify by hand).
      current = await record(deps, current, { returnRestockedAt: new Date() }, "restocked", {
        message: said("returnAlreadyProcessed"),
      });
    }
  }

  // 3. The order: closed with nothing owed when it is an unpaid COD order; else the merchant's.
  return closeOrder(deps, current, {
    cancelledAt: order.cancelledAt ?? null,
    unpaid: isUnpaid(order.displayFinancialStatus),
    outstanding: Number(order.totalOutstandingSet.shopMoney.amount),
    cancel: settings.cancelReturnedCod,
    restock: false,
    back,
  });
}

/** Nothing of the parcel was fulfilled in Shopify by the app: the order's items are still committed. */
async function notFulfilled(
  deps: ShopifyOrderDeps,
  shipment: Shipment,
  cancel: boolean,
  back: Said,
): Promise<string> {
  if (codAmount(shipment) !== null && shipment.codSettlement === null)
    return closeOrder(deps, shipment, {
      cancelledAt: null,
      unpaid: true,
      outstanding: codAmount(shipment)!,
      cancel,
      // Never fulfilled: cancelling with restock puts its committed goods back.
      restock: true,
      back,
    });
  return finish(deps, shipment, "to_refund", {
    problem: problemOf("returned", said("returnNotFulfilledByApp", { back })),
    type: "return_left",
    message: said("notFulfilledLeft"),
  });
}

async function closeOrder(
  deps: ShopifyOrderDeps,
  shipment: Shipment,
  o: {
    cancelledAt: string | null;
    unpaid: boolean;
    outstanding: number;
    cancel: boolean;
    restock: boolean;
    back: Said;
  },
): Promise<string> {
  // Shopify's staff note says it in Indonesian rupiah; the merchant reads it in their locale.
  const owed = formatMoney(o.outstanding, shipment.currency, "id-ID");
  const owedValue = { amount: o.outstanding, currency: shipment.currency ?? "IDR" };
  if (o.cancelledAt)
    return finish(deps, shipment, "cancelled", {
      type: "order_closed",
      message: said("orderAlreadyCancelledShopify"),
    });
  if (!o.unpaid)
    return finish(deps, shipment, "to_refund", {
      problem: problemOf("returned", said("returnPrepaid", { back: o.back })),
      type: "return_left",
      message: said("prepaidLeft"),
    });
  if (codAmount(shipment) === null || !o.cancel)
    return finish(deps, shipment, "left_open", {
      problem: problemOf(
        "returned",
        said(o.restock ? "returnUnpaid" : "returnUnpaidRestocked", {
          back: o.back,
          owed: owedValue,
        }),
      ),
      type: "return_left",
      message: o.cancel ? said("unpaidNotCodLeft") : said("leftOpenCancelOff"),
    });
  const { orderCancel } = await adminRequest(
    deps.adminGraphql,
    shipment.shop,
    RETURNED_ORDER_CANCEL,
    {
      orderId: orderGid(shipment.orderId),
      restock: o.restock,
      staffNote:
        `${inEnglish(o.back)} (ParcelBridge): cash on delivery of ${owed} not collected; cancelled with nothing owed.`.slice(
          0,
          255,
        ),
    },
  );
  const errors = orderCancel?.orderCancelUserErrors ?? [];
  if (!orderCancel || errors.length > 0)
    return finish(deps, shipment, "refused", {
      problem: problemOf(
        "returned",
        said(o.restock ? "returnNotCancelled" : "returnNotCancelledRestocked", {
          back: o.back,
          detail: userErrorText(errors) || said("noReasonGiven"),
          owed: owedValue,
        }),
      ),
      type: "return_refused",
      message: said("shopifyRefusedCancel", {
        detail: userErrorText(errors) || said("noReasonGiven"),
      }),
    });
  return finish(deps, shipment, "cancelled", {
    type: "order_closed",
    message: said("orderCancelledNothingOwed", { owed: owedValue }),
  });
}

/** "Came back to you with JNE (waybill …)". */
function backWords(shipment: Shipment): Said {
  const courier = shipment.courierCompany
    ? { courier: shipment.courierCompany, service: shipment.courierType }
    : null;
  return said("parcelCameBack", {
    with: courier ? said("withCourier", { courier }) : "",
    waybill: shipment.waybillId ? said("waybillAfter", { waybill: shipment.waybillId }) : "",
  });
}

async function refused(
  deps: ShopifyOrderDeps,
  shipment: Shipment,
  back: Said,
  reason: Said,
): Promise<string> {
  return finish(deps, shipment, "refused", {
    problem: problemOf("shopify", said("returnStepRefused", { back, reason })),
    type: "return_refused",
    message: reason,
  });
}

/** Records a step done; the shipment as it now is. */
async function record(
  deps: ShopifyOrderDeps,
  shipment: Shipment,
  fields: ShipmentFields,
  type: EventType,
  event: { message: Said },
): Promise<Shipment> {
  const saved = await updateDecided(
    deps.db,
    shipment.shop,
    shipment.id,
    () => ({ patch: fields, event: { actor: ACTOR, type, message: event.message } }),
    ACTOR,
    shipment,
  );
  if (!saved) throw new Error("Shipment gone while processing its return");
  return saved;
}

/** The last step: how the order was left, with the merchant's problem when there is one to act on. */
async function finish(
  deps: ShopifyOrderDeps,
  shipment: Shipment,
  outcome: NonNullable<Shipment["returnOutcome"]>,
  o: { problem?: Problem; type: EventType; message: Said },
): Promise<string> {
  let already: string | null = null;
  const saved = await updateDecided(
    deps.db,
    shipment.shop,
    shipment.id,
    (current) => {
      already = current.returnOutcome;
      if (already) return null;
      // A problem of another kind already shown stays; the delivery trouble of before is over.
      const shown = current.problem !== null && !isOnlyTrouble(current.problemKinds);
      return {
        patch:
          o.problem && !shown
            ? { returnOutcome: outcome, ...o.problem }
            : { returnOutcome: outcome },
        event: { actor: ACTOR, type: o.type, message: o.message },
      };
    },
    ACTOR,
    shipment,
  );
  if (!saved) return "no shipment";
  return already ? `already done: ${already}` : outcome;
}
