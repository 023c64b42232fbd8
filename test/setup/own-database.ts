import crypto from "node:crypto";
import pg from "pg";
import { afterAll } from "vitest";
import { FILE_DATABASE_PREFIX } from "./file-database-name.ts";

/**
 * Before each integration or system file, in its own process: a database of its own, copied from
 * the run's migrated one (`parcelbridge_test`, test/setup/test-services.ts) and named in
 * DATABASE_URL before the file's imports. Files run several at once, and some of what they run
 * reads every shop's rows (reconciliation, the status poll, the search for stuck parcels): with a
 * database each, a file's maintenance never takes up another file's shipments. The copy is dropped
 * after the file's own last hooks (registered here first, it runs last), so that a run never holds
 * dozens of databases for PostgreSQL to look after; any left by an interrupted run go when the run
 * ends or the next one starts.
 */
const name = `${FILE_DATABASE_PREFIX}${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
const admin = new pg.Client({ connectionString: process.env.TEST_ADMIN_DATABASE_URL });
await admin.connect();
try {
  // Another file's copy made at the same moment may hold the template for an instant.
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE parcelbridge_test`);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== "55006" || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
} finally {
  await admin.end();
}
afterAll(async () => {
  const dropper = new pg.Client({ connectionString: process.env.TEST_ADMIN_DATABASE_URL });
  await dropper.connect();
  try {
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await dropper.end();
  }
});

const url = new URL(process.env.DATABASE_URL!);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
