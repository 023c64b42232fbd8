/**
 * `npm run bench:pipeline`: store orders through create and confirm at the shipping service's
 * live limits, with the real web server, a worker process, Redis, PostgreSQL and the sandbox
 * (documented live limits, 100 ms added latency).
 *
 * 1. One shop, ORDERS (3,000) orders delivered as a flash sale: shipments confirmed per second
 *    against the ceiling (draft-order limit / 2 calls = 10/s), 429s, calls per shipment, and the
 *    sale's acknowledgements while the worker books. Before the sale, another shop's WARM_ORDERS
 *    (300) orders arrive at 30/s and are booked, as a deployed app has served orders before a sale
 *    comes; WARM_ORDERS=0 starts the sale on a stack started seconds earlier.
 * 2. SHOPS (10) shops with their own keys, SHOP_ORDERS (300) each, at once: aggregate rate and
 *    fairness (each shop's own rate, the spread of finishing times).
 * 3. Overhead: CPU seconds per order of web and worker over run 1, next to a bare BullMQ job
 *    (add + process, no work) on the same Redis; peak RSS of web and worker; Redis memory after.
 * 4. Small shops during a flash sale, with the default worker settings (one worker, concurrency
 *    10): one shop's FLASH_ORDERS (600) orders at once, and SMALL_SHOPS (5) other shops sending one
 *    order each while that backlog runs. Reported: each small order's time from delivery to
 *    booking (goal: within 10 s), and the flash sale's median time from order to booking next to
 *    its floor (half the backlog at the key's booking rate).
 *
 * 5. The embedded default next to PostgreSQL: the same orders through the same stack on each.
 * 6. A merchant's flood (`PARTS=flood`, bench/merchant-flood.ts): 2,000 "create shipment" requests
 *    from one shop's admin while five other shops send one order each.
 * 0. Cost per shipment (`PARTS=cost`, see runCost): CPU, Admin API calls, SQL statements, Redis
 *    commands and peak RSS per shipment, with the service out of the way.
 *
 * 7. A merchant's flood of cancellations (`PARTS=cancels`, bench/cancel-flood.ts): 2,000 cancels of
 *    ready drafts from one shop's admin while five other shops send one new order each.
 * PARTS (default "small,one,shops,databases,flood,cancels") picks the runs.
 * Writes bench/results/pipeline.json.
 */
import { courierRuleSchema } from "#app/shops/courier-rules.ts";
import os from "node:os";
import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import { LIVE_LIMITS } from "#sandbox/ratelimit.ts";
import { loadOrder } from "#test/fixtures/orders.ts";
import { runLean } from "./lean.ts";
import { runCancelFlood } from "./cancel-flood.ts";
import { runMerchantFlood } from "./merchant-flood.ts";
import { sendDeliveries, slowestText } from "./deliveries.ts";
import { API_SECRET, processUsage, progress, Stack, writeResult } from "./stack.ts";

const ORDERS = Number(process.env.ORDERS ?? 3000);
const SHOPS = Number(process.env.SHOPS ?? 10);
const SHOP_ORDERS = Number(process.env.SHOP_ORDERS ?? 300);
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 100);
const CONCURRENCY = Number(process.env.WORKER_CONCURRENCY ?? 50);
const CEILING = LIVE_LIMITS.draft_orders / 2;
const FLASH_ORDERS = Number(process.env.FLASH_ORDERS ?? 600);
const SMALL_SHOPS = Number(process.env.SMALL_SHOPS ?? 5);
const WARM_ORDERS = Number(process.env.WARM_ORDERS ?? 300);
const PARTS = new Set(
  (process.env.PARTS ?? "small,one,shops,databases,flood,cancels").split(",").map((p) => p.trim()),
);
/** The store order every run sends: a fixture (BENCH_ORDER; `cod` for cash on delivery). */
const template = loadOrder(process.env.BENCH_ORDER ?? "multi-item");
/**
 * COST_RULE=service|cheapest: the cost run's shop has one courier rule of that action for
 * every order, and the orders' checkout line names no service, so the rule picks each one.
 */
const COST_RULE = process.env.COST_RULE as "service" | "cheapest" | undefined;
let nextId = 7_000_000_000_000;

