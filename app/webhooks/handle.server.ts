import { jsonResponse } from "../http.server";
import { db } from "../db/index.server";
import type { Tx } from "../db/client.server";
import { logger } from "../logger.server";
import { authenticate } from "../shopify.server";
import { deliveryOf, markDelivery, recordDelivery } from "./inbox.server";

type WebhookContext = Awaited<ReturnType<typeof authenticate.webhook>>;

export interface InlineWebhookHandler {
  /** What to keep of the payload in the inbox (ids only for compliance topics). */
  record(context: WebhookContext): { resourceId?: string | null; payload: unknown };
  /** The work itself, in the same transaction as the inbox record. */
  apply(tx: Tx, context: WebhookContext): Promise<void>;
}

/**
 * For topics whose work is a few writes to our own database (uninstall, compliance): verify the
 * HMAC (401 otherwise, thrown by authenticate.webhook), then record the delivery and apply the
 * work in one transaction. A redelivery of a processed delivery answers 200 and does nothing;
 * a failure rolls both back and answers 5xx, so Shopify retries.
 */
export async function handleInlineWebhook(request: Request, handler: InlineWebhookHandler): Promise<Response> {
  const context = await authenticate.webhook(request);
  const { shop, webhookId } = context;
  // The library gives TOPIC_FORM; the inbox keeps Shopify's own spelling (app/uninstalled).
  const topic = request.headers.get("x-shopify-topic") ?? context.topic;
  const log = logger.child({ shop, topic, webhookId });
  let recorded: ReturnType<InlineWebhookHandler["record"]>;
  try {
    recorded = handler.record(context);
  } catch (error) {
    // Signed by Shopify but not the shape the topic documents: retrying would not help.
    log.warn({ err: error instanceof Error ? error.message : String(error) }, "webhook payload rejected");
    return jsonResponse({ error: `Payload of ${topic} is not in the documented shape` }, 400);
  }
  const { resourceId, payload } = recorded;
  const duplicate = await db.transaction(async (tx) => {
    const recorded = await recordDelivery(tx, deliveryOf(request, context, topic, resourceId ?? null, payload));
    if (recorded.duplicate) return true;
    await handler.apply(tx, context);
    await markDelivery(tx, webhookId, "processed");
    return false;
  });
  log.info({ duplicate }, duplicate ? "webhook redelivered; already processed" : "webhook processed");
  return new Response(null, { status: 200 });
}

