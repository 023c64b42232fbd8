/**
 * The shipment page's actions (one intent each: confirm, cancel, retry, create, ship again, book a
 * return pickup, rebook, choose a courier, a re-weigh checked), answered in the reader's words.
 */
import { enqueue } from "../../jobs/queues.server";
import { schedulePickup } from "../../shipments/pickup-schedule.server";
import { chooseInsurance } from "../../shipments/insurance.server";
import { getPickup, requestPickup } from "../../returns/pickups.server";
import type { ActionFunctionArgs } from "@remix-run/node";
import { wordsFor } from "../../i18n/i18n.server";
import { actionDeps } from "../../shipments/action-deps.server";
import { db } from "../../db/index.server";
import {
  ShipmentActionError,
  cancel,
  chooseCourier,
  confirm,
  createNow,
  rebook,
  retry,
  shipAgain,
} from "../../shipments/actions.server";
import { ShippingError } from "../../shipping/errors";
import { markReweighChecked } from "../../costs/reweigh-checked.server";
import { authenticate } from "../../shopify.server";
import type { TFunction } from "i18next";
import { shopifyAdminGraphql } from "../../admin-api/gateway.server";
import { logger } from "../../platform/logger.server";
import {
  askPrepayment,
  cancelHeldOrder,
  markBuyer,
  releaseHold,
} from "../../cod-risk/hold-actions.server";

/** What the merchant is told after each action (`shipment.done.<intent>`): the work is queued, the page follows it. */
const INTENTS = new Set([
  "confirm",
  "cancel",
  "retry",
  "create",
  "rebook",
  "courier",
  "reweigh_checked",
]);

/** A held COD order's actions (app/cod-risk/hold-actions.server.ts) → what the merchant is told. */
const HOLD_INTENTS = {
  cod_confirmed: "shipment.done.codConfirmed",
  cod_anyway: "shipment.done.codAnyway",
  cod_cancel: "shipment.done.codCancel",
  cod_invoice: "shipment.done.codInvoice",
  cod_trust: "shipment.done.codMark",
  cod_always_hold: "shipment.done.codMark",
  cod_unmark: "shipment.done.codMark",
} as const;
type HoldIntent = keyof typeof HOLD_INTENTS;
const isHoldIntent = (intent: string): intent is HoldIntent => intent in HOLD_INTENTS;

async function holdAction(intent: HoldIntent, shop: string, id: string, t: TFunction) {
  const deps = { ...actionDeps(), adminGraphql: shopifyAdminGraphql };
  if (intent === "cod_confirmed") await releaseHold(deps, shop, id, "confirmed");
  else if (intent === "cod_anyway") await releaseHold(deps, shop, id, "anyway");
  else if (intent === "cod_cancel" || intent === "cod_invoice") {
    try {
      if (intent === "cod_cancel") {
        // Shopify still running its cancellation when the page must answer: said so.
        if ((await cancelHeldOrder(deps, shop, id, t)) === "asked")
          return { ok: true, message: t("shipment.done.codCancelAsked") };
      } else await askPrepayment(deps, shop, id, t);
    } catch (error) {
      // Shopify unreachable (the network, a 5xx), refusing the document, or the shop's access
      // gone: said as such, the details logged.
      if (error instanceof ShipmentActionError) throw error;
      logger.warn({ err: error, shop, intent }, "Shopify did not answer a held order's action");
      return { ok: false, message: t("actionError.shopifyDown") };
    }
  } else
    await markBuyer(
      deps,
      shop,
      id,
      intent === "cod_trust" ? "trusted" : intent === "cod_always_hold" ? "held" : null,
    );
  return { ok: true, message: t(HOLD_INTENTS[intent]) };
}

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const { t } = await wordsFor(request);
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const id = params.id ?? "";
  const deps = actionDeps();
  try {
    if (isHoldIntent(intent)) return await holdAction(intent, session.shop, id, t);
    if (intent === "confirm") await confirm(deps, session.shop, id);
    else if (intent === "cancel") await cancel(deps, session.shop, id);
    else if (intent === "retry") await retry(deps, session.shop, id);
    else if (intent === "create") await createNow(deps, session.shop, id);
    else if (intent === "reweigh_checked") await markReweighChecked(deps, session.shop, id);
    else if (intent === "ship_again") {
      const next = await shipAgain(deps, session.shop, id);
      return {
        ok: true,
        message: t("shipment.done.shipAgain", { attempt: next.attempt }),
      };
    } else if (intent === "book_return_pickup") {
      const [company, type, price] = String(form.get("courier") ?? "").split("/");
      const pickup = await getPickup(db, session.shop, String(form.get("pickupId") ?? ""));
      if (!pickup || pickup.shipmentId !== id)
        return { ok: false, message: t("shipment.refused.noReturn") };
      if (!company || !type || !Number.isFinite(Number(price)))
        return { ok: false, message: t("shipment.refused.chooseCourier") };
      const asked = await requestPickup(db, enqueue, session.shop, pickup.id, {
        company,
        type,
        price: Number(price),
      });
      return asked
        ? { ok: true, message: t("shipment.done.returnPickup") }
        : { ok: false, message: t("shipment.refused.returnNotWaiting") };
    } else if (intent === "rebook") await rebook(deps, session.shop, id);
    else if (
      intent === "insurance_on" ||
      intent === "insurance_off" ||
      intent === "insurance_rule"
    ) {
      const choice = intent === "insurance_on" ? "on" : intent === "insurance_off" ? "off" : null;
      await chooseInsurance(deps, session.shop, id, choice);
      return { ok: true, message: t("shipment.insurance.saved") };
    } else if (intent === "pickup" || intent === "pickup_now") {
      const slot =
        intent === "pickup"
          ? {
              date: String(form.get("pickupDay") ?? ""),
              time: String(form.get("pickupTime") ?? ""),
            }
          : null;
      await schedulePickup(deps, session.shop, id, slot);
      return {
        ok: true,
        message: t(slot ? "shipment.pickup.saved" : "shipment.pickup.savedNow"),
      };
    } else if (intent === "courier") {
      const [company, type] = String(form.get("courier") ?? "").split("/");
      if (!company || !type) return { ok: false, message: t("shipment.refused.chooseCourier") };
      await chooseCourier(deps, session.shop, id, company, type);
    } else return { ok: false, message: t("list.unknownAction") };
    return {
      ok: true,
      message: INTENTS.has(intent) ? t(`shipment.done.${intent}` as "shipment.done.confirm") : "",
    };
  } catch (error) {
    if (error instanceof ShipmentActionError) {
      if (error.status === 404) throw new Response(error.describe(t), { status: 404 });
      return { ok: false, message: error.describe(t) };
    }
    if (error instanceof ShippingError)
      return {
        ok: false,
        message: t("shipment.refused.service", { reason: error.message }),
      };
    throw error;
  }
};
