/**
 * `npm run secrets:reseal`: re-seals every secret at rest (shipping API keys, Shopify tokens, the
 * encryption canary) with the current key, the first of ENCRYPTION_KEYS, and says how many it
 * changed. Run it after making a new key current; then the previous key can be dropped. Safe to run
 * again, and while the app runs.
 */
import { loadDotEnv } from "#app/dotenv.server.ts";

loadDotEnv();
const { getEnv } = await import("#app/env.server.ts");
const { databaseLocation, openDatabase } = await import("#app/db/client.server.ts");
const { resealSecrets } = await import("#app/shops/reseal.server.ts");
const { keyId } = await import("#app/crypto.server.ts");

const env = getEnv();
const database = await openDatabase({ ...databaseLocation(env), poolSize: 1 });
try {
  const counts = await resealSecrets(database.db, env.ENCRYPTION_KEY);
  const line = (name: string, c: { checked: number; resealed: number }) =>
    `  ${name}: ${c.resealed} re-sealed of ${c.checked}`;
  console.log(
    [
      `Sealed with key ${keyId(env.ENCRYPTION_KEY.current)} (${env.ENCRYPTION_KEY.keys.length} key(s) configured):`,
      line("shipping API keys", counts.shippingKeys),
      line("Shopify tokens", counts.sessionTokens),
      line("encryption canary", counts.canary),
    ].join("\n"),
  );
} finally {
  await database.close();
}
