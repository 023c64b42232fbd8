import crypto from "node:crypto";
import { and, eq, isNotNull, isNull, lte, notLike, or, sql } from "drizzle-orm";
import {
  decryptSecret,
  encryptSecret,
  isSealed,
  sameSecret,
  type SecretKeys,
} from "../secrets/crypto.server";
import type { Queryable } from "../db/client.server";
import { shops } from "../db/schema";
import { forgetShop } from "./shop-cache-store";

/**
 * Each shop's callback token: the secret part of the URLs others call the app at for that shop,
 * so that no shop's callbacks can be sent in another's name:
 *  - the shipping service's events, `/webhooks/shipping/<token>` (the merchant pastes it in the
 *    service's dashboard; the service signs nothing, and sends no shop);
 *  - the carrier service's rate requests, `/carrier-service/rates?token=<token>` (Shopify signs the
 *    body, which names no shop: the token ties a request to the shop of its header).
 *
 * The database keeps a token's SHA-256, which requests are looked up by, and a copy sealed with the
 * encryption key (for the settings page's URL and the carrier service's registration): a dump holds
 * no token that works. A shop's first token is made when first needed.
 *
 * After a leak the merchant makes a new one from the settings. The previous one is then accepted
 *  - for the service's events, CALLBACK_TOKEN_GRACE_MS more (time to paste the new URL there);
 *  - for rate requests, only while Shopify still calls with it (its re-registration is pending),
 *    and no longer than that same grace period.
 * "End the old URL now" stops it at once. A second new URL is refused while the previous one is
 * still accepted: the merchant ends it first, so no URL they may have pasted is dropped unasked.
 */
export const CALLBACK_TOKEN_GRACE_MS = 72 * 3600_000;

/** A token's shape: 64 hex characters (32 random bytes). */
export const CALLBACK_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

export function newCallbackToken(): string {
  return crypto.randomBytes(32).toString("hex");
}

