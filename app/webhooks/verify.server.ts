import crypto from "node:crypto";
import type { HeaderGetter } from "../platform/http.server";

/** The verified facts of a Shopify webhook delivery, from its headers. */
export interface VerifiedDelivery {
  shop: string;
  topic: string;
  webhookId: string;
  eventId: string | null;
  apiVersion: string | null;
  triggeredAt: Date | null;
}

export class WebhookRejected extends Error {
  constructor(
    readonly status: 400 | 401,
    message: string,
  ) {
    super(message);
  }
}

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/**
 * Shopify's webhook verification, as Shopify documents it and as `authenticate.webhook` does it:
 * the base64 HMAC-SHA256 of the raw body with the app's secret, compared in constant time, and
 * the delivery headers Shopify always sends. Synchronous and allocation-light: it runs on every
 * order delivery, ahead of the framework (see server.ts), so a flash sale's webhooks are
 * acknowledged in milliseconds. Throws WebhookRejected (401 when not signed by Shopify for this
 * app, 400 when signed but without the headers that identify it).
 */
export function verifyShopifyWebhook(
  rawBody: Buffer | string,
  header: HeaderGetter,
  secret: string,
  expectedTopic?: string,
): VerifiedDelivery {
  const shop = verifyShopifySignature(rawBody, header, secret);
  const webhookId = header("x-shopify-webhook-id");
  if (!webhookId) throw new WebhookRejected(400, "Missing X-Shopify-Webhook-Id");
  const topic = header("x-shopify-topic");
  if (!topic) throw new WebhookRejected(400, "Missing X-Shopify-Topic");
  // The topic header is signed only by the route it arrived on: a delivery sent to another
  // topic's address is refused rather than handled as that topic.
  if (expectedTopic && topic !== expectedTopic)
    throw new WebhookRejected(400, `Topic ${topic} delivered to the ${expectedTopic} address`);
  const triggered = header("x-shopify-triggered-at");
  const triggeredAt =
    triggered && !Number.isNaN(Date.parse(triggered)) ? new Date(triggered) : null;
  return {
    shop,
    topic,
    webhookId,
    eventId: header("x-shopify-event-id") ?? null,
    apiVersion: header("x-shopify-api-version") ?? null,
    triggeredAt,
  };
}

/**
 * The signature Shopify puts on webhooks and on carrier service rate requests alike: the base64
 * HMAC-SHA256 of the raw body with the app's secret (compared in constant time), and the shop it
 * names in X-Shopify-Shop-Domain. Returns the shop; throws WebhookRejected.
 */
export function verifyShopifySignature(
  rawBody: Buffer | string,
  header: HeaderGetter,
  secret: string,
): string {
  const given = header("x-shopify-hmac-sha256");
  if (!given) throw new WebhookRejected(401, "Missing X-Shopify-Hmac-Sha256");
  const expected = crypto.createHmac("sha256", secret).update(rawBody).digest();
  const givenBytes = Buffer.from(given, "base64");
  if (givenBytes.length !== expected.length || !crypto.timingSafeEqual(givenBytes, expected))
    throw new WebhookRejected(401, "HMAC does not match the body");
  const shop = header("x-shopify-shop-domain")?.toLowerCase() ?? "";
  if (!SHOP_DOMAIN.test(shop))
    throw new WebhookRejected(400, "X-Shopify-Shop-Domain is not a myshopify.com domain");
  return shop;
}
