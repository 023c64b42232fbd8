import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { isSealed } from "#app/secrets/crypto.server.ts";
import { openDatabase } from "#app/db/client.server.ts";
import { db } from "#app/db/index.server.ts";
import { shops } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import {
  acceptsRateRequest,
  CALLBACK_TOKEN_GRACE_MS,
  callbackTokenOf,
  rotateCallbackToken,
  sealPlainCallbackTokens,
  shopOfCallbackToken,
} from "#app/shops/callback-token.server.ts";
import { recordInstall } from "#app/shops/shops.server.ts";
import { uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * Callback tokens at rest: what a database dump holds of them (their hash and a sealed copy, never
 * the token), and the upgrade from the tokens kept in clear, which must keep every URL merchants
 * pasted at the service and every carrier service Shopify calls working.
 */
const env = getEnv();

testStack();

/** Every shop row as text, as a dump would show it. */
async function dumpOf(pool: pg.Pool, shop: string): Promise<string> {
  const answer = await pool.query(
    `SELECT row_to_json(s)::text AS row FROM shops s WHERE shop = $1`,
    [shop],
  );
  return (answer.rows[0] as { row: string }).row;
}

describe("callback tokens in the database", () => {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
  afterAll(() => pool.end());

  it("a dump holds the token's hash and a sealed copy, never the token; the URL still finds the shop", async () => {
    const shop = uniqueShop("tokens-at-rest");
    await recordInstall(db, shop);
    const first = await callbackTokenOf(db, env.ENCRYPTION_KEY, shop);
    const rotation = await rotateCallbackToken(db, env.ENCRYPTION_KEY, shop);
    if (!("token" in rotation)) throw new Error("the first rotation is refused");
    const dump = await dumpOf(pool, shop);
    expect(dump).not.toContain(first);
    expect(dump).not.toContain(rotation.token);
    const [row] = await db.select().from(shops).where(eq(shops.shop, shop));
    expect(isSealed(row!.callbackTokenSealed!)).toBe(true);
    // Both still find the shop: the new one, and the previous one within its grace period.
    expect(await shopOfCallbackToken(db, rotation.token)).toBe(shop);
    expect(await shopOfCallbackToken(db, first)).toBe(shop);
    expect(await callbackTokenOf(db, env.ENCRYPTION_KEY, shop)).toBe(rotation.token);
  });
});

describe("the upgrade from tokens kept in clear", () => {
  // Its own database, migrated to just before the change, holding rows as that version wrote them.
  const name = `parcelbridge_tokens_${process.pid}`;
  const adminUrl = process.env.TEST_ADMIN_DATABASE_URL!;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  let folder: string;
  const open = (migrationsFolder?: string) =>
    openDatabase({
      databaseUrl: url.toString(),
      pgliteDataDir: "",
      pglitePort: 0,
      poolSize: 2,
      ...(migrationsFolder ? { migrationsFolder } : {}),
    });

  beforeAll(async () => {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${name}`);
    // drizzle/ as it was before tokens were hashed: its journal up to 0020_callback_tokens.
    folder = await fs.mkdtemp(path.join(os.tmpdir(), "pb-migrations-"));
    await fs.cp("drizzle", folder, { recursive: true });
    const journalPath = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(await fs.readFile(journalPath, "utf8")) as {
      entries: { idx: number; tag: string }[];
    };
    const last = journal.entries.findIndex((e) => e.tag === "0020_callback_tokens");
    journal.entries = journal.entries.slice(0, last + 1);
    await fs.writeFile(journalPath, JSON.stringify(journal));
  });
  afterAll(async () => {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await fs.rm(folder, { recursive: true, force: true });
  });

  it("keeps every token working, found by its hash; seals them on start; gives a carrier service without a token 72 hours, not for ever", async () => {
    const hex = (c: string) => c.repeat(64);
    const [current, previous, another] = [hex("a"), hex("b"), hex("c")];
    const before = await open(folder);
    const raw = new pg.Pool({ connectionString: url.toString() });
    try {
      // As the previous version left them: one shop rotated an hour ago, its carrier service
      // registered with its current token; one registered before tokens.
      await raw.query(
        `INSERT INTO shops (shop, callback_token, callback_token_previous, callback_token_rotated_at, carrier_service_id, carrier_callback_token)
         VALUES ('rotated.myshopify.com', $1, $2, now() - interval '1 hour', 'gid://shopify/DeliveryCarrierService/1', $1),
                ('pretoken.myshopify.com', $3, NULL, NULL, 'gid://shopify/DeliveryCarrierService/2', NULL)`,
        [current, previous, another],
      );
      await before.close();

      const after = await open();
      try {
        // The web and worker processes seal the clear copies on start.
        expect(await sealPlainCallbackTokens(after.db, env.ENCRYPTION_KEY)).toBe(2);
        expect(await sealPlainCallbackTokens(after.db, env.ENCRYPTION_KEY)).toBe(0);
        for (const [shop, token] of [
          ["rotated.myshopify.com", current],
          ["pretoken.myshopify.com", another],
        ] as const) {
          const dump = await dumpOf(raw, shop);
          expect(dump).not.toContain(token);
          expect(dump).not.toContain(previous);
          expect(await callbackTokenOf(after.db, env.ENCRYPTION_KEY, shop)).toBe(token);
          expect(await shopOfCallbackToken(after.db, token)).toBe(shop);
        }
        // The previous token, within its grace period, still finds its shop; a day later, not.
        expect(await shopOfCallbackToken(after.db, previous)).toBe("rotated.myshopify.com");
        const later = new Date(Date.now() + CALLBACK_TOKEN_GRACE_MS);
        expect(await shopOfCallbackToken(after.db, previous, later)).toBeNull();

        const rows = new Map(
          (await after.db.select().from(shops)).map((row) => [row.shop, row] as const),
        );
        const rotated = rows.get("rotated.myshopify.com")!;
        expect(acceptsRateRequest(rotated, current)).toBe(true);
        expect(acceptsRateRequest(rotated, null)).toBe(false);
        // Shopify was registered with the current one, so the previous one answers no rates.
        expect(acceptsRateRequest(rotated, previous)).toBe(false);

        const pretoken = rows.get("pretoken.myshopify.com")!;
        expect(acceptsRateRequest(pretoken, null)).toBe(true);
        expect(acceptsRateRequest(pretoken, another)).toBe(true);
        const until = pretoken.carrierTokenlessUntil!.getTime();
        expect(until).toBeGreaterThan(Date.now() + 71 * 3600_000);
        expect(until).toBeLessThan(Date.now() + 73 * 3600_000);
        expect(acceptsRateRequest(pretoken, null, new Date(until + 1_000))).toBe(false);
      } finally {
        await after.close();
      }
    } finally {
      await raw.end();
    }
  });
});
