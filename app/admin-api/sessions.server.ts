/**
 * Each shop's offline access token, kept in the process between Admin API calls: loading the
 * session from the database and checking it costs more than the call it is for, and a worker makes
 * one or two calls per shipment.
 *
 * - A token is kept for SESSION_CACHE_MS at most, and not past five minutes before it expires
 *   (expiring offline tokens). It is read straight from the session table (the offline session's
 *   row, `offline_<shop>`, as Shopify's session storage writes it, the token sealed:
 *   `token-seal.server.ts`); only a token that is missing
 *   or about to expire goes through Shopify's library (`unauthenticated.admin`), which refreshes
 *   it and stores the new one. A worker thus never loads Shopify's app library while its shops'
 *   tokens are current (about a hundred megabytes of ES modules).
 * - `forgetAdminSession` drops a shop's token at once: on uninstall and on a new install in this
 *   process. Another process learns of a new token when Shopify answers 401 to the old one (the
 *   gateway then loads the session again, once), and of an uninstall the same way or within the TTL.
 * - A shop without an offline session is ShopNotConnectedError, and nothing is kept for it.
 */
import { eq } from "drizzle-orm";
import { sessionTable } from "../db/schema";
import { getEnv } from "../platform/env.server";
import { isSealed } from "../secrets/crypto.server";
import { openToken, replaceStoredToken, sealToken } from "./token-seal.server";
import { ShopNotConnectedError } from "./request";
import { forgetAdminSession, keepSession, keptSession, type AdminSession } from "./session-store";

export { forgetAdminSession, type AdminSession };

export const SESSION_CACHE_MS = 60_000;
/** An expiring token is refreshed this long before it expires. */
const REFRESH_BEFORE_MS = 5 * 60_000;

/** One load per shop at a time: ten jobs of one shop starting together read the session once. */
const loading = new Map<string, Promise<AdminSession>>();

function fresh(session: AdminSession | undefined, now: number): session is AdminSession {
  if (!session) return false;
  if (now - session.loadedAt > SESSION_CACHE_MS) return false;
  return session.expires === null || session.expires - now > REFRESH_BEFORE_MS;
}

/** The shop's offline token, from this process's cache or loaded; `reload` skips the cache. */
export async function adminSession(shop: string, reload = false): Promise<AdminSession> {
  const kept = keptSession(shop);
  if (!reload && fresh(kept, Date.now())) return kept;
  const pending = loading.get(shop);
  if (pending && !reload) return pending;
  const load = loadSession(shop).finally(() => loading.delete(shop));
  loading.set(shop, load);
  return load;
}

async function loadSession(shop: string): Promise<AdminSession> {
  const { db } = await import("../db/index.server");
  const [row] = await db
    .select({ accessToken: sessionTable.accessToken, expires: sessionTable.expires })
    .from(sessionTable)
    .where(eq(sessionTable.id, `offline_${shop}`));
  if (
    row?.accessToken &&
    (!row.expires || row.expires.getTime() - Date.now() > REFRESH_BEFORE_MS)
  ) {
    const keys = getEnv().ENCRYPTION_KEY;
    const token = openToken(row.accessToken, keys, shop);
    // A row stored before tokens were sealed: seal it now, unless another process replaced it.
    if (!isSealed(row.accessToken))
      await replaceStoredToken(
        db,
        `offline_${shop}`,
        "accessToken",
        row.accessToken,
        sealToken(token, keys, shop),
      );
    return keepSession(shop, token, row.expires);
  }
  return refreshSession(shop);
}

/** Through Shopify's library: a missing session is ShopNotConnectedError, an expiring token is refreshed. */
async function refreshSession(shop: string): Promise<AdminSession> {
  const { unauthenticated } = await import("../shopify.server");
  const { SessionNotFoundError } = await import("@shopify/shopify-app-remix/server");
  try {
    const { session } = await unauthenticated.admin(shop);
    if (!session.accessToken) throw new ShopNotConnectedError(`${shop} has no access token`);
    return keepSession(shop, session.accessToken, session.expires ?? null);
  } catch (error) {
    forgetAdminSession(shop);
    if (error instanceof SessionNotFoundError)
      throw new ShopNotConnectedError(`${shop} has no offline session`);
    throw error;
  }
}
