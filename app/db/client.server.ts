import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { PgliteServerEvent, PgliteServerOptions } from "./pglite-server.server";
import * as schema from "./schema";
import { ScramOnlyClient } from "./scram-only-client.server";
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
  /**
   * PostgreSQL only: where migrations run, on a connection of their own holding a session lock
   * (PostgreSQL itself when databaseUrl is a transaction pooler). Default: databaseUrl.
   */
  migrationUrl?: string;
  /**
   * PostgreSQL only: false runs every statement unnamed, as a pooler in transaction mode needs
   * (PgBouncer 1.18 keeps no prepared statement from one transaction to the next). Default true.
   */
  preparedStatements?: boolean;
}

/**
 * Connections a pool keeps open however long they sit idle (the rest close after 10 s idle). A
 * new connection costs PostgreSQL a backend and every statement its first plan again: opened at
 * the start of a flash sale after a quiet moment, they made the first deliveries' p99 128-209 ms
 * (bench/README.md). The order deliveries' group commit (app/webhooks/order-delivery-group.server.ts)
 * has as many statements at the database at once as there are kept connections, so a sale after a
 * quiet moment opens none: with two kept and four statements at once, the third and fourth
 * deliveries of such a sale waited for new connections (p99 14-186 ms in six sales after 12 s
 * idle); with two of each, 15-78 ms (and 24-83 ms in bench:webhooks' six such sales).
 */
export const POOL_KEPT_CONNECTIONS = 2;

/** How long a query waits for a connection (the pool's turn, or the server's answer to connect). */
const CONNECT_TIMEOUT_MS = 30_000;

const DEFAULT_MIGRATIONS = path.resolve("drizzle");
// Arbitrary constant: serialises concurrent migrators (web and worker starting together).
const MIGRATION_LOCK_KEY = 7_340_012_297;

/**
 * What an operator must hear when production runs on the embedded database: PGlite is for
 * development and demos (its file system does not fsync, so a host crash can lose commits the app
 * has acknowledged). Null when there is nothing to say.
 */
export function embeddedDatabaseWarning(
  kind: Database["kind"],
  nodeEnv: string | undefined,
): string | null {
  if (kind !== "pglite" || nodeEnv !== "production") return null;
  return (
    "NODE_ENV=production without DATABASE_URL: running on the embedded PGlite database, which is " +
    "for development and demos. Its file system does not fsync, so a crash of the host can lose " +
    "commits the app has already acknowledged (bookings, webhook deliveries). Set DATABASE_URL to " +
    "a PostgreSQL database."
  );
}

/** Where the environment puts the database: DATABASE_URL, else the embedded PGlite database. */
export const databaseLocation = (env: {
  DATABASE_URL?: string;
  DATABASE_MIGRATION_URL?: string;
  DATABASE_PREPARED_STATEMENTS?: boolean;
  PGLITE_DATA_DIR: string;
  PGLITE_PORT: number;
}): Pick<
  OpenDatabaseOptions,
  "databaseUrl" | "migrationUrl" | "preparedStatements" | "pgliteDataDir" | "pglitePort"
> => ({
  databaseUrl: env.DATABASE_URL,
  migrationUrl: env.DATABASE_MIGRATION_URL,
  preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
  pgliteDataDir: env.PGLITE_DATA_DIR,
  pglitePort: env.PGLITE_PORT,
});

/** Opens the app's database: real PostgreSQL when a URL is given, otherwise embedded PGlite. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? DEFAULT_MIGRATIONS;
  const application_name = (options.applicationName ?? processName()).slice(0, 63);
  if (options.databaseUrl) {
    if (options.migrate !== false)
      await migratePostgres(
        options.migrationUrl ?? options.databaseUrl,
        migrationsFolder,
        application_name,
      );
    const pool = guardPool(
      new pg.Pool({
        connectionString: options.databaseUrl,
        max: options.poolSize,
        min: Math.min(POOL_KEPT_CONNECTIONS, options.poolSize),
        application_name,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        keepAlive: true,
      }),
      { preparedStatements: options.preparedStatements !== false },
    );
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
  const password = embeddedPassword(options.pgliteDataDir, false);
  // PGlite runs one session: a pool larger than a few connections only queues inside the server.
  // No transaction of this process ever waits for another of its connections (guardTransactions),
  // so a client queued behind this process's own transaction is never one that transaction needs.
  const pool = guardPool(
    new pg.Pool({
      // SCRAM only: a process that took the port first is never given the password.
      Client: ScramOnlyClient,
      host: "127.0.0.1",
      port: options.pglitePort,
      user: "postgres",
      password,
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
function guardPool(pool: pg.Pool, { preparedStatements = true } = {}): pg.Pool {
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  pool.on("connect", (client) => {
    client.on("error", () => {
      // The query or transaction on it fails with the error; the pool drops it on release.
    });
    if (!preparedStatements) unnameStatements(client);
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

/**
 * The statements the app names (parsed once per connection) run unnamed on this client: a pooler
 * in transaction mode hands the server connection to other clients between transactions, so a
 * statement prepared on it may be missing, or another client's, on the next use.
 */
function unnameStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  Object.assign(client, {
    query: (config: unknown, ...rest: unknown[]) => {
      if (
        config !== null &&
        typeof config === "object" &&
        "name" in config &&
        typeof (config as { submit?: unknown }).submit !== "function"
      ) {
        const { name: _name, ...unnamed } = config as Record<string, unknown>;
        return query(unnamed, ...rest);
      }
      return query(config, ...rest);
    },
  });
}

/**
 * Applies pending migrations on a connection of its own to `url` (PostgreSQL itself, never a
 * transaction pooler: the advisory lock that makes processes starting together migrate one at a
 * time belongs to the session). The next process to take the lock finds nothing left to apply.
 */
async function migratePostgres(
  url: string,
  migrationsFolder: string,
  application_name: string,
): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    application_name,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  client.on("error", () => {
    // A lost connection fails the migration's pending query with the error.
  });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
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

/** When a process started (Linux: clock ticks since boot, from /proc), or null where unknown. */
function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22, counted after the command name (in parentheses, which may hold spaces).
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

/** Lock files this process holds or is taking (its own PID in a lock is then not stale). */
const locksHeldHere = new Set<string>();

/** What a lock file says of its holder: its PID and, where known, when that process started. */
const lockContent = () => `${process.pid} ${processStartTime(process.pid) ?? ""}`.trim();

/**
 * Whether the process named in a lock file is gone. A PID is not proof enough: containers reuse
 * PIDs after a restart (the app may even find its own), so a live PID whose start time is not the
 * one recorded is another process, and this process's own PID is stale unless it holds the lock.
 */
export function lockIsStale(content: string, lockPath: string): boolean {
  const [pidText, started] = content.trim().split(/\s+/);
  const pid = Number.parseInt(pidText ?? "", 10);
  if (!Number.isFinite(pid) || pid <= 0) return true;
  if (pid === process.pid) return !locksHeldHere.has(lockPath);
  if (!processAlive(pid)) return true;
  const now = processStartTime(pid);
  return started !== undefined && now !== null && now !== started;
}

/**
 * The embedded database's password: generated by the first process to host it, kept beside the
 * data in a file only this user can read (0600), and read by every process that connects. Any
 * other local process (or a sidecar sharing the loopback) is refused without it.
 */
export const embeddedPasswordPath = (dataDir: string) => `${path.resolve(dataDir)}.password`;

function embeddedPassword(dataDir: string, create: boolean): string {
  const file = embeddedPasswordPath(dataDir);
  if (create) {
    try {
      fs.writeFileSync(file, crypto.randomBytes(24).toString("base64url"), {
        flag: "wx",
        mode: 0o600,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    fs.chmodSync(file, 0o600);
  }
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    throw new Error(
      `The embedded database's password file ${file} is missing: it is written by the process that hosts PGlite (stop every process and start again).`,
    );
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
      const content = fs.readFileSync(lockPath, "utf8");
      const owner = Number.parseInt(content, 10);
      if (lockIsStale(content, lockPath)) {
        // The previous host died without cleaning up (or its PID now belongs to another process).
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
    fs.writeSync(fd, lockContent());
    fs.closeSync(fd);
    locksHeldHere.add(lockPath);
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
      locksHeldHere.delete(lockPath);
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
  const server = new PgliteServer(pglite, {
    ...serverOptions,
    password: embeddedPassword(dataDir, true),
  });
  await server.listen(port);
  let closed = false;
  const release = () => {
    if (closed) return;
    locksHeldHere.delete(lockPath);
    fs.rmSync(lockPath, { force: true });
  };
  process.once("exit", release);
  return {
    async close() {
      if (closed) return;
      await server.close();
      // Everything written reaches the data files before they are closed.
      await pglite.exec("CHECKPOINT");
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

/** The rows a raw statement (`db.execute(sql`…`)`) answered, typed as it selects them. */
export const executedRows = <T = Record<string, unknown>>(
  result: { rows: unknown[] } | unknown[],
): T[] => (Array.isArray(result) ? result : result.rows) as T[];
