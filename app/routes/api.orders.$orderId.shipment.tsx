import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { actionDeps } from "../shipments/action-deps.server";
import { httpUrlOrNull } from "../platform/http-url";
import { db } from "../db/index.server";
import { jsonResponse } from "../platform/http.server";
import {
  ShipmentActionError,
  cancel,
  confirm,
  createNow,
  retry,
} from "../shipments/actions.server";
import { availableActions } from "../shipments/available";
import { codAmount } from "../shipments/cod";
import { afterBookingWords } from "../shipments/after-booking-words";
import { currentShipments } from "../shipments/shipments.server";
import type { Shipment } from "../db/schema";
import { authenticate } from "../shopify.server";
import { speechFor } from "../shops/speech.server";
import { tooManyRequests } from "../shops/request-rate.server";
import { pickupSentence } from "../returns/pickup-words.server";
import { pickupsOfOrder } from "../returns/pickups.server";
import { describeStatus, valueWords, type Speech } from "../shipments/status-words";
import { storedText } from "../i18n/said";
import { shopifyAdminGraphql } from "../admin-api/gateway.server";
import { logger } from "../platform/logger.server";
import { shipmentRiskWords } from "../cod-risk/risk-words.server";
import {
  askPrepayment,
  cancelHeldOrder,
  isHeldForCodRisk,
  releaseHold,
} from "../cod-risk/hold-actions.server";

/**
 * A COD order held for its risk: the merchant's decisions, in the order the block offers them
 * (the buyer confirmed; ask to pay first; book anyway; cancel the order), never "create" (it would
 * be held again) or "retry".
 */
const HELD_ACTIONS = ["cod_confirmed", "cod_invoice", "cod_anyway", "cod_cancel"] as const;

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
function summary(s: Shipment, speech: Speech) {
  return {
    id: s.id,
    /** Which of the order's shipments (one per location it ships from), and that Shopify location. */
    part: s.part,
    location: s.shopifyLocationName,
    words: describeStatus({ ...s, cod: codAmount(s) }, speech),
    status: s.status,
    problem: storedText(s.problem, s.problemSaid, speech.t, valueWords(speech)),
    courier: s.courierCompany ? { company: s.courierCompany, type: s.courierType } : null,
    /** The pickup location the parcel leaves from (null before the draft is made). */
    origin: s.originName,
    waybill: s.waybillId,
    trackingUrl: httpUrlOrNull(s.trackingUrl),
    price: s.price === null ? null : Number(s.price),
    currency: s.currency,
    updatedAt: s.updatedAt.toISOString(),
    actions: isHeldForCodRisk(s) ? [...HELD_ACTIONS] : availableActions(s),
    /** Its label: printable once it has a waybill (and is not cancelled), and when last printed. */
    label: {
      printable: Boolean(s.waybillId) && !["cancelled", "not_required"].includes(s.status),
      printedAt: s.labelPrintedAt?.toISOString() ?? null,
    },
    // After the booking: the customer's WhatsApp, the COD and a return, in words.
    ...afterBookingWords(s, speech),
  };
}

/**
 * The order's shipments: `shipments`, one per location the order ships from (part 1 first), and
 * `shipment`, the first of them (what clients before multi-location orders read).
 */
async function orderAnswer(shop: string, orderId: string, speech: Speech) {
  const current = await currentShipments(db, shop, orderId);
  const returns = await pickupsOfOrder(db, shop, orderId);
  // A COD order's risk and, held for it, the money at stake: as the shipment page says them.
  const risks = await Promise.all(current.map((s) => shipmentRiskWords(db, s, speech)));
  const list = current.map((s, i) => ({
    ...summary(s, speech),
    codRisk: risks[i] ?? null,
    // Customers' returns of this parcel: what became of each, and whether its pickup can be booked.
    returns: returns
      .filter((p) => p.shipmentId === s.id)
      .map((p) => ({
        ...pickupSentence(p, s.label?.sender.name ?? s.originName, speech),
        bookable: p.status === "approved" || p.status === "refused",
      })),
  }));
  return { shipment: list[0] ?? null, shipments: list };
}

