/**
 * `npm run bench:shops`: one deployment, SHOPS (10,000) installed shops. The production web server
 * and one worker (compiled, plain node, WORKER_CONCURRENCY 10, the default) on PostgreSQL and
 * Redis, the fake Shopify answering every Admin call after LATENCY_MS (200 ms), HUNG (10) shops'
 * calls never answered. Each shop is installed with its offline session; ORDERING (1 %) of them
 * have a shipping key and one order Shopify holds that the app never received (a lost webhook).
 *
 * Then one lost-webhook sweep (`sync-orders`, as its schedule runs it): it queues one
 * sync-shop-orders job per shop, which the worker runs at each shop's turn. Reported: how long the
 * sweep takes until every shop's job has ended (against its 15-minute interval), the shops Shopify
 * answered, the Admin calls, the lost orders recorded and booked, each shop's job time (p50, p99)
 * for the answering shops, and, meanwhile, `orders/create` deliveries to shops picked across all
 * of them every PROBE_MS (50 ms), timed to their acknowledgement (p50, p99). And what an idle shop
 * costs: the database (its shop and session rows) and Redis (after the sweep, with its job kept
 * as BullMQ keeps finished jobs), each per shop. Then every shop opens its shipments list once
 * (PAGES_AT_ONCE, 16, at a time), Shopify still answering after LATENCY_MS: the answers, their
 * times and the web process's memory before and after; web and worker RSS at the end.
 * Goals: the sweep ends within its 15-minute interval; acknowledgements p99 under 50 ms (by the
 * web server's own histogram: at least 99 % within 50 ms); the web process under 400 MB after
 * every shop opened its list.
 *
 * Writes bench/results/shops.json.
 */
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { Queue } from "bullmq";
import { sql } from "drizzle-orm";
import * as schema from "#app/db/schema.ts";
import { offlineSessionRow } from "#fakes/shopify/fake-shopify-server.ts";
import { orderWithId } from "#test/fixtures/orders.ts";
import {
  API_SECRET,
  compiledScript,
  msSummary,
  processUsage,
  progress,
  round,
  Stack,
  writeResult,
} from "./stack.ts";

const SHOPS = Number(process.env.SHOPS ?? 10_000);
const ORDERING = Number(process.env.ORDERING ?? Math.ceil(SHOPS / 100));
const HUNG = Number(process.env.HUNG ?? 10);
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 200);
const PROBE_MS = Number(process.env.PROBE_MS ?? 50);
/** Page loads at once in the pages phase (each shop opens its shipments list once); 0 skips it. */
const PAGES_AT_ONCE = Number(process.env.PAGES_AT_ONCE ?? 16);
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
const ADMIN_TIMEOUT_MS = Number(process.env.ADMIN_TIMEOUT_MS ?? 10_000);
const SWEEP_INTERVAL_S = 15 * 60;
const METRICS_TOKEN = "bench-shops-metrics-token";
/**
 * HEAP_SNAPSHOT=1: the web process writes a heap snapshot (bench/results/, Node's
 * --heapsnapshot-signal) after every shop opened its list: what its memory holds, for Chromium's
 * DevTools or `npx tsx bench/heap-summary.ts <file>`.
 */
const HEAP_SNAPSHOT = process.env.HEAP_SNAPSHOT === "1";
const GOAL = { sweepSeconds: SWEEP_INTERVAL_S, ackP99Ms: 50, webRssMbAfterPages: 400 };

const shopName = (i: number) => `many-${String(i).padStart(5, "0")}.myshopify.com`;

