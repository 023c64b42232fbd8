/**
 * `npm run bench:webhooks`: how fast the app acknowledges signed orders/create deliveries.
 *
 * The real web server (production build, server.ts) on real PostgreSQL and Redis receives
 * deliveries at fixed rates (open loop: one every 1000/rate ms, whatever the answers do) for
 * DURATION_S (60) seconds each: 100/s, 300/s, then rising rates (SATURATION_STEP_S, 30 s, each)
 * until it saturates (more than 1% non-2xx, p99 above 1 s, or the rate not kept). Side by side, at the same rates, a naive handler that verifies the HMAC, maps
 * the order and creates the draft at the shipping service inside the request (the sandbox with
 * 150 ms added latency). Prints p50/p99/max and non-2xx per rate, the ratio, and writes
 * bench/results/webhook-ack.json. Goals: p99 under 50 ms at 300/s with no error, and at 2,000/s
 * when that rate is run. The deliveries are for SHOPS (20) installed shops, in turn.
 * Then IDLE_SALES (6) sales of 100 deliveries at 300/s, each after IDLE_S (12) s without any
 * (IDLE_SALES=0: none): a sale after a quiet moment.
 * RATES (100,300), MAX_RATE (3000) and NAIVE=off (the app alone) pick the runs; e.g.
 * `RATES=2000 MAX_RATE=0 NAIVE=off` measures 2,000/s only.
 * WEB_NODE_ARGS passes Node options to the web server (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 */
import crypto from "node:crypto";
import http from "node:http";
import os from "node:os";
import { mapOrderToDraft } from "#app/orders/map.ts";
import { orderPayloadSchema } from "#app/orders/payload.ts";
import { createShippingClient } from "#app/shipping/client.server.ts";
import { parseShopSettings } from "#app/shops/settings.ts";
import { loadOrder } from "#test/fixtures/orders.ts";
import { freePort } from "../scripts/processes.ts";
import { sendDeliveries, slowestText, type DeliveryFigures } from "./deliveries.ts";
import { API_SECRET, processUsage, Stack, writeResult } from "./stack.ts";
import { shopifyHmac } from "#fakes/shopify/webhook-signer.ts";

const DURATION_S = Number(process.env.DURATION_S ?? 60);
const RATES = (process.env.RATES ?? "100,300").split(",").map(Number);
const MAX_RATE = Number(process.env.MAX_RATE ?? 3000);
/** NAIVE=off: the app alone (the naive handler cannot keep the higher rates anyway). */
const WITH_NAIVE = process.env.NAIVE !== "off";
/**
 * The shops the deliveries are for (SHOPS, 20), in turn: installed, so that each delivery takes the
 * whole path of a real order (payload stored, shipment row and event, the draft's job queued in
 * the shop's backlog). A shop without the app takes a shorter one (recorded, nothing else).
 */
const SHOPS = Array.from(
  { length: Number(process.env.SHOPS ?? 20) },
  (_, i) => `bench-webhooks-${i + 1}.myshopify.com`,
);
const SHOP = SHOPS[0]!;

// --- the app, as deployed (no worker: the acknowledgement alone) --------------------------------
const stack = await Stack.start({
  name: "bench_webhooks",
  sandbox: { rateLimits: false, faults: { latencyMs: 150 } },
  workers: 0,
  workerConcurrency: 1,
  webNodeArgs: (process.env.WEB_NODE_ARGS ?? "").split(" ").filter(Boolean),
});

for (const [i, shop] of SHOPS.entries())
  await stack.addShop(shop, `biteship_live.bench-webhooks-${i + 1}`);

// --- the naive handler: the shipping call inside the request -----------------------------------
const settings = parseShopSettings({
  pickup: {
    contactName: "Gudang",
    contactPhone: "+6281234567890",
    address: "Jl. Fatmawati 10, Jakarta",
    postalCode: 12430,
  },
});
const naiveClient = createShippingClient({
  baseUrl: stack.sandbox.url,
  apiKey: "biteship_live.bench-naive",
  retries: 0,
});
const naive = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", async () => {
    const raw = Buffer.concat(chunks);
    const expected = shopifyHmac(raw, API_SECRET);
    const given = String(req.headers["x-shopify-hmac-sha256"] ?? "");
    if (
      given.length !== expected.length ||
      !crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))
    )
      return res.writeHead(401).end();
    try {
      const order = orderPayloadSchema.parse(JSON.parse(raw.toString("utf8")));
      const { request } = mapOrderToDraft({ shop: SHOP, order, settings });
      if (request) await naiveClient.createDraftOrder(request);
      res.writeHead(200).end();
    } catch {
      res.writeHead(500).end();
    }
  });
});
const naivePort = await freePort();
await new Promise<void>((r) => naive.listen(naivePort, "127.0.0.1", r));

