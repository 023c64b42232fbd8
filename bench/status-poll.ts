/**
 * `npm run bench:poll`: the status poll with SHOPS (10,000) installed shops and PARCELS (200,000)
 * parcels in flight, every one silent for days (the service's events all lost: the poll's worst
 * case). The production web server and one worker (compiled, WORKER_CONCURRENCY 10) on PostgreSQL
 * and Redis; the sandbox with its per-key rate limits (a live key: 20 orders calls a second) and
 * SERVICE_LATENCY_MS (100) on every answer. Each shop has a live key and PARCELS ÷ SHOPS parcels;
 * one BIG shop has BIG_PARCELS (3,000) more, all due at once (more than its key's share of a window).
 *
 * The parcels' last polls are spread over the past three hours and five minutes (the poll's
 * longest quiet and one window): the steady state in which about one window's worth fall due in
 * every window. Then one poll (`poll-statuses`, as its schedule runs it; the worker's own schedule
 * taken away) and the worker's work to its end. Reported: the parcels due as it started (the
 * app's own selection); those not asked about by the end (left for the next window: only the big
 * shop's, past its key's share); how long until every job ended, and when the small shops' last
 * status sync and the big shop's ended, against the five-minute window; the schedule job's time,
 * the per-shop poll jobs' and the syncs' run times (from the worker's log: BullMQ keeps only the
 * newest finished jobs); the worker's CPU, its SQL statements and the Redis commands (the most
 * called too) per parcel asked about. Goals: every small shop's due parcels asked about inside
 * the window, none failed; the big shop's backlog adds nothing to the small shops' (compare
 * BIG_PARCELS=0).
 *
 * Writes bench/results/poll.json.
 */
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Queue } from "bullmq";
import { sql } from "drizzle-orm";
import { dueShipments, POLL_SHORTEST_QUIET_S } from "#worker/shared/poll-due.ts";
import { draftBody } from "#test/fixtures/draft-body.ts";
import { LOG_DIR, msSummary, processUsage, progress, round, Stack, writeResult } from "./stack.ts";

const SHOPS = Number(process.env.SHOPS ?? 10_000);
const PARCELS = Number(process.env.PARCELS ?? 200_000);
const BIG_PARCELS = Number(process.env.BIG_PARCELS ?? 3_000);
const SERVICE_LATENCY_MS = Number(process.env.SERVICE_LATENCY_MS ?? 100);
const WINDOW_S = 5 * 60;
/** The poll's longest quiet (worker/shared/poll-due.ts): parcels silent for days are due every 3 h. */
const LONGEST_QUIET_S = 3 * 3600;
const GOAL = { windowSeconds: WINDOW_S };

const shopName = (i: number) => `poll-${String(i).padStart(5, "0")}.myshopify.com`;
const keyOf = (shop: string) => `biteship_live.${shop.replace(".myshopify.com", "")}`;
const BIG = shopName(0);
/** In-flight statuses in the shares a day's parcels are found in: most on their way. */
const STATUSES = [
  ...Array<string>(2).fill("confirmed"),
  ...Array<string>(2).fill("allocated"),
  "picking_up",
  ...Array<string>(6).fill("picked"),
  ...Array<string>(8).fill("dropping_off"),
  "on_hold",
];

