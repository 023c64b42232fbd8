import { eq } from "drizzle-orm";
import { db } from "../db/index.server";
import { shops } from "../db/schema";
import { getEnv } from "../env.server";
import { jsonResponse } from "../http.server";
import { enqueue } from "../jobs/queues.server";
import { logger } from "../logger.server";
import { parseExactJson } from "../orders/exact-json";
import {
  readFulfillmentOrderEvent,
  type FulfillmentOrderTopic,
} from "../orders/fulfillment-order-events";
import { cleanJsonText } from "./clean-json";
import { deliveryOf, markDelivery, recordDelivery } from "./inbox.server";
import { verifyShopifyWebhook, WebhookRejected } from "./verify.server";

/**
 * The fulfillment-order lifecycle topics (app/orders/fulfillment-order-events.ts): verify (401, or
 * 400 for another topic's body), read which fulfillment orders the body names (400 when none),
 * record the delivery, queue its job (worker/processors/fulfillment-change.ts) with a deterministic
 * id, answer 200. A redelivery of a delivery not yet processed queues again (the id collapses it);
 * one already processed does nothing. Redis unable to take the job answers 503, and Shopify
 * redelivers (reconciliation also queues what the inbox holds). A shop without the app has the
 * delivery recorded without its body, as processed, and nothing done.
 */
export async function handleFulfillmentOrderWebhook(
  request: Request,
  topic: FulfillmentOrderTopic,
): Promise<Response> {
  const raw = await request.text();
  const header = (name: string) => request.headers.get(name);
  let verified;
  try {
    verified = verifyShopifyWebhook(raw, header, getEnv().SHOPIFY_API_SECRET, topic);
  } catch (error) {
    if (!(error instanceof WebhookRejected)) throw error;
    logger.warn(
      { topic, shop: header("x-shopify-shop-domain"), reason: error.message },
      "fulfillment-order webhook refused",
    );
    return jsonResponse({ error: error.message }, error.status);
  }
  const { shop, webhookId } = verified;
  const log = logger.child({ shop, topic, webhookId });
  let body: unknown;
  let event;
  try {
    body = parseExactJson(cleanJsonText(raw));
    event = readFulfillmentOrderEvent(topic, body);
  } catch (error) {
    // Signed by Shopify but not the documented shape: retrying would not help.
    log.warn(
      { err: (error as Error).message },
      "fulfillment-order webhook without a fulfillment order",
    );
    return jsonResponse({ error: `Payload of ${topic} names no fulfillment order` }, 400);
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
    log.info("fulfillment-order delivery for a shop without the app: recorded, not acted on");
    return new Response(null, { status: 200 });
  }
  if (inbox.processed) return new Response(null, { status: 200 });
  try {
    await enqueue.fulfillmentChange(shop, webhookId);
  } catch (error) {
    log.error({ err: (error as Error).message }, "could not enqueue; asking Shopify to retry");
    return jsonResponse({ error: "Queue unavailable, retry later" }, 503);
  }
  return new Response(null, { status: 200 });
}