function orderFor(n: number) {
  nextId += 1;
  const address = template.shipping_address as Record<string, unknown>;
  return {
    ...template,
    id: nextId,
    admin_graphql_api_id: `gid://shopify/Order/${nextId}`,
    name: `#F${n}`,
    // Each order its own buyer (a COD order's risk reads the buyer's history by phone).
    shipping_address: { ...address, phone: `0812${String(10_000_000 + (nextId % 90_000_000))}` },
    ...(COST_RULE
      ? {
          shipping_lines: [{ id: 1, code: "Tarif Datar", title: "Tarif Datar", price: "19000.00" }],
        }
      : {}),
  };
}

/**
 * Delivers `count` orders/create per shop, `perSecond` in total, interleaving shops, from a thread
 * of their own (bench/deliveries.ts: the answers are not timed on the event loop that hosts the
 * sandbox and the fake Admin API). Each order is held by the fake Shopify first, as it holds the
 * orders it delivers.
 */
async function flashSale(stack: Stack, shops: string[], count: number, perSecond: number) {
  const deliveries: { shop: string; body: string }[] = [];
  for (let n = 0; n < count; n++)
    for (const shop of shops) {
      const body = JSON.stringify(orderFor(n));
      stack.shopify.hold("orders/create", shop, body);
      deliveries.push({ shop, body });
    }
  const figures = await sendDeliveries({
    port: stack.webPort,
    topic: "orders/create",
    secret: API_SECRET,
    deliveries,
    perSecond,
  });
  return {
    sent: figures.sent,
    non2xx: figures.non2xx,
    p99Ms: figures.p99,
    slowest: figures.slowest,
  };
}

async function confirmedPerShop(stack: Stack): Promise<Map<string, number>> {
  const { rows } = await stack.pool.query<{ shop: string; n: string }>(
    "SELECT shop, count(*) AS n FROM shipments WHERE status = 'confirmed' GROUP BY shop",
  );
  return new Map(rows.map((r) => [r.shop, Number(r.n)]));
}

