import { z } from "zod";
import { database, db } from "../db/index.server";
import { enqueue } from "../jobs/queues.server";
import { idOfGid, parseExactJson } from "../orders/exact-json";
import { referenceIdFor } from "../orders/map";
import { getShipmentByOrder } from "../shipments/shipments.server";
import { OrderDeliveryGroup } from "./order-delivery-group.server";
import { cleanJsonText } from "./clean-json";
import type { Received, WebhookAnswer } from "./received";
import { said } from "../i18n/said";

/**
 * The order topics: the order itself (create, updated, paid, cancelled) and changes to it whose
 * payload is not the order (an edit, a refund).
 */
export const ORDER_TOPICS = [
  "orders/create",
  "orders/updated",
  "orders/paid",
  "orders/cancelled",
  "orders/edited",
  "refunds/create",
] as const;
export type OrderTopic = (typeof ORDER_TOPICS)[number];

/** The process's order deliveries go to the database in groups (group commit). */
const deliveries = new OrderDeliveryGroup(database.pool);

/** Ids as text: Shopify's exceed 2^53, and parseExactJson keeps those as strings. */
const id = z
  .union([
    z
      .number()
      .int()
      .positive()
      .refine(Number.isSafeInteger, "an id above 2^53 arrived as a rounded number"),
    z.string().regex(/^\d+$/),
  ])
  .transform(String);
/**
 * What the acknowledgement needs of an order: its identity. The rest is read by the worker, which
 * reports an order not in the documented shape on its shipment (the reason it needs attention),
 * so a strange order still becomes a visible shipment instead of a refused delivery.
 */
const orderIdentitySchema = z.object({
  id,
  name: z.string().nullish().catch(null),
  customer: z
    .object({ id: id.nullish().catch(null) })
    .nullish()
    .catch(null),
});
const editIdentitySchema = z.object({ order_edit: z.object({ order_id: id }) });
const refundIdentitySchema = z.object({ order_id: id });

/** The order a delivery is about; an order's own gid wins over a (possibly rounded) number. */
function identityOf(topic: OrderTopic, body: unknown) {
  if (topic === "orders/edited") {
    const parsed = editIdentitySchema.safeParse(body);
    return parsed.success
      ? {
          success: true as const,
          data: { id: parsed.data.order_edit.order_id, name: null, customer: null },
        }
      : parsed;
  }
  if (topic === "refunds/create") {
    const parsed = refundIdentitySchema.safeParse(body);
    return parsed.success
      ? { success: true as const, data: { id: parsed.data.order_id, name: null, customer: null } }
      : parsed;
  }
  const exact =
    body && typeof body === "object"
      ? idOfGid((body as { admin_graphql_api_id?: unknown }).admin_graphql_api_id)
      : null;
  return orderIdentitySchema.safeParse(exact ? { ...(body as object), id: exact } : body);
}

/**
 * The order topics, once the intake (intake.server.ts) verified the delivery: read the order's
 * identity (400 without one), record the delivery and the order's shipment row in one statement
 * (shared with the deliveries that arrive with it: order-delivery-group.server.ts), enqueue with
 * a deterministic job id, answer 200.
 * A redelivery of a delivery not yet processed enqueues again (the job id collapses it); one
 * already processed does nothing. If the database cannot record it, or Redis cannot take the job,
 * the answer is 5xx and Shopify retries (reconciliation also picks up what the inbox holds).
 * Order does not matter: a cancel that arrives first records the shipment as cancelled, and the
 * late create finds it so.
 */
export async function takeOrderDelivery(
  topic: OrderTopic,
  { verified, rawBody, log }: Received,
): Promise<WebhookAnswer> {
  const { shop, webhookId } = verified;
  // Checked over the original; stored as text jsonb accepts (no NUL or unpaired surrogate escapes).
  rawBody = cleanJsonText(rawBody);
  let body: unknown;
  try {
    body = parseExactJson(rawBody);
  } catch {
    body = undefined;
  }
  const parsed = identityOf(topic, body);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join(".") || "(body)";
    log().warn({ field }, "order webhook without an order id");
    return { status: 400, error: `Payload of ${topic} has no usable order id (${field})` };
  }
  const order = parsed.data;
  const cancelled = topic === "orders/cancelled";
  // A cancellation is what the signed body says, not what the topic header says: an order body
  // without cancelled_at (a genuine orders/create replayed as orders/cancelled) cancels nothing.
  if (cancelled) {
    const cancelledAt = (body as { cancelled_at?: unknown }).cancelled_at;
    if (typeof cancelledAt !== "string" || Number.isNaN(Date.parse(cancelledAt))) {
      log().warn({ orderId: order.id }, "orders/cancelled whose body is not cancelled");
      return {
        status: 400,
        error: "Payload of orders/cancelled has no cancelled_at: the order is not cancelled",
      };
    }
  }
  const isOrder = topic !== "orders/edited" && topic !== "refunds/create";
  const recorded = await deliveries.record({
    webhookId,
    eventId: verified.eventId,
    shop,
    topic,
    triggeredAt: verified.triggeredAt,
    resourceId: order.id,
    rawPayload: rawBody,
    orderName: order.name ?? null,
    customerId: order.customer?.id ?? null,
    referenceId: referenceIdFor(shop, order.id),
    initialStatus: cancelled ? "cancelled" : "pending",
    actor: `webhook:${topic}`,
    message: cancelled
      ? said("cancelledBeforeReceived")
      : said("orderReceived", { name: order.name ?? order.id }),
    createShipment: isOrder,
  });
  if (recorded.duplicate && recorded.earlierStatus === "processed") return { status: 200 };
  if (!recorded.installed) {
    // Uninstalled, never installed or redacted: nothing of it is stored or acted on (a 200, so
    // that Shopify stops sending it).
    log().info("order delivery for a shop without the app: recorded, not acted on");
    return { status: 200 };
  }

  try {
    if (topic === "orders/create") {
      if (recorded.autoCreateDrafts) await enqueue.createDraft(shop, order.id);
    } else if (topic === "orders/cancelled") {
      if (!recorded.created) await enqueue.cancel(shop, order.id);
    } else if (!isOrder) {
      // An edit or a refund: the worker brings the order's shipment up to date (if it has one).
      await enqueue.update(shop, order.id, webhookId);
    } else {
      let status = recorded.shipmentStatus;
      let draftOrderId = recorded.draftOrderId;
      if (status === null) {
        // Created by a concurrent delivery this statement waited for: read it now.
        const shipment = await getShipmentByOrder(db, shop, order.id);
        status = shipment?.status ?? "pending";
        draftOrderId = shipment?.draftOrderId ?? null;
      }
      // An update that arrives before (or instead of) its create creates the draft itself.
      if (status === "pending" && !draftOrderId && recorded.autoCreateDrafts)
        await enqueue.createDraft(shop, order.id);
      await enqueue.update(shop, order.id, webhookId);
    }
  } catch (error) {
    // Recorded, but not enqueued: 503 makes Shopify redeliver, and the redelivery enqueues.
    log().error({ err: (error as Error).message }, "could not enqueue; asking Shopify to retry");
    return { status: 503, error: "Queue unavailable, retry later" };
  }
  return { status: 200 };
}
