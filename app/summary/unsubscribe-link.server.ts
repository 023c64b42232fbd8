import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The link in each daily summary that stops it for its address: `/email/unsubscribe?t=<token>`
 * on the app's own URL, the token naming the shop and the address, signed with a key derived from
 * the app's secret (it cannot be guessed or altered, and needs no row of its own). The message
 * carries it in `List-Unsubscribe` too, with `List-Unsubscribe-Post` (RFC 8058), so a mail client's
 * own button stops it in one click.
 */
const SIGNATURE_CHARS = 22;

const keyOf = (appSecret: string) =>
  createHmac("sha256", appSecret).update("parcelbridge:summary-unsubscribe:v1").digest();

const signature = (appSecret: string, payload: string) =>
  createHmac("sha256", keyOf(appSecret))
    .update(payload)
    .digest("base64url")
    .slice(0, SIGNATURE_CHARS);

export function unsubscribeToken(appSecret: string, shop: string, email: string): string {
  const payload = Buffer.from(JSON.stringify([shop, email])).toString("base64url");
  return `${payload}.${signature(appSecret, payload)}`;
}

export function unsubscribeUrl(appUrl: string, appSecret: string, shop: string, email: string) {
  const url = new URL("/email/unsubscribe", appUrl);
  url.searchParams.set("t", unsubscribeToken(appSecret, shop, email));
  return url.toString();
}

/** The shop and address a token names, if this app signed it. */
export function readUnsubscribeToken(
  appSecret: string,
  token: string,
): { shop: string; email: string } | null {
  const [payload, given, ...rest] = token.split(".");
  if (!payload || !given || rest.length > 0) return null;
  const expected = Buffer.from(signature(appSecret, payload));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const [shop, email] = JSON.parse(
      Buffer.from(payload, "base64url").toString("utf8"),
    ) as unknown[];
    return typeof shop === "string" && typeof email === "string" ? { shop, email } : null;
  } catch {
    return null;
  }
}
