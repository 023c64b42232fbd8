import { jsonResponse } from "../http.server";
import { db } from "../db/index.server";
import { shops } from "../db/schema";
import { enqueue } from "../jobs/queues.server";
import { logger } from "../logger.server";
import { referenceIdFor } from "../orders/map";
import { orderPayloadSchema } from "../orders/payload";
import { ensureShipment } from "../shipments/shipments.server";
import { authenticate } from "../shopify.server";
import { getShopSettings } from "../shops/shops.server";
import { deliveryOf, recordDelivery } from "./inbox.server";

export type OrderTopic = "orders/create" | "orders/updated" | "orders/cancelled";

/**
 * orders/create, orders/updated, orders/cancelled: verify (401), record the delivery and the
 * order's shipment row in one transaction, enqueue with a deterministic job id, answer 200.
 * A redelivery of a delivery not yet processed enqueues again (the job id collapses it); one
 * already processed does nothing. If the database cannot record it, or Redis cannot take the job,
 * the answer is 5xx and Shopify retries (reconciliation also picks up what the inbox holds).
 * Order does not matter: a cancel that arrives first records the shipment as cancelled, and the
 * late create finds it so.
 */
export async function handleOrderWebhook(request: Request, topic: OrderTopic): Promise<Response> {
  const context = await authenticate.webhook(request);
  const { shop, webhookId } = context;
  const log = logger.child({ shop, topic, webhookId });
  const parsed = orderPayloadSchema.safeParse(context.payload);
  if (!parsed.success) {
    log.warn({ issue: parsed.error.issues[0]?.path.join(".") }, "order webhook payload rejected");
    return jsonResponse({ error: `Payload of ${topic} is not an order: ${parsed.error.issues[0]?.path.join(".")}` }, 400);
  }
  const order = parsed.data;

  const outcome = await db.transaction(async (tx) => {
    const recorded = await recordDelivery(tx, deliveryOf(request, context, topic, order.id, context.payload));
    if (recorded.duplicate && recorded.processed) return { action: "none" as const };
    // A verified webhook proves the shop installed the app; the row may predate nothing else.
    await tx.insert(shops).values({ shop }).onConflictDoNothing({ target: shops.shop });
    const { shipment, created } = await ensureShipment(tx, {
      shop,
      orderId: order.id,
      orderName: order.name ?? null,
      customerId: order.customer?.id ?? null,
      referenceId: referenceIdFor(shop, order.id),
      status: topic === "orders/cancelled" ? "cancelled" : "pending",
      actor: `webhook:${topic}`,
      message: topic === "orders/cancelled" ? "Store order cancelled before it was received: nothing to ship" : `Store order ${order.name ?? order.id} received`,
    });
    if (topic === "orders/cancelled") return { action: created ? ("none" as const) : ("cancel" as const) };
    if (topic === "orders/updated") return { action: shipment.status === "pending" && !shipment.draftOrderId ? ("create+update" as const) : ("update" as const) };
    return { action: "create" as const };
  });

  if (outcome.action !== "none") {
    try {
      const settings = await getShopSettings(db, shop);
      const create = outcome.action === "create" || outcome.action === "create+update";
      if (create && settings.autoCreateDrafts) await enqueue.createDraft(shop, order.id);
      if (outcome.action === "update" || outcome.action === "create+update") await enqueue.update(shop, order.id, webhookId);
      if (outcome.action === "cancel") await enqueue.cancel(shop, order.id);
    } catch (error) {
      // Recorded, but not enqueued: 503 makes Shopify redeliver, and the redelivery enqueues.
      log.error({ err: (error as Error).message }, "could not enqueue; asking Shopify to retry");
      return jsonResponse({ error: "Queue unavailable, retry later" }, 503);
    }
  }
  log.info({ orderId: order.id, action: outcome.action }, "order webhook recorded");
  return new Response(null, { status: 200 });
}
