import pg from "pg";
import { openDatabase, type Database } from "#app/db/client.server.ts";

/** The server the benchmarks make their databases on (BENCH_DATABASE_URL, default the local one). */
export const ADMIN_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * A benchmark's own PostgreSQL database, made afresh (dropped first if a run left it) and migrated
 * by the app's own opening; its URL for the processes the benchmark starts.
 */
export async function freshPostgres(
  name: string,
  poolSize = 4,
): Promise<{ database: Database; url: string }> {
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    pgliteDataDir: "",
    pglitePort: 0,
    poolSize,
    applicationName: "bench",
  });
  return { database, url: url.toString() };
}