/** Waits until every shop has `perShop` confirmed shipments; returns when each shop got there (s from t0). */
async function untilConfirmed(
  stack: Stack,
  shops: string[],
  perShop: number,
  t0: number,
  label: string,
  timeoutS: number,
) {
  const finished = new Map<string, number>();
  let last = 0;
  for (;;) {
    const counts = await confirmedPerShop(stack);
    const now = (performance.now() - t0) / 1000;
    for (const shop of shops)
      if (!finished.has(shop) && (counts.get(shop) ?? 0) >= perShop) finished.set(shop, now);
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    progress(
      `  ${label}: ${now.toFixed(0)} s, ${total}/${perShop * shops.length} confirmed (${((total - last) / 1).toFixed(0)}/s), backlog ${await stack.backlog()}, 429s ${stack.sandbox.rateLimiter.refused}`,
    );
    last = total;
    if (finished.size === shops.length) return finished;
    if (now > timeoutS)
      throw new Error(`${label}: not finished after ${timeoutS} s (${total} confirmed)`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The floor: a BullMQ job that does nothing, added and processed on the same Redis, in this process. */
async function bareBullmq(redisUrl: string, jobs: number, concurrency = CONCURRENCY) {
  const prefix = `pbbare${Date.now()}`;
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue("bare", { connection, prefix });
  let done = 0;
  let allDone: () => void = () => {};
  const finished = new Promise<void>((resolve) => (allDone = resolve));
  const worker = new Worker(
    "bare",
    async () => {
      done++;
      if (done === jobs) allDone();
    },
    {
      connection: new Redis(redisUrl, { maxRetriesPerRequest: null }),
      prefix,
      concurrency,
      removeOnComplete: { count: 1000 },
    },
  );
  await worker.waitUntilReady();
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < jobs; i += 100)
    await queue.addBulk(
      Array.from({ length: Math.min(100, jobs - i) }, (_, k) => ({
        name: "noop",
        data: { shop: "bare.myshopify.com", orderId: String(i + k) },
        opts: { jobId: `bare-${i + k}` },
      })),
    );
  await finished;
  const cpu = process.cpuUsage(cpu0);
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  connection.disconnect();
  return +(((cpu.user + cpu.system) / 1000 / jobs) as number).toFixed(3);
}

async function redisMemory(redis: Redis, prefix: string) {
  const info = await redis.info("memory");
  let keys = 0;
  let cursor = "0";
  do {
    const [next, found] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
    cursor = next;
    keys += found.length;
  } while (cursor !== "0");
  return {
    usedMemoryMb: +(Number(/used_memory:(\d+)/.exec(info)?.[1] ?? 0) / 1024 / 1024).toFixed(1),
    keysOfRun: keys,
  };
}

// --- 4. small shops during a flash sale --------------------------------------------------------
/** Seconds from each shipment's creation (the delivery) to its booking, per shop. */
async function bookingLatencies(stack: Stack, shops: string[]) {
  const { rows } = await stack.pool.query<{ shop: string; s: number }>(
    `SELECT s.shop, extract(epoch FROM e.created_at - s.created_at)::float8 AS s
       FROM shipments s JOIN shipment_events e ON e.shipment_id = s.id AND e.type = 'confirmed'
      WHERE s.shop = ANY($1)`,
    [shops],
  );
  const byShop = new Map<string, number[]>();
  for (const r of rows) byShop.set(r.shop, [...(byShop.get(r.shop) ?? []), r.s]);
  for (const list of byShop.values()) list.sort((a, b) => a - b);
  return byShop;
}

async function runSmallShops() {
  // The service's booking rate for one live key: two draft-order calls per shipment, at the share
  // of the limit the app uses.
  const keyRate = (LIVE_LIMITS.draft_orders * 0.98) / 2;
  const floorS = FLASH_ORDERS / 2 / keyRate;
  console.log(
    `Small shops during a flash sale: ${FLASH_ORDERS} orders of one shop at once, ${SMALL_SHOPS} other shops one order each meanwhile; default worker settings (1 worker, concurrency 10)`,
  );
  const stack = await Stack.start({
    name: "bench_pipeline_small",
    sandbox: { faults: { latencyMs: LATENCY_MS } },
    workers: 1,
    workerConcurrency: 10,
  });
  const flash = "flash-sale.myshopify.com";
  const smalls = Array.from({ length: SMALL_SHOPS }, (_, i) => `small-${i + 1}.myshopify.com`);
  await stack.addShop(flash, "biteship_live.bench-flash");
  for (const [i, s] of smalls.entries())
    await stack.addShop(s, `biteship_live.bench-small-${i + 1}`);
  const t0 = performance.now();
  const sale = flashSale(stack, [flash], FLASH_ORDERS, 300);
  // One small order a second from the first second of the sale, while its backlog is largest.
  for (const [i, s] of smalls.entries()) {
    await new Promise((r) => setTimeout(r, i === 0 ? 500 : 1000));
    const answer = await stack.deliver("orders/create", s, orderFor(10_000 + i));
    if (answer.status !== 200) throw new Error(`small shop's delivery answered ${answer.status}`);
  }
  const delivered = await sale;
  await untilConfirmed(stack, smalls, 1, t0, "small shops", 600);
  await untilConfirmed(stack, [flash], FLASH_ORDERS, t0, "flash sale", 1800);
  console.log("");
  const latencies = await bookingLatencies(stack, [flash, ...smalls]);
  const small = smalls.map((s) => latencies.get(s)?.[0] ?? Number.NaN);
  const flashTimes = latencies.get(flash) ?? [];
  const median = flashTimes[Math.floor(flashTimes.length / 2)] ?? Number.NaN;
  const result = {
    flashOrders: FLASH_ORDERS,
    smallShops: SMALL_SHOPS,
    workerConcurrency: 10,
    smallShopBookingS: small.map((t) => +t.toFixed(2)),
    smallShopWorstS: +Math.max(...small).toFixed(2),
    smallShopGoalS: 10,
    smallShopGoalMet: Math.max(...small) <= 10,
    flashMedianBookingS: +median.toFixed(2),
    flashFloorMedianS: +floorS.toFixed(2),
    flashFirstBookingS: +(flashTimes[0] ?? Number.NaN).toFixed(2),
    flashBookedInFirstHalf: flashTimes.filter((t) => t <= (flashTimes.at(-1) ?? 0) / 2).length,
    flashLastBookingS: +(flashTimes.at(-1) ?? Number.NaN).toFixed(2),
    responses429: stack.sandbox.rateLimiter.refused,
    webhookDeliveries: delivered,
  };
  await stack.stop();
  console.log(
    `  small shops booked after ${result.smallShopBookingS.join(", ")} s (worst ${result.smallShopWorstS} s; goal ≤ 10 s: ${result.smallShopGoalMet ? "met" : "NOT met"})`,
  );
  console.log(
    `  flash sale: median order-to-booking ${result.flashMedianBookingS} s (floor ${result.flashFloorMedianS} s: half the backlog at ${keyRate} bookings/s); first booking ${result.flashFirstBookingS} s, last ${result.flashLastBookingS} s, ${result.flashBookedInFirstHalf} of ${flashTimes.length} booked in the first half of the run; 429s ${result.responses429}`,
  );
  return { smallShops: result };
}

// --- 0. cost per shipment ---------------------------------------------------------------------------
/**
 * What one shipment costs, with the service out of the way: COST_WARMUP (200) orders of one shop
 * delivered at 300/s and booked first (a fresh process's first shipments also pay for loading and
 * compiling its code), then COST_ORDERS (400) more, measured from their first delivery until the
 * queue is empty (drafts, confirmations and the Shopify status write of each booking), with the
 * sandbox without rate limits or added latency and one worker at concurrency COST_CONCURRENCY
 * (10). Per shipment: CPU of web and worker, Shopify Admin API calls, SQL statements of each
 * process, Redis commands (INFO commandstats, every client's; BENCH_SQL_TEXTS=1 prints them by
 * command, and the SQL statements' texts), and each process's peak RSS, next to a bare BullMQ job
 * on the same Redis and to the lean worker (bench/lean.ts: the least work any correct worker must
 * do, on the same stack and orders, after the same warm-up). COST_CPU_PROF=1 writes the worker's
 * CPU profile to bench/results/profiles. COST_DIMENSIONS=1 runs the shop with its variants' sizes
 * read from Shopify (`dimensionsFromShopify`). COST_RULE (above) runs it with a courier rule.
 */
async function runCost() {
  const orders = Number(process.env.COST_ORDERS ?? 400);
  const warmup = Number(process.env.COST_WARMUP ?? 200);
  const concurrency = Number(process.env.COST_CONCURRENCY ?? 10);
  console.log(
    `Cost per shipment: ${orders} orders of one shop after ${warmup} to warm up, no rate limits, 1 worker, concurrency ${concurrency}`,
  );
  const stack = await Stack.start({
    name: "bench_pipeline_cost",
    sandbox: { rateLimits: false },
    workers: 1,
    workerConcurrency: concurrency,
    countSql: true,
    workerNodeArgs: process.env.COST_CPU_PROF
      ? ["--cpu-prof", "--cpu-prof-dir", "bench/results/profiles"]
      : [],
  });
  const shop = "toko-hemat.myshopify.com";
  await stack.addShop(shop, "biteship_live.bench-cost", {
    dimensionsFromShopify: process.env.COST_DIMENSIONS === "1",
    ...(COST_RULE
      ? {
          courierRules: [
            courierRuleSchema.parse({
              name: "Semua pesanan",
              then:
                COST_RULE === "service"
                  ? { kind: "service", company: "jne", type: "reg" }
                  : { kind: "cheapest" },
            }),
          ],
        }
      : {}),
  });
  const webPid = stack.web.process.pid;
  const workerPid = stack.workers[0]!.process.pid;
  const firstId = nextId + 1;
  const idle = { web: processUsage(webPid), worker: processUsage(workerPid) };
  // A worker runs for days: the first shipments of a fresh process also pay for loading and
  // compiling its code. They are booked first and counted apart (cold), then the measured ones.
  if (warmup > 0) {
    const t = performance.now();
    await flashSale(stack, [shop], warmup, 300);
    await untilConfirmed(stack, [shop], warmup, t, "cost warm-up", 900);
    while ((await stack.backlog()) > 0) await new Promise((r) => setTimeout(r, 100));
  }
  const sql0 = await stack.sqlStatements();
  const redis0 = await stack.redisCommands();
  const redisCpu0 = await stack.redisCpuSeconds();
  const stats0 = await stack.redisCommandStats();
  const admin0 = [...stack.shopify.calls.values()].reduce((a, b) => a + b, 0);
  const points0 = stack.shopify.orders.costs.spent.get(shop) ?? 0;
  const web0 = processUsage(webPid);
  const worker0 = processUsage(workerPid);
  const t0 = performance.now();
  const sale = await flashSale(stack, [shop], orders, 300);
  await untilConfirmed(stack, [shop], warmup + orders, t0, "cost", 900);
  while ((await stack.backlog()) > 0) await new Promise((r) => setTimeout(r, 100));
  const seconds = (performance.now() - t0) / 1000;
  const web1 = processUsage(webPid);
  const worker1 = processUsage(workerPid);
  const sql1 = await stack.sqlStatements();
  const redis1 = await stack.redisCommands();
  const redisCpu1 = await stack.redisCpuSeconds();
  if (process.env.BENCH_SQL_TEXTS) {
    // Each Redis command's calls per shipment in the measured run (the benchmark's polling included).
    const stats1 = await stack.redisCommandStats();
    const perShipment = Object.entries(stats1)
      .map(([command, calls]) => [command, +((calls - (stats0[command] ?? 0)) / orders).toFixed(2)])
      .filter(([, calls]) => (calls as number) > 0)
      .sort((a, b) => (b[1] as number) - (a[1] as number));
    console.log(Object.fromEntries(perShipment));
    // The worker's SQL statements per shipment in the measured run, by text.
    const texts = Object.entries(sql1.workerTexts ?? {})
      .map(([text, n]) => [text, +((n - (sql0.workerTexts?.[text] ?? 0)) / orders).toFixed(2)])
      .filter(([, n]) => (n as number) > 0)
      .sort((a, b) => (b[1] as number) - (a[1] as number));
    console.log(Object.fromEntries(texts));
  }
  const adminByOperation = Object.fromEntries(stack.shopify.calls);
  const admin1 = [...stack.shopify.calls.values()].reduce((a, b) => a + b, 0);
  const points1 = stack.shopify.orders.costs.spent.get(shop) ?? 0;
  const orderIds = Array.from({ length: warmup + orders }, (_, i) => firstId + i);
  const lean = await runLean(stack, shop, orderIds, warmup, concurrency);
  const floorMs = await bareBullmq(stack.env.REDIS_URL!, 5000, concurrency);
  await stack.stop();
  const per = (n: number) => +(n / orders).toFixed(3);
  const workerCpuMs = ((worker1.cpuS - worker0.cpuS) * 1000) / orders;
  const cost = {
    orders,
    warmup,
    concurrency,
    seconds: +seconds.toFixed(1),
    webhookP99Ms: +sale.p99Ms.toFixed(1),
    workerCpuMs: +workerCpuMs.toFixed(3),
    // The warm-up's shipments too, from the worker's start (what the first run of a process costs).
    workerCpuColdMs: +(((worker1.cpuS - idle.worker.cpuS) * 1000) / (warmup + orders)).toFixed(3),
    leanWorkerCpuMs: lean.cpuMs,
    leanPace: lean.pace,
    leanWorkerCpuColdMs: lean.cpuColdMs,
    ratioToLean: +(workerCpuMs / lean.cpuMs).toFixed(2),
    leanPeakRssMb: lean.peakRssMb,
    webCpuMs: per((web1.cpuS - web0.cpuS) * 1000),
    bareBullmqJobCpuMs: floorMs,
    adminCalls: per(admin1 - admin0),
    adminCallsByOperation: adminByOperation,
    // Shopify's query-cost points (the answers' actual costs, by its documented calculation).
    adminPoints: per(points1 - points0),
    workerSqlStatements: per(sql1.workers[0]! - sql0.workers[0]!),
    webSqlStatements: per(sql1.web - sql0.web),
    // Less the benchmark's own polling (a few hundred commands over the run).
    redisCommands: per(redis1 - redis0),
    // Redis's own CPU per shipment (its one thread): 1,000 ms over it is what one slot sustains.
    redisCpuMs: per((redisCpu1 - redisCpu0) * 1000),
    workerPeakRssMb: worker1.peakRssMb,
    webPeakRssMb: web1.peakRssMb,
    // Before the first delivery: started, one shop added, nothing done yet.
    workerIdleRssMb: idle.worker.rssMb,
    webIdleRssMb: idle.web.rssMb,
  };
  console.log("");
  console.log(
    `  per shipment: worker CPU ${cost.workerCpuMs} ms (${cost.ratioToLean} × the lean worker's ${lean.cpuMs} ms, paced "${lean.pace}"; cold, warm-up included: ${cost.workerCpuColdMs} ms against ${lean.cpuColdMs} ms; bare BullMQ job ${floorMs} ms), web CPU ${cost.webCpuMs} ms; Admin API calls ${cost.adminCalls} (${JSON.stringify(adminByOperation)}), ${cost.adminPoints} query-cost points; SQL statements worker ${cost.workerSqlStatements}, web ${cost.webSqlStatements}; Redis commands ${cost.redisCommands}, Redis CPU ${cost.redisCpuMs} ms (one slot: at most ${Math.floor(1000 / cost.redisCpuMs)} shipments/s)`,
  );
  console.log(
    `  peak RSS worker ${cost.workerPeakRssMb} MB (lean ${lean.peakRssMb} MB), web ${cost.webPeakRssMb} MB (idle before the run: worker ${cost.workerIdleRssMb} MB, web ${cost.webIdleRssMb} MB); ${orders} shipments in ${cost.seconds} s (lean ${lean.seconds} s); webhook p99 ${cost.webhookP99Ms} ms (slowest: ${slowestText(sale.slowest)})`,
  );
  return { cost };
}

// --- 1. one shop ---------------------------------------------------------------------------------
async function runOneShop() {
  console.log(
    `Pipeline: ${ORDERS} orders, one shop, live limits (${LIVE_LIMITS.draft_orders} draft-order calls/s = ${CEILING} shipments/s), ${LATENCY_MS} ms latency`,
  );
  const one = await Stack.start({
    name: "bench_pipeline",
    sandbox: { faults: { latencyMs: LATENCY_MS } },
    workers: 1,
    workerConcurrency: CONCURRENCY,
  });
  const shop = "flash-sale.myshopify.com";
  const key = "biteship_live.bench-flash-sale";
  await one.addShop(shop, key);
  if (WARM_ORDERS > 0) {
    // A quiet day's orders of another shop (its own key), booked before the sale: the processes'
    // code has run and their connections are open, as in an app that has been serving orders.
    const quiet = "quiet-day.myshopify.com";
    await one.addShop(quiet, "biteship_live.bench-quiet-day");
    const warm = await flashSale(one, [quiet], WARM_ORDERS, 30);
    await untilConfirmed(one, [quiet], WARM_ORDERS, performance.now(), "before the sale", 600);
    console.log(
      `  before the sale: another shop's ${warm.sent} orders at 30/s, booked (p99 ${warm.p99Ms.toFixed(1)} ms)`,
    );
  }
  // What the sale itself adds to the counts (the warm-up's calls are not the sale's).
  const requestsBefore = new Map(one.sandbox.requests);
  const adminBefore = new Map(one.shopify.calls);
  const refusedBefore = one.sandbox.rateLimiter.refused;
  const webBefore = processUsage(one.web.process.pid);
  const workerBefore = processUsage(one.workers[0]!.process.pid);
  const t0 = performance.now();
  const sale = await flashSale(one, [shop], ORDERS, 300);
  console.log(
    `  ${sale.sent} deliveries at 300/s: ${sale.non2xx} non-2xx, p99 ${sale.p99Ms.toFixed(1)} ms (slowest: ${slowestText(sale.slowest)})`,
  );
  const done = await untilConfirmed(one, [shop], ORDERS, t0, "one shop", 1800);
  const elapsed = done.get(shop)!;
  console.log("");
  const webAfter = processUsage(one.web.process.pid);
  const workerAfter = processUsage(one.workers[0]!.process.pid);
  // Let the run's follow-up jobs (Shopify sync) finish before counting Redis memory.
  for (let i = 0; i < 60 && (await one.backlog()) > 0; i++)
    await new Promise((r) => setTimeout(r, 1000));
  const since = (now: Map<string, number>, before: Map<string, number>) =>
    new Map(
      [...now]
        .map(([k, n]): [string, number] => [k, n - (before.get(k) ?? 0)])
        .filter(([, n]) => n !== 0),
    );
  const saleRequests = since(one.sandbox.requests, requestsBefore);
  const adminCalls = since(one.shopify.calls, adminBefore);
  const refused = one.sandbox.rateLimiter.refused - refusedBefore;
  const requests = Object.fromEntries(saleRequests);
  const createCalls = requests["POST /v1/draft_orders"] ?? 0;
  const confirmCalls = requests["POST /v1/draft_orders/:id/confirm"] ?? 0;
  const serviceCalls = [...saleRequests.values()].reduce((a, b) => a + b, 0);
  const { drafts, orders } = one.serviceCounts([key]);
  const rate = ORDERS / elapsed;
  const floorMs = await bareBullmq(one.env.REDIS_URL!, 5000);
  const oneShop = {
    orders: ORDERS,
    elapsedS: +elapsed.toFixed(1),
    shipmentsPerS: +rate.toFixed(2),
    ceilingPerS: CEILING,
    shareOfCeiling: +(rate / CEILING).toFixed(3),
    goalMet: rate >= CEILING * 0.95,
    serviceCalls,
    callsByRoute: requests,
    // Requests the service handled (a 429 is refused before any work, and counted apart).
    callsPerShipment: +((serviceCalls - refused) / ORDERS).toFixed(3),
    requestsPerShipmentWith429s: +(serviceCalls / ORDERS).toFixed(3),
    createAndConfirmPerShipment: +((createCalls + confirmCalls - refused) / ORDERS).toFixed(3),
    responses429: refused,
    draftsAtService: drafts.size,
    ordersAtService: orders.size,
    duplicates: [...drafts.values(), ...orders.values()].filter((n) => n > 1).length,
    webhookDeliveries: sale,
    // Shopify Admin API calls the worker made (the fake counts them per operation).
    adminCallsByOperation: Object.fromEntries(adminCalls),
    adminCallsPerShipment: +([...adminCalls.values()].reduce((a, b) => a + b, 0) / ORDERS).toFixed(
      3,
    ),
    warmOrders: WARM_ORDERS,
  };
  const overhead = {
    webCpuMsPerOrder: +(((webAfter.cpuS - webBefore.cpuS) * 1000) / ORDERS).toFixed(3),
    workerCpuMsPerOrder: +(((workerAfter.cpuS - workerBefore.cpuS) * 1000) / ORDERS).toFixed(3),
    bareBullmqJobCpuMs: floorMs,
    webPeakRssMb: webAfter.peakRssMb,
    workerPeakRssMb: workerAfter.peakRssMb,
    redisAfterRun: await redisMemory(one.redisServers()[0]!, one.prefix),
  };
  await one.stop();
  console.log(
    `  ${rate.toFixed(2)} shipments/s = ${(oneShop.shareOfCeiling * 100).toFixed(1)}% of the ${CEILING}/s ceiling (goal ≥ 95%: ${oneShop.goalMet ? "met" : "NOT met"}); 429s: ${oneShop.responses429}; calls per shipment: ${oneShop.callsPerShipment} (requests with the 429s: ${JSON.stringify(requests)})`,
  );
  console.log(
    `  Shopify Admin API calls per shipment: ${oneShop.adminCallsPerShipment} (${JSON.stringify(oneShop.adminCallsByOperation)})`,
  );
  console.log(
    `  CPU per order: web ${overhead.webCpuMsPerOrder} ms + worker ${overhead.workerCpuMsPerOrder} ms (bare BullMQ job: ${floorMs} ms); peak RSS web ${overhead.webPeakRssMb} MB, worker ${overhead.workerPeakRssMb} MB; Redis after: ${overhead.redisAfterRun.usedMemoryMb} MB, ${overhead.redisAfterRun.keysOfRun} keys`,
  );
  return { oneShop, overhead };
}

// --- 2. ten shops ----------------------------------------------------------------------------------
async function runShops() {
  console.log(
    `\nFairness: ${SHOPS} shops with their own keys, ${SHOP_ORDERS} orders each, at once`,
  );
  const many = await Stack.start({
    name: "bench_pipeline_shops",
    sandbox: { faults: { latencyMs: LATENCY_MS } },
    workers: 1,
    workerConcurrency: CONCURRENCY,
  });
  const shops = Array.from({ length: SHOPS }, (_, i) => `shop-${i + 1}.myshopify.com`);
  // One shop gets its backlog first: the others must not wait behind it.
  for (const [i, s] of shops.entries()) await many.addShop(s, `biteship_live.bench-shop-${i + 1}`);
  const t1 = performance.now();
  await flashSale(many, [shops[0]!], SHOP_ORDERS, 300);
  const sale2 = await flashSale(many, shops.slice(1), SHOP_ORDERS, 300);
  const finished = await untilConfirmed(many, shops, SHOP_ORDERS, t1, `${SHOPS} shops`, 1800);
  console.log("");
  const times = shops.map((s) => finished.get(s)!);
  const total = SHOPS * SHOP_ORDERS;
  const last = Math.max(...times);
  const perShopRates = times.map((t) => SHOP_ORDERS / t);
  const jain =
    perShopRates.reduce((a, b) => a + b, 0) ** 2 /
    (perShopRates.length * perShopRates.reduce((a, b) => a + b * b, 0));
  const fairness = {
    shops: SHOPS,
    ordersPerShop: SHOP_ORDERS,
    aggregatePerS: +(total / last).toFixed(2),
    aggregateCeilingPerS: CEILING * SHOPS,
    finishedAfterS: Object.fromEntries(shops.map((s, i) => [s, +times[i]!.toFixed(1)])),
    perShopPerS: +(SHOP_ORDERS / last).toFixed(2),
    slowestOverFastest: +(Math.max(...times) / Math.min(...times)).toFixed(2),
    jainIndex: +jain.toFixed(3),
    responses429: many.sandbox.rateLimiter.refused,
    webhookDeliveries: sale2,
  };
  await many.stop();
  console.log(
    `  aggregate ${fairness.aggregatePerS} shipments/s (ceiling ${fairness.aggregateCeilingPerS}/s); each shop finished between ${Math.min(...times).toFixed(1)} s and ${last.toFixed(1)} s (Jain's index ${fairness.jainIndex}); 429s: ${fairness.responses429}`,
  );
  return { fairness };
}

// --- 5. the embedded default next to PostgreSQL ------------------------------------------------------
/**
 * The same load on both databases: DB_SHOPS (8) shops with their own keys, DB_ORDERS (50) orders
 * each, delivered at once; the sandbox without rate limits or added latency, so that the worker's
 * pacing per key (about 10 shipments/s each) leaves the database's share to show; one worker at
 * the default concurrency (10). Shipments confirmed per second from the first delivery.
 */
async function runDatabases() {
  const shopCount = Number(process.env.DB_SHOPS ?? 8);
  const perShop = Number(process.env.DB_ORDERS ?? 50);
  console.log(
    `\nDatabases: ${shopCount} shops × ${perShop} orders at once, no rate limits, 1 worker, concurrency 10, on PostgreSQL and on embedded PGlite`,
  );
  const figures: Record<string, { shipmentsPerS: number; seconds: number; webhookP99Ms: number }> =
    {};
  for (const database of ["postgres", "pglite"] as const) {
    const stack = await Stack.start({
      name: `bench_pipeline_${database}`,
      sandbox: { rateLimits: false },
      workers: 1,
      workerConcurrency: 10,
      database,
    });
    const shops = Array.from({ length: shopCount }, (_, i) => `toko-db-${i + 1}.myshopify.com`);
    for (const [i, shop] of shops.entries())
      await stack.addShop(shop, `biteship_live.bench-db-${database}-${i + 1}`);
    const t0 = performance.now();
    const sale = await flashSale(stack, shops, perShop, 300);
    const finished = await untilConfirmed(stack, shops, perShop, t0, database, 900);
    console.log("");
    const seconds = Math.max(...finished.values());
    figures[database] = {
      shipmentsPerS: +((shopCount * perShop) / seconds).toFixed(2),
      seconds: +seconds.toFixed(1),
      webhookP99Ms: +sale.p99Ms.toFixed(1),
    };
    await stack.stop();
    console.log(
      `  ${database}: ${figures[database].shipmentsPerS} shipments/s (${shopCount * perShop} in ${figures[database].seconds} s); webhook p99 ${figures[database].webhookP99Ms} ms`,
    );
  }
  return { databases: { shops: shopCount, ordersPerShop: perShop, ...figures } };
}

const results: Record<string, unknown> = {};
if (PARTS.has("cost")) Object.assign(results, await runCost());
if (PARTS.has("small")) Object.assign(results, await runSmallShops());
if (PARTS.has("one")) Object.assign(results, await runOneShop());
if (PARTS.has("shops")) Object.assign(results, await runShops());
if (PARTS.has("databases")) Object.assign(results, await runDatabases());
if (PARTS.has("flood"))
  Object.assign(results, await runMerchantFlood({ orderFor, bookingLatencies }));
if (PARTS.has("cancels"))
  Object.assign(results, await runCancelFlood({ orderFor, bookingLatencies }));

const file = writeResult("pipeline", {
  benchmark: "pipeline",
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  latencyMs: LATENCY_MS,
  workerConcurrency: CONCURRENCY,
  ...results,
  at: new Date().toISOString(),
});
console.log(`\nWrote ${file}`);
process.exit(0);
