/**
 * `npm run demo`: the main job, end to end, on the embedded default.
 *
 * Starts the sandbox shipping service, the web app (production build, `server.ts`) and the
 * worker process on an embedded PGlite database and a local Redis (REDIS_URL if reachable, else a
 * private redis-server, else a clear message). Replays realistic signed store orders through the
 * real webhook route, and shows each becoming a draft, being confirmed and moving through the
 * courier's statuses, then prints a summary table. Logs of web and worker: .data/demo/*.log.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { loadDotEnv } from "#app/dotenv.server.ts";
import { buildWebApp, portOpen, startPrivateRedis, stopProcess, waitUntil } from "./processes.ts";

loadDotEnv();
const DEMO_DIR = ".data/demo";
const WEB_PORT = Number(process.env.DEMO_WEB_PORT ?? 3190);
const PGLITE_PORT = Number(process.env.DEMO_PGLITE_PORT ?? 5498);
const SHOP = "demo-toko-maju.myshopify.com";
const API_SECRET = "demo-app-secret";

const children: ChildProcess[] = [];
let privateRedis: ChildProcess | null = null;

/** REDIS_URL if it answers; else a private redis-server; else a clear message. */
async function ensureRedis(): Promise<string> {
  const configured = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const url = new URL(configured);
  if (await portOpen(Number(url.port || 6379), url.hostname)) return configured;
  const redis = await startPrivateRedis().catch((error: Error) => {
    console.error(`Redis is not reachable at ${configured}, and ${error.message}.\nStart Redis or set REDIS_URL, then run npm run demo again.`);
    process.exit(1);
  });
  privateRedis = redis.process;
  console.log(`  Redis: private redis-server on port ${redis.port} (REDIS_URL was not reachable)`);
  return redis.url;
}

function start(name: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const log = fs.openSync(path.join(DEMO_DIR, `${name}.log`), "w");
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", log, log] });
  children.push(child);
  child.on("exit", (code, signal) => {
    if (!stopping) console.error(`\n${name} exited (${code ?? signal}); see ${DEMO_DIR}/${name}.log`);
  });
  return child;
}

let stopping = false;
async function stopAll() {
  stopping = true;
  await Promise.all(children.map((c) => stopProcess(c)));
  await stopProcess(privateRedis);
}

