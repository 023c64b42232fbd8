import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { actionDeps } from "../admin.server";
import { httpUrlOrNull } from "../http-url";
import { db } from "../db/index.server";
import { jsonResponse } from "../http.server";
import { ShipmentActionError, cancel, confirm, createNow, retry } from "../shipments/actions.server";
import { availableActions } from "../shipments/available";
import { getShipmentByOrder } from "../shipments/shipments.server";
import { authenticate } from "../shopify.server";
import { describeStatus, localeOf } from "../shipments/wording";

/** The order id from the extension: "gid://shopify/Order/123" or "123". */
function orderIdOf(param: string | undefined): string | null {
  let id: string;
  try {
    id = decodeURIComponent(param ?? "");
  } catch {
    // A stray "%" (the path held "%25"): not an order id, a 400 like any other.
    return null;
  }
  id = id.replace(/^gid:\/\/shopify\/Order\//, "");
  return /^\d+$/.test(id) ? id : null;
}

/** The shipment for the block: its facts, and the same words the app's pages show (in the admin's locale). */
function summary(s: NonNullable<Awaited<ReturnType<typeof getShipmentByOrder>>>, locale: string) {
  return {
    id: s.id,
    words: describeStatus(s, locale),
    status: s.status,
    problem: s.problem,
    courier: s.courierCompany ? { company: s.courierCompany, type: s.courierType } : null,
    /** The pickup location the parcel leaves from (null before the draft is made). */
    origin: s.originName,
    waybill: s.waybillId,
    trackingUrl: httpUrlOrNull(s.trackingUrl),
    price: s.price === null ? null : Number(s.price),
    currency: s.currency,
    updatedAt: s.updatedAt.toISOString(),
    actions: availableActions(s),
  };
}

/**
 * For the order details block (admin UI extension): the order's shipment. The extension calls
 * with its session token; authenticate.admin verifies it and answers CORS.
 */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, cors } = await authenticate.admin(request);
  const orderId = orderIdOf(params.orderId);
  if (!orderId) return cors(jsonResponse({ error: "Not an order id" }, 400));
  const shipment = await getShipmentByOrder(db, session.shop, orderId);
  return cors(jsonResponse({ shipment: shipment ? summary(shipment, localeOf(request.headers.get("accept-language"))) : null }));
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session, cors } = await authenticate.admin(request);
  const orderId = orderIdOf(params.orderId);
  if (!orderId) return cors(jsonResponse({ error: "Not an order id" }, 400));
  let body: { action?: string };
  try {
    body = (await request.json()) as { action?: string };
  } catch {
    return cors(jsonResponse({ error: "Body must be JSON: {\"action\": \"create\" | \"confirm\" | \"cancel\" | \"retry\"}" }, 400));
  }
  const shipment = await getShipmentByOrder(db, session.shop, orderId);
  if (!shipment) {
    // An order the app never received (placed before install, webhook lost): read it from Shopify.
    if (body.action === "create") {
      await actionDeps().enqueue.importOrder(session.shop, orderId);
      return cors(jsonResponse({ shipment: null, queued: "import" }, 202));
    }
    return cors(jsonResponse({ error: "The app has not received this order yet: create its shipment to read it from Shopify" }, 404));
  }
  const run = { create: createNow, confirm, cancel, retry }[body.action as "create" | "confirm" | "cancel" | "retry"];
  if (!run) return cors(jsonResponse({ error: `Unknown action ${String(body.action)}` }, 400));
  try {
    await run(actionDeps(), session.shop, shipment.id);
  } catch (error) {
    if (error instanceof ShipmentActionError) return cors(jsonResponse({ error: error.message }, error.status));
    throw error;
  }
  const after = await getShipmentByOrder(db, session.shop, orderId);
  return cors(jsonResponse({ shipment: after ? summary(after, localeOf(request.headers.get("accept-language"))) : null, queued: body.action }));
};
