import { db } from "../db/index.server";
import type { Tx } from "../db/client.server";
import { cleanJsonText } from "./clean-json";
import { deliveryOf, markDelivery, recordDelivery } from "./inbox.server";
import type { Received, TopicIntake } from "./received";

/** Shopify's mandatory compliance topics: their bodies always name the shop (`shop_domain`). */
const COMPLIANCE_TOPICS: ReadonlySet<string> = new Set([
  "customers/data_request",
  "customers/redact",
  "shop/redact",
]);

/** What a handler is given: only what the signature covers (the body) and the verified headers. */
export interface WebhookContext {
  shop: string;
  topic: string;
  webhookId: string;
  payload: unknown;
}

export interface InlineWebhookHandler {
  /** What to keep of the payload in the inbox (ids only for compliance topics). */
  record(context: WebhookContext): { resourceId?: string | null; payload: unknown };
  /**
   * Why this delivery must not act, read in the same transaction (e.g. shop/redact for a shop that
   * is installed): recorded with the delivery, answered 200, nothing done. Null to act.
   */
  refuse?(tx: Tx, context: WebhookContext): Promise<string | null>;
  /** The work itself, in the same transaction as the inbox record. */
  apply(tx: Tx, context: WebhookContext): Promise<void>;
  /**
   * Work that must not run inside the transaction (queueing jobs), once it committed. It runs for
   * a redelivery too, so it must be idempotent: when it fails the delivery is answered 5xx, and
   * Shopify's retry (a redelivery of a recorded delivery) does it again.
   */
  after?(context: WebhookContext): Promise<void>;
}

/**
 * For topics whose work is a few writes to our own database (uninstall, scopes, compliance; see
 * inline-topics.server.ts), once the intake (intake.server.ts) verified the delivery:
 * - the body must be JSON (400), and a compliance body must name the shop of the header in its
 *   `shop_domain` (400; so must any other body that names one): a delivery acts only on the shop
 *   its signed body says;
 * - then record the delivery and apply the work in one transaction. A redelivery of a processed
 *   delivery answers 200 and does nothing but the handler's `after`; a failure rolls both back and
 *   answers 5xx, so Shopify retries.
 */
export function inlineIntake(expectedTopic: string, handler: InlineWebhookHandler): TopicIntake {
  return (received) => takeInline(expectedTopic, handler, received);
}

async function takeInline(
  expectedTopic: string,
  handler: InlineWebhookHandler,
  { verified, rawBody: raw, log }: Received,
) {
  const { shop, webhookId } = verified;
  let payload: unknown;
  try {
    payload = JSON.parse(cleanJsonText(raw));
  } catch {
    log().warn("signed webhook body is not JSON");
    return { status: 400, error: `Payload of ${expectedTopic} is not JSON` };
  }
  const named =
    payload && typeof payload === "object"
      ? (payload as { shop_domain?: unknown }).shop_domain
      : undefined;
  if (
    (COMPLIANCE_TOPICS.has(expectedTopic) || named !== undefined) &&
    (typeof named !== "string" || named.toLowerCase() !== shop)
  ) {
    log().warn(
      { named: typeof named === "string" ? named.slice(0, 100) : typeof named },
      "webhook body names another shop than its header",
    );
    return {
      status: 400,
      error: `Payload of ${expectedTopic} names another shop than X-Shopify-Shop-Domain`,
    };
  }
  const context: WebhookContext = { shop, topic: expectedTopic, webhookId, payload };
  let recorded: ReturnType<InlineWebhookHandler["record"]>;
  try {
    recorded = handler.record(context);
  } catch (error) {
    // Signed by Shopify but not the shape the topic documents: retrying would not help.
    log().warn(
      { err: error instanceof Error ? error.message : String(error) },
      "webhook payload rejected",
    );
    return { status: 400, error: `Payload of ${expectedTopic} is not in the documented shape` };
  }
  const { resourceId, payload: kept } = recorded;
  const outcome = await db.transaction(async (tx) => {
    const inbox = await recordDelivery(tx, deliveryOf(verified, resourceId ?? null, kept));
    if (inbox.duplicate) return { duplicate: true, refused: null };
    const refused = (await handler.refuse?.(tx, context)) ?? null;
    if (!refused) await handler.apply(tx, context);
    await markDelivery(tx, webhookId, "processed", refused ?? undefined);
    return { duplicate: false, refused };
  });
  if (!outcome.refused) await handler.after?.(context);
  if (outcome.refused) log().warn({ reason: outcome.refused }, "webhook recorded, not acted on");
  else
    log().info(
      { duplicate: outcome.duplicate },
      outcome.duplicate ? "webhook redelivered; already processed" : "webhook processed",
    );
  return { status: 200 };
}
