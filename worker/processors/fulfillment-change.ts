import { FULFILLMENT_ORDER_ORDER_QUERY } from "#app/admin-api/operations/fulfillment-orders.ts";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { shipments, webhookInbox } from "#app/db/schema.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import {
  FULFILLMENT_ORDER_TOPICS,
  parseFulfillmentOrderOrder,
  readFulfillmentOrderEvent,
  type FulfillmentOrderTopic,
} from "#app/orders/fulfillment-order-events.ts";
import { ShopNotConnectedError } from "#app/admin-api/request.ts";
import { currentShipments } from "#app/shipments/shipments.server.ts";
import { markDelivery } from "#app/webhooks/inbox.server.ts";
import { followStoreOrder } from "../shared/store-order-follow.ts";
import { Ctx, type JobWithSlot, type ShipmentDeps } from "../shared/shipment-context.ts";

/**
 * fulfillment-change: Shopify routed, split, merged, moved, cancelled, held or released one of a
 * store order's fulfillment orders (app/orders/fulfillment-order-events.ts). The delivery names
 * fulfillment orders only: the order is the one whose shipment carries one of them, else the one
 * the shop's own Admin API says the first belongs to (another shop's fulfillment order is null
 * there, so a delivery replayed naming another shop finds nothing). The order's shipments then
 * follow its fulfillment orders as Shopify has them now (update.ts, followStoreOrder), with the
 * successors the delivery named.
 */
export async function processFulfillmentChange(
  job: JobWithSlot,
  deps: ShipmentDeps,
): Promise<string> {
  const ctx = new Ctx(deps, job);
  const { shop, webhookId } = shipmentJobs.fulfillmentChange.payload.parse(job.data);
  const { db } = deps;
  const [delivery] = await db
    .select({
      topic: webhookInbox.topic,
      payload: webhookInbox.payload,
      status: webhookInbox.status,
    })
    .from(webhookInbox)
    .where(and(eq(webhookInbox.webhookId, webhookId), eq(webhookInbox.shop, shop)));
  if (!delivery) return "no such delivery";
  if (delivery.status === "processed") return "already processed";
  // `acted`: false when the delivery was not acted on; its reason is kept with it.
  const done = async (result: string, acted = true) => {
    await markDelivery(db, webhookId, "processed", acted ? undefined : result);
    return result;
  };
  if (!(FULFILLMENT_ORDER_TOPICS as readonly string[]).includes(delivery.topic))
    return done(`not a fulfillment-order topic: ${delivery.topic}`, false);
  const event = readFulfillmentOrderEvent(
    delivery.topic as FulfillmentOrderTopic,
    delivery.payload,
  );

  const [carried] = await db
    .select({ orderId: shipments.orderId })
    .from(shipments)
    .where(
      and(
        eq(shipments.shop, shop),
        isNotNull(shipments.fulfillmentOrderId),
        inArray(shipments.fulfillmentOrderId, event.ids),
      ),
    )
    .limit(1);
  let orderId = carried?.orderId ?? null;
  if (!orderId) {
    try {
      orderId = parseFulfillmentOrderOrder(
        await deps.adminGraphql(shop, FULFILLMENT_ORDER_ORDER_QUERY, { id: event.ids[0]! }),
      );
    } catch (error) {
      if (!(error instanceof ShopNotConnectedError)) throw error;
      // Without a session nothing can be read; the order's next update reads its fulfillment orders.
      return done("Shopify unreachable (no access token): left to the order's next update", false);
    }
  }
  if (!orderId) return done("not a fulfillment order of this shop", false);
  // Not drafted yet (routing completes right after the order is created): drafting reads the
  // fulfillment orders as they are then, so there is nothing to follow.
  if (!carried && !(await currentShipments(db, shop, orderId)).some((s) => s.fulfillmentOrderId))
    return done("no shipment of the order carries a fulfillment order yet: drafting reads them");
  return done(
    await followStoreOrder(ctx, shop, orderId, { successors: new Map(event.successors) }),
  );
}
