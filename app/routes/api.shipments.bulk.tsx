import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { actionDeps } from "../shipments/action-deps.server";
import { db } from "../db/index.server";
import { jsonResponse } from "../platform/http.server";
import { ShipmentActionError, confirm, createNow } from "../shipments/actions.server";
import { getShipmentByOrder } from "../shipments/shipments.server";
import { shipmentsByOrders } from "../shipments/by-orders.server";
import { authenticate } from "../shopify.server";
import { wordsFor } from "../i18n/i18n.server";
import { availableActions } from "../shipments/available";
import { countedNames } from "../shipments/courier-names";
import { courierName, formatMoney } from "../shipments/status-words";
import { speechFor } from "../shops/speech.server";

const bodySchema = z.object({
  // `quote`: what booking them would do (how many, which couriers, the total), before "confirm".
  action: z.enum(["create", "confirm", "quote"]),
  orderIds: z
    .array(z.string().transform((id) => id.replace(/^gid:\/\/shopify\/Order\//, "")))
    .min(1)
    .max(250),
});

/**
 * Remix sends OPTIONS to a route's loader: the extension's CORS preflight for the POST below comes
 * here, and authenticate.admin answers it (204 with the CORS headers). Any other GET is a 405.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { cors } = await authenticate.meteredAdmin(request);
  return cors(
    jsonResponse({ error: 'POST {"action": "create" | "confirm", "orderIds": [...]}' }, 405),
  );
};

/** For the bulk action on selected orders (admin.order-index.selection-action.render). */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, cors } = await authenticate.admin(request);
  const { t } = await wordsFor(request);
  const parsed = bodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return cors(jsonResponse({ error: t("api.bulkBody") }, 400));
  if (parsed.data.action === "quote")
    return cors(jsonResponse({ quote: await quote(request, session.shop, parsed.data.orderIds) }));
  const run = parsed.data.action === "create" ? createNow : confirm;
  const results = [];
  for (const orderId of parsed.data.orderIds) {
    const shipment = /^\d+$/.test(orderId)
      ? await getShipmentByOrder(db, session.shop, orderId)
      : null;
    if (!shipment) {
      results.push({ orderId, ok: false, message: t("api.notReceivedShort") });
      continue;
    }
    try {
      await run(actionDeps(), session.shop, shipment.id);
      results.push({ orderId, ok: true, message: "queued" });
    } catch (error) {
      if (!(error instanceof ShipmentActionError)) throw error;
      results.push({ orderId, ok: false, message: error.describe(t) });
    }
  }
  return cors(jsonResponse({ results }));
};

/**
 * What booking the selected orders' shipments would do, asked before any is booked: how many are
 * ready, with which couriers (the service's names), the total the service charges, in the
 * extension's language and the shop's currency.
 */
async function quote(request: Request, shop: string, orderIds: readonly string[]) {
  const speech = await speechFor(request, shop);
  // One statement for every order named, however many.
  const found = await shipmentsByOrders(
    db,
    shop,
    orderIds.filter((id) => /^\d+$/.test(id)),
  );
  const ready = orderIds.flatMap((orderId) => {
    const shipment = found.get(orderId);
    return shipment && availableActions(shipment).includes("confirm") ? [shipment] : [];
  });
  const total = ready.reduce((sum, s) => sum + Number(s.price ?? 0), 0);
  return {
    ready: ready.length,
    skipped: orderIds.length - ready.length,
    couriers: countedNames(
      ready.map(
        (s) =>
          courierName(s.courierCompany, s.courierType, speech.couriers) ??
          speech.t("shipment.notChosen"),
      ),
    ),
    total: formatMoney(total, ready[0]?.currency ?? "IDR", speech.locale),
  };
}
