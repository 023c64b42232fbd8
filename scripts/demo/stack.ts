/**
 * The demo's processes: Redis (REDIS_URL if it answers, else a private redis-server), the embedded
 * PGlite database hosted by the demo itself (so web and worker can come and go), the sandbox
 * shipping service, the tests' fake Shopify Admin API, the web app (production build, server.ts)
 * and the worker process. Logs of web and worker: <dir>/web.log, <dir>/worker.log.
 */
import type { ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import type { Database } from "#app/db/client.server.ts";
import type { Sandbox } from "#sandbox/server.ts";
import type { FakeShopify } from "#fakes/shopify/fake-shopify-server.ts";
import {
  buildWebApp,
  portOpen,
  startPrivateRedis,
  startWeb,
  startWorker,
  stopProcess,
  type Child,
} from "../processes.ts";

export const SHOP = "demo-toko-maju.myshopify.com";
export const API_SECRET = "demo-app-secret";
export const API_KEY = "demo-app";

export interface DemoOptions {
  dir: string;
  webPort: number;
  pglitePort: number;
  buildDir: string;
  /**
   * The web app at `buildDir` was built from this tree moments ago (the test run builds once for
   * every system test, DEMO_PREBUILT=1): served as it is. Otherwise the demo builds it.
   */
  prebuilt?: boolean;
}

export interface DemoStack {
  database: Database;
  sandbox: Sandbox;
  shopify: FakeShopify;
  webUrl: string;
  /** The web or worker process that exited while the demo ran (null: both run). */
  exited(): string | null;
  stop(): Promise<void>;
}

export async function startStack(
  options: DemoOptions,
  say: (line: string) => void,
): Promise<DemoStack> {
  const children: { name: string; process: ChildProcess }[] = [];
  let privateRedis: ChildProcess | null = null;
  let stopping = false;
  let exited: string | null = null;
  const opened: { close(): Promise<void> }[] = [];
  const stop = async () => {
    stopping = true;
    await Promise.all(children.map((c) => stopProcess(c.process)));
    await stopProcess(privateRedis);
    for (const resource of opened.reverse()) await resource.close().catch(() => undefined);
  };
  /** Logs to <dir>/<name>.log; an exit while the demo runs is said by exited(). */
  const follow = (name: string, child: Child) => {
    children.push({ name, process: child.process });
    child.process.on("exit", (code, signal) => {
      if (!stopping) exited = `${name} exited (${code ?? signal}); see ${logOf(name)}`;
    });
  };
  const logOf = (name: string) => path.join(options.dir, `${name}.log`);

  try {
    const redisUrl = await ensureRedis(say, (p) => (privateRedis = p));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      SHOPIFY_API_KEY: API_KEY,
      SHOPIFY_API_SECRET: API_SECRET,
      SHOPIFY_APP_URL: `http://127.0.0.1:${options.webPort}`,
      SCOPES: process.env.SCOPES ?? "read_orders,write_orders,read_products",
      ENCRYPTION_KEY: process.env.ENCRYPTION_KEY || crypto.randomBytes(32).toString("hex"),
      DATABASE_URL: "",
      PGLITE_DATA_DIR: path.join(options.dir, "pglite"),
      PGLITE_PORT: String(options.pglitePort),
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: process.env.DEMO_QUEUE_PREFIX ?? `pbdemo${Date.now()}`,
      PORT: String(options.webPort),
    };
    Object.assign(process.env, env);

    // This process hosts the database (first to open it), so web and worker can come and go; a
    // transaction the server has to end is said here.
    const { getEnv } = await import("#app/platform/env.server.ts");
    const { openDatabase } = await import("#app/db/client.server.ts");
    const appEnv = getEnv();
    const database = await openDatabase({
      pgliteDataDir: appEnv.PGLITE_DATA_DIR,
      pglitePort: appEnv.PGLITE_PORT,
      poolSize: 2,
      applicationName: `scripts/demo.ts ${process.pid}`,
      onServerEvent: (event) => say(`  ! database: ${JSON.stringify(event)}`),
    });
    opened.push(database);
    say(
      `  Database: PGlite in ${appEnv.PGLITE_DATA_DIR} (shared on 127.0.0.1:${options.pglitePort})`,
    );

    const { createSandbox } = await import("#sandbox/server.ts");
    const sandbox = await createSandbox({ port: 0, webhookRetryDelaysMs: [500, 1000, 2000] });
    opened.push(sandbox);
    say(`  Shipping service: sandbox at ${sandbox.url}`);
    // Shopify's Admin API (which the worker asks whether an order is the shop's, and for product
    // types): the tests' fake, reached through the shop's offline session like the real one.
    const { startFakeShopify } = await import("#fakes/shopify/fake-shopify-server.ts");
    const { FakeShopifyOrders } = await import("#fakes/shopify/fake-admin.ts");
    // The demo plays a shop's days in seconds, but Shopify refills a shop's query-cost bucket in
    // real seconds (100 points a second on the standard plan, about 3,000 points for the demo's
    // orders): the demo's shop is on the Shopify Plus rate, 1,000 a second, so the days it
    // compresses fit it. The gateway paces each shop by the figures Shopify sends either way.
    const shopify = await startFakeShopify(0, new FakeShopifyOrders("plus"));
    opened.push(shopify);
    say(`  Shopify Admin API: the tests' fake at ${shopify.url}`);

    // Built unless just built: a stale build would serve yesterday's routes.
    if (!options.prebuilt) {
      say("  Building the web app…");
      buildWebApp(options.buildDir, env);
    }
    const webUrl = `http://127.0.0.1:${options.webPort}`;
    // The admin pages ask Shopify too (the shop's time zone, locations, payment methods): the fake.
    follow(
      "web",
      await startWeb(options.buildDir, options.webPort, {
        env: { ...env, FAKE_SHOPIFY_ADMIN_URL: shopify.url },
        logFile: logOf("web"),
        nodeArgs: ["--import", "./fakes/shopify/redirect-shopify-admin.ts"],
      }),
    );
    say(`  Web app: ${webUrl}`);
    follow(
      "worker",
      await startWorker({
        env: { ...env, FAKE_SHOPIFY_ADMIN_URL: shopify.url },
        logFile: logOf("worker"),
        nodeArgs: ["--import", "./fakes/shopify/redirect-shopify-admin.ts"],
      }),
    );
    say("  Worker: running\n");
    return { database, sandbox, shopify, webUrl, exited: () => exited, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** REDIS_URL if it answers; else a private redis-server; else a clear message. */
async function ensureRedis(
  say: (line: string) => void,
  started: (p: ChildProcess) => void,
): Promise<string> {
  const configured = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const url = new URL(configured);
  if (await portOpen(Number(url.port || 6379), url.hostname)) return configured;
  const redis = await startPrivateRedis().catch((error: Error) => {
    throw new Error(
      `Redis is not reachable at ${configured}, and ${error.message}.\nStart Redis or set REDIS_URL, then run npm run demo again.`,
    );
  });
  started(redis.process);
  say(`  Redis: private redis-server on port ${redis.port} (REDIS_URL was not reachable)`);
  return redis.url;
}
