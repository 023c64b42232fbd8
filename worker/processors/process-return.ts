import { inEnglish, said, type Said } from "#app/i18n/said.ts";
import { DelayedError, type Job } from "bullmq";
import { z } from "zod";
import {
  ORDER_CANCEL_STATE,
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
import { problemOf } from "#app/shipments/problem-kinds.ts";
import { isUnpaid } from "#app/shipments/returns.ts";
import { getShipment } from "#app/shipments/shipments.server.ts";
import { formatMoney } from "#app/shipments/status-words.ts";
import { getShopSettings } from "#app/shops/shops.server.ts";
import { whenConnected, type ShopifyOrderDeps } from "../shared/shopify-connection.ts";
import { returnParcel } from "../shared/parcel-returns.ts";
import { finishReturn, recordReturnStep } from "../shared/return-record.ts";
import { wholeReturnState } from "#app/shipments/return-pages.ts";

/**
 * process-return: the courier brought the parcel back to the shop (`returned`), and the shop's
 * policy applies in Shopify (settings, on by default):
 * 1. a return is recorded for the shipment's fulfilled lines (`returnCreate`), or the one an
 *    earlier run made is found among the order's returns;
 * 2. it is processed with the goods RESTOCKED at the location the fulfillment left from
 *    (`returnProcess`, no refund), then closed (`returnClose`: Shopify may leave a processed
 *    return OPEN, and an order with an open return cannot be cancelled);
 * 3. an unpaid cash-on-delivery order is cancelled with nothing owed (`orderCancel`, reason
 *    CUSTOMER, a staff note); a prepaid order is left for the merchant to refund, as the
 *    shipment's problem with that one action. Shopify cancels in a job: the processor comes back
 *    to it (the job id kept in the job's data; the first look a second after asking, then
 *    doubling to a minute) until the order is cancelled, and a job that ran without cancelling,
 *    or that has not run after about six minutes, is the merchant's problem in words.
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
      const watched = cancelWatch.safeParse(job.data);
      if (watched.success) return await followCancel(deps, job, shipment, watched.data);
      return await handleReturn(deps, job, shipment);
    } catch (error) {
      if (!(error instanceof AdminGraphqlError) || error.throttled) throw error;
      return finishReturn(deps, shipment, "refused", {
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

async function handleReturn(deps: ShopifyOrderDeps, job: Job, shipment: Shipment): Promise<string> {
  const settings = await getShopSettings(deps.db, shipment.shop);
  const back = backWords(shipment);
  if (!settings.restockReturns)
    return finishReturn(deps, shipment, "left_open", {
      problem: problemOf("returned", said("returnRestockOff", { back })),
      type: "return_left",
      message: said("leftRestockOff"),
    });

  const orderId = orderGid(shipment.orderId);
  const fulfillmentId = (shipment.fulfillmentIds as string[])[0];
  if (!fulfillmentId) return notFulfilled(deps, job, shipment, settings.cancelReturnedCod, back);

  const state = await wholeReturnState(
    deps.adminGraphql,
    shipment.shop,
    orderId,
    await adminRequest(deps.adminGraphql, shipment.shop, SHIPMENT_RETURN_STATE, {
      orderId,
      fulfillmentId,
    }),
  );
  const order = state.order;
  if (!order || !state.fulfillment)
    return finishReturn(deps, shipment, "refused", {
      problem: problemOf(
        "shopify",
        said(order ? "returnFulfillmentGone" : "returnOrderGone", { back }),
      ),
      type: "return_refused",
      message: said("orderOrFulfillmentGone"),
    });

  // 1–2. The parcel's lines returned, restocked where it left from, and the returns closed.
  const current = await returnParcel(
    deps,
    shipment,
    { ...state, order, fulfillment: state.fulfillment },
    back,
  );
  if (typeof current === "string") return current;

  // 3. The order: closed with nothing owed when it is an unpaid COD order; else the merchant's.
  return closeOrder(deps, job, current, {
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
  job: Job,
  shipment: Shipment,
  cancel: boolean,
  back: Said,
): Promise<string> {
  if (codAmount(shipment) !== null && shipment.codSettlement === null)
    return closeOrder(deps, job, shipment, {
      cancelledAt: null,
      unpaid: true,
      outstanding: codAmount(shipment)!,
      cancel,
      // Never fulfilled: cancelling with restock puts its committed goods back.
      restock: true,
      back,
    });
  return finishReturn(deps, shipment, "to_refund", {
    problem: problemOf("returned", said("returnNotFulfilledByApp", { back })),
    type: "return_left",
    message: said("notFulfilledLeft"),
  });
}

async function closeOrder(
  deps: ShopifyOrderDeps,
  job: Job,
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
  const owedValue = owedMoney(shipment, o.outstanding);
  if (o.cancelledAt)
    return finishReturn(deps, shipment, "cancelled", {
      type: "order_closed",
      message: said("orderAlreadyCancelledShopify"),
    });
  if (!o.unpaid)
    return finishReturn(deps, shipment, "to_refund", {
      problem: problemOf("returned", said("returnPrepaid", { back: o.back })),
      type: "return_left",
      message: said("prepaidLeft"),
    });
  if (codAmount(shipment) === null || !o.cancel)
    return finishReturn(deps, shipment, "left_open", {
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
    return finishReturn(deps, shipment, "refused", {
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
  // Asked: Shopify cancels in a job, and the order is cancelled only once it has run. The job is
  // kept before anything else, so that a run after a crash follows it and never asks again.
  await keepWatch(job, {
    shopifyCancelJob: orderCancel.job!.id,
    cancelOwed: o.outstanding,
    cancelRestock: o.restock,
    cancelLooks: 0,
  });
  await recordReturnStep(deps, shipment, {}, "cancel_requested", {
    message: said("orderCancelAsked"),
  });
  return lookLater(job, 0);
}

/** What the order still shows owed, in the shipment's currency, as a message's value. */
const owedMoney = (shipment: Shipment, amount: number) => ({
  amount,
  currency: shipment.currency ?? "IDR",
});

/** Shopify's cancellation job, kept in this job's data for its next runs. */
const keepWatch = (job: Job, watch: CancelWatch) => job.updateData({ ...job.data, ...watch });

/** Comes back to Shopify's cancellation job later: a second after asking, doubling to a minute. */
async function lookLater(job: Job, looks: number): Promise<never> {
  await job.moveToDelayed(Date.now() + lookDelayMs(looks), job.token);
  throw new DelayedError("waiting for Shopify's cancellation job");
}

/** The job's data while Shopify's cancellation runs: its Job, and what the last words need. */
const cancelWatch = z.object({
  shopifyCancelJob: z.string().min(1),
  cancelOwed: z.number(),
  cancelRestock: z.boolean(),
  cancelLooks: z.number().int().min(0),
});
type CancelWatch = z.infer<typeof cancelWatch>;

/** Looks at a cancellation before the merchant is told it has not happened (about 6 minutes). */
const CANCEL_LOOKS = 12;
const lookDelayMs = (looks: number) => Math.min(1_000 * 2 ** looks, 60_000);

/**
 * Shopify's cancellation of the order, followed: cancelled, the return's last step is done;
 * still queued, the job comes back later; run without cancelling (or not run after
 * CANCEL_LOOKS), the merchant is told the order still shows what is owed.
 */
async function followCancel(
  deps: ShopifyOrderDeps,
  job: Job,
  shipment: Shipment,
  watch: CancelWatch,
): Promise<string> {
  const state = await adminRequest(deps.adminGraphql, shipment.shop, ORDER_CANCEL_STATE, {
    jobId: watch.shopifyCancelJob,
    orderId: orderGid(shipment.orderId),
  });
  const owed = owedMoney(shipment, watch.cancelOwed);
  if (state.order?.cancelledAt)
    return finishReturn(deps, shipment, "cancelled", {
      type: "order_closed",
      message: said("orderCancelledNothingOwed", { owed }),
    });
  const looks = watch.cancelLooks + 1;
  if (state.order && state.job && !state.job.done && looks < CANCEL_LOOKS) {
    await keepWatch(job, { ...watch, cancelLooks: looks });
    return lookLater(job, looks);
  }
  const back = backWords(shipment);
  return finishReturn(deps, shipment, "refused", {
    problem: problemOf(
      "returned",
      said(watch.cancelRestock ? "returnCancelUnfinished" : "returnCancelUnfinishedRestocked", {
        back,
        owed,
      }),
    ),
    type: "return_refused",
    message: said("shopifyCancelUnfinished"),
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