const stack = await Stack.start({
  name: "bench_poll",
  sandbox: {},
  workers: 1,
  workerConcurrency: 10,
  countSql: true,
});
try {
  stack.sandbox.faults.latencyMs = SERVICE_LATENCY_MS;
  // Installed shops with their sessions, each with its live key.
  for (let i = 0; i < SHOPS; i++) {
    await stack.addShop(shopName(i), keyOf(shopName(i)));
    if ((i + 1) % 500 === 0) progress(`  ${i + 1} shops installed`);
  }
  process.stdout.write("\n");

  // The parcels: silent for days (changed 3 to 9 days ago), last asked about at a moment spread
  // over the past 3 h 5 min; the big shop's extra ones never asked about yet. Each with its order
  // at the service, in the parcel's status and with its waybill (the poll finds nothing new).
  const perShop = Math.floor(PARCELS / SHOPS);
  const parcels = [
    ...Array.from({ length: perShop * SHOPS }, (_, n) => ({
      shop: shopName(n % SHOPS),
      status: STATUSES[n % STATUSES.length]!,
      changedHoursAgo: 72 + (n % 144),
      polledSecondsAgo: (((n * 7_919) % 65_536) / 65_536) * (LONGEST_QUIET_S + WINDOW_S),
    })),
    ...Array.from({ length: BIG_PARCELS }, () => ({
      shop: BIG,
      status: "dropping_off",
      changedHoursAgo: 96,
      polledSecondsAgo: null,
    })),
  ];
  // One order booked at the service as any other; each parcel's a copy of it under the shop's key
  // (its own id, waybill and status), as the service would answer for it.
  const booked = stack.sandbox.service.orders.create(
    keyOf(BIG),
    draftBody({ courier_company: "jne", courier_type: "reg", reference_id: "T" }),
  );
  for (let from = 0; from < parcels.length; from += 5_000) {
    const batch = parcels.slice(from, from + 5_000).map((p, k) => {
      const n = from + k;
      const id = `bench${String(n).padStart(19, "0")}`;
      const waybill = `JNE${String(n).padStart(12, "0")}`;
      stack.sandbox.service.account(keyOf(p.shop)).orders.set(id, {
        ...booked,
        id,
        status: p.status as typeof booked.status,
        waybillId: waybill,
        history: [],
      });
      return { ...p, n, orderId: id, waybill };
    });
    await stack.pool.query(
      `WITH made AS (
         INSERT INTO shipments (shop, order_id, reference_id, status, courier_company, courier_type,
           waybill_id, shipping_order_id, updated_at, created_at)
         SELECT b.shop, (700000000 + b.n)::text, 'P' || b.n, b.status, 'jne', 'reg', b.waybill,
           b.order_id, now() - make_interval(hours => b.changed), now() - make_interval(hours => b.changed + 8)
         FROM json_to_recordset($1::json) AS b(shop text, n int, status text, waybill text,
           order_id text, changed int, polled float8)
         RETURNING id, reference_id)
       INSERT INTO shipment_polls (shipment_id, polled_at)
       SELECT made.id, now() - make_interval(secs => b.polled)
       FROM made JOIN json_to_recordset($1::json) AS b(n int, polled float8)
         ON made.reference_id = 'P' || b.n
       WHERE b.polled IS NOT NULL`,
      [
        JSON.stringify(
          batch.map((p) => ({
            shop: p.shop,
            n: p.n,
            status: p.status,
            waybill: p.waybill,
            order_id: p.orderId,
            changed: p.changedHoursAgo,
            polled: p.polledSecondsAgo,
          })),
        ),
      ],
    );
    progress(`  ${from + batch.length} parcels in flight`);
  }
  process.stdout.write("\n");
  await stack.pool.query("VACUUM ANALYZE shipments");
  await stack.pool.query("VACUUM ANALYZE shipment_polls");

  const maintenance = new Queue("maintenance", { connection: stack.redis, prefix: stack.prefix });
  const shipmentsQueue = new Queue("shipments", { connection: stack.redis, prefix: stack.prefix });
  const sqlBefore = await stack.sqlStatements();
  const redisBefore = await stack.redisCommandStats();
  const cpuBefore = processUsage(stack.workers[0]!.process.pid).cpuS;
  // The bench runs the poll itself, once: the worker's own five-minute schedule is taken away.
  await maintenance.removeJobScheduler("poll-statuses");
  // The parcels due as the poll starts (the app's own selection), to find after it which were asked.
  await stack.db.execute(sql`DROP TABLE IF EXISTS bench_due`);
  await stack.db.execute(
    sql`CREATE TABLE bench_due AS SELECT d.id, d.shop = ${BIG} AS big
        FROM (${dueShipments(POLL_SHORTEST_QUIET_S)}) d`,
  );
  const dueCounts = await dueBy(stack, "true");
  const started = performance.now();
  const pollStart = Date.now();
  await maintenance.add("poll-statuses", {});
  for (;;) {
    await new Promise((r) => setTimeout(r, 1_000));
    const counts = await maintenance.getJobCounts("completed", "failed");
    const left = await stack.backlog();
    progress(`  ${Math.round((performance.now() - started) / 1000)} s: ${left} jobs left`);
    if ((counts.completed ?? 0) + (counts.failed ?? 0) > 0 && left === 0) break;
  }
  const seconds = round((performance.now() - started) / 1000);
  process.stdout.write("\n");
  const sqlAfter = await stack.sqlStatements();
  const redisAfter = await stack.redisCommandStats();
  const cpuAfter = processUsage(stack.workers[0]!.process.pid).cpuS;

  // Every job of the run as the worker logged its end (BullMQ keeps only the newest finished ones).
  const ends = workerLog(path.join(LOG_DIR, "bench_poll-worker.log"), pollStart);
  const of = (job: string, shops: (shop: string) => boolean = () => true) =>
    ends.filter((e) => e.job === job && shops(e.shop ?? ""));
  const small = (shop: string) => shop !== BIG;
  const lastEnd = (list: LoggedEnd[]) =>
    round((Math.max(pollStart, ...list.map((e) => e.time)) - pollStart) / 1000);
  const syncs = of("sync-status");
  const failed = ends.filter((e) => !e.ok).length;
  const polled = syncs.length;
  // Of the parcels due at the start, the ones not asked about in this run: left for the next window.
  const left = await dueBy(stack, "p.polled_at IS NULL OR p.polled_at < $1", [
    new Date(pollStart - 1_000),
  ]);
  const redisTop = Object.entries(redisAfter)
    .map(([command, calls]) => [command, calls - (redisBefore[command] ?? 0)] as const)
    .sort((x, y) => y[1] - x[1])
    .slice(0, 8)
    .map(([command, calls]) => `${command} ${round(calls / polled)}`);
  const redisTotal = Object.entries(redisAfter).reduce(
    (sum, [command, calls]) => sum + calls - (redisBefore[command] ?? 0),
    0,
  );
  const result = {
    shops: SHOPS,
    parcelsInFlight: perShop * SHOPS + BIG_PARCELS,
    serviceLatencyMs: SERVICE_LATENCY_MS,
    workerConcurrency: 10,
    due: dueCounts,
    leftForNextWindow: left,
    seconds,
    scheduleJobMs: of("poll-statuses")[0]?.ms ?? null,
    shopPollJobs: { ...msSummary(of("poll-shop-statuses").map((e) => e.ms)) },
    smallShops: {
      syncs: msSummary(of("sync-status", small).map((e) => e.ms)),
      lastSyncEndedSeconds: lastEnd(of("sync-status", small)),
    },
    bigShop: {
      syncs: msSummary(of("sync-status", (shop) => !small(shop)).map((e) => e.ms)),
      lastSyncEndedSeconds: lastEnd(of("sync-status", (shop) => !small(shop))),
    },
    failedJobs: failed,
    perParcelAsked: {
      workerCpuMs: round(((cpuAfter - cpuBefore) * 1000) / polled),
      workerSql: round((sqlAfter.workers[0]! - sqlBefore.workers[0]!) / polled),
      redisCommands: round(redisTotal / polled),
      redisTopCommands: redisTop,
    },
    rssMb: {
      worker: processUsage(stack.workers[0]!.process.pid).rssMb,
      workerPeak: processUsage(stack.workers[0]!.process.pid).peakRssMb,
    },
    goal: GOAL,
    goalMet: false,
  };
  result.goalMet =
    result.seconds < GOAL.windowSeconds &&
    left.smallShops === 0 &&
    failed === 0 &&
    result.smallShops.lastSyncEndedSeconds < GOAL.windowSeconds;
  await maintenance.close();
  await shipmentsQueue.close();
  writeResult("poll", result);
  console.log(JSON.stringify(result, null, 2));
} finally {
  await stack.stop();
}

