import { eq } from "drizzle-orm";
import { db } from "../db/index.server";
import { shops } from "../db/schema";
import { enqueue } from "../jobs/queues.server";
import { parseExactJson } from "../orders/exact-json";
import {
  readFulfillmentOrderEvent,
  type FulfillmentOrderTopic,
} from "../orders/fulfillment-order-events";
import { cleanJsonText } from "./clean-json";
import { deliveryOf, markDelivery, recordDelivery } from "./inbox.server";
import type { Received, WebhookAnswer } from "./received";

/**
 * The fulfillment-order lifecycle topics (app/orders/fulfillment-order-events.ts), once the intake
 * (intake.server.ts) verified the delivery: read which fulfillment orders the body names (400 when none),
 * record the delivery, queue its job (worker/processors/fulfillment-change.ts) with a deterministic
 * id, answer 200. A redelivery of a delivery not yet processed queues again (the id collapses it);
 * one already processed does nothing. Redis unable to take the job answers 503, and Shopify
 * redelivers (reconciliation also queues what the inbox holds). A shop without the app has the
 * delivery recorded without its body, as processed, and nothing done.
 */
export async function takeFulfillmentOrderDelivery(
  topic: FulfillmentOrderTopic,
  { verified, rawBody: raw, log }: Received,
): Promise<WebhookAnswer> {
  const { shop, webhookId } = verified;
  let body: unknown;
  let event;
  try {
    body = parseExactJson(cleanJsonText(raw));
    event = readFulfillmentOrderEvent(topic, body);
  } catch (error) {
    // Signed by Shopify but not the documented shape: retrying would not help.
    log().warn(
      { err: (error as Error).message },
      "fulfillment-order webhook without a fulfillment order",
    );
    return { status: 400, error: `Payload of ${topic} names no fulfillment order` };
  }
  const [row] = await db
    .select({ installed: shops.installed })
    .from(shops)
    .where(eq(shops.shop, shop));
  const installed = row?.installed === true;
  const inbox = await recordDelivery(
    db,
    deliveryOf(verified, event.ids[0]!, installed ? body : null),
  );
  if (!installed) {
    if (!inbox.duplicate)
      await markDelivery(
        db,
        webhookId,
        "processed",
        "The app is not installed on this shop: recorded, not acted on",
      );
    log().info("fulfillment-order delivery for a shop without the app: recorded, not acted on");
    return { status: 200 };
  }
  if (inbox.processed) return { status: 200 };
  try {
    await enqueue.fulfillmentChange(shop, webhookId);
  } catch (error) {
    log().error({ err: (error as Error).message }, "could not enqueue; asking Shopify to retry");
    return { status: 503, error: "Queue unavailable, retry later" };
  }
  return { status: 200 };
}
