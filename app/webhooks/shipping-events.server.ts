import { db } from "../db/index.server";
import { jsonResponse } from "../platform/http.server";
import { enqueue } from "../jobs/queues.server";
import { logger } from "../platform/logger.server";
import { getPickupByShippingOrderId } from "../returns/pickups.server";
import { getShipmentByShippingOrderId } from "../shipments/shipments.server";
import { eventsCallerOf } from "../shops/callback-token.server";
import { noteServiceReached } from "../shops/service-events.server";
import { shippingEventSchema } from "../shipping/contract";

/**
 * Events from the shipping service (order.status, order.price, order.waybill_id) at each shop's own
 * URL, `/webhooks/shipping/<the shop's callback token>` (app/shops/callback-token.server.ts): the
 * service signs nothing and names no shop, so the token says whose events these are, and an event
 * acts only on that shop's shipments and return pickups. An event naming an order that is not the
 * shop's (another app on the same account, an order already redacted, a guess) is answered exactly
 * as one naming the shop's own, and does nothing. The registration ping (`{}` or an entirely empty
 * body) answers 200 at any URL and acts on nothing. An event only names the order: the sync job
 * re-fetches it from the service rather than trusting the body.
 *
 * A ping or an event at a shop's URL notes that the service reaches it (`shops.service_events_at`,
 * app/shops/service-events.server.ts): the merchant's setup guide and settings say so.
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
  const token = eventsTokenOf(request);
  // The registration ping: nothing to act on, answered 200 whatever the URL. At a shop's own URL
  // it says the merchant saved that URL in the service's dashboard.
  if (body && typeof body === "object" && !Array.isArray(body) && Object.keys(body).length === 0) {
    if (token) await noteReached(token);
    return jsonResponse({ ok: true });
  }

  if (!token)
    return jsonResponse(
      {
        error:
          "Events go to each shop's own URL, /webhooks/shipping/<token>: copy it from the app's settings into the shipping service's dashboard",
      },
      410,
    );
  const caller = await eventsCallerOf(db, token);
  if (!caller) return jsonResponse({ error: "Unknown events URL" }, 401);
  const { shop } = caller;
  await noteReachedFor(shop, caller.serviceEventsAt);

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

/** The ping's shop, if the token is one's, noted as reached; the ping is answered 200 whatever. */
async function noteReached(token: string): Promise<void> {
  try {
    const caller = await eventsCallerOf(db, token);
    if (caller) await noteServiceReached(db, caller.shop, caller.serviceEventsAt);
  } catch (error) {
    logger.warn({ err: (error as Error).message }, "could not note the service's ping");
  }
}

/** Noted, or logged when the database would not take it: the event itself is still taken. */
async function noteReachedFor(shop: string, last: Date | null): Promise<void> {
  try {
    await noteServiceReached(db, shop, last);
  } catch (error) {
    logger.warn({ shop, err: (error as Error).message }, "could not note the service's call");
  }
}
