import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import { shops } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import {
  InvalidShippingKeyError,
  getShippingApiKey,
  recordInstall,
  setShippingApiKey,
  shippingModeOfKey,
} from "#app/shops/shops.server.ts";
import { uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

testStack();

const key = getEnv().ENCRYPTION_KEY;

describe("a shop's shipping API key", () => {
  it("is stored encrypted: no column of any table holds it in clear", async () => {
    const shop = uniqueShop("key");
    const apiKey = "biteship_live.fake-key-for-tests_never-real_0001";
    await recordInstall(db, shop);
    await setShippingApiKey(db, key, shop, apiKey);

    const [row] = await db.select().from(shops).where(eq(shops.shop, shop));
    expect(row?.shippingMode).toBe("live");
    expect(row?.shippingApiKeyHint).toBe(apiKey.slice(-4));
    expect(row?.shippingApiKeyEncrypted).toMatch(/^v2\.[0-9a-f]{8}\./);
    // Search the whole database's text, not only the column we wrote.
    const dump = await db.execute(sql`SELECT row_to_json(s)::text AS j FROM shops s`);
    expect(dump.rows.length).toBeGreaterThan(0);
    for (const r of dump.rows as { j: string }[])
      expect(r.j).not.toContain(apiKey.slice("biteship_live.".length, -4));
    expect(await getShippingApiKey(db, key, shop)).toBe(apiKey);
  });

  it("is bound to its shop: a ciphertext copied to another shop does not decrypt", async () => {
    const a = uniqueShop("key-a");
    const b = uniqueShop("key-b");
    await setShippingApiKey(db, key, a, "biteship_test.aaaaaaaa");
    await setShippingApiKey(db, key, b, "biteship_test.bbbbbbbb");
    const [rowA] = await db.select().from(shops).where(eq(shops.shop, a));
    await db
      .update(shops)
      .set({ shippingApiKeyEncrypted: rowA!.shippingApiKeyEncrypted })
      .where(eq(shops.shop, b));
    await expect(getShippingApiKey(db, key, b)).rejects.toThrow(/could not be decrypted/);
  });

  it("must start with biteship_test. or biteship_live.", async () => {
    expect(shippingModeOfKey("biteship_test.x")).toBe("test");
    expect(() => shippingModeOfKey("sk_live_123")).toThrow(InvalidShippingKeyError);
    await expect(setShippingApiKey(db, key, uniqueShop(), "nope")).rejects.toThrow(
      InvalidShippingKeyError,
    );
  });

  it("never reaches a log line, even when logged by mistake", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = createLogger({ level: "info" }, sink);
    const apiKey = "biteship_test.must-not-be-logged-1234";
    log.info(
      {
        apiKey,
        headers: { authorization: apiKey },
        shop: "s.myshopify.com",
        recipient: { phone: "+62811", address: "Jl. X" },
      },
      "call",
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("must-not-be-logged");
    expect(lines[0]).not.toContain("+62811");
    expect(lines[0]).toContain("s.myshopify.com");
  });
});