async function main() {
  console.log("ParcelBridge demo: store orders → shipments, on the embedded default\n");
  fs.rmSync(DEMO_DIR, { recursive: true, force: true });
  fs.mkdirSync(DEMO_DIR, { recursive: true });
  const redisUrl = await ensureRedis();

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "info",
    SHOPIFY_API_KEY: "demo-app",
    SHOPIFY_API_SECRET: API_SECRET,
    SHOPIFY_APP_URL: `http://127.0.0.1:${WEB_PORT}`,
    SCOPES: process.env.SCOPES ?? "read_orders,write_orders,read_products",
    ENCRYPTION_KEY: process.env.ENCRYPTION_KEY || crypto.randomBytes(32).toString("hex"),
    SHIPPING_WEBHOOK_SECRET: crypto.randomBytes(24).toString("base64url"),
    DATABASE_URL: "",
    PGLITE_DATA_DIR: path.join(DEMO_DIR, "pglite"),
    PGLITE_PORT: String(PGLITE_PORT),
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: `pbdemo${Date.now()}`,
    PORT: String(WEB_PORT),
  };
  Object.assign(process.env, env);

  // This process hosts the database (first to open it), so web and worker can come and go.
  const { getEnv } = await import("#app/env.server.ts");
  const { openDatabase } = await import("#app/db/client.server.ts");
  const appEnv = getEnv();
  const database = await openDatabase({ pgliteDataDir: appEnv.PGLITE_DATA_DIR, pglitePort: appEnv.PGLITE_PORT, poolSize: 2 });
  console.log(`  Database: PGlite in ${appEnv.PGLITE_DATA_DIR} (shared on 127.0.0.1:${PGLITE_PORT})`);

  const { createSandbox } = await import("#sandbox/server.ts");
  const sandbox = await createSandbox({ port: 0, webhookRetryDelaysMs: [500, 1000, 2000] });
  console.log(`  Shipping service: sandbox at ${sandbox.url}`);
  // Shopify's Admin API (which the worker asks whether an order is the shop's, and for product
  // types): the tests' fake, reached through the shop's offline session like the real one.
  const { offlineSessionRow, startFakeShopify } = await import("#test/helpers/fake-shopify-server.ts");
  const shopify = await startFakeShopify();
  console.log(`  Shopify Admin API: the tests' fake at ${shopify.url}`);

  // Always build: a stale build/ would serve yesterday's routes.
  console.log("  Building the web app…");
  buildWebApp(path.resolve("build"), env);
  start("web", ["--import", "tsx", "server.ts"], env);
  await waitUntil("the web app", async () => {
    try {
      return (await fetch(`http://127.0.0.1:${WEB_PORT}/auth/login`, { headers: { "user-agent": "Mozilla/5.0 Chrome/156" } })).status === 200;
    } catch {
      return false;
    }
  });
  console.log(`  Web app: http://127.0.0.1:${WEB_PORT}`);
  start("worker", ["--import", "./test/helpers/redirect-shopify-admin.ts", "--import", "tsx", "worker/index.ts"], { ...env, FAKE_SHOPIFY_ADMIN_URL: shopify.url });
  await waitUntil("the worker", async () => fs.readFileSync(path.join(DEMO_DIR, "worker.log"), "utf8").includes('"worker ready"'));
  console.log("  Worker: running\n");

  // The merchant's set-up: key, pickup location, automatic confirmation, COD gateway.
  const { recordInstall, setShippingApiKey, updateShopSettings } = await import("#app/shops/shops.server.ts");
  const db = database.db;
  const apiKey = `biteship_live.demo-${crypto.randomBytes(6).toString("hex")}`;
  await recordInstall(db, SHOP);
  const { sessionTable } = await import("#app/db/schema.ts");
  await db.insert(sessionTable).values(offlineSessionRow(SHOP, shopify.connect(SHOP)));
  await setShippingApiKey(db, appEnv.ENCRYPTION_KEY, SHOP, apiKey, sandbox.url);
  await updateShopSettings(db, SHOP, {
    pickup: { contactName: "Gudang Toko Maju", contactPhone: "+6281234567890", address: "Jl. Fatmawati 10, Cilandak, Jakarta Selatan", postalCode: 12430, latitude: -6.2886, longitude: 106.7986 },
    autoConfirm: true,
    defaultCourier: { company: "sicepat", type: "reg" },
    codGateways: ["Cash on Delivery (COD)"],
    defaultWeightGrams: null,
  });
  const hook = await fetch(`${sandbox.url}/_sandbox/webhook`, {
    method: "POST",
    headers: { authorization: apiKey, "content-type": "application/json" },
    body: JSON.stringify({ url: `http://127.0.0.1:${WEB_PORT}/webhooks/shipping`, header_name: appEnv.SHIPPING_WEBHOOK_HEADER, header_secret: appEnv.SHIPPING_WEBHOOK_SECRET }),
  });
  if (!hook.ok) throw new Error(`Registering the events URL failed: ${await hook.text()}`);

  // Replay the store orders through the real, signed webhook route.
  const { ORDER_FIXTURES, orderWithId } = await import("#test/fixtures/orders.ts");
  const sent: { id: string; fixture: string }[] = [];
  let n = 0;
  const deliver = async (topic: string, body: unknown, webhookId = crypto.randomUUID()) => {
    const raw = JSON.stringify(body);
    shopify.hold(topic, SHOP, raw);
    const response = await fetch(`http://127.0.0.1:${WEB_PORT}/webhooks/${topic}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-shopify-hmac-sha256": crypto.createHmac("sha256", API_SECRET).update(raw).digest("base64"),
        "x-shopify-topic": topic,
        "x-shopify-shop-domain": SHOP,
        "x-shopify-api-version": "2026-10",
        "x-shopify-webhook-id": webhookId,
        "x-shopify-triggered-at": new Date().toISOString(),
      },
      body: raw,
    });
    return response.status;
  };
  let unpaid: Record<string, unknown> & { id: number; name: string } = orderWithId("id-bank-transfer-pending", 0);
  let edited = false;
  let paid = false;
  for (const fixture of ORDER_FIXTURES) {
    const order = orderWithId(fixture, 9_100_000_000_000 + ++n, { name: `#D${1000 + n}` });
    const webhookId = crypto.randomUUID();
    const status = await deliver("orders/create", order, webhookId);
    if (fixture === "multi-item") await deliver("orders/create", order, webhookId); // Shopify redelivers
    sent.push({ id: String(order.id), fixture });
    if (fixture === "id-bank-transfer-pending") unpaid = order;
    console.log(`  → orders/create ${order.name.padEnd(6)} (${fixture}) answered ${status}`);
  }
  const cancelled = orderWithId("multi-item", 9_100_000_000_000 + ++n, { name: `#D${1000 + n}`, cancelled_at: new Date().toISOString(), cancel_reason: "customer" });
  console.log(`  → orders/cancelled ${cancelled.name} before its orders/create: ${await deliver("orders/cancelled", cancelled)}, then create: ${await deliver("orders/create", cancelled)}`);
  sent.push({ id: String(cancelled.id), fixture: "cancelled-first" });
  console.log("");

  // Watch: print every status change; move the couriers along (the sandbox's clock).
  const { shipments } = await import("#app/db/schema.ts");
  const { eq } = await import("drizzle-orm");
  const { TERMINAL_STATUSES } = await import("#app/shipments/states.ts");
  const seen = new Map<string, string>();
  const started = Date.now();
  let lastTick = Date.now();
  for (;;) {
    const rows = await db.select().from(shipments).where(eq(shipments.shop, SHOP)).orderBy(shipments.orderName);
    for (const row of rows) {
      const key = `${row.status}|${row.problem ?? ""}|${row.decision ?? ""}`;
      if (seen.get(row.id) !== key) {
        const previous = seen.get(row.id)?.split("|")[0];
        const why = row.problem ? `  ⚠ ${row.problem.slice(0, 90)}` : row.decision ? `  · ${row.decision.slice(0, 90)}` : "";
        console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s  ${(row.orderName ?? row.orderId).padEnd(6)} ${previous ? `${previous} → ` : ""}${row.status}${why}`);
        seen.set(row.id, key);
      }
    }
    // The bank-transfer order waits for its payment: the merchant edits it (the draft follows),
    // then the customer pays (orders/paid books it).
    const waiting = rows.find((r) => r.orderId === String(unpaid.id));
    if (waiting?.status === "draft_ready" && waiting.awaitingPayment && !edited) {
      edited = true;
      const lines = unpaid.line_items as Record<string, unknown>[];
      unpaid = { ...unpaid, updated_at: new Date().toISOString(), total_outstanding: "254000.00", line_items: [{ ...lines[0], current_quantity: 1, fulfillable_quantity: 1 }, ...lines.slice(1)] };
      console.log(`  → orders/updated ${unpaid.name}: one Batik Shirt removed before payment: ${await deliver("orders/updated", unpaid)}`);
    } else if (edited && !paid && waiting?.contents && (waiting.contents as { items: { quantity: number }[] }).items[0]?.quantity === 1) {
      paid = true;
      unpaid = { ...unpaid, updated_at: new Date().toISOString(), financial_status: "paid", total_outstanding: "0.00" };
      console.log(`  → orders/paid ${unpaid.name}: the bank transfer arrived: ${await deliver("orders/paid", unpaid)}`);
    }
    const settled = rows.length === sent.length && rows.every((r) => TERMINAL_STATUSES.has(r.status as never) || (r.problem && !r.draftOrderId) || r.status === "draft_placed");
    if (settled || Date.now() - started > 120_000) break;
    if (Date.now() - lastTick > 1500) {
      sandbox.service.lifecycle.advanceAll();
      lastTick = Date.now();
    }
    await new Promise((r) => setTimeout(r, 300));
  }

  const rows = await db.select().from(shipments).where(eq(shipments.shop, SHOP)).orderBy(shipments.orderName);
  console.log("\nSummary");
  const table = rows.map((r) => ({
    order: r.orderName ?? r.orderId,
    status: r.status,
    courier: r.courierCompany ? `${r.courierCompany} ${r.courierType}` : "-",
    waybill: r.waybillId ?? "-",
    price: r.price ? Number(r.price).toLocaleString("id-ID") : "-",
    from: r.originName ?? "-",
    city: r.destinationCity ?? "-",
    // A problem is led by its kinds, as the list's filter files it.
    "problem or reason": (r.problem ? `[${r.problemKinds.join(", ")}] ${r.problem}` : (r.decision ?? "")).slice(0, 60),
  }));
  console.table(table);
  const counts = rows.reduce<Record<string, number>>((acc, r) => ((acc[r.problem && !r.draftOrderId ? "needs attention" : r.status] = (acc[r.problem && !r.draftOrderId ? "needs attention" : r.status] ?? 0) + 1), acc), {});
  console.log(`${rows.length} store orders: ${Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(", ")}`);
  const drafts = sandbox.service.counts();
  console.log(`At the shipping service: ${drafts.drafts} drafts, ${drafts.orders} orders (one per shipped store order, the redelivery made none)`);

  await stopAll();
  await sandbox.close();
  await shopify.close();
  await database.close();
}

process.on("SIGINT", () => {
  void stopAll().then(() => process.exit(130));
});
main().catch(async (error) => {
  console.error(`\nDemo failed: ${(error as Error).message}`);
  await stopAll();
  process.exit(1);
});
