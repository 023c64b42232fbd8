/**
 * The whole app as deployed, for the benchmarks and the drills: a fresh PostgreSQL database, the
 * production web server and worker processes, compiled as `npm run build` compiles them and run
 * with plain node (server.ts and worker/index.ts on a fresh build), the
 * sandbox shipping service (in this process, over HTTP) and Redis (the local one, or a private
 * redis-server). Shopify's Admin API is the tests' fake over HTTP (in this process): the workers
 * reach it the production way (each shop's offline session and token), their fetches to
 * https://<shop>/admin/api/… redirected by a preload. Also: signed Shopify deliveries (Shopify then
 * holds their orders, for the workers' ownership checks), shops with their shipping keys and
 * sessions, and the counts the figures and the verdicts are made of.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { buildSync } from "esbuild";
import { Cluster, type Redis } from "ioredis";
import type pg from "pg";
import { openDatabase, type Database, type Db } from "#app/db/client.server.ts";
import { freshPostgres } from "./fresh-postgres.ts";
import * as schema from "#app/db/schema.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import {
  createWorkerConnection,
  redisTargetOf,
  type RedisConnection,
} from "#app/platform/redis.server.ts";
import {
  offlineSessionRow,
  startFakeShopify,
  type FakeShopify,
} from "#fakes/shopify/fake-shopify-server.ts";
import { appTomlScopes } from "#fakes/shopify/access.ts";
import { FakeShopifyOrders } from "#fakes/shopify/fake-admin.ts";
import { callbackTokenOf, eventsUrlFor } from "#app/shops/callback-token.server.ts";
import { recordInstall, setShippingApiKey, updateShopSettings } from "#app/shops/shops.server.ts";
import type { ShopSettings } from "#app/shops/settings.ts";
import { createSandbox, type Sandbox, type SandboxOptions } from "#sandbox/server.ts";
import { Autovacuum } from "./autovacuum.ts";
import { signDelivery } from "#fakes/shopify/webhook-signer.ts";
import { postDelivery } from "./signed-delivery.ts";
import {
  buildNodeEntries,
  buildWebApp,
  freePort,
  startWorker,
  startWeb,
  stopProcess,
  type Child,
} from "../scripts/processes.ts";

export const API_SECRET = "bench-app-secret";
const BUILD_DIR = path.resolve(".cache/bench-build");
/** The compiled web server and worker (`npm run build`'s Node half), run with plain node. */
const NODE_BUILD_DIR = path.join(BUILD_DIR, "node");
export const LOG_DIR = path.resolve("bench/results/logs");
/**
 * The benchmarks' own scripts that run inside measured processes, compiled (compiledScript); apart
 * from BUILD_DIR, which each build empties.
 */
const SCRIPT_BUILD_DIR = path.resolve(".cache/bench-scripts");

let built = false;
let autovacuumSaid = false;
/** Builds the web app once per benchmark process. */
export function ensureBuild(): void {
  if (built) return;
  process.stdout.write("Building the web app…\n");
  buildWebApp(BUILD_DIR, {
    ...process.env,
    SHOPIFY_API_KEY: "bench-app",
    SHOPIFY_API_SECRET: API_SECRET,
    SHOPIFY_APP_URL: "http://127.0.0.1",
    SCOPES: "read_orders",
  });
  buildNodeEntries(NODE_BUILD_DIR);
  built = true;
}

const compiledScripts = new Map<string, string>();
/**
 * A benchmark's own TypeScript that runs inside a measured process (the preloads of the web server
 * and the workers, the lean worker), compiled to JavaScript as the app is (`#app` imports bundled,
 * packages loaded from node_modules): the path to run. Run as TypeScript, Node would load its type
 * stripper into the process (about 17 MB of RSS and a WebAssembly compiler), which the app as
 * deployed never loads, and the benchmark would measure that too.
 */
export function compiledScript(source: string): string {
  let compiled = compiledScripts.get(source);
  if (!compiled || !fs.existsSync(compiled)) {
    compiled = path.join(SCRIPT_BUILD_DIR, source.replace(/\.ts$/, ".js"));
    buildSync({
      entryPoints: [source],
      outfile: compiled,
      bundle: true,
      packages: "external",
      format: "esm",
      platform: "node",
      target: "node22",
      logLevel: "warning",
    });
    compiledScripts.set(source, compiled);
  }
  return compiled;
}

