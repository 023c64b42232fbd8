import { jsonResponse } from "../http.server";
import crypto from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "../db/index.server";
import { getEnv } from "../env.server";
import { enqueue } from "../jobs/queues.server";
import { logger } from "../logger.server";
import { getShipmentByShippingOrderId } from "../shipments/shipments.server";
import { getPickupByShippingOrderId } from "../returns/pickups.server";
import { shippingEventSchema } from "../shipping/contract";

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Events from the shipping service (order.status, order.price, order.waybill_id). The service
 * signs nothing; it sends the static header configured with the webhook URL, checked here. The
 * registration ping (`{}` or an entirely empty body, possibly without the static header) answers
 * 200 and does nothing. An event only names the order: the sync job re-fetches it from the service
 * rather than trusting the body.
 */
/** An event is a few hundred bytes: a body over this is refused before it is read whole. */
const MAX_EVENT_BYTES = 64 * 1024;

export const action = async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return jsonResponse({ error: "POST only" }, 405);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_EVENT_BYTES)
    return jsonResponse({ error: `Body larger than ${MAX_EVENT_BYTES} bytes` }, 413);
  const env = getEnv();
  if (!env.SHIPPING_WEBHOOK_SECRET) {
    logger.error("SHIPPING_WEBHOOK_SECRET is not set: refusing shipping events");
    return jsonResponse({ error: "Shipping events are not configured" }, 503);
  }
  const text = await request.text();
  let body: unknown;
  try {
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    return jsonResponse({ error: "Body is not JSON" }, 400);
  }
  // The registration ping: nothing to act on, so nothing to authenticate.
  if (body && typeof body === "object" && !Array.isArray(body) && Object.keys(body).length === 0)
    return jsonResponse({ ok: true });

  const presented = request.headers.get(env.SHIPPING_WEBHOOK_HEADER) ?? "";
  if (!sameSecret(presented, env.SHIPPING_WEBHOOK_SECRET))
    return jsonResponse({ error: "Unauthorized" }, 401);

  const parsed = shippingEventSchema.safeParse(body);
  if (!parsed.success)
    return jsonResponse(
      { error: `Not a shipping event: ${parsed.error.issues[0]?.path.join(".")}` },
      400,
    );
  const event = parsed.data;
  const shipment = await getShipmentByShippingOrderId(db, event.order_id);
  // Else a customer's return on its way back to the shop, which has its own sync.
  const pickup = shipment ? null : await getPickupByShippingOrderId(db, event.order_id);
  if (!shipment && !pickup) {
    // Not ours (another app on the same account) or already redacted: nothing to do, no retries.
    // Answered as a known order is, so that the answer says nothing of which orders exist here.
    logger.info(
      { event: event.event, orderId: event.order_id },
      "shipping event for an unknown order ignored",
    );
    return jsonResponse({ ok: true });
  }
  // However many events arrive, and whatever their unsigned fields say, a shipment (or pickup) has
  // at most one sync running and one waiting: each re-reads the order from the service.
  const shop = (shipment ?? pickup)!.shop;
  try {
    if (shipment) await enqueue.syncStatus(shop, shipment.id);
    else await enqueue.syncReturnPickup(shop, pickup!.id);
  } catch (error) {
    logger.error(
      { shop, shipmentId: shipment?.id, pickupId: pickup?.id, err: (error as Error).message },
      "could not enqueue a status sync",
    );
    return jsonResponse({ error: "Queue unavailable, retry later" }, 503);
  }
  return jsonResponse({ ok: true });
};
