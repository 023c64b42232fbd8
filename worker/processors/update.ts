import { eq } from "drizzle-orm";
import { webhookInbox } from "#app/db/schema.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import { markDelivery } from "#app/webhooks/inbox.server.ts";
import { Ctx, type JobWithSlot, type ShipmentDeps } from "../shared/shipment-context.ts";
import { followStoreOrder } from "../shared/store-order-follow.ts";

/**
 * update: the store order changed (orders/updated, orders/paid, orders/edited, refunds/create, or
 * a newer state found by reconciliation). Its shipments follow the order's newest state
 * (worker/shared/store-order-follow.ts).
 */
export async function processUpdate(job: JobWithSlot, deps: ShipmentDeps): Promise<string> {
  const ctx = new Ctx(deps, job);
  const { shop, orderId, webhookId } = shipmentJobs.update.payload.parse(job.data);
  const { db } = deps;
  // An edit's webhook carries only the changes: the edited order is read from Shopify.
  const [delivery] = await db
    .select({ topic: webhookInbox.topic })
    .from(webhookInbox)
    .where(eq(webhookInbox.webhookId, webhookId));
  const result = await followStoreOrder(ctx, shop, orderId, {
    edited: delivery?.topic === "orders/edited",
  });
  await markDelivery(db, webhookId, "processed");
  return result;
}
