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

  describe("Redis Cluster", () => {
    it("reads seed nodes as host:port or URLs, with the URLs' password and TLS for every node", () => {
      const env = parseEnv({
        ...valid,
        QUEUE_PREFIX: "{pb}",
        REDIS_CLUSTER_NODES:
          "10.0.0.11:7000, rediss://app:p%40ss@redis-2.internal:7001,redis-3.internal",
      });
      expect(env.REDIS_CLUSTER_NODES).toEqual({
        nodes: [
          { host: "10.0.0.11", port: 7000 },
          { host: "redis-2.internal", port: 7001 },
          { host: "redis-3.internal", port: 6379 },
        ],
        username: "app",
        password: "p@ss",
        tls: true,
      });
      expect(parseEnv(valid).REDIS_CLUSTER_NODES).toBeUndefined();
    });

    it("refuses a queue prefix without a hash tag on a cluster, saying why", () => {
      expect(() =>
        parseEnv({ ...valid, QUEUE_PREFIX: "pb", REDIS_CLUSTER_NODES: "127.0.0.1:7000" }),
      ).toThrow(/QUEUE_PREFIX: must carry a hash tag on a Redis Cluster .* such as \{pb\}/);
      // Without a cluster, a tagged prefix is fine too (the same keys on one server).
      expect(parseEnv({ ...valid, QUEUE_PREFIX: "{pb}" }).QUEUE_PREFIX).toBe("{pb}");
      expect(
        parseEnv({ ...valid, QUEUE_PREFIX: "shop{pb}", REDIS_CLUSTER_NODES: "h:1" }).QUEUE_PREFIX,
      ).toBe("shop{pb}");
    });

    it.each([
      ["QUEUE_PREFIX", "{}", /QUEUE_PREFIX: letters, digits/],
      ["QUEUE_PREFIX", "{a}{b}", /QUEUE_PREFIX: letters, digits/],
      ["QUEUE_PREFIX", "p b", /QUEUE_PREFIX: letters, digits/],
      ["REDIS_CLUSTER_NODES", "http://h:1", /REDIS_CLUSTER_NODES: "http:\/\/h:1" is not host:port/],
      ["REDIS_CLUSTER_NODES", " , ", /REDIS_CLUSTER_NODES: names no node/],
    ])("rejects %s=%s by name", (name, value, message) => {
      expect(() => parseEnv({ ...valid, [name]: value })).toThrow(message);
    });

    it("never prints a seed's password when it refuses the seed", () => {
      for (const seed of [
        "http://admin:s3cr3t-pw@h:1",
        "redis://:s3cr3t-pw@h:1,rediss://admin:s3cr3t-pw@@h:x",
        "admin:s3cr3t-pw@h:notaport",
      ]) {
        let message = "";
        try {
          parseEnv({ ...valid, QUEUE_PREFIX: "{pb}", REDIS_CLUSTER_NODES: seed });
        } catch (error) {
          message = (error as Error).message;
        }
        expect(message).toMatch(/REDIS_CLUSTER_NODES: ".*\*\*\*@.*" is not host:port/);
        expect(message).not.toContain("s3cr3t");
      }
    });
  });

  it("database: a migration URL of its own, and prepared statements switched off by name", () => {
    const env = parseEnv({
      ...valid,
      DATABASE_URL: "postgres://app@pgbouncer:6432/shop",
      DATABASE_MIGRATION_URL: "postgres://app@postgres:5432/shop",
      DATABASE_PREPARED_STATEMENTS: "false",
    });
    expect(env.DATABASE_MIGRATION_URL).toBe("postgres://app@postgres:5432/shop");
    expect(env.DATABASE_PREPARED_STATEMENTS).toBe(false);
    expect(parseEnv(valid).DATABASE_PREPARED_STATEMENTS).toBe(true);
    expect(() => parseEnv({ ...valid, DATABASE_PREPARED_STATEMENTS: "no" })).toThrow(
      /DATABASE_PREPARED_STATEMENTS: must be "true" or "false"/,
    );
  });
});