/**
 * For the order details block (admin UI extension): the order's shipments. The extension calls
 * with its session token; authenticate.admin verifies it and answers CORS.
 */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, cors } = await authenticate.meteredAdmin(request);
  const speech = await speechFor(request, session.shop);
  const orderId = orderIdOf(params.orderId);
  if (!orderId) return cors(jsonResponse({ error: speech.t("api.notOrderId") }, 400));
  return cors(jsonResponse(await orderAnswer(session.shop, orderId, speech)));
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session, cors } = await authenticate.meteredAdmin(request);
  const speech = await speechFor(request, session.shop);
  const { t } = speech;
  const orderId = orderIdOf(params.orderId);
  if (!orderId) return cors(jsonResponse({ error: t("api.notOrderId") }, 400));
  let body: { action?: string; shipmentId?: unknown };
  try {
    body = (await request.json()) as { action?: string; shipmentId?: unknown };
  } catch {
    return cors(jsonResponse({ error: t("api.notJson") }, 400));
  }
  const shipments = await currentShipments(db, session.shop, orderId);
  // One of the order's shipments by its id; without one, the order's first.
  const shipment =
    body.shipmentId === undefined ? shipments[0] : shipments.find((s) => s.id === body.shipmentId);
  if (body.shipmentId !== undefined && !shipment)
    return cors(jsonResponse({ error: t("api.noSuchShipment") }, 404));
  if (!shipment) {
    // An order the app never received (placed before install, webhook lost): read it from Shopify.
    if (body.action === "create") {
      const queued = await actionDeps().enqueue.importOrder(session.shop, orderId);
      // The shop already has its share of requested work waiting: asked again once some is done.
      if (queued === null) return cors(tooManyRequests(60_000, t, t("api.tooManyImports")));
      return cors(jsonResponse({ shipment: null, queued: "import" }, 202));
    }
    return cors(jsonResponse({ error: t("api.notReceived") }, 404));
  }
  const deps = { ...actionDeps(), adminGraphql: shopifyAdminGraphql };
  // The block's buttons; a held COD order's decisions (app/cod-risk/hold-actions.server.ts) as
  // on the shipment page.
  const actions: Record<string, (shipmentId: string) => Promise<unknown>> = {
    create: (id) => createNow(deps, session.shop, id),
    confirm: (id) => confirm(deps, session.shop, id),
    cancel: (id) => cancel(deps, session.shop, id),
    retry: (id) => retry(deps, session.shop, id),
    cod_confirmed: (id) => releaseHold(deps, session.shop, id, "confirmed"),
    cod_anyway: (id) => releaseHold(deps, session.shop, id, "anyway"),
    cod_cancel: (id) => cancelHeldOrder(deps, session.shop, id, t),
    cod_invoice: (id) => askPrepayment(deps, session.shop, id, t),
  };
  const run = body.action && Object.hasOwn(actions, body.action) ? actions[body.action] : null;
  if (!run) return cors(jsonResponse({ error: t("api.unknownAction") }, 400));
  try {
    await run(shipment.id);
  } catch (error) {
    if (error instanceof ShipmentActionError)
      return cors(
        error.status === 429
          ? tooManyRequests(60_000, t, error.describe(t))
          : jsonResponse({ error: error.describe(t) }, error.status),
      );
    // Shopify unreachable or refusing the document, for a held order's cancellation or invoice.
    if (body.action === "cod_cancel" || body.action === "cod_invoice") {
      logger.warn(
        { err: error, shop: session.shop },
        "Shopify did not answer a held order's action",
      );
      return cors(jsonResponse({ error: t("actionError.shopifyDown") }, 502));
    }
    throw error;
  }
  return cors(
    jsonResponse({ ...(await orderAnswer(session.shop, orderId, speech)), queued: body.action }),
  );
};