const stack = await Stack.start({
  name: "bench_shops",
  sandbox: { rateLimits: false },
  workers: 1,
  workerConcurrency: 10,
  env: { SHOPIFY_ADMIN_TIMEOUT_MS: String(ADMIN_TIMEOUT_MS), METRICS_TOKEN },
  // The web process reaches the fake Shopify as the worker does (its pages read the shop's zone).
  webNodeArgs: [
    "--import",
    compiledScript("fakes/shopify/redirect-shopify-admin.ts"),
    ...(HEAP_SNAPSHOT
      ? ["--heapsnapshot-signal=SIGWINCH", `--diagnostic-dir=${path.resolve("bench/results")}`]
      : []),
  ],
});
try {
  const redisBefore = await usedMemory(stack);
  // Installed shops with their sessions, a thousand rows a statement.
  for (let from = 0; from < SHOPS; from += 1_000) {
    const batch = Array.from({ length: Math.min(1_000, SHOPS - from) }, (_, k) =>
      shopName(from + k),
    );
    await stack.db.insert(schema.shops).values(batch.map((shop) => ({ shop })));
    await stack.db
      .insert(schema.sessionTable)
      .values(batch.map((shop) => offlineSessionRow(shop, stack.shopify.connect(shop))));
    progress(`  ${from + batch.length} shops installed`);
  }
  process.stdout.write("\n");
  const idle = await idleCost(stack);
  // The shops with a lost order: a shipping key, and the order only Shopify holds.
  const ordering = Array.from({ length: ORDERING }, (_, k) =>
    shopName(Math.floor((k * SHOPS) / ORDERING)),
  );
  const lost = new Map<string, number>();
  for (const shop of ordering) {
    await stack.addShop(shop, `biteship_live.${shop.slice(0, 10)}`);
    const id = 9_000_000_000_000 + lost.size;
    const order = orderWithId("multi-item", id, {
      name: `#L${lost.size + 1}`,
      updated_at: new Date().toISOString(),
    });
    stack.shopify.orders.put(shop, order);
    lost.set(shop, order.id as number);
  }
  const hung = Array.from({ length: HUNG }, (_, k) => shopName(SHOPS - 1 - k * 7));
  for (const shop of hung) stack.shopify.hang(shop);
  stack.shopify.latencyMs = LATENCY_MS;

  const adminBefore = totalCalls(stack);
  const maintenance = new Queue("maintenance", { connection: stack.redis, prefix: stack.prefix });
  const shipmentsQueue = new Queue("shipments", { connection: stack.redis, prefix: stack.prefix });
  const started = performance.now();
  await maintenance.add("sync-orders", { lookbackMinutes: 180 });
  let done = false;
  const acks: number[] = [];
  const refused: number[] = [];
  const probing = (async () => {
    let next = 9_100_000_000_000;
    while (!done) {
      next += 1;
      const shop = shopName(Math.floor(Math.random() * SHOPS));
      const order = orderWithId("multi-item", next, { name: `#P${next % 100_000}` });
      const answer = await stack.deliver("orders/create", shop, order);
      if (answer.status === 200) acks.push(answer.ms);
      else refused.push(answer.status);
      await new Promise((r) => setTimeout(r, PROBE_MS));
    }
  })();
  // The sweep has ended when the maintenance job is done and no shop's job is left.
  for (;;) {
    await new Promise((r) => setTimeout(r, 1_000));
    const counts = await maintenance.getJobCounts("completed", "failed");
    const left = await sweepJobsLeft(shipmentsQueue);
    progress(
      `  ${Math.round((performance.now() - started) / 1000)} s: sweep ${counts.completed ? "queued" : "queueing"}, ${left} shops' jobs left`,
    );
    if ((counts.completed ?? 0) + (counts.failed ?? 0) > 0 && left === 0) break;
  }
  const sweepSeconds = round((performance.now() - started) / 1000);
  done = true;
  await probing;
  process.stdout.write("\n");
  // The lost orders' own work (draft, booking) to its end, at most two minutes more.
  for (let waited = 0; waited < 120 && (await stack.backlog()) > 0; waited++)
    await new Promise((r) => setTimeout(r, 1_000));
  const jobs = await sweepJobs(shipmentsQueue);
  const answering = jobs.filter((j) => !hung.includes(j.shop) && j.ok).map((j) => j.ms);
  // Every shop Shopify answered, once: its calls per shop (the kept jobs are the newest 10,000).
  let asked = 0;
  for (let i = 0; i < SHOPS; i++)
    if ((stack.shopify.callsOf(shopName(i)).get("ShippingOrders") ?? 0) > 0) asked++;
  const server = await serverAcks(stack);
  const taken = await stack.pool.query<{ recorded: string; booked: string }>(
    `SELECT count(*) AS recorded, count(*) FILTER (WHERE status = 'confirmed') AS booked
     FROM shipments WHERE shop = ANY($1) AND order_id = ANY($2)`,
    [[...lost.keys()], [...lost.values()].map(String)],
  );
  const redisAfter = await usedMemory(stack);
  const pages = PAGES_AT_ONCE > 0 ? await everyShopOpensItsList(stack, hung) : null;
  if (HEAP_SNAPSHOT) await heapSnapshot(stack.web.process.pid!);
  const result = {
    shops: SHOPS,
    ordering: ORDERING,
    hung: HUNG,
    latencyMs: LATENCY_MS,
    adminTimeoutMs: ADMIN_TIMEOUT_MS,
    workerConcurrency: 10,
    sweepSeconds,
    shopsAnswered: asked,
    sweepJobsKept: {
      done: jobs.filter((j) => j.ok).length,
      failed: jobs.filter((j) => !j.ok).length,
      answeringShopJob: msSummary(answering),
    },
    adminCalls: totalCalls(stack) - adminBefore,
    lostOrders: {
      recorded: Number(taken.rows[0]!.recorded),
      booked: Number(taken.rows[0]!.booked),
    },
    acks: { ...msSummary(acks), refused: refused.length },
    serverAcks: server,
    idlePerShop: {
      databaseBytes: idle.databaseBytes,
      redisBytesAfterSweep: Math.round((redisAfter - redisBefore) / SHOPS),
    },
    pages,
    rssMb: {
      web: processUsage(stack.web.process.pid).rssMb,
      webPeak: processUsage(stack.web.process.pid).peakRssMb,
      worker: processUsage(stack.workers[0]!.process.pid).rssMb,
      workerPeak: processUsage(stack.workers[0]!.process.pid).peakRssMb,
    },
    goal: GOAL,
    goalMet: false,
  };
  // Acknowledgements by the web server's own clock (this process's also waits on the fakes it hosts).
  result.goalMet =
    result.sweepSeconds < GOAL.sweepSeconds &&
    server.within50msPct >= 99 &&
    (pages === null || pages.webRssMbAfter < GOAL.webRssMbAfterPages);
  await maintenance.close();
  await shipmentsQueue.close();
  writeResult("shops", result);
  console.log(JSON.stringify(result, null, 2));
} finally {
  await stack.stop();
}

