/**
 * The shipment page's actions (one intent each: confirm, cancel, retry, create, ship again, book a
 * return pickup, rebook, choose a courier), answered in the reader's words.
 */
import { enqueue } from "../../jobs/queues.server";
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
import { authenticate } from "../../shopify.server";

/** What the merchant is told after each action (`shipment.done.<intent>`): the work is queued, the page follows it. */
const INTENTS = new Set(["confirm", "cancel", "retry", "create", "rebook", "courier"]);

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const { t } = await wordsFor(request);
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const id = params.id ?? "";
  const deps = actionDeps();
  try {
    if (intent === "confirm") await confirm(deps, session.shop, id);
    else if (intent === "cancel") await cancel(deps, session.shop, id);
    else if (intent === "retry") await retry(deps, session.shop, id);
    else if (intent === "create") await createNow(deps, session.shop, id);
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
    else if (intent === "courier") {
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
