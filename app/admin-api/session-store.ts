import { perShopKept } from "../platform/shops-kept";

/**
 * The tokens app/admin-api/sessions.server.ts keeps, by shop, in this process. Apart from the
 * loading so that Shopify's app set-up (shopify.server.ts, which the loading itself reaches for a
 * refresh) drops a shop's token without importing it.
 */

export interface AdminSession {
  accessToken: string;
  /** When the token expires (expiring offline tokens), or null. */
  expires: number | null;
  /** When this process loaded it. */
  loadedAt: number;
}

const sessions = perShopKept<AdminSession>();

export function keptSession(shop: string): AdminSession | undefined {
  return sessions.get(shop);
}

export function keepSession(shop: string, accessToken: string, expires: Date | null): AdminSession {
  const kept = { accessToken, expires: expires ? expires.getTime() : null, loadedAt: Date.now() };
  sessions.set(shop, kept);
  return kept;
}

/** Drops the shop's kept token (uninstalled, or installed again with a new one). */
export function forgetAdminSession(shop: string): void {
  sessions.delete(shop);
}