// --- the load -------------------------------------------------------------------------------
// Sent from a thread of their own, each body signed before the run (bench/deliveries.ts).
const template = loadOrder("multi-item");
let sequence = 0;

function bodies(count: number): { shop: string; body: string }[] {
  return Array.from({ length: count }, () => {
    sequence += 1;
    const id = 8_000_000_000_000 + sequence;
    return {
      shop: SHOPS[sequence % SHOPS.length]!,
      body: JSON.stringify({
        ...template,
        id,
        admin_graphql_api_id: `gid://shopify/Order/${id}`,
        name: `#B${sequence}`,
      }),
    };
  });
}

interface Run extends DeliveryFigures {
  handler: string;
  rate: number;
  /** CPU milliseconds per delivery (the app's runs): the web process, its database's backends, Redis. */
  cpuMsPerDelivery?: { web: number; postgres: number; redis: number };
}

/**
 * CPU seconds so far of the web process, of each PostgreSQL backend of the stack's database (by
 * pid: a backend started during a run counts whole), and of Redis (INFO cpu; nothing else uses
 * it during this benchmark).
 */
async function cpuNow(): Promise<{ web: number; backends: Map<number, number>; redis: number }> {
  const { rows } = await stack.pool.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
  );
  const info = await stack.redis.info("cpu");
  const redisS = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1] ?? 0);
  return {
    web: processUsage(stack.web.process.pid).cpuS,
    backends: new Map(rows.map((r) => [r.pid, processUsage(r.pid).cpuS])),
    redis: redisS("used_cpu_user") + redisS("used_cpu_sys"),
  };
}

function cpuPerDelivery(
  before: Awaited<ReturnType<typeof cpuNow>>,
  after: Awaited<ReturnType<typeof cpuNow>>,
  deliveries: number,
): NonNullable<Run["cpuMsPerDelivery"]> {
  let postgres = 0;
  for (const [pid, s] of after.backends) postgres += s - (before.backends.get(pid) ?? 0);
  const ms = (s: number) => +((s * 1000) / deliveries).toFixed(3);
  return {
    web: ms(after.web - before.web),
    postgres: ms(postgres),
    redis: ms(after.redis - before.redis),
  };
}

async function run(handler: "app" | "naive", rate: number, seconds = DURATION_S): Promise<Run> {
  const label = `${seconds === WARMUP_S ? "(warm-up) " : ""}${handler.padEnd(5)} ${String(rate).padStart(5)}/s`;
  process.stdout.write(`  ${label}: ${rate * seconds} deliveries over ${seconds} s…`);
  const cpuBefore = handler === "app" ? await cpuNow() : null;
  const figures = await sendDeliveries({
    port: handler === "naive" ? naivePort : stack.webPort,
    ...(handler === "naive" ? { path: "/" } : {}),
    topic: "orders/create",
    secret: API_SECRET,
    deliveries: bodies(Math.round(rate * seconds)),
    perSecond: rate,
  });
  const result: Run = {
    handler,
    rate,
    ...figures,
    ...(cpuBefore
      ? { cpuMsPerDelivery: cpuPerDelivery(cpuBefore, await cpuNow(), figures.sent) }
      : {}),
  };
  const cpu = result.cpuMsPerDelivery;
  process.stdout.write(
    `\r  ${label}: p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms, non-2xx ${result.non2xx}/${result.sent}, ${result.achievedRate}/s sent (late p99 ${result.lateP99} ms, max ${result.lateMax} ms)${cpu ? `; CPU per delivery: web ${cpu.web} ms, PostgreSQL ${cpu.postgres} ms, Redis ${cpu.redis} ms` : ""}            \n`,
  );
  return result;
}

