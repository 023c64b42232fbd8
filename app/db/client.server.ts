import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { PgliteServerEvent, PgliteServerOptions } from "./pglite-server.server";
import * as schema from "./schema";
import { assertOutsideTransaction, insideTransaction } from "./transaction-scope";

/** The drizzle database, with the pool it runs on (`$client`) for named raw statements. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface Database {
  db: Db;
  pool: pg.Pool;
  kind: "postgres" | "pglite";
  /** True when this process opened the PGlite files and shares them with the others. */
  hostsEmbedded: boolean;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Real PostgreSQL; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  pgliteDataDir: string;
  pglitePort: number;
  poolSize: number;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  migrationsFolder?: string;
  /** Embedded only: how long a connection may sit idle in a transaction while others wait (ms). */
  idleInTransactionMs?: number;
  /** Embedded only, in the process hosting it: what the shared server ended or refused (to log). */
  onServerEvent?: (event: PgliteServerEvent) => void;
  /** Names this process's connections (PostgreSQL's application_name); default: its script and pid. */
  applicationName?: string;
}

const DEFAULT_MIGRATIONS = path.resolve("drizzle");
// Arbitrary constant: serialises concurrent migrators (web and worker starting together).
const MIGRATION_LOCK_KEY = 7_340_012_297;

/** Where the environment puts the database: DATABASE_URL, else the embedded PGlite database. */
export const databaseLocation = (env: {
  DATABASE_URL?: string;
  PGLITE_DATA_DIR: string;
  PGLITE_PORT: number;
}): Pick<OpenDatabaseOptions, "databaseUrl" | "pgliteDataDir" | "pglitePort"> => ({
  databaseUrl: env.DATABASE_URL,
  pgliteDataDir: env.PGLITE_DATA_DIR,
  pglitePort: env.PGLITE_PORT,
});

/** Opens the app's database: real PostgreSQL when a URL is given, otherwise embedded PGlite. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? DEFAULT_MIGRATIONS;
  const application_name = (options.applicationName ?? processName()).slice(0, 63);
  if (options.databaseUrl) {
    const pool = guardPool(
      new pg.Pool({
        connectionString: options.databaseUrl,
        max: options.poolSize,
        application_name,
      }),
    );
    if (options.migrate !== false) await migratePostgres(pool, migrationsFolder);
    return {
      db: guardTransactions(drizzle(pool, { schema })),
      pool,
      kind: "postgres",
      hostsEmbedded: false,
      close: () => pool.end(),
    };
  }

  const host = await ensureEmbeddedHost(
    options.pgliteDataDir,
    options.pglitePort,
    migrationsFolder,
    options.migrate !== false,
    {
      idleInTransactionMs: options.idleInTransactionMs,
      onEvent: options.onServerEvent,
    },
  );
  // PGlite runs one session: a pool larger than a few connections only queues inside the server.
  // No transaction of this process ever waits for another of its connections (guardTransactions),
  // so a client queued behind this process's own transaction is never one that transaction needs.
  const pool = guardPool(
    new pg.Pool({
      host: "127.0.0.1",
      port: options.pglitePort,
      user: "postgres",
      database: "postgres",
      max: Math.min(options.poolSize, EMBEDDED_POOL_MAX),
      application_name,
    }),
  );
  return {
    db: guardTransactions(drizzle(pool, { schema })),
    pool,
    kind: "pglite",
    hostsEmbedded: host !== null,
    close: async () => {
      await pool.end();
      await host?.close();
    },
  };
}

const EMBEDDED_POOL_MAX = 4;

/** `worker/index.ts 1234`: which process a connection belongs to, in PostgreSQL's views and the embedded server's errors. */
function processName(): string {
  const script = process.argv[1]
    ? path.relative(process.cwd(), process.argv[1]) || path.basename(process.argv[1])
    : "node";
  return `${script.length > 40 ? path.basename(script) : script} ${process.pid}`;
}

/**
 * A connection the server ends (a restart, the embedded server ending an idle transaction) must
 * fail the query or transaction using it, never the process: pg emits 'error' on a checked-out
 * client, and an 'error' event nobody listens to throws.
 */
function guardPool(pool: pg.Pool): pg.Pool {
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  pool.on("connect", (client) => {
    client.on("error", () => {
      // The query or transaction on it fails with the error; the pool drops it on release.
    });
  });
  // pool.query takes its client through pool.connect too: one check serves both.
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  Object.assign(pool, {
    connect: (...args: unknown[]) => {
      assertOutsideTransaction("a database query on another connection");
      return connect(...args);
    },
  });
  return pool;
}

/** Runs every transaction's body in a scope that assertOutsideTransaction recognises. */
function guardTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((body, config) =>
    transaction((tx) => insideTransaction(() => body(tx)), config)) as Db["transaction"];
  return db;
}

async function migratePostgres(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

interface EmbeddedHost {
  close(): Promise<void>;
}

function portIsOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite is a single-process database: exactly one process may open its files. The first process
 * to start (web, worker or `npm run db:migrate`) takes a lock file, opens PGlite, applies
 * migrations and serves it on a loopback port (pglite-server.server.ts); every process, the host
 * included, then talks to it with the ordinary `pg` driver. Returns null when another live process
 * already hosts it.
 */
async function ensureEmbeddedHost(
  dataDir: string,
  port: number,
  migrationsFolder: string,
  runMigrations: boolean,
  serverOptions: PgliteServerOptions,
): Promise<EmbeddedHost | null> {
  const lockPath = `${path.resolve(dataDir)}.lock`;
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (await portIsOpen(port)) return null;
    let fd: number | undefined;
    try {
      fd = fs.openSync(lockPath, "wx");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (!Number.isFinite(owner) || !processAlive(owner)) {
        // The previous host died without cleaning up: its lock is stale.
        fs.rmSync(lockPath, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `PGlite at ${dataDir} is held by process ${owner}, which does not serve it on port ${port}. ` +
            `Stop that process or set PGLITE_PORT to the port it uses.`,
        );
      }
      await sleep(200);
      continue;
    }
    fs.writeSync(fd, String(process.pid));
    fs.closeSync(fd);
    try {
      return await startEmbeddedHost(
        dataDir,
        port,
        migrationsFolder,
        runMigrations,
        lockPath,
        serverOptions,
      );
    } catch (error) {
      fs.rmSync(lockPath, { force: true });
      throw error;
    }
  }
}

async function startEmbeddedHost(
  dataDir: string,
  port: number,
  migrationsFolder: string,
  runMigrations: boolean,
  lockPath: string,
  serverOptions: PgliteServerOptions,
): Promise<EmbeddedHost> {
  const [{ PGlite }, { PgliteServer }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await Promise.all([
      import("@electric-sql/pglite"),
      import("./pglite-server.server"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
  fs.mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  if (runMigrations) await migratePglite(drizzlePglite(pglite), { migrationsFolder });
  const server = new PgliteServer(pglite, serverOptions);
  await server.listen(port);
  let closed = false;
  const release = () => {
    if (!closed) fs.rmSync(lockPath, { force: true });
  };
  process.once("exit", release);
  return {
    async close() {
      if (closed) return;
      await server.close();
      await pglite.close();
      release();
      closed = true;
      process.removeListener("exit", release);
    },
  };
}

/** A transaction handle, usable wherever the database is. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** The database or a transaction: data-access functions take either. */
export type Queryable = Db | Tx;
