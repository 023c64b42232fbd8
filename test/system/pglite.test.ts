import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { embeddedPasswordPath, openDatabase, type Database } from "#app/db/client.server.ts";
import { shops } from "#app/db/schema.ts";
import { freePorts } from "../../scripts/processes.ts";

/** The embedded default: PGlite in a data folder, shared by several processes over the wire protocol. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-pglite-"));
// Ports the system had free (a port derived from the pid could be one another test holds).
const ports = await freePorts(5);
const port = ports[0]!;
const opened: Database[] = [];

afterAll(async () => {
  for (const d of opened.reverse()) await d.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(`${dataDir}.lock`, { force: true });
});

function runChild(
  script: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      { cwd: process.cwd(), env },
    );
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (code) => resolve({ code, out }));
  });
}

describe("embedded PGlite database", () => {
  it("is created, migrated and served by the first process; a second process shares it", async () => {
    const host = await openDatabase({ pgliteDataDir: dataDir, pglitePort: port, poolSize: 4 });
    opened.push(host);
    expect(host.kind).toBe("pglite");
    expect(host.hostsEmbedded).toBe(true);
    expect(fs.readFileSync(`${dataDir}.lock`, "utf8")).toMatch(
      new RegExp(`^${process.pid}( \\d+)?$`),
    );
    await host.db.insert(shops).values({ shop: "host.myshopify.com" });

    // Another process (as the worker would be) reads and writes the same database.
    const child = await runChild(`
      import { openDatabase } from "#app/db/client.server.ts";
      import { shops } from "#app/db/schema.ts";
      const d = await openDatabase({ pgliteDataDir: ${JSON.stringify(dataDir)}, pglitePort: ${port}, poolSize: 2 });
      await d.db.insert(shops).values({ shop: "child.myshopify.com" });
      const rows = await d.db.select().from(shops);
      console.log(JSON.stringify({ hosts: d.hostsEmbedded, shops: rows.map((r) => r.shop).sort() }));
      await d.close();
    `);
    expect(child.code, child.out).toBe(0);
    const reported = JSON.parse(child.out.trim().split("\n").at(-1)!);
    expect(reported).toEqual({
      hosts: false,
      shops: ["child.myshopify.com", "host.myshopify.com"],
    });
    expect(
      await host.db.select().from(shops).where(eq(shops.shop, "child.myshopify.com")),
    ).toHaveLength(1);
  });

  it("keeps transactions of concurrent connections apart", async () => {
    const host = opened[0]!;
    const other = await openDatabase({ pgliteDataDir: dataDir, pglitePort: port, poolSize: 4 });
    opened.push(other);
    await Promise.all([
      host.db.transaction(async (tx) => {
        await tx.insert(shops).values({ shop: "tx-a.myshopify.com" });
        await tx.select().from(shops);
      }),
      other.db
        .transaction(async (tx) => {
          await tx.insert(shops).values({ shop: "tx-b.myshopify.com" });
          throw new Error("roll back");
        })
        .catch(() => undefined),
      other.db.select().from(shops),
    ]);
    const names = (await other.db.select().from(shops)).map((r) => r.shop);
    expect(names).toContain("tx-a.myshopify.com");
    expect(names).not.toContain("tx-b.myshopify.com");
  });

  it("never mixes up concurrent connections of several processes (parameters, transactions)", async () => {
    const host = opened[0]!;
    const other = await openDatabase({ pgliteDataDir: dataDir, pglitePort: port, poolSize: 4 });
    opened.push(other);
    // Each runner writes its own rows inside transactions and reads them back by parameter;
    // different statement texts per runner make a Bind that reached another's Parse visible.
    const runner = `
      async function runner(d, tag, rounds) {
        let bad = 0;
        for (let i = 0; i < rounds; i++) {
          const shop = tag + "-" + i + ".myshopify.com";
          await d.db.transaction(async (tx) => {
            await tx.execute(sql.raw("SELECT '" + tag + "' AS t"));
            await tx.insert(shops).values({ shop, settings: { tag, i } });
            const [row] = await tx.select().from(shops).where(eq(shops.shop, shop));
            if (!row || row.settings.tag !== tag || row.settings.i !== i) bad++;
          });
          const { rows } = await d.pool.query("SELECT $1::int AS n, '" + tag + "'::text AS tag, $2::text AS again", [i, tag]);
          if (rows[0].n !== i || rows[0].tag !== tag || rows[0].again !== tag) bad++;
          const [back] = await d.db.select().from(shops).where(eq(shops.shop, shop));
          if (!back || back.settings.tag !== tag) bad++;
        }
        return bad;
      }`;
    const child = runChild(`
      import { eq, sql } from "drizzle-orm";
      import { openDatabase } from "#app/db/client.server.ts";
      import { shops } from "#app/db/schema.ts";
      ${runner}
      const d = await openDatabase({ pgliteDataDir: ${JSON.stringify(dataDir)}, pglitePort: ${port}, poolSize: 4 });
      const bad = (await Promise.all(["x", "y", "z", "w"].map((t) => runner(d, t, 60)))).reduce((a, b) => a + b, 0);
      console.log(JSON.stringify({ bad }));
      await d.close();
    `);
    const { eq, sql } = await import("drizzle-orm");
    const local = new Function("eq", "sql", "shops", `${runner}; return runner;`)(
      eq,
      sql,
      shops,
    ) as (d: unknown, tag: string, rounds: number) => Promise<number>;
    const badHere = (
      await Promise.all([
        local(host, "a", 60),
        local(host, "b", 60),
        local(other, "c", 60),
        local(other, "d", 60),
      ])
    ).reduce((a, b) => a + b, 0);
    const result = await child;
    expect(result.code, result.out).toBe(0);
    expect(JSON.parse(result.out.trim().split("\n").at(-1)!)).toEqual({ bad: 0 });
    expect(badHere).toBe(0);
  });

  it("rolls back the transaction of a client that vanishes, and serves the others", async () => {
    const host = opened[0]!;
    const { default: pgModule } = await import("pg");
    const dying = new pgModule.Client({
      host: "127.0.0.1",
      port,
      user: "postgres",
      password: fs.readFileSync(embeddedPasswordPath(dataDir), "utf8").trim(),
      database: "postgres",
    });
    await dying.connect();
    await dying.query("BEGIN");
    await dying.query("INSERT INTO shops (shop) VALUES ('vanished.myshopify.com')");
    // The others wait while that transaction is open…
    const waiting = host.db.select().from(shops).where(eq(shops.shop, "vanished.myshopify.com"));
    // …until its connection drops without COMMIT.
    (
      dying as unknown as { connection: { stream: { destroy(): void } } }
    ).connection.stream.destroy();
    await dying.end().catch(() => undefined);
    expect(await waiting).toEqual([]);
    expect(
      await host.db.select().from(shops).where(eq(shops.shop, "host.myshopify.com")),
    ).toHaveLength(1);
  });

  it("takes over a stale lock left by a dead process", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-pglite-stale-"));
    fs.writeFileSync(`${dir}.lock`, "999999999");
    const d = await openDatabase({ pgliteDataDir: dir, pglitePort: ports[1]!, poolSize: 1 });
    try {
      expect(d.hostsEmbedded).toBe(true);
      // The holder's PID and, on Linux, when it started.
      expect(fs.readFileSync(`${dir}.lock`, "utf8")).toMatch(new RegExp(`^${process.pid} \\d+$`));
    } finally {
      await d.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });

  it.each([
    ["this process's own PID (a restarted container gets the same PID)", () => `${process.pid}`],
    [
      "a live process whose start time is not the one recorded (its PID was reused)",
      () => `${process.ppid} 1`,
    ],
  ])("takes over a lock naming %s at once", async (_what, content) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-pglite-reused-"));
    fs.writeFileSync(`${dir}.lock`, content());
    const started = Date.now();
    const d = await openDatabase({ pgliteDataDir: dir, pglitePort: ports[2]!, poolSize: 1 });
    try {
      expect(d.hostsEmbedded).toBe(true);
      // Not after the 60 s a live holder is waited for.
      expect(Date.now() - started).toBeLessThan(30_000);
      expect((await d.pool.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
    } finally {
      await d.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a lock held by this process while it starts is waited for, not taken over", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-pglite-twice-"));
    const [first, second] = await Promise.all([
      openDatabase({ pgliteDataDir: dir, pglitePort: ports[3]!, poolSize: 1 }),
      openDatabase({ pgliteDataDir: dir, pglitePort: ports[3]!, poolSize: 1, migrate: false }),
    ]);
    try {
      expect([first.hostsEmbedded, second.hostsEmbedded].sort()).toEqual([false, true]);
      expect((await second.pool.query("SELECT count(*)::int AS n FROM shops")).rows).toEqual([
        { n: 0 },
      ]);
    } finally {
      await second.close();
      await first.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("in production without DATABASE_URL, the app says loudly that PGlite can lose commits", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-pglite-prod-"));
    const script = `
      const { database } = await import("#app/db/index.server.ts");
      await database.close();
    `;
    const env = (nodeEnv: "production" | "development"): NodeJS.ProcessEnv => ({
      ...process.env,
      NODE_ENV: nodeEnv,
      DATABASE_URL: "",
      PGLITE_DATA_DIR: dir,
      PGLITE_PORT: String(ports[4]!),
      LOG_LEVEL: "warn",
    });
    try {
      const production = await runChild(script, env("production"));
      expect(production.code, production.out).toBe(0);
      expect(production.out).toContain("running on the embedded PGlite database");
      expect(production.out).toContain("can lose commits");
      const development = await runChild(script, env("development"));
      expect(development.code, development.out).toBe(0);
      expect(development.out).not.toContain("embedded PGlite database");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(`${dir}.lock`, { force: true });
    }
    // Two processes one after the other, the first creating and migrating the database: about
    // 10 s alone, three times that beside the browser test on two cores.
  }, 90_000);
});
