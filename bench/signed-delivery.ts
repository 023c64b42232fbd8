/**
 * One webhook delivery as Shopify sends it: signed with the app's secret, posted with Shopify's
 * headers, timed from the moment it leaves until the answer's end. Shared by the bench stack's
 * `deliver` and the delivery thread (bench/delivery-thread.ts), which signs its bodies before a
 * run and posts them during it; node modules only, so a worker thread loads it as it is.
 */
import crypto from "node:crypto";
import http from "node:http";

export interface SignedDelivery {
  body: string;
  headers: Record<string, string | number>;
}

/** The body and every header but the moment of sending (X-Shopify-Triggered-At). */
export function signDelivery(d: {
  topic: string;
  shop: string;
  body: string;
  secret: string;
  webhookId?: string;
  /** Another topic or shop in the headers than the one signed for (a forged delivery). */
  topicHeader?: string;
  shopHeader?: string;
}): SignedDelivery {
  return {
    body: d.body,
    headers: {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(d.body),
      "x-shopify-hmac-sha256": crypto
        .createHmac("sha256", d.secret)
        .update(d.body)
        .digest("base64"),
      "x-shopify-topic": d.topicHeader ?? d.topic,
      "x-shopify-shop-domain": d.shopHeader ?? d.shop,
      "x-shopify-api-version": "2026-10",
      "x-shopify-webhook-id": d.webhookId ?? crypto.randomUUID(),
    },
  };
}

/** Posts a signed delivery to 127.0.0.1; status 0 when no answer came (error or 10 s timeout). */
export function postDelivery(
  agent: http.Agent,
  target: { port: number; path: string },
  delivery: SignedDelivery,
  triggeredAt = new Date(),
): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: target.port,
        path: target.path,
        method: "POST",
        agent,
        headers: { ...delivery.headers, "x-shopify-triggered-at": triggeredAt.toISOString() },
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, ms: performance.now() - t0 }));
    req.end(delivery.body);
  });
}
