/**
 * Re-seals every secret at rest with the current encryption key (`npm run secrets:reseal`): the
 * shops' shipping API keys and callback tokens, Shopify's access and refresh tokens in the session
 * table (tokens stored before sealing are sealed) and the encryption canary. Values already sealed with the
 * current key are left alone, so it can be run again at any time. Each row is updated only if it
 * still holds the value read (a token another process replaced meanwhile is not overwritten).
 * A value that cannot be opened (sealed with a key no longer configured, damaged) is left as it
 * is and named in `failures` by shop and column; every other value is still re-sealed.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { openToken, replaceStoredToken, sealToken } from "../admin-api/token-seal.server";
import {
  decryptSecret,
  encryptSecret,
  sealedWithCurrent,
  type Keyring,
} from "../secrets/crypto.server";
import type { Queryable as Db } from "../db/client.server";
import { appMeta, sessionTable, shops } from "../db/schema";
import { openCallbackToken, sealCallbackToken } from "./callback-token.server";
import { CANARY_NAME } from "./canary.server";

export interface ResealCounts {
  shippingKeys: { checked: number; resealed: number };
  callbackTokens: { checked: number; resealed: number };
  sessionTokens: { checked: number; resealed: number };
  canary: { checked: number; resealed: number };
  /** The values that could not be opened, left as they are: the old key must stay until none is left. */
  failures: { shop: string; column: string; reason: string }[];
}

/** `work`'s result, or null once its failure is recorded against that shop and column. */
function orFailure<T>(
  failures: ResealCounts["failures"],
  shop: string,
  column: string,
  work: () => T,
): T | null {
  try {
    return work();
  } catch (error) {
    failures.push({ shop, column, reason: (error as Error).message });
    return null;
  }
}

/**
 * One sealed column of the shops: each value not sealed with the current key is opened and sealed
 * again, and written only if the row still holds the value read.
 */
async function resealShopColumn(
  db: Db,
  keys: Keyring,
  column: "shippingApiKeyEncrypted" | "callbackTokenSealed",
  label: string,
  failures: ResealCounts["failures"],
  reseal: (sealed: string, shop: string) => string,
): Promise<{ checked: number; resealed: number }> {
  const counted = { checked: 0, resealed: 0 };
  const rows = await db
    .select({ shop: shops.shop, sealed: shops[column] })
    .from(shops)
    .where(isNotNull(shops[column]));
  for (const { shop, sealed } of rows) {
    counted.checked++;
    if (sealedWithCurrent(sealed!, keys)) continue;
    const resealed = orFailure(failures, shop, label, () => reseal(sealed!, shop));
    if (resealed === null) continue;
    const updated = await db
      .update(shops)
      .set({ [column]: resealed })
      .where(and(eq(shops.shop, shop), eq(shops[column], sealed!)))
      .returning({ shop: shops.shop });
    counted.resealed += updated.length;
  }
  return counted;
}

export async function resealSecrets(db: Db, keys: Keyring): Promise<ResealCounts> {
  const failures: ResealCounts["failures"] = [];
  const counts: ResealCounts = {
    shippingKeys: await resealShopColumn(
      db,
      keys,
      "shippingApiKeyEncrypted",
      "shops.shipping_api_key_encrypted",
      failures,
      (sealed, shop) => encryptSecret(decryptSecret(sealed, keys, shop), keys, shop),
    ),
    callbackTokens: await resealShopColumn(
      db,
      keys,
      "callbackTokenSealed",
      "shops.callback_token_sealed",
      failures,
      (sealed, shop) => sealCallbackToken(openCallbackToken(sealed, keys, shop), keys, shop),
    ),
    sessionTokens: { checked: 0, resealed: 0 },
    canary: { checked: 0, resealed: 0 },
    failures,
  };

  const sessions = await db
    .select({
      id: sessionTable.id,
      shop: sessionTable.shop,
      accessToken: sessionTable.accessToken,
      refreshToken: sessionTable.refreshToken,
    })
    .from(sessionTable);
  for (const row of sessions) {
    for (const column of ["accessToken", "refreshToken"] as const) {
      const stored = row[column];
      if (!stored) continue;
      counts.sessionTokens.checked++;
      if (sealedWithCurrent(stored, keys)) continue;
      const resealed = orFailure(counts.failures, row.shop, `session.${column}`, () =>
        sealToken(openToken(stored, keys, row.shop), keys, row.shop),
      );
      if (resealed === null) continue;
      if (await replaceStoredToken(db, row.id, column, stored, resealed))
        counts.sessionTokens.resealed++;
    }
  }

  const [canary] = await db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.name, CANARY_NAME));
  if (canary) {
    counts.canary.checked++;
    const resealed = sealedWithCurrent(canary.value, keys)
      ? null
      : orFailure(counts.failures, "(every shop)", "app_meta.encryption_canary", () =>
          encryptSecret(decryptSecret(canary.value, keys, CANARY_NAME), keys, CANARY_NAME),
        );
    if (resealed !== null) {
      const updated = await db
        .update(appMeta)
        .set({ value: resealed })
        .where(and(eq(appMeta.name, CANARY_NAME), eq(appMeta.value, canary.value)))
        .returning({ name: appMeta.name });
      counts.canary.resealed += updated.length;
    }
  }
  return counts;
}
