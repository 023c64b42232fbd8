import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Before any module reads the environment: the app's Admin API calls redirected to the fake
// Shopify started below (its address is set once it listens).
vi.hoisted(() => {
  process.env.FAKE_SHOPIFY_ADMIN_URL = "http://127.0.0.1:1";
});

import "#fakes/shopify/redirect-shopify-admin.ts";
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import { promisify } from "node:util";
import { DrizzleSessionStoragePostgres } from "@shopify/shopify-app-session-storage-drizzle";
import { eq } from "drizzle-orm";
import pg from "pg";
import { shopifyAdminGraphql } from "#app/admin-api/gateway.server.ts";
import { SHOP_NAME_QUERY } from "#app/admin-api/operations/shop.ts";
import { adminRequest } from "#app/admin-api/request.ts";
import { SealedSessionStorage } from "#app/admin-api/sealed-sessions.server.ts";
import { forgetAdminSession } from "#app/admin-api/sessions.server.ts";
import { Keyring, isSealed, keyId } from "#app/secrets/crypto.server.ts";
import { openDatabase, type Database } from "#app/db/client.server.ts";
import { db } from "#app/db/index.server.ts";
import { sessionTable, shops } from "#app/db/schema.ts";
import { callbackTokenOf } from "#app/shops/callback-token.server.ts";
import { checkEncryptionKey } from "#app/shops/canary.server.ts";
import { resealSecrets } from "#app/shops/reseal.server.ts";
import { getShippingApiKey, recordInstall, setShippingApiKey } from "#app/shops/shops.server.ts";
import { sessionStorage } from "#app/shopify.server.ts";
import { fakeShopName } from "#fakes/shopify/fake-admin.ts";
import { offlineSessionRow } from "#fakes/shopify/fake-shopify-server.ts";
import { offlineSession, uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * Shopify's tokens sealed at rest, through the session storage Shopify's library uses (its Drizzle
 * adapter, wrapped) and the Admin gateway's own read; rows stored before sealing sealed on first
 * read; keys rotated with ENCRYPTION_KEYS and `npm run secrets:reseal`.
 */
const stack = testStack({ shopify: { admin: true } });

const rowOf = async (shop: string) =>
  (
    await db
      .select()
      .from(sessionTable)
      .where(eq(sessionTable.id, `offline_${shop}`))
  )[0]!;
const shopName = async (shop: string) =>
  (await adminRequest(shopifyAdminGraphql, shop, SHOP_NAME_QUERY, {})).shop.name;

describe("Shopify tokens sealed at rest", () => {
  it("a session stored by the app holds no token in plain text, and the app still calls Shopify with it", async () => {
    const shop = uniqueShop("sealed");
    await recordInstall(db, shop);
    const session = offlineSession(shop);
    session.accessToken = stack.shopify.connect(shop);
    session.refreshToken = `shprt_${crypto.randomBytes(16).toString("hex")}`;
    await sessionStorage.storeSession(session);

    const row = await rowOf(shop);
    for (const [stored, clear] of [
      [row.accessToken, session.accessToken],
      [row.refreshToken!, session.refreshToken],
    ] as const) {
      expect(stored).not.toContain(clear);
      expect(isSealed(stored)).toBe(true);
    }
    const loaded = await sessionStorage.loadSession(session.id);
    expect(loaded?.accessToken).toBe(session.accessToken);
    expect(loaded?.refreshToken).toBe(session.refreshToken);
    expect((await sessionStorage.findSessionsByShop(shop))[0]?.accessToken).toBe(
      session.accessToken,
    );

    forgetAdminSession(shop);
    expect(await shopName(shop)).toBe(fakeShopName(shop));
    expect(stack.shopify.callsOf(shop).get("ShopName")).toBe(1);
    // The row is another shop's: its sealed token does not open there.
    const other = uniqueShop("sealed");
    await db.insert(sessionTable).values({ ...row, id: `offline_${other}`, shop: other });
    await expect(sessionStorage.loadSession(`offline_${other}`)).rejects.toThrow(/decrypted/);
  });

  it("a row stored before sealing is read, and sealed the first time it is (gateway and storage)", async () => {
    for (const read of ["gateway", "storage"] as const) {
      const shop = uniqueShop("legacy");
      await recordInstall(db, shop);
      const token = stack.shopify.connect(shop);
      await db.insert(sessionTable).values(offlineSessionRow(shop, token));
      expect((await rowOf(shop)).accessToken).toBe(token);
      if (read === "gateway") expect(await shopName(shop)).toBe(fakeShopName(shop));
      else expect((await sessionStorage.loadSession(`offline_${shop}`))?.accessToken).toBe(token);
      const after = (await rowOf(shop)).accessToken;
      expect(isSealed(after), read).toBe(true);
      expect(after).not.toContain(token);
      expect((await sessionStorage.loadSession(`offline_${shop}`))?.accessToken).toBe(token);
    }
  });
});

describe("key rotation (ENCRYPTION_KEYS, npm run secrets:reseal)", () => {
  // Its own database: re-sealing touches every row, which the other test files' rows must not see.
  const name = `parcelbridge_reseal_${process.pid}`;
  const adminUrl = process.env.TEST_ADMIN_DATABASE_URL!;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let isolated: Database;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${name}`);
    isolated = await openDatabase({
      databaseUrl: url.toString(),
      pgliteDataDir: "",
      pglitePort: 0,
      poolSize: 2,
    });
  });
  afterAll(async () => {
    await isolated.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it("old rows open with both keys configured, re-sealing moves them all to the current key, then the old key can go", async () => {
    const hex = () => crypto.randomBytes(32).toString("hex");
    const [oldHex, newHex] = [hex(), hex()];
    const oldKey = Buffer.from(oldHex, "hex");
    const newKey = Buffer.from(newHex, "hex");
    const before = new Keyring([oldKey]);
    const during = new Keyring([newKey, oldKey]);
    const after = new Keyring([newKey]);
    const storage = (keys: Keyring) =>
      new SealedSessionStorage(
        new DrizzleSessionStoragePostgres(isolated.db, sessionTable),
        () => keys,
      );

    // Under the old key: the canary, two shops' shipping keys and sessions, one row unsealed.
    await checkEncryptionKey(isolated.db, before);
    const shopsAt = [uniqueShop("rotate"), uniqueShop("rotate")];
    const callbackTokens = new Map<string, string>();
    for (const shop of shopsAt) {
      await setShippingApiKey(isolated.db, before, shop, `biteship_live.${shop}`);
      const session = offlineSession(shop);
      await storage(before).storeSession(session);
      callbackTokens.set(shop, await callbackTokenOf(isolated.db, before, shop));
    }
    const legacy = uniqueShop("rotate");
    await isolated.db.insert(sessionTable).values(offlineSessionRow(legacy, "shpat_legacy"));

    // A new key first, the old one after it: everything still opens; new values use the new key.
    await checkEncryptionKey(isolated.db, during);
    expect(await getShippingApiKey(isolated.db, during, shopsAt[0]!)).toBe(
      `biteship_live.${shopsAt[0]}`,
    );
    const loaded = await storage(during).loadSession(`offline_${shopsAt[1]}`);
    expect(loaded?.accessToken).toMatch(/^shpat_/);
    await expect(checkEncryptionKey(isolated.db, after)).rejects.toThrow(/secrets:reseal/);

    // npm run secrets:reseal, as an operator runs it.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["scripts/entry.mjs", "reseal"],
      {
        env: {
          ...process.env,
          DATABASE_URL: url.toString(),
          ENCRYPTION_KEY: "",
          ENCRYPTION_KEYS: `${newHex},${oldHex}`,
          LOG_LEVEL: "silent",
        },
      },
    );
    expect(stdout).toContain(`Sealed with key ${keyId(newKey)} (2 key(s) configured)`);
    expect(stdout).toContain("shipping API keys: 2 re-sealed of 2");
    expect(stdout).toContain("callback tokens: 2 re-sealed of 2");
    expect(stdout).toContain("Shopify tokens: 3 re-sealed of 3");
    expect(stdout).toContain("encryption canary: 1 re-sealed of 1");
    // Run again: nothing left to change.
    expect(await resealSecrets(isolated.db, during)).toEqual({
      shippingKeys: { checked: 2, resealed: 0 },
      callbackTokens: { checked: 2, resealed: 0 },
      sessionTokens: { checked: 3, resealed: 0 },
      canary: { checked: 1, resealed: 0 },
      failures: [],
    });

    // The old key dropped: every secret opens with the new key alone.
    await checkEncryptionKey(isolated.db, after);
    for (const shop of shopsAt) {
      expect(await getShippingApiKey(isolated.db, after, shop)).toBe(`biteship_live.${shop}`);
      // The same events URL as before: the merchant pastes nothing again after a key rotation.
      expect(await callbackTokenOf(isolated.db, after, shop)).toBe(callbackTokens.get(shop));
    }
    expect((await storage(after).loadSession(`offline_${legacy}`))?.accessToken).toBe(
      "shpat_legacy",
    );
    const sealedKeys = await isolated.db
      .select({ value: shops.shippingApiKeyEncrypted })
      .from(shops);
    for (const { value } of sealedKeys) expect(value!.split(".")[1]).toBe(keyId(newKey));
  });

  it("a value it cannot open is named by shop and column, the rest re-sealed, and it ends with 1", async () => {
    const hex = () => crypto.randomBytes(32).toString("hex");
    const [oldHex, newHex, lostHex] = [hex(), hex(), hex()];
    const old = new Keyring([Buffer.from(oldHex, "hex")]);
    const lost = new Keyring([Buffer.from(lostHex, "hex")]);
    const good = uniqueShop("reseal-ok");
    const orphan = uniqueShop("reseal-lost");
    await setShippingApiKey(isolated.db, old, good, `biteship_live.${good}`);
    // Sealed with a key nobody configures any more: it cannot be opened.
    await setShippingApiKey(isolated.db, lost, orphan, `biteship_live.${orphan}`);
    const run = promisify(execFile)(process.execPath, ["scripts/entry.mjs", "reseal"], {
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        ENCRYPTION_KEY: "",
        ENCRYPTION_KEYS: `${newHex},${oldHex}`,
        LOG_LEVEL: "silent",
      },
    });
    const failed = (await run.then(
      () => null,
      (error: unknown) => error,
    )) as { code: number; stdout: string; stderr: string } | null;
    expect(failed?.code).toBe(1);
    expect(failed!.stderr).toContain("could not be opened and were left as they are");
    expect(failed!.stderr).toContain(`${orphan} shops.shipping_api_key_encrypted:`);
    expect(failed!.stderr).not.toContain(good);
    // The shop after it was re-sealed all the same.
    const keys = new Keyring([Buffer.from(newHex, "hex")]);
    expect(await getShippingApiKey(isolated.db, keys, good)).toBe(`biteship_live.${good}`);
  });
});
