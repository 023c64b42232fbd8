/**
 * Shopify tokens as the session table keeps them: sealed (AES-256-GCM, `session:<shop>` bound in).
 * Apart from the session storage (`sealed-sessions.server.ts`) so that the worker's Admin gateway
 * opens a token without loading Shopify's library.
 */
import { and, eq } from "drizzle-orm";
import { decryptSecret, encryptSecret, isSealed, type SecretKeys } from "../secrets/crypto.server";
import type { Queryable as Db } from "../db/client.server";
import { sessionTable } from "../db/schema";

const context = (shop: string) => `session:${shop}`;

/** A token as stored: sealed with the current key, bound to the shop. */
export const sealToken = (token: string, keys: SecretKeys, shop: string): string =>
  encryptSecret(token, keys, context(shop));

/** A stored token in clear (a plain one, stored before sealing, as it is). Never log it. */
export const openToken = (stored: string, keys: SecretKeys, shop: string): string =>
  isSealed(stored) ? decryptSecret(stored, keys, context(shop)) : stored;

/**
 * Writes a session row's token sealed anew, only if the row still holds the value read (a token
 * another process stored meanwhile is not overwritten). Whether it did.
 */
export async function replaceStoredToken(
  db: Db,
  id: string,
  column: "accessToken" | "refreshToken",
  stored: string,
  next: string,
): Promise<boolean> {
  const updated = await db
    .update(sessionTable)
    .set({ [column]: next })
    .where(and(eq(sessionTable.id, id), eq(sessionTable[column], stored)))
    .returning({ id: sessionTable.id });
  return updated.length > 0;
}