/**
 * Each shop (the silent ones aside) opens its shipments list once, as the embedded admin loads it
 * (the list route's data, with the shop's session token), PAGES_AT_ONCE at a time: the answers,
 * their times, and the web process's memory before and after (its caches per shop are bounded).
 */
async function everyShopOpensItsList(s: Stack, silent: readonly string[]) {
  const rssBefore = processUsage(s.web.process.pid).rssMb;
  const times: number[] = [];
  const statuses = new Map<number, number>();
  const shops = Array.from({ length: SHOPS }, (_, i) => shopName(i)).filter(
    (shop) => !silent.includes(shop),
  );
  let next = 0;
  const open = async () => {
    for (let i = next++; i < shops.length; i = next++) {
      const shop = shops[i]!;
      const { token } = await getJwt(shop.replace(".myshopify.com", ""), "bench-app", API_SECRET);
      const started = performance.now();
      const answer = await fetch(`http://127.0.0.1:${s.webPort}/app?_data=routes%2Fapp._index`, {
        headers: {
          authorization: `Bearer ${token}`,
          "user-agent": BROWSER,
          "accept-language": "id",
        },
      });
      await answer.arrayBuffer();
      times.push(performance.now() - started);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (i % 500 === 0) progress(`  ${i} shops opened their list`);
    }
  };
  await Promise.all(Array.from({ length: PAGES_AT_ONCE }, open));
  process.stdout.write("\n");
  return {
    opened: times.length,
    statuses: Object.fromEntries(statuses),
    ...msSummary(times),
    webRssMbBefore: rssBefore,
    webRssMbAfter: processUsage(s.web.process.pid).rssMb,
  };
}

