import { db } from "../db/index.server";
import { jsonResponse } from "../platform/http.server";
import { enqueue } from "../jobs/queues.server";
import { logger } from "../platform/logger.server";
import { getPickupByShippingOrderId } from "../returns/pickups.server";
import { getShipmentByShippingOrderId } from "../shipments/shipments.server";
import { shopOfCallbackToken } from "../shops/callback-token.server";
import { shippingEventSchema } from "../shipping/contract";

/**
 * Events from the shipping service (order.status, order.price, order.waybill_id) at each shop's own
 * URL, `/webhooks/shipping/<the shop's callback token>` (app/shops/callback-token.server.ts): the
 * service signs nothing and names no shop, so the token says whose events these are, and an event
 * acts only on that shop's shipments and return pickups. An event naming an order that is not the
 * shop's (another app on the same account, an order already redacted, a guess) is answered exactly
 * as one naming the shop's own, and does nothing. The registration ping (`{}` or an entirely empty
 * body) answers 200 and does nothing, at any URL. An event only names the order: the sync job
 * re-fetches it from the service rather than trusting the body.
 */

/** An event is a few hundred bytes: a body over this is refused before it is read whole. */
const MAX_EVENT_BYTES = 64 * 1024;

/** The token in `/webhooks/shipping/<token>`, or null for the URL without one. */
export function eventsTokenOf(request: Request): string | null {
  const match = /^\/webhooks\/shipping\/([^/]+)\/?$/.exec(new URL(request.url).pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}

export async function takeShippingEvent(request: Request): Promise<Response> {
  if (request.method !== "POST") return jsonResponse({ error: "POST only" }, 405);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_EVENT_BYTES)
    return jsonResponse({ error: `Body larger than ${MAX_EVENT_BYTES} bytes` }, 413);
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

  const token = eventsTokenOf(request);
  if (!token)
    return jsonResponse(
      {
        error:
          "Events go to each shop's own URL, /webhooks/shipping/<token>: copy it from the app's settings into the shipping service's dashboard",
      },
      410,
    );
  const shop = await shopOfCallbackToken(db, token);
  if (!shop) return jsonResponse({ error: "Unknown events URL" }, 401);

  const parsed = shippingEventSchema.safeParse(body);
  if (!parsed.success)
    return jsonResponse(
      { error: `Not a shipping event: ${parsed.error.issues[0]?.path.join(".")}` },
      400,
    );
  const event = parsed.data;
  const shipment = await getShipmentByShippingOrderId(db, shop, event.order_id);
  // Else a customer's return on its way back to the shop, which has its own sync.
  const pickup = shipment ? null : await getPickupByShippingOrderId(db, shop, event.order_id);
  if (!shipment && !pickup) {
    // Not the shop's: nothing to do, no retries; answered as the shop's own orders are.
    logger.info(
      { shop, event: event.event, orderId: event.order_id },
      "shipping event for an order that is not the shop's ignored",
    );
    return jsonResponse({ ok: true });
  }
  // However many events arrive, and whatever their unsigned fields say, a shipment (or pickup) has
  // at most one sync running and one waiting: each re-reads the order from the service.
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
}