// Warm-up (not counted): the JIT compiles the hot paths, the pools open their connections.
const WARMUP_S = Number(process.env.WARMUP_S ?? 5);
if (WARMUP_S > 0) {
  await run("app", 100, WARMUP_S);
  if (WITH_NAIVE) await run("naive", 100, WARMUP_S);
}
const runs: Run[] = [];
for (const rate of RATES) {
  runs.push(await run("app", rate));
  if (WITH_NAIVE) runs.push(await run("naive", rate));
}
// Saturation: raise the rate until more than 1% fail or p99 passes 1 s.
let saturation: number | null = null;
const SATURATION_STEP_S = Number(process.env.SATURATION_STEP_S ?? 30);
for (let rate = Math.max(...RATES) * 2; rate <= MAX_RATE; rate = Math.round(rate * 1.5)) {
  const r = await run("app", rate, SATURATION_STEP_S);
  runs.push(r);
  if (r.non2xx > r.sent * 0.01 || r.p99 > 1000 || r.achievedRate < rate * 0.9) {
    saturation = rate;
    break;
  }
}

// Sales after a quiet moment: IDLE_SALES (6) sales of 100 deliveries at 300/s, each after
// IDLE_S (12) s with no delivery (past the 10 s after which the database pool closes the
// connections it does not keep). Their first deliveries meet what a quiet moment left: closed
// connections, cold caches.
const IDLE_SALES = Number(process.env.IDLE_SALES ?? 6);
const IDLE_S = Number(process.env.IDLE_S ?? 12);
const idleSales: DeliveryFigures[] = [];
if (IDLE_SALES > 0)
  console.log(`  after ${IDLE_S} s idle, ${IDLE_SALES} sales of 100 deliveries at 300/s:`);
for (let i = 0; i < IDLE_SALES; i++) {
  await new Promise((r) => setTimeout(r, IDLE_S * 1000));
  const sale = await sendDeliveries({
    port: stack.webPort,
    topic: "orders/create",
    secret: API_SECRET,
    deliveries: bodies(100),
    perSecond: 300,
  });
  idleSales.push(sale);
  console.log(
    `    sale ${i + 1}: p50 ${sale.p50} ms, p99 ${sale.p99} ms, non-2xx ${sale.non2xx}; slowest ${slowestText(sale.slowest)}`,
  );
}

const at300 = runs.filter((r) => r.rate === 300);
const app300 = at300.find((r) => r.handler === "app");
const naive300 = at300.find((r) => r.handler === "naive");
const app2000 = runs.find((r) => r.handler === "app" && r.rate === 2000);
const memory = Number(/used_memory:(\d+)/.exec(await stack.redis.info("memory"))?.[1] ?? 0);

const summary = {
  benchmark: "webhook acknowledgement",
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}`,
  durationS: DURATION_S,
  runs,
  saturationRate: saturation,
  afterIdle: { idleS: IDLE_S, sales: idleSales },
  ratioP99NaiveOverAppAt300: app300 && naive300 ? +(naive300.p99 / app300.p99).toFixed(1) : null,
  goalMet: app300 ? app300.p99 < 50 && app300.non2xx === 0 : null,
  goal2000Met: app2000 ? app2000.p99 < 50 && app2000.non2xx === 0 : null,
  redisUsedMemoryBytesAfter: memory,
  at: new Date().toISOString(),
};
console.log(
  app300
    ? `\nAt 300/s: app p99 ${app300.p99} ms (goal < 50 ms, no error: ${summary.goalMet ? "met" : "NOT met"})${naive300 ? `; naive p99 ${naive300.p99} ms; ratio ${summary.ratioP99NaiveOverAppAt300}×` : ""}`
    : "\n300/s was not among the rates run (RATES): its goal is not judged",
);
if (app2000)
  console.log(
    `At 2,000/s: app p99 ${app2000.p99} ms (goal < 50 ms, no error: ${summary.goal2000Met ? "met" : "NOT met"})`,
  );
const kept = runs.filter((r) => r.handler === "app" && r.rate !== saturation).map((r) => r.rate);
console.log(
  saturation
    ? `Saturation: ${saturation}/s not kept (the highest rate kept: ${Math.max(...kept)}/s)`
    : `No saturation up to ${MAX_RATE}/s`,
);
writeResult("webhook-ack", summary);

naive.close();
await stack.stop();
process.exit(0);
