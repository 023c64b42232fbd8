import crypto from "node:crypto";
import { sameSecret } from "../crypto.server";
import { eq, or, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { shops } from "../db/schema";
import { forgetShop } from "./shop-cache.server";

/**
 * Each shop's callback token: the secret part of the URLs others call the app at for that shop,
 * so that no shop's callbacks can be sent in another's name:
 *  - the shipping service's events, `/webhooks/shipping/<token>` (the merchant pastes it in the
 *    service's dashboard; the service signs nothing, and sends no shop);
 *  - the carrier service's rate requests, `/carrier-service/rates?token=<token>` (Shopify signs the
 *    body, which names no shop: the token ties a request to the shop of its header).
 * A new shop gets a random token (the column's default). The merchant can rotate it from the
 * settings after a leak: the previous one is accepted for CALLBACK_TOKEN_GRACE_MS more, time to
 * paste the new URL in the service's dashboard (the carrier service is registered again at once).
 */
export const CALLBACK_TOKEN_GRACE_MS = 72 * 3600_000;

/** A token's shape: 64 hex characters (two random UUIDs without their dashes). */
export const CALLBACK_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

export function newCallbackToken(): string {
  return crypto.randomBytes(32).toString("hex");
}

/** The shipping service's events URL of a shop. */
export function eventsUrlFor(appUrl: string, token: string): string {
  return new URL(`/webhooks/shipping/${token}`, appUrl).toString();
}

/** The shop's current token. */
export async function callbackTokenOf(db: Queryable, shop: string): Promise<string> {
  const [row] = await db
    .select({ token: shops.callbackToken })
    .from(shops)
    .where(eq(shops.shop, shop));
  if (!row) throw new Error(`No shop ${shop}`);
  return row.token;
}

type TokenFacts = Pick<
  typeof shops.$inferSelect,
  "callbackToken" | "callbackTokenPrevious" | "callbackTokenRotatedAt"
>;

/** Until when the shop's previous token is still accepted; null when it is not (none, or its grace is over). */
export function previousTokenUntil(row: TokenFacts, now = new Date()): Date | null {
  if (row.callbackTokenPrevious === null || row.callbackTokenRotatedAt === null) return null;
  const until = new Date(row.callbackTokenRotatedAt.getTime() + CALLBACK_TOKEN_GRACE_MS);
  return until > now ? until : null;
}

/** Whether `token` is the shop's (its current one, or its previous one within the grace period). */
export function isShopToken(row: TokenFacts, token: string, now = new Date()): boolean {
  if (sameSecret(token, row.callbackToken)) return true;
  return previousTokenUntil(row, now) !== null && sameSecret(token, row.callbackTokenPrevious!);
}

/** The shop whose current token, or previous one within its grace period, this is; null if none. */
export async function shopOfCallbackToken(
  db: Queryable,
  token: string,
  now = new Date(),
): Promise<string | null> {
  if (!CALLBACK_TOKEN_PATTERN.test(token)) return null;
  const candidates = await db
    .select({
      shop: shops.shop,
      callbackToken: shops.callbackToken,
      callbackTokenPrevious: shops.callbackTokenPrevious,
      callbackTokenRotatedAt: shops.callbackTokenRotatedAt,
    })
    .from(shops)
    .where(or(eq(shops.callbackToken, token), eq(shops.callbackTokenPrevious, token)));
  return candidates.find((row) => isShopToken(row, token, now))?.shop ?? null;
}

/**
 * Whether a rate request for this shop may be answered: it carries the shop's token, or it carries
 * none and the shop's carrier service was registered before tokens (until it is registered again).
 */
export function acceptsRateRequest(
  row: TokenFacts & Pick<typeof shops.$inferSelect, "carrierCallbackToken">,
  token: string | null,
  now = new Date(),
): boolean {
  if (token) return isShopToken(row, token, now);
  return row.carrierCallbackToken === null;
}

/** A new token for the shop; the one it replaces stays valid for the grace period. */
export async function rotateCallbackToken(db: Queryable, shop: string): Promise<string> {
  const token = newCallbackToken();
  await db
    .update(shops)
    .set({
      callbackTokenPrevious: sql`${shops.callbackToken}`,
      callbackToken: token,
      callbackTokenRotatedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(shops.shop, shop));
  forgetShop(shop);
  return token;
}