/** A fresh PostgreSQL database for the run. */
async function openPostgres(
  name: string,
): Promise<{ database: Database; env: Record<string, string> }> {
  const { database, url } = await freshPostgres(name);
  return { database, env: { DATABASE_URL: url } };
}

/** A fresh embedded database, hosted by this process and shared with web and workers over its port. */
async function openEmbedded(
  name: string,
): Promise<{ database: Database; env: Record<string, string> }> {
  const dataDir = path.resolve(`.cache/${name}-pglite`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const database = await openDatabase({
    pgliteDataDir: dataDir,
    pglitePort: port,
    poolSize: 4,
    applicationName: "bench",
  });
  return {
    database,
    env: { DATABASE_URL: "", PGLITE_DATA_DIR: dataDir, PGLITE_PORT: String(port) },
  };
}

export interface StackOptions {
  /** Names the database (parcelbridge_<name>), the queue prefix and the log files. */
  name: string;
  sandbox: SandboxOptions;
  workers: number;
  workerConcurrency: number;
  /** Another Redis (e.g. a private redis-server the drill can kill). */
  redisUrl?: string;
  /**
   * A Redis Cluster instead (REDIS_CLUSTER_NODES, its seeds): the queue prefix then carries a
   * hash tag.
   */
  redisCluster?: string;
  /** Web processes side by side (default 1); deliveries go to each in turn. */
  webs?: number;
  webNodeArgs?: string[];
  /** Extra Node options for the workers (after BENCH_WORKER_NODE_ARGS). */
  workerNodeArgs?: string[];
  /**
   * Count the SQL statements of web and workers (bench/count-sql.ts preloaded); read them with
   * `sqlStatements()`.
   */
  countSql?: boolean;
  /** Extra environment for web and workers. */
  env?: Record<string, string>;
  /**
   * "pglite": the embedded default instead of PostgreSQL: this process hosts PGlite (a fresh data
   * folder) and web and workers share it over its port, as `npm run demo` and a newcomer run it.
   */
  database?: "postgres" | "pglite";
  /**
   * A production build made elsewhere, in the image's layout (`<dir>/build`, `<dir>/build/node`):
   * the test run shares its own (test/setup/system-build.ts). Otherwise the stack builds once per
   * process into .cache/bench-build.
   */
  build?: string;
}

/** The web build and the compiled Node entries a stack runs: the one it is given, or its own. */
function buildOf(options: StackOptions): { web: string; node: string } {
  if (options.build)
    return {
      web: path.join(options.build, "build"),
      node: path.join(options.build, "build", "node"),
    };
  ensureBuild();
  return { web: BUILD_DIR, node: NODE_BUILD_DIR };
}

export interface DeliveryOptions {
  webhookId?: string;
  triggeredAt?: Date;
  secret?: string;
  shopHeader?: string;
  topicHeader?: string;
  rawBody?: string;
  /** Somewhere else than the web server's /webhooks/<topic> (the naive handler of bench:webhooks). */
  target?: { port: number; path: string };
}

export class Stack {
  readonly workers: Child[] = [];
  /** Every web process, the first being `web` (on `webPort`), each with its port. */
  readonly webs: { child: Child; port: number }[];
  private nextWeb = 0;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  private constructor(
    readonly options: StackOptions,
    readonly env: NodeJS.ProcessEnv,
    readonly sandbox: Sandbox,
    readonly web: Child,
    readonly webPort: number,
    readonly pool: pg.Pool,
    readonly db: Db,
    readonly redis: RedisConnection,
    readonly encryptionKey: Buffer,
    readonly shopify: FakeShopify,
    private readonly database: Database,
    more: { child: Child; port: number }[],
    /** Autovacuum's work on the stack's database, when the server runs without it. */
    readonly autovacuum: Autovacuum | null,
  ) {
    this.webs = [{ child: web, port: webPort }, ...more];
  }

  static async start(options: StackOptions): Promise<Stack> {
    const build = buildOf(options);
    fs.mkdirSync(LOG_DIR, { recursive: true });
    const databaseName = `parcelbridge_${options.name.replace(/[^a-z0-9_]/g, "_")}`;
    const opened =
      options.database === "pglite"
        ? await openEmbedded(databaseName)
        : await openPostgres(databaseName);

    const autovacuum =
      opened.env.DATABASE_URL && process.env.BENCH_AUTOVACUUM !== "off"
        ? await Autovacuum.startIfOff(opened.env.DATABASE_URL)
        : null;
    if (autovacuum && !autovacuumSaid) {
      process.stdout.write(
        "PostgreSQL runs without autovacuum here: the stack vacuums and analyzes its database as autovacuum would (bench/autovacuum.ts)\n",
      );
      autovacuumSaid = true;
    }

    const sandbox = await createSandbox({ port: 0, ...options.sandbox });
    // The benchmarks replay hours of orders in seconds; Shopify refills each shop's query-cost
    // bucket in real seconds: the shops are on the Shopify Plus rate (1,000 points a second) so
    // that the figures measure the app, and the points each shipment spends are counted.
    const shopify = await startFakeShopify(0, new FakeShopifyOrders("plus"));
    const webPort = await freePort();
    const encryptionKey = crypto.randomBytes(32);
    const tag = `pb${options.name.replace(/[^a-z0-9]/g, "")}${Date.now()}`;
    const prefix = options.redisCluster ? `{${tag}}` : tag;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      LOG_LEVEL: "warn",
      SHOPIFY_API_KEY: "bench-app",
      SHOPIFY_API_SECRET: API_SECRET,
      SHOPIFY_APP_URL: `http://127.0.0.1:${webPort}`,
      SCOPES: appTomlScopes().join(","),
      ENCRYPTION_KEY: encryptionKey.toString("hex"),
      ...opened.env,
      REDIS_URL: options.redisUrl ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
      REDIS_CLUSTER_NODES: options.redisCluster ?? "",
      QUEUE_PREFIX: prefix,
      SHIPPING_API_BASE_URL: sandbox.url,
      FAKE_SHOPIFY_ADMIN_URL: shopify.url,
      WORKER_CONCURRENCY: String(options.workerConcurrency),
      ...options.env,
    };
    if (options.countSql) env.BENCH_SQL_COUNT_FILE = path.join(LOG_DIR, `${options.name}-sql`);
    const logFile = (what: string) => path.join(LOG_DIR, `${options.name}-${what}.log`);
    for (const what of ["web", "worker"]) fs.rmSync(logFile(what), { force: true });
    const web = await startWeb(build.web, webPort, {
      env,
      logFile: logFile("web"),
      compiled: build.node,
      nodeArgs: [
        ...(options.countSql ? ["--import", compiledScript("bench/count-sql.ts")] : []),
        ...(options.webNodeArgs ?? []),
      ],
    });
    const more: { child: Child; port: number }[] = [];
    for (let i = 1; i < (options.webs ?? 1); i++) {
      const port = await freePort();
      more.push({
        port,
        child: await startWeb(build.web, port, {
          env,
          logFile: logFile(`web${i + 1}`),
          compiled: build.node,
          nodeArgs: options.webNodeArgs ?? [],
        }),
      });
    }
    const { pool } = opened.database;
    // The same Redis as the app's, one server or a cluster, through the app's own reading of it.
    const redis = createWorkerConnection(redisTargetOf(parseEnv(env)));
    redis.on("error", () => {});
    const stack = new Stack(
      options,
      env,
      sandbox,
      web,
      webPort,
      pool,
      opened.database.db,
      redis,
      encryptionKey,
      shopify,
      opened.database,
      more,
      autovacuum,
    );
    for (let i = 0; i < options.workers; i++) await stack.startWorker();
    return stack;
  }

  get prefix(): string {
    return this.env.QUEUE_PREFIX!;
  }

  /** A worker process; resolves once it says it is ready. */
  async startWorker(): Promise<Child> {
    const child = await startWorker({
      env: { ...this.env, LOG_LEVEL: "info" },
      logFile: path.join(LOG_DIR, `${this.options.name}-worker.log`),
      compiled: buildOf(this.options).node,
      nodeArgs: [
        "--import",
        compiledScript("fakes/shopify/redirect-shopify-admin.ts"),
        ...(this.options.countSql ? ["--import", compiledScript("bench/count-sql.ts")] : []),
        ...(process.env.BENCH_WORKER_NODE_ARGS ?? "").split(" ").filter(Boolean),
        ...(this.options.workerNodeArgs ?? []),
      ],
    });
    this.workers.push(child);
    return child;
  }

  /**
   * An installed shop with its offline session (a token the fake Shopify accepts), a shipping key
   * at the sandbox, a pickup location and automatic confirmation.
   */
  /** The shop's own URL for the shipping service's events (its callback token in the path). */
  async eventsUrl(shop: string): Promise<string> {
    return eventsUrlFor(
      this.env.SHOPIFY_APP_URL!,
      await callbackTokenOf(this.db, this.encryptionKey, shop),
    );
  }

  async addShop(shop: string, apiKey: string, settings: Partial<ShopSettings> = {}): Promise<void> {
    await recordInstall(this.db, shop);
    await this.db
      .insert(schema.sessionTable)
      .values(offlineSessionRow(shop, this.shopify.connect(shop)))
      .onConflictDoNothing();
    await setShippingApiKey(this.db, this.encryptionKey, shop, apiKey, this.sandbox.url);
    await updateShopSettings(this.db, shop, {
      pickup: {
        contactName: "Gudang Toko Maju",
        contactPhone: "+6281234567890",
        address: "Jl. Fatmawati 10, Cilandak, Jakarta Selatan",
        postalCode: 12430,
        latitude: -6.2886,
        longitude: 106.7986,
      },
      autoConfirm: true,
      fulfillOnConfirm: false,
      categoryMapping: { apparel: "fashion", coffee: "food_and_drink" },
      ...settings,
    });
  }

  /**
   * One signed delivery to the web server, as Shopify sends it. Signed with the app's secret for
   * this shop (no other secret or shop header), its order is one Shopify holds for the shop.
   */
  deliver(
    topic: string,
    shop: string,
    order: unknown,
    options: DeliveryOptions = {},
  ): Promise<{ status: number; ms: number }> {
    const body = options.rawBody ?? JSON.stringify(order);
    if (!options.secret && !options.shopHeader) this.shopify.hold(topic, shop, body);
    return postDelivery(
      this.agent,
      {
        port: options.target?.port ?? this.webs[this.nextWeb++ % this.webs.length]!.port,
        path: options.target?.path ?? `/webhooks/${topic}`,
      },
      signDelivery({
        topic,
        shop,
        body,
        secret: options.secret ?? API_SECRET,
        webhookId: options.webhookId,
        topicHeader: options.topicHeader,
        shopHeader: options.shopHeader,
        triggeredAt: null,
      }),
      options.triggeredAt,
    );
  }

  /** Shipments per status, for the shops given (all when none). */
  async statusCounts(shops?: string[]): Promise<Record<string, number>> {
    const { rows } = await this.pool.query<{ status: string; n: string }>(
      shops
        ? "SELECT status, count(*) AS n FROM shipments WHERE shop = ANY($1) GROUP BY status"
        : "SELECT status, count(*) AS n FROM shipments GROUP BY status",
      shops ? [shops] : [],
    );
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  /** Drafts and orders at the service per reference id, over the given keys. */
  serviceCounts(keys: string[]): { drafts: Map<string, number>; orders: Map<string, number> } {
    const drafts = new Map<string, number>();
    const orders = new Map<string, number>();
    for (const key of keys) {
      const account = this.sandbox.service.account(key);
      for (const d of account.drafts.values()) {
        if (!d.deletedAt && d.spec.referenceId)
          drafts.set(d.spec.referenceId, (drafts.get(d.spec.referenceId) ?? 0) + 1);
      }
      for (const o of account.orders.values())
        if (o.spec.referenceId)
          orders.set(o.spec.referenceId, (orders.get(o.spec.referenceId) ?? 0) + 1);
    }
    return { drafts, orders };
  }

  /** Jobs waiting, delayed, active or prioritised in the shipments queue. */
  async backlog(): Promise<number> {
    const base = `${this.prefix}:shipments`;
    const [wait, delayed, active, prioritized] = await Promise.all([
      this.redis.llen(`${base}:wait`),
      this.redis.zcard(`${base}:delayed`),
      this.redis.llen(`${base}:active`),
      this.redis.zcard(`${base}:prioritized`),
    ]);
    return wait + delayed + active + prioritized;
  }

  /** SQL statements each process has sent so far (with `countSql`): web, then each worker. */
  async sqlStatements(): Promise<{
    web: number;
    workers: number[];
    /** With BENCH_SQL_TEXTS: the first worker's statements by their first 120 characters. */
    workerTexts?: Record<string, number>;
  }> {
    const file = this.env.BENCH_SQL_COUNT_FILE;
    if (!file) throw new Error("the stack was started without countSql");
    const children = [this.web, ...this.workers];
    for (const child of children) fs.rmSync(`${file}.${child.process.pid}`, { force: true });
    for (const child of children) child.process.kill("SIGUSR2");
    const read = async (pid: number | undefined) => {
      for (let i = 0; i < 50; i++) {
        try {
          return JSON.parse(fs.readFileSync(`${file}.${pid}`, "utf8")) as {
            statements: number;
            texts?: Record<string, number>;
          };
        } catch {
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      throw new Error(`process ${pid} did not report its SQL statements`);
    };
    const [web, ...workers] = await Promise.all(children.map((c) => read(c.process.pid)));
    return {
      web: web!.statements,
      workers: workers.map((w) => w.statements),
      workerTexts: workers[0]?.texts,
    };
  }

  /** The Redis servers holding data: the one server, or a cluster's masters. */
  redisServers(): Redis[] {
    return this.redis instanceof Cluster ? this.redis.nodes("master") : [this.redis];
  }

  /**
   * CPU the Redis servers have used so far (s; INFO cpu, user and system, every master): Redis runs
   * commands on one thread, so a second of it is what one server (one slot) has.
   */
  async redisCpuSeconds(): Promise<number> {
    let seconds = 0;
    for (const server of this.redisServers()) {
      const info = await server.info("cpu");
      for (const m of info.matchAll(/^used_cpu_(?:user|sys):([\d.]+)/gm)) seconds += Number(m[1]);
    }
    return seconds;
  }

  /** Redis commands run so far on the server (every client's), from INFO commandstats. */
  async redisCommands(): Promise<number> {
    return Object.values(await this.redisCommandStats()).reduce((sum, n) => sum + n, 0);
  }

  /** Calls per Redis command so far (INFO commandstats, every client's, over every master). */
  async redisCommandStats(): Promise<Record<string, number>> {
    const stats: Record<string, number> = {};
    for (const server of this.redisServers()) {
      const info = await server.info("commandstats");
      for (const m of info.matchAll(/cmdstat_([^:]+):calls=(\d+)/g))
        stats[m[1]!] = (stats[m[1]!] ?? 0) + Number(m[2]);
    }
    return stats;
  }

  /** Jobs that ran out of attempts. */
  async failedJobs(): Promise<number> {
    return this.redis.zcard(`${this.prefix}:shipments:failed`);
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((w) => stopProcess(w.process)));
    await Promise.all(this.webs.map((w) => stopProcess(w.child.process)));
    this.agent.destroy();
    await this.sandbox.close();
    await this.shopify.close();
    await this.autovacuum?.stop();
    await this.database.close();
    // The run's queues: gone, so that repeated runs do not fill Redis.
    for (const server of this.redisServers().filter((s) => s.status === "ready")) {
      let cursor = "0";
      do {
        const [next, keys] = await server.scan(cursor, "MATCH", `${this.prefix}:*`, "COUNT", 1000);
        cursor = next;
        if (keys.length) await server.del(...keys);
      } while (cursor !== "0");
    }
    this.redis.disconnect();
  }
}

/** Process CPU seconds (user + system), peak RSS and RSS now, from /proc. */
export function processUsage(pid: number | undefined): {
  cpuS: number;
  peakRssMb: number;
  rssMb: number;
} {
  if (!pid) return { cpuS: 0, peakRssMb: 0, rssMb: 0 };
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const hwm = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
    const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
    return {
      cpuS: ticks / 100,
      peakRssMb: +(hwm / 1024).toFixed(1),
      rssMb: +(rss / 1024).toFixed(1),
    };
  } catch {
    return { cpuS: 0, peakRssMb: 0, rssMb: 0 };
  }
}

export function quantile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return +sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(2);
}

/** A figure to two decimals. */
export const round = (x: number): number => Math.round(x * 100) / 100;

/** Times (ms) as a benchmark reports them: how many, p50, p99 and the slowest. */
export function msSummary(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50Ms: round(quantile(sorted, 0.5)),
    p99Ms: round(quantile(sorted, 0.99)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
}

export function writeResult(name: string, data: unknown): string {
  fs.mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/${name}.json`;
  fs.writeFileSync(file, JSON.stringify(data, null, 2));
  return file;
}

/** A progress line, rewritten in place on a terminal. */
export function progress(text: string): void {
  if (process.stdout.isTTY) process.stdout.write(`\r${text.padEnd(100)}`);
  else process.stdout.write(`${text}\n`);
}
