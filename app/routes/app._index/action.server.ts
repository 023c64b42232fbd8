/**
 * The shipments list's bulk actions: booking, cancelling, retrying, scheduling the pickup of,
 * changing the courier of or insuring a batch of shipments, and the import of open orders.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { wordsFor } from "../../i18n/i18n.server";
import { actionDeps } from "../../shipments/action-deps.server";
import {
  ShipmentActionError,
  cancel,
  chooseCourier,
  confirm,
  importOpenOrders,
  retry,
  type ActionDeps,
} from "../../shipments/actions.server";
import { schedulePickup } from "../../shipments/pickup-schedule.server";
import { chooseInsurance } from "../../shipments/insurance.server";
import { authenticate } from "../../shopify.server";

/** Bulk actions: a batch of ids per request (the page sends batches and shows progress). */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const { t } = await wordsFor(request);
  const form = await request.formData();
  const intent = String(form.get("intent"));
  if (intent === "import") {
    await importOpenOrders(actionDeps(), session.shop);
    return { results: [], error: null };
  }
  const ids = form.getAll("id").map(String).slice(0, 50);
  // One pickup time for every shipment named (each checked, its draft updated at the service).
  const slot = {
    date: String(form.get("pickupDay") ?? ""),
    time: String(form.get("pickupTime") ?? ""),
  };
  const pickup = (deps: ActionDeps, shop: string, id: string) =>
    schedulePickup(deps, shop, id, slot);
  // One courier service for every shipment named (the one the merchant compared and chose).
  const [company = "", type = ""] = String(form.get("courier") ?? "").split("/");
  if (intent === "courier" && (!company || !type))
    return { results: [], error: t("shipment.refused.chooseCourier") };
  const courier = (deps: ActionDeps, shop: string, id: string) =>
    chooseCourier(deps, shop, id, company, type);
  // Insured for the goods' value, not insured, or back to the shop's rule.
  const choice = { on: "on", off: "off", rule: null }[String(form.get("insurance"))];
  if (intent === "insurance" && choice === undefined)
    return { results: [], error: t("list.unknownAction") };
  const insurance = (deps: ActionDeps, shop: string, id: string) =>
    chooseInsurance(deps, shop, id, choice as "on" | "off" | null);
  const run = { confirm, cancel, retry, pickup, courier, insurance }[
    intent as "confirm" | "cancel" | "retry" | "pickup" | "courier" | "insurance"
  ];
  if (!run) return { results: [], error: t("list.unknownAction") };
  const results = [];
  for (const id of ids) {
    try {
      await run(actionDeps(), session.shop, id);
      results.push({ id, ok: true, message: "queued" });
    } catch (error) {
      if (!(error instanceof ShipmentActionError)) throw error;
      results.push({ id, ok: false, message: error.describe(t) });
    }
  }
  return { results, error: null };
};
