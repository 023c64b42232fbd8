import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { actionDeps } from "../shipments/action-deps.server";
import { db } from "../db/index.server";
import { jsonResponse } from "../platform/http.server";
import { ShipmentActionError, confirm, createNow } from "../shipments/actions.server";
import { getShipmentByOrder } from "../shipments/shipments.server";
import { authenticate } from "../shopify.server";
import { wordsFor } from "../i18n/i18n.server";

const bodySchema = z.object({
  action: z.enum(["create", "confirm"]),
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
  const { cors } = await authenticate.admin(request);
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
