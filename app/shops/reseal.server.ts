/**
 * Re-seals every secret at rest with the current encryption key (`npm run secrets:reseal`): the
 * shops' shipping API keys, Shopify's access and refresh tokens in the session table (tokens
 * stored before sealing are sealed) and the encryption canary. Values already sealed with the
 * current key are left alone, so it can be run again at any time. Each row is updated only if it
 * still holds the value read (a token another process replaced meanwhile is not overwritten).
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { openToken, replaceStoredToken, sealToken } from "../admin-api/token-seal.server";
import { decryptSecret, encryptSecret, sealedWithCurrent, type Keyring } from "../crypto.server";
import type { Queryable as Db } from "../db/client.server";
import { appMeta, sessionTable, shops } from "../db/schema";
import { CANARY_NAME } from "./canary.server";

export interface ResealCounts {
  shippingKeys: { checked: number; resealed: number };
  sessionTokens: { checked: number; resealed: number };
  canary: { checked: number; resealed: number };
}

export async function resealSecrets(db: Db, keys: Keyring): Promise<ResealCounts> {
  const counts: ResealCounts = {
    shippingKeys: { checked: 0, resealed: 0 },
    sessionTokens: { checked: 0, resealed: 0 },
    canary: { checked: 0, resealed: 0 },
  };

  const shopRows = await db
    .select({ shop: shops.shop, sealed: shops.shippingApiKeyEncrypted })
    .from(shops)
    .where(isNotNull(shops.shippingApiKeyEncrypted));
  for (const { shop, sealed } of shopRows) {
    counts.shippingKeys.checked++;
    if (sealedWithCurrent(sealed!, keys)) continue;
    const resealed = encryptSecret(decryptSecret(sealed!, keys, shop), keys, shop);
    const updated = await db
      .update(shops)
      .set({ shippingApiKeyEncrypted: resealed })
      .where(and(eq(shops.shop, shop), eq(shops.shippingApiKeyEncrypted, sealed!)))
      .returning({ shop: shops.shop });
    counts.shippingKeys.resealed += updated.length;
  }

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
      const resealed = sealToken(openToken(stored, keys, row.shop), keys, row.shop);
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
    if (!sealedWithCurrent(canary.value, keys)) {
      const resealed = encryptSecret(
        decryptSecret(canary.value, keys, CANARY_NAME),
        keys,
        CANARY_NAME,
      );
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
