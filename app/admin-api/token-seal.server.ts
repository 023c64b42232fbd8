/**
 * Shopify tokens as the session table keeps them: sealed (AES-256-GCM, `session:<shop>` bound in).
 * Apart from the session storage (`sealed-sessions.server.ts`) so that the worker's Admin gateway
 * opens a token without loading Shopify's library.
 */
import { decryptSecret, encryptSecret, isSealed, type SecretKeys } from "../crypto.server";

const context = (shop: string) => `session:${shop}`;

/** A token as stored: sealed with the current key, bound to the shop. */
export const sealToken = (token: string, keys: SecretKeys, shop: string): string =>
  encryptSecret(token, keys, context(shop));

/** A stored token in clear (a plain one, stored before sealing, as it is). Never log it. */
export const openToken = (stored: string, keys: SecretKeys, shop: string): string =>
  isSealed(stored) ? decryptSecret(stored, keys, context(shop)) : stored;
