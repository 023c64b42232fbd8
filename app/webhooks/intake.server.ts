import type { ActionFunctionArgs } from "@remix-run/node";
import { webhookAckSeconds, webhookAcks } from "../platform/metrics.server";
import { getEnv } from "../platform/env.server";
import { jsonResponse, type HeaderGetter } from "../platform/http.server";
import { logger, type Logger } from "../platform/logger.server";
import { FULFILLMENT_ORDER_TOPICS } from "../orders/fulfillment-order-events";
import { takeFulfillmentOrderDelivery } from "./fulfillment-order-intake.server";
import { inlineIntake } from "./inline-intake.server";
import { INLINE_TOPICS } from "./inline-topics.server";
import { ORDER_TOPICS, takeOrderDelivery } from "./order-intake.server";
import type { TopicIntake, WebhookAnswer } from "./received";
import { verifyShopifyWebhook, WebhookRejected } from "./verify.server";

/**
 * The one intake of Shopify's webhooks. Every topic the app subscribes to (shopify.app.toml)
 * arrives here, through either door: the Remix route of the topic (app/routes/webhooks.*.tsx,
 * one per topic as in Shopify's template) or the production server's fast path (server.ts,
 * app/server/fast-path.ts), which reaches it without Express or Remix. Here, once for every topic:
 *
 * 1. Shopify's signature over the raw body and its delivery headers (401, 400), and the topic
 *    header must name the address's topic (400: the signature never covers headers);
 * 2. the topic's own intake: orders (order-intake.server.ts: the delivery and the order's
 *    shipment row in one statement, then the job), fulfillment orders
 *    (fulfillment-order-intake.server.ts: inbox, then the job), and the topics done inline
 *    (inline-topics.server.ts: inbox and work in one transaction);
 * 3. one error handling: anything unforeseen (the database down) answers 500, logged, and
 *    Shopify delivers again; the inbox makes the redelivery harmless.
 */
const INTAKES = new Map<string, TopicIntake>([
  ...ORDER_TOPICS.map((topic): [string, TopicIntake] => [
    topic,
    (r) => takeOrderDelivery(topic, r),
  ]),
  ...FULFILLMENT_ORDER_TOPICS.map((topic): [string, TopicIntake] => [
    topic,
    (r) => takeFulfillmentOrderDelivery(topic, r),
  ]),
  ...Object.entries(INLINE_TOPICS).map(([topic, handler]): [string, TopicIntake] => [
    topic,
    inlineIntake(topic, handler),
  ]),
]);

/** Every webhook topic the app takes (as shopify.app.toml subscribes them). */
export const WEBHOOK_TOPICS: readonly string[] = [...INTAKES.keys()];

/** The topic a path is the address of (`/webhooks/orders/create`), or null. */
export function webhookTopicOfPath(pathname: string): string | null {
  if (!pathname.startsWith("/webhooks/")) return null;
  const topic = pathname.slice("/webhooks/".length);
  return INTAKES.has(topic) ? topic : null;
}

/**
 * Takes one delivery of `topic` (the topic of the address it arrived at): verifies it, and hands
 * it to the topic's intake. Framework-free (raw body and a header getter in, an answer out).
 */
export async function takeWebhook(
  topic: string,
  rawBody: string,
  header: HeaderGetter,
): Promise<WebhookAnswer> {
  const started = performance.now();
  const answer = await takeUncounted(topic, rawBody, header);
  // Counted under its topic when it is one of the app's (a bounded set), else "unknown".
  const label = INTAKES.has(topic) ? topic : "unknown";
  webhookAcks.inc({ topic: label, status: String(answer.status) });
  webhookAckSeconds.observe({ topic: label }, (performance.now() - started) / 1000);
  return answer;
}

async function takeUncounted(
  topic: string,
  rawBody: string,
  header: HeaderGetter,
): Promise<WebhookAnswer> {
  const intake = INTAKES.get(topic);
  if (!intake) return { status: 404, error: `No webhook topic ${topic}` };
  let verified;
  try {
    verified = verifyShopifyWebhook(rawBody, header, getEnv().SHOPIFY_API_SECRET, topic);
  } catch (error) {
    if (!(error instanceof WebhookRejected)) throw error;
    logger.warn(
      { topic, shop: header("x-shopify-shop-domain"), reason: error.message },
      "webhook refused",
    );
    return { status: error.status, error: error.message };
  }
  let child: Logger | undefined;
  const log = () =>
    (child ??= logger.child({ shop: verified.shop, topic, webhookId: verified.webhookId }));
  try {
    return await intake({ verified, rawBody, log });
  } catch (error) {
    // Not recorded, or recorded and not acted on (the database unreachable…): Shopify retries a 5xx.
    log().error({ err: (error as Error).message }, "webhook failed; asking Shopify to retry");
    return { status: 500, error: "Could not record the delivery, retry later" };
  }
}

/** The answer as an HTTP response: empty on success, `{error}` otherwise. */
export function webhookResponse(answer: WebhookAnswer): Response {
  return answer.error
    ? jsonResponse({ error: answer.error }, answer.status)
    : new Response(null, { status: answer.status });
}

/** A topic's Remix route action (app/routes/webhooks.*.tsx): the other door onto takeWebhook. */
export function webhookAction(topic: string) {
  if (!INTAKES.has(topic)) throw new Error(`No intake for the webhook topic ${topic}`);
  return async ({ request }: ActionFunctionArgs): Promise<Response> =>
    webhookResponse(
      await takeWebhook(topic, await request.text(), (name) => request.headers.get(name)),
    );
}
