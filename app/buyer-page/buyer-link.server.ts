import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The link a held COD order's buyer gets in the merchant's WhatsApp message: a page on the shop's
 * own domain through Shopify's app proxy (`https://<shop>/apps/parcelbridge/k/<token>`;
 * shopify.app.toml's [app_proxy] forwards it to /proxy/k/<token>). The token names one shipment
 * and when the link expires, signed with a key derived from the app's secret: it cannot be guessed
 * or altered, needs no row of its own, and is the same every time the merchant's page writes the
 * message for the same hold. Whether it was used is the shipment's `buyer_answer`.
 */

/** Shopify's app proxy, as shopify.app.toml declares it (test/unit/app-config.test.ts holds them equal). */
export const APP_PROXY = { prefix: "apps", subpath: "parcelbridge", path: "/proxy" } as const;

/** A link lasts this long from the hold's start: past it the merchant decides alone. */
export const LINK_DAYS = 3;

const SIGNATURE_CHARS = 22; // 132 bits of HMAC-SHA256, base64url

const keyOf = (appSecret: string) =>
  createHmac("sha256", appSecret).update("parcelbridge:buyer-link:v1").digest();

const signature = (appSecret: string, shipmentId: string, expires: number) =>
  createHmac("sha256", keyOf(appSecret))
    .update(`${shipmentId}.${expires}`)
    .digest("base64url")
    .slice(0, SIGNATURE_CHARS);

/** When the link of a hold begun at `heldAt` stops working (to the second, as the token says). */
export const buyerLinkExpiresAt = (heldAt: Date): Date =>
  new Date((Math.floor(heldAt.getTime() / 1000) + LINK_DAYS * 86_400) * 1000);

/** The token for a shipment held since `heldAt`. */
export function buyerLinkToken(appSecret: string, shipmentId: string, heldAt: Date): string {
  const expires = buyerLinkExpiresAt(heldAt).getTime() / 1000;
  const id = Buffer.from(shipmentId.replace(/-/g, ""), "hex").toString("base64url");
  return `${id}.${expires.toString(36)}.${signature(appSecret, shipmentId, expires)}`;
}

/** The buyer's link on the shop's domain. */
export function buyerLinkUrl(
  appSecret: string,
  shop: string,
  shipmentId: string,
  heldAt: Date,
): string {
  const token = buyerLinkToken(appSecret, shipmentId, heldAt);
  return `https://${shop}/${APP_PROXY.prefix}/${APP_PROXY.subpath}/k/${token}`;
}

export type ReadLink =
  { ok: true; shipmentId: string; expiresAt: Date } | { ok: false; why: "unknown" | "expired" };

/** What a token names, if this app signed it and it has not expired at `now`. */
export function readBuyerLink(appSecret: string, token: string, now: Date): ReadLink {
  const [id, expiresText, given, ...rest] = token.split(".");
  if (!id || !expiresText || !given || rest.length > 0) return { ok: false, why: "unknown" };
  const hex = Buffer.from(id, "base64url").toString("hex");
  if (hex.length !== 32) return { ok: false, why: "unknown" };
  const shipmentId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const expires = parseInt(expiresText, 36);
  if (!Number.isSafeInteger(expires)) return { ok: false, why: "unknown" };
  const expected = Buffer.from(signature(appSecret, shipmentId, expires));
  const received = Buffer.from(given);
  if (received.length !== expected.length || !timingSafeEqual(received, expected))
    return { ok: false, why: "unknown" };
  const expiresAt = new Date(expires * 1000);
  if (now >= expiresAt) return { ok: false, why: "expired" };
  return { ok: true, shipmentId, expiresAt };
}