/** What the database keeps of a token to find it by: its SHA-256, hex. */
export function callbackTokenHash(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

const sealContext = (shop: string) => `callback-token:${shop}`;

/** A token as stored: sealed with the current key, bound to the shop. */
export const sealCallbackToken = (token: string, keys: SecretKeys, shop: string): string =>
  encryptSecret(token, keys, sealContext(shop));

/** A stored token in clear (one from before sealing, as it is, until the start-up seals it). */
export const openCallbackToken = (stored: string, keys: SecretKeys, shop: string): string =>
  isSealed(stored) ? decryptSecret(stored, keys, sealContext(shop)) : stored;

/** The shipping service's events URL of a shop. */
export function eventsUrlFor(appUrl: string, token: string): string {
  return new URL(`/webhooks/shipping/${token}`, appUrl).toString();
}

/** The shop's current token, made now if it has none yet. */
export async function callbackTokenOf(
  db: Queryable,
  keys: SecretKeys,
  shop: string,
): Promise<string> {
  const read = async () => {
    const [row] = await db
      .select({ sealed: shops.callbackTokenSealed })
      .from(shops)
      .where(eq(shops.shop, shop));
    if (!row) throw new Error(`No shop ${shop}`);
    return row.sealed;
  };
  const sealed = await read();
  if (sealed !== null) return openCallbackToken(sealed, keys, shop);
  const token = newCallbackToken();
  const made = await db
    .update(shops)
    .set({
      callbackTokenHash: callbackTokenHash(token),
      callbackTokenSealed: sealCallbackToken(token, keys, shop),
      updatedAt: sql`now()`,
    })
    .where(and(eq(shops.shop, shop), isNull(shops.callbackTokenSealed)))
    .returning({ shop: shops.shop });
  if (made.length > 0) {
    forgetShop(shop);
    return token;
  }
  // Another request made it meanwhile: that one is the shop's.
  return openCallbackToken((await read())!, keys, shop);
}

/** The token columns of a shop row. */
export type TokenFacts = Pick<
  typeof shops.$inferSelect,
  | "callbackTokenHash"
  | "callbackTokenPreviousHash"
  | "callbackTokenRotatedAt"
  | "carrierCallbackTokenHash"
  | "carrierTokenlessUntil"
>;

/** Until when the shop's previous token is still accepted for events; null when it is not (none, ended, or over). */
export function previousTokenUntil(
  row: Pick<TokenFacts, "callbackTokenPreviousHash" | "callbackTokenRotatedAt">,
  now = new Date(),
): Date | null {
  if (row.callbackTokenPreviousHash === null || row.callbackTokenRotatedAt === null) return null;
  const until = new Date(row.callbackTokenRotatedAt.getTime() + CALLBACK_TOKEN_GRACE_MS);
  return until > now ? until : null;
}

const isHash = (hash: string, stored: string | null) => stored !== null && sameSecret(hash, stored);

/** Whether `token` is the shop's for the service's events: its current one, or the previous one within the grace period. */
export function acceptsEventsToken(row: TokenFacts, token: string, now = new Date()): boolean {
  return acceptsEventsHash(row, callbackTokenHash(token), now);
}

/** acceptsEventsToken, for a token already hashed. */
function acceptsEventsHash(row: TokenFacts, hash: string, now: Date): boolean {
  if (isHash(hash, row.callbackTokenHash)) return true;
  return previousTokenUntil(row, now) !== null && isHash(hash, row.callbackTokenPreviousHash);
}

/**
 * Whether a rate request for this shop may be answered. With a token: the current one, or the
 * previous one while Shopify is still registered with it (the new registration pending) within the
 * grace period. Without one: only a carrier service registered before tokens, until its deadline.
 */
export function acceptsRateRequest(
  row: TokenFacts,
  token: string | null,
  now = new Date(),
): boolean {
  if (!token)
    return (
      row.carrierCallbackTokenHash === null &&
      row.carrierTokenlessUntil !== null &&
      row.carrierTokenlessUntil > now
    );
  const hash = callbackTokenHash(token);
  if (isHash(hash, row.callbackTokenHash)) return true;
  return (
    previousTokenUntil(row, now) !== null &&
    isHash(hash, row.callbackTokenPreviousHash) &&
    isHash(hash, row.carrierCallbackTokenHash)
  );
}

/** The shop whose current token, or previous one within its grace period, this is; null if none. */
export async function shopOfCallbackToken(
  db: Queryable,
  token: string,
  now = new Date(),
): Promise<string | null> {
  return (await eventsCallerOf(db, token, now))?.shop ?? null;
}

/**
 * shopOfCallbackToken, with when the service last reached that shop's events URL (the same read:
 * the events endpoint notes a new call without a second look-up).
 */
export async function eventsCallerOf(
  db: Queryable,
  token: string,
  now = new Date(),
): Promise<{ shop: string; serviceEventsAt: Date | null } | null> {
  if (!CALLBACK_TOKEN_PATTERN.test(token)) return null;
  const hash = callbackTokenHash(token);
  const candidates = await db
    .select({
      shop: shops.shop,
      serviceEventsAt: shops.serviceEventsAt,
      callbackTokenHash: shops.callbackTokenHash,
      callbackTokenPreviousHash: shops.callbackTokenPreviousHash,
      callbackTokenRotatedAt: shops.callbackTokenRotatedAt,
      carrierCallbackTokenHash: shops.carrierCallbackTokenHash,
      carrierTokenlessUntil: shops.carrierTokenlessUntil,
    })
    .from(shops)
    .where(or(eq(shops.callbackTokenHash, hash), eq(shops.callbackTokenPreviousHash, hash)));
  const row = candidates.find((r) => acceptsEventsHash(r, hash, now));
  return row ? { shop: row.shop, serviceEventsAt: row.serviceEventsAt } : null;
}

/** What a rotation did: the new token, or the refusal (the previous one still accepted until then). */
export type Rotation = { token: string } | { refusedUntil: Date };

/**
 * A new token for the shop; the one it replaces stays accepted for the grace period. Refused while
 * the token before is itself still accepted (one statement: two clicks make one new token).
 */
export async function rotateCallbackToken(
  db: Queryable,
  keys: SecretKeys,
  shop: string,
): Promise<Rotation> {
  // The shop's first token, if it has none: it is the one the new one replaces.
  await callbackTokenOf(db, keys, shop);
  const token = newCallbackToken();
  const graceStart = sql`now() - ${`${CALLBACK_TOKEN_GRACE_MS} milliseconds`}::interval`;
  const rotated = await db
    .update(shops)
    .set({
      callbackTokenPreviousHash: sql`${shops.callbackTokenHash}`,
      callbackTokenHash: callbackTokenHash(token),
      callbackTokenSealed: sealCallbackToken(token, keys, shop),
      callbackTokenRotatedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(shops.shop, shop),
        or(
          isNull(shops.callbackTokenPreviousHash),
          isNull(shops.callbackTokenRotatedAt),
          lte(shops.callbackTokenRotatedAt, graceStart),
        ),
      ),
    )
    .returning({ shop: shops.shop });
  forgetShop(shop);
  if (rotated.length > 0) return { token };
  const [row] = await db
    .select({
      callbackTokenPreviousHash: shops.callbackTokenPreviousHash,
      callbackTokenRotatedAt: shops.callbackTokenRotatedAt,
    })
    .from(shops)
    .where(eq(shops.shop, shop));
  return { refusedUntil: (row && previousTokenUntil(row)) ?? new Date() };
}

/**
 * "End the old URL now": the previous token, and requests without one, are refused from now on.
 * Whether there was anything to end.
 */
export async function endPreviousCallbackToken(db: Queryable, shop: string): Promise<boolean> {
  const ended = await db
    .update(shops)
    .set({
      callbackTokenPreviousHash: null,
      carrierTokenlessUntil: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(shops.shop, shop),
        or(isNotNull(shops.callbackTokenPreviousHash), isNotNull(shops.carrierTokenlessUntil)),
      ),
    )
    .returning({ shop: shops.shop });
  forgetShop(shop);
  return ended.length > 0;
}

/**
 * Seals the tokens kept in clear (by the migration that introduced sealing) with the current key;
 * run by the web and worker processes on start. How many it sealed.
 */
export async function sealPlainCallbackTokens(db: Queryable, keys: SecretKeys): Promise<number> {
  const plain = await db
    .select({ shop: shops.shop, stored: shops.callbackTokenSealed })
    .from(shops)
    .where(
      and(
        isNotNull(shops.callbackTokenSealed),
        notLike(shops.callbackTokenSealed, "v1.%"),
        notLike(shops.callbackTokenSealed, "v2.%"),
      ),
    );
  let sealed = 0;
  for (const { shop, stored } of plain) {
    if (isSealed(stored!)) continue;
    const updated = await db
      .update(shops)
      .set({ callbackTokenSealed: sealCallbackToken(stored!, keys, shop) })
      .where(and(eq(shops.shop, shop), eq(shops.callbackTokenSealed, stored!)))
      .returning({ shop: shops.shop });
    sealed += updated.length;
  }
  return sealed;
}