interface LoggedEnd {
  job: string;
  shop: string | undefined;
  ms: number;
  time: number;
  ok: boolean;
}

/** The jobs the worker's log says ended (done, or failed an attempt) since `since` (epoch ms). */
function workerLog(file: string, since: number): LoggedEnd[] {
  const ends: LoggedEnd[] = [];
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (!line.includes('"job done"') && !line.includes('"job failed"')) continue;
    const entry = JSON.parse(line) as Record<string, unknown>;
    if (Number(entry.time) < since) continue;
    ends.push({
      job: String(entry.job),
      shop: typeof entry.shop === "string" ? entry.shop : undefined,
      ms: Number(entry.ms ?? 0),
      time: Number(entry.time),
      ok: entry.msg === "job done",
    });
  }
  return ends;
}

/** The parcels due as the poll started that match `where`, the small shops' and the big shop's. */
async function dueBy(s: Stack, where: string, params: unknown[] = []) {
  const { rows } = await s.pool.query<{ big: boolean; n: string }>(
    `SELECT d.big, count(*) AS n FROM bench_due d
       LEFT JOIN shipment_polls p ON p.shipment_id = d.id
     WHERE ${where} GROUP BY d.big`,
    params,
  );
  const of = (big: boolean) => Number(rows.find((r) => r.big === big)?.n ?? 0);
  return { smallShops: of(false), bigShop: of(true) };
}
