import fs from "node:fs";
import { defineConfig } from "vitest/config";

const testDatabaseName = "parcelbridge_test";
const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${testDatabaseName}`;
/** The app under test is configured with the scopes shopify.app.toml requests, as deployed. */
const scopes = /^scopes = "([^"]+)"/m.exec(fs.readFileSync("shopify.app.toml", "utf8"))?.[1];
if (!scopes) throw new Error("shopify.app.toml has no [access_scopes] scopes line");

/** Where a test's layer shows (docs/testing.md, "Layers"). */
const INTEGRATION_NEXT_TO_CODE = "**/*.integration.test.ts";
const UNIT = [
  "app/**/*.test.{ts,tsx}",
  "worker/**/*.test.ts",
  "sandbox/**/*.test.ts",
  "fakes/**/*.test.ts",
  "eslint/**/*.test.ts",
  "extensions/*/*.test.ts",
  "extensions/*/src/**/*.test.ts",
  "test/unit/**/*.test.ts",
];

/**
 * Three layers, each a project (`npm run test:unit`, `test:integration`, `test:system`; `npm test`
 * runs all three, one after the other):
 * - unit: a test next to its code (or in test/unit/): no database, Redis, network or build;
 * - integration: test/integration/ and `*.integration.test.ts` next to their code: PostgreSQL,
 *   Redis, the sandbox and the fake Shopify over HTTP, several files at once (each with a database
 *   of its own, test/setup/own-database.ts, and its own queue prefix);
 * - system: test/system/: the production build (made once per run, test/setup/system-build.ts),
 *   the app's own processes, Chromium, the demo, two files at a time.
 */
export default defineConfig({
  test: {
    reporters: ["default", "./test/setup/summary-reporter.ts"],
    // Each file in a process of its own.
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    sequence: { seed: 20261122 },
    setupFiles: ["test/setup/each-file.ts"],
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
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: UNIT,
          exclude: [INTEGRATION_NEXT_TO_CODE, "**/node_modules/**"],
          sequence: { groupOrder: 0 },
          // Two at a time: what a unit file spends is mostly importing, on one core each.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts", INTEGRATION_NEXT_TO_CODE],
          exclude: ["**/node_modules/**"],
          globalSetup: ["test/setup/services.ts"],
          // After the root's each-file.ts (a project's set-up files are added to the root's).
          setupFiles: ["test/setup/own-database.ts"],
          sequence: { groupOrder: 1 },
          // Most of an integration file's time is waiting (the sandbox, the queues, the database).
          maxWorkers: 3,
        },
      },
      {
        extends: true,
        test: {
          name: "system",
          include: ["test/system/**/*.test.ts"],
          globalSetup: ["test/setup/services.ts", "test/setup/system-build.ts"],
          // After the root's each-file.ts (a project's set-up files are added to the root's).
          setupFiles: ["test/setup/own-database.ts"],
          sequence: { groupOrder: 2 },
          // The browser test takes a third of the layer: the others run beside it.
          maxWorkers: 2,
        },
      },
    ],
  },
});
