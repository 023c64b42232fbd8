/**
 * `npm run secrets:reseal`: re-seals every secret at rest (shipping API keys, Shopify tokens, the
 * encryption canary) with the current key, the first of ENCRYPTION_KEYS, and says how many it
 * changed. Run it after making a new key current; then the previous key can be dropped, once it
 * ends with 0: a value it cannot open is named (shop and column), the others are still re-sealed,
 * and it exits with 1. Safe to run again, and while the app runs.
 */
import { loadDotEnv } from "#app/platform/dotenv.server.ts";

loadDotEnv();
const { getEnv } = await import("#app/platform/env.server.ts");
const { databaseLocation, openDatabase } = await import("#app/db/client.server.ts");
const { resealSecrets } = await import("#app/shops/reseal.server.ts");
const { keyId } = await import("#app/secrets/crypto.server.ts");

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
      line("callback tokens", counts.callbackTokens),
      line("Shopify tokens", counts.sessionTokens),
      line("encryption canary", counts.canary),
    ].join("\n"),
  );
  if (counts.failures.length > 0) {
    console.error(
      [
        `${counts.failures.length} value(s) could not be opened and were left as they are; keep the old key until this reports none:`,
        ...counts.failures.map((f) => `  ${f.shop} ${f.column}: ${f.reason}`),
      ].join("\n"),
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
