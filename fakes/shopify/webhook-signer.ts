/**
 * Shopify's signature on what it sends an app: the base64 HMAC-SHA256 of the raw body with the
 * app's secret (webhooks in X-Shopify-Hmac-Sha256, the carrier service's rate requests too), and
 * the headers of a webhook delivery. The one signer of the tests, the benchmarks and the demo;
 * node modules only, so a benchmark's worker thread loads it as it is.
 */
import crypto from "node:crypto";

/** The API version the deliveries say they were made with. */
export const WEBHOOK_API_VERSION = "2026-10";

/** Shopify's HMAC of a raw body. */
export function shopifyHmac(body: string | Buffer, secret: string): string {
  return crypto.createHmac("sha256", secret).update(body).digest("base64");
}

/** A webhook delivery as Shopify sends it: the body and its headers. */
export interface SignedDelivery {
  body: string;
  headers: Record<string, string>;
}

/**
 * Signs a delivery of `topic` for `shop`. The moment of sending (X-Shopify-Triggered-At) is set
 * here unless `triggeredAt` is null (a benchmark stamps it as it posts).
 */
export function signDelivery(d: {
  topic: string;
  shop: string;
  body: string;
  secret: string;
  webhookId?: string;
  apiVersion?: string;
  triggeredAt?: Date | null;
  /** Another topic or shop in the headers than the one signed for (a forged delivery). */
  topicHeader?: string;
  shopHeader?: string;
}): SignedDelivery {
  const triggeredAt = d.triggeredAt === undefined ? new Date() : d.triggeredAt;
  return {
    body: d.body,
    headers: {
      "content-type": "application/json",
      "x-shopify-hmac-sha256": shopifyHmac(d.body, d.secret),
      "x-shopify-topic": d.topicHeader ?? d.topic,
      "x-shopify-shop-domain": d.shopHeader ?? d.shop,
      "x-shopify-api-version": d.apiVersion ?? WEBHOOK_API_VERSION,
      "x-shopify-webhook-id": d.webhookId ?? crypto.randomUUID(),
      "x-shopify-event-id": crypto.randomUUID(),
      ...(triggeredAt ? { "x-shopify-triggered-at": triggeredAt.toISOString() } : {}),
    },
  };
}
