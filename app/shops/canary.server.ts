import { eq } from "drizzle-orm";
import {
  decryptSecret,
  DecryptionError,
  encryptSecret,
  type SecretKeys,
} from "../secrets/crypto.server";
import type { Queryable as Db } from "../db/client.server";
import { appMeta } from "../db/schema";

export const CANARY_NAME = "encryption_canary";
const PLAINTEXT = "parcelbridge encryption canary";

export class EncryptionKeyMismatchError extends Error {
  override name = "EncryptionKeyMismatchError";
}

/**
 * Whether ENCRYPTION_KEY is the key this database's secrets were encrypted with. The first start
 * stores a known text encrypted with the key; every later start decrypts it. A different key would
 * otherwise fail quietly, shop by shop, as each job's API-key read failed and was retried.
 */
export async function checkEncryptionKey(db: Db, key: SecretKeys): Promise<void> {
  await db
    .insert(appMeta)
    .values({ name: CANARY_NAME, value: encryptSecret(PLAINTEXT, key, CANARY_NAME) })
    .onConflictDoNothing({ target: appMeta.name });
  const [row] = await db
    .select({ value: appMeta.value, createdAt: appMeta.createdAt })
    .from(appMeta)
    .where(eq(appMeta.name, CANARY_NAME));
  try {
    if (decryptSecret(row!.value, key, CANARY_NAME) === PLAINTEXT) return;
  } catch (error) {
    if (!(error instanceof DecryptionError)) throw error;
  }
  throw new EncryptionKeyMismatchError(
    `ENCRYPTION_KEY is not the key this database's secrets were encrypted with (set ${row!.createdAt.toISOString()}): ` +
      "restore the original key in the environment (or list it after the new one in ENCRYPTION_KEYS, then run `npm run secrets:reseal`). " +
      "With this one no shop's shipping API key or Shopify token can be read.",
  );
}
