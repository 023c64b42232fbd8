import fs from "node:fs";
import { defineConfig } from "vitest/config";

const testDatabaseName = "parcelbridge_test";
const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${testDatabaseName}`;
/** The app under test is configured with the scopes shopify.app.toml requests, as deployed. */
const scopes = /^scopes = "([^"]+)"/m.exec(fs.readFileSync("shopify.app.toml", "utf8"))?.[1];
if (!scopes) throw new Error("shopify.app.toml has no [access_scopes] scopes line");

export default defineConfig({
  test: {
    include: [
      "app/**/*.test.ts",
      "worker/**/*.test.ts",
      "sandbox/**/*.test.ts",
      "fakes/**/*.test.ts",
      "test/**/*.test.ts",
      "extensions/*/*.test.ts",
      "extensions/*/src/**/*.test.ts",
    ],
    globalSetup: ["test/setup/global.ts"],
    setupFiles: ["test/setup/each-file.ts"],
    reporters: ["default", "./test/setup/summary-reporter.ts"],
    // Integration tests share one database and one Redis; they isolate by shop domain and prefix.
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    sequence: { seed: 20261122 },
    env: {
      NODE_ENV: "test",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
      SHOPIFY_API_KEY: "testApiKey",
      SHOPIFY_API_SECRET: "testApiSecretKey",
      SHOPIFY_APP_URL: "https://my-test-app.myshopify.io",
      SCOPES: scopes,
      TEST_ADMIN_DATABASE_URL: adminUrl,
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
      // A fixed, test-only key: the tests check ciphertexts, never this value's secrecy.
      ENCRYPTION_KEY: "0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0",
      SHIPPING_API_BASE_URL: "http://127.0.0.1:1",
      PGLITE_DATA_DIR: ".data/test-pglite",
    },
  },
});
