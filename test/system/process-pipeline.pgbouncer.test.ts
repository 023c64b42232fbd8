import fs from "node:fs";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { PgBouncer } from "../../scripts/pgbouncer.ts";

/**
 * The app behind PgBouncer 1.18 (Debian's) in transaction mode, fewer server connections than
 * clients: DATABASE_URL through it with DATABASE_PREPARED_STATEMENTS=false, migrations on
 * DATABASE_MIGRATION_URL (PostgreSQL itself). The pipeline's scenarios run with this process (the
 * web side) and two worker processes all going through it.
 */
const bouncer = await PgBouncer.start({ poolSize: 4 });
const direct = new URL(process.env.DATABASE_URL!);
const databaseName = direct.pathname.slice(1);
// Before any module reads the environment (the imports below are dynamic for that reason).
process.env.DATABASE_URL = bouncer.url(databaseName);
process.env.DATABASE_MIGRATION_URL = direct.toString();
process.env.DATABASE_PREPARED_STATEMENTS = "false";
afterAll(() => bouncer.stop());

describe("PgBouncer in transaction mode", () => {
  /** Eight statements at once, twice, from a pool of four clients sharing one server connection. */
  async function namedStatementsFrom(
    preparedStatements: boolean,
  ): Promise<PromiseSettledResult<unknown>[]> {
    const one = await PgBouncer.start({ poolSize: 1 });
    const database = await openDatabase({
      databaseUrl: one.url(databaseName),
      pgliteDataDir: "",
      pglitePort: 0,
      poolSize: 4,
      migrate: false,
      preparedStatements,
    });
    try {
      const results: PromiseSettledResult<unknown>[] = [];
      for (let round = 0; round < 2; round++)
        results.push(
          ...(await Promise.allSettled(
            Array.from({ length: 8 }, (_, i) =>
              database.pool.query({ name: "pb_probe", text: "SELECT $1::int AS n", values: [i] }),
            ),
          )),
        );
      return results;
    } finally {
      await database.close();
      await one.stop();
    }
  }

  it("named prepared statements break there; with the switch off they run unnamed", async () => {
    const named = await namedStatementsFrom(true);
    expect(
      named
        .filter((r) => r.status === "rejected")
        .map((r) => String((r as PromiseRejectedResult).reason)),
    ).toContainEqual(
      expect.stringMatching(/prepared statement "pb_probe" (already exists|does not exist)/),
    );
    const unnamed = await namedStatementsFrom(false);
    expect(unnamed.filter((r) => r.status === "rejected")).toEqual([]);
    expect(
      unnamed.map((r) => (r as PromiseFulfilledResult<pg.QueryResult>).value.rows[0].n),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("processes starting together on a new database migrate it once, on the direct connection", async () => {
    const fresh = `parcelbridge_migrate_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_ADMIN_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${fresh}`);
      const migrationUrl = new URL(direct);
      migrationUrl.pathname = `/${fresh}`;
      const opened = await Promise.all(
        Array.from({ length: 4 }, () =>
          openDatabase({
            databaseUrl: bouncer.url(fresh),
            migrationUrl: migrationUrl.toString(),
            preparedStatements: false,
            pgliteDataDir: "",
            pglitePort: 0,
            poolSize: 2,
          }),
        ),
      );
      const applied = await opened[0]!.pool.query<{ n: string }>(
        "SELECT count(*) AS n FROM drizzle.__drizzle_migrations",
      );
      const journal = JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8")) as {
        entries: unknown[];
      };
      expect(Number(applied.rows[0]!.n)).toBe(journal.entries.length);
      // Through PgBouncer, the app's tables are there for every one of them.
      for (const database of opened)
        expect((await database.pool.query("SELECT count(*) FROM shipments")).rowCount).toBe(1);
      await Promise.all(opened.map((d) => d.close()));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`);
      await admin.end();
    }
  });
});

const { describeProcessPipeline } = await import("../helpers/process-pipeline.ts");

describeProcessPipeline("PostgreSQL behind PgBouncer 1.18 in transaction mode", { workers: 2 });
