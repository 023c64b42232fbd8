import { API_SECRET_KEY, getHmac } from "@shopify/shopify-api/test-helpers";
import { describe, expect, it } from "vitest";
import { shopifyHmac, signDelivery } from "./webhook-signer.ts";

/** The signer of the tests, benchmarks and demo, held to Shopify's own test helper's signature. */
describe("the webhook signer", () => {
  const raw = JSON.stringify({ id: 820982911946154500, note: "Kirim sebelum jam 5 sore 🙏" });

  it("signs a body as Shopify's own library does", () => {
    expect(shopifyHmac(raw, API_SECRET_KEY)).toBe(getHmac(raw, API_SECRET_KEY));
    expect(shopifyHmac(raw, "another-apps-secret")).toBe(getHmac(raw, "another-apps-secret"));
  });

  it("sends Shopify's headers, the topic and shop signed for unless forged ones are asked", () => {
    const at = new Date("2026-11-27T03:00:00.000Z");
    const { headers } = signDelivery({
      topic: "orders/create",
      shop: "toko-batik.myshopify.com",
      body: raw,
      secret: API_SECRET_KEY,
      webhookId: "w-1",
      triggeredAt: at,
    });
    expect(headers).toMatchObject({
      "content-type": "application/json",
      "x-shopify-hmac-sha256": getHmac(raw, API_SECRET_KEY),
      "x-shopify-topic": "orders/create",
      "x-shopify-shop-domain": "toko-batik.myshopify.com",
      "x-shopify-api-version": "2026-10",
      "x-shopify-webhook-id": "w-1",
      "x-shopify-triggered-at": at.toISOString(),
    });
    const forged = signDelivery({
      topic: "orders/create",
      shop: "a.myshopify.com",
      body: raw,
      secret: API_SECRET_KEY,
      shopHeader: "b.myshopify.com",
      triggeredAt: null,
    }).headers;
    expect(forged["x-shopify-shop-domain"]).toBe("b.myshopify.com");
    expect(forged).not.toHaveProperty("x-shopify-triggered-at");
  });
});