/** The web process's heap snapshot, written to bench/results/ (its name printed). */
async function heapSnapshot(pid: number): Promise<void> {
  const dir = path.resolve("bench/results");
  const before = new Set(fs.readdirSync(dir));
  process.kill(pid, "SIGWINCH");
  for (let waited = 0; waited < 600; waited++) {
    await new Promise((r) => setTimeout(r, 1_000));
    const written = fs.readdirSync(dir).find((f) => f.endsWith(".heapsnapshot") && !before.has(f));
    // Written once its size holds still for a second.
    if (written) {
      const size = fs.statSync(path.join(dir, written)).size;
      await new Promise((r) => setTimeout(r, 1_000));
      if (fs.statSync(path.join(dir, written)).size === size) {
        console.log(`heap snapshot: ${path.join(dir, written)}`);
        return;
      }
    }
  }
}

/** Redis's used memory (bytes), every master's. */
async function usedMemory(s: Stack): Promise<number> {
  let bytes = 0;
  for (const server of s.redisServers())
    bytes += Number(/used_memory:(\d+)/.exec(await server.info("memory"))?.[1] ?? 0);
  return bytes;
}

/** What an installed shop with its session keeps in the database (the two tables' size per shop). */
async function idleCost(s: Stack): Promise<{ databaseBytes: number }> {
  await s.db.execute(sql`VACUUM ANALYZE shops`);
  await s.db.execute(sql`VACUUM ANALYZE session`);
  const { rows } = await s.pool.query<{ bytes: string }>(
    `SELECT pg_total_relation_size('shops') + pg_total_relation_size('session') AS bytes`,
  );
  return { databaseBytes: Math.round(Number(rows[0]!.bytes) / SHOPS) };
}

function totalCalls(s: Stack): number {
  let n = 0;
  for (const count of s.shopify.calls.values()) n += count;
  return n;
}

/**
 * The shops' sweep jobs not ended yet (waiting, at their turn, running, or retrying later),
 * counted by their ids (`sync-orders__<shop>__<window>`, as app/jobs/queues.server.ts names them):
 * reading the jobs themselves, 10,000 hashes a second, would hold Redis for tens of milliseconds
 * each time, in front of the acknowledgements measured.
 */
async function sweepJobsLeft(queue: Queue): Promise<number> {
  const ids = await queue.getRanges(["wait", "prioritized", "active", "delayed"], 0, -1);
  return ids.filter((id) => id.startsWith("sync-orders__")).length;
}

/** Each shop's sweep job as it ended: its shop, whether it succeeded, and how long it ran. */
async function sweepJobs(queue: Queue) {
  const jobs = await queue.getJobs(["completed", "failed"]);
  return jobs
    .filter((j) => j.name === "sync-shop-orders")
    .map((j) => ({
      shop: String(j.data.shop),
      ok: j.finishedOn !== undefined && !j.failedReason,
      ms: (j.finishedOn ?? 0) - (j.processedOn ?? 0),
    }));
}

/**
 * The web server's own acknowledgement times of orders/create (its /metrics histogram: from the
 * body read to the answer), as shares within 10, 25, 50 and 100 ms: the bench process hosts the
 * fake Shopify and the sandbox too, so its own timings include its own waits.
 */
async function serverAcks(s: Stack) {
  const text = await (
    await fetch(`http://127.0.0.1:${s.webPort}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
  ).text();
  const bucket = (bound: string) => {
    const le = bound.replace(/[.+]/g, "\\$&");
    return Number(
      new RegExp(
        `parcelbridge_webhook_ack_seconds_bucket\\{[^}]*le="${le}"[^}]*topic="orders/create"[^}]*\\} (\\d+)|parcelbridge_webhook_ack_seconds_bucket\\{[^}]*topic="orders/create"[^}]*le="${le}"[^}]*\\} (\\d+)`,
      )
        .exec(text)
        ?.slice(1)
        .find(Boolean) ?? 0,
    );
  };
  const count = bucket("+Inf");
  const share = (le: string) => (count ? round((100 * bucket(le)) / count) : 0);
  return {
    count,
    within10msPct: share("0.01"),
    within25msPct: share("0.025"),
    within50msPct: share("0.05"),
    within100msPct: share("0.1"),
  };
}
