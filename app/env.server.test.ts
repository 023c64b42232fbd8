import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

const valid = {
  SHOPIFY_API_KEY: "key",
  SHOPIFY_API_SECRET: "secret",
  SHOPIFY_APP_URL: "https://example.test",
  SCOPES: "read_orders",
  ENCRYPTION_KEY: "ab".repeat(32),
};

describe("parseEnv", () => {
  it("fills defaults for the optional variables", () => {
    const env = parseEnv(valid);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PGLITE_DATA_DIR).toBe(".data/pglite");
    expect(env.REDIS_URL).toBe("redis://127.0.0.1:6379");
    expect(env.ENCRYPTION_KEY.keys).toHaveLength(1);
    expect(env.ENCRYPTION_KEY.current).toHaveLength(32);
    expect(env.SANDBOX_PORT).toBe(4010);
  });

  it("names every missing variable", () => {
    const { SHOPIFY_API_SECRET: _s, ENCRYPTION_KEY: _k, ...rest } = valid;
    expect(() => parseEnv(rest)).toThrow(EnvError);
    try {
      parseEnv(rest);
    } catch (error) {
      expect((error as Error).message).toMatch(/SHOPIFY_API_SECRET: is required/);
      expect((error as Error).message).toMatch(/ENCRYPTION_KEY: is required/);
    }
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ ...valid, DATABASE_URL: "", REDIS_URL: "" }).REDIS_URL).toBe(
      "redis://127.0.0.1:6379",
    );
  });

  it.each([
    ["ENCRYPTION_KEY", "too-short", /ENCRYPTION_KEY: must be 32 bytes/],
    ["DATABASE_URL", "mysql://x", /DATABASE_URL: must be a postgres/],
    ["REDIS_URL", "http://x", /REDIS_URL: must be a redis/],
    ["SHOPIFY_APP_URL", "not a url", /SHOPIFY_APP_URL/],
    ["PGLITE_PORT", "70000", /PGLITE_PORT/],
  ])("rejects a malformed %s by name", (name, value, message) => {
    expect(() => parseEnv({ ...valid, [name]: value })).toThrow(message);
  });

  it("accepts a base64 encryption key", () => {
    const key = Buffer.alloc(32, 7).toString("base64");
    expect(
      parseEnv({ ...valid, ENCRYPTION_KEY: key }).ENCRYPTION_KEY.current.equals(
        Buffer.alloc(32, 7),
      ),
    ).toBe(true);
  });

  it("ENCRYPTION_KEYS: the current key first, then previous ones; either variable will do", () => {
    const { ENCRYPTION_KEY: _k, ...withoutKey } = valid;
    const current = "cd".repeat(32);
    const ring = parseEnv({
      ...withoutKey,
      ENCRYPTION_KEYS: `${current}, ${"ab".repeat(32)}`,
    }).ENCRYPTION_KEY;
    expect(ring.keys.map((k) => k.toString("hex"))).toEqual([current, "ab".repeat(32)]);
    expect(ring.current.toString("hex")).toBe(current);
    // Both set: they must agree on the current key.
    expect(() => parseEnv({ ...valid, ENCRYPTION_KEYS: current })).toThrow(
      /ENCRYPTION_KEY: differs from the first of ENCRYPTION_KEYS/,
    );
    expect(
      parseEnv({ ...valid, ENCRYPTION_KEYS: `${"ab".repeat(32)},${current}` }).ENCRYPTION_KEY.keys,
    ).toHaveLength(2);
    expect(() => parseEnv({ ...withoutKey, ENCRYPTION_KEYS: `${current},short` })).toThrow(
      /ENCRYPTION_KEYS: must be keys of 32 bytes/,
    );
  });
});
