/**
 * `npm run bench:csv`: can one shop hold the shared web process by downloading its costs CSV? The
 * production web server (compiled, plain node) serves a shop with PARCELS (20,000) booked parcels
 * of the last 30 days. The shop asks for its costs CSV FOUR (4) at a time, ROUNDS (3) times, as a
 * merchant pressing "Export" again or a script in a loop would; meanwhile /healthz is asked every
 * PROBE_MS (20 ms), one after the other, and another shop's `orders/create` deliveries are posted
 * every PROBE_MS (signed as Shopify signs them), each timed to its acknowledgement. Then the same
 * with LONG_PARCELS (8,000) parcels of 250 items whose names are 255 characters (a merchant's own
 * product names), for the web process's peak memory: first that shop's COD CSV (its 5,000 newest
 * delivered COD parcels, the list's cap), then its costs CSV, each four at a time once. Reported: each download's status, time and
 * size, /healthz and the other shop's acknowledgements (p50, p99, max), the web process's peak RSS.
 * Goals: /healthz p99 under 50 ms and the other shop's acknowledgements p99 under 100 ms during the
 * downloads; the web process's peak RSS under 400 MB with the long parcels, either CSV.
 *
 * Writes bench/results/csv.json.
 */
import { performance } from "node:perf_hooks";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { sql } from "drizzle-orm";
import { loadOrder } from "#test/fixtures/orders.ts";
import { API_SECRET, msSummary, processUsage, round, Stack, writeResult } from "./stack.ts";

const PARCELS = Number(process.env.PARCELS ?? 20_000);
const LONG_PARCELS = Number(process.env.LONG_PARCELS ?? 8_000);
const FOUR = Number(process.env.FOUR ?? 4);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PROBE_MS = Number(process.env.PROBE_MS ?? 20);
const SHOP = "csv-downloader.myshopify.com";
const LONG_SHOP = "csv-long-names.myshopify.com";
const OTHER = "csv-other-shop.myshopify.com";
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
const GOAL = { healthzP99Ms: 50, ackP99Ms: 100, longPeakRssMb: 400 };

/** Booked parcels of the last 30 days, written by the database itself (items × `items` each). */
async function seed(stack: Stack, shop: string, count: number, items: number, nameLength: number) {
  const name = "Gamis katun premium motif bunga ".repeat(10).slice(0, nameLength);
  await stack.db.execute(sql`
    INSERT INTO shipments (shop, order_id, order_name, reference_id, status, courier_company,
      courier_type, waybill_id, quoted_price, price, cod_fee, shipping_charged, contents,
      created_at, delivered_at)
    SELECT ${shop}, (6000000 + n)::text, '#' || n, ${shop} || '-' || n, 'delivered', 'jne', 'reg',
      'WB' || lpad(n::text, 10, '0'), 18000, 18000 + (n % 3) * 1000, 1500, 19000,
      jsonb_build_object('items', (
        SELECT jsonb_agg(jsonb_build_object('name', ${name} || ' ' || i, 'sku', null,
          'quantity', 1 + i % 3, 'value', 125000, 'weight', 300 + i))
        FROM generate_series(1, ${items}) i), 'ordered', '[]'::jsonb, 'cod', 150000,
        'insurance', null),
      now() - (n % 29) * interval '1 day' - n * interval '1 second',
      now() - (n % 29) * interval '1 day' - n * interval '1 second' + interval '2 days'
    FROM generate_series(1, ${count}) n`);
  await stack.db.execute(sql`ANALYZE shipments`);
}

const COSTS = "/app/costs.csv?days=30";
const COD = "/app/cod.csv";

async function download(stack: Stack, shop: string, path = COSTS) {
  const { token } = await getJwt(shop.replace(".myshopify.com", ""), "bench-app", API_SECRET);
  const started = performance.now();
  const answer = await fetch(`http://127.0.0.1:${stack.webPort}${path}`, {
    headers: { authorization: `Bearer ${token}`, "user-agent": BROWSER, "accept-language": "id" },
  });
  const body = await answer.arrayBuffer();
  return {
    status: answer.status,
    lines: answer.status === 200 ? Buffer.from(body).toString("utf8").split("\r\n").length - 2 : 0,
    kilobytes: round(body.byteLength / 1024),
    ms: round(performance.now() - started),
  };
}

/** Until `until` settles: /healthz, and the other shop's orders/create, each every PROBE_MS. */
async function probe(stack: Stack, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  const template = loadOrder("multi-item");
  let next = 8_000_000_000_000;
  const health: number[] = [];
  const acks: number[] = [];
  const refused: number[] = [];
  const healthLoop = async () => {
    while (!done) {
      const started = performance.now();
      await (await fetch(`http://127.0.0.1:${stack.webPort}/healthz`)).arrayBuffer();
      health.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, PROBE_MS));
    }
  };
  const ackLoop = async () => {
    while (!done) {
      next += 1;
      const order = { ...template, id: next, admin_graphql_api_id: `gid://shopify/Order/${next}` };
      const answer = await stack.deliver("orders/create", OTHER, order);
      if (answer.status === 200) acks.push(answer.ms);
      else refused.push(answer.status);
      await new Promise((r) => setTimeout(r, PROBE_MS));
    }
  };
  await Promise.all([healthLoop(), ackLoop()]);
  return { health, acks, refused };
}

async function rounds(stack: Stack, shop: string, count: number, path = COSTS) {
  const downloads = [];
  const health: number[] = [];
  const acks: number[] = [];
  const refused: number[] = [];
  for (let r = 0; r < count; r++) {
    const asked = Promise.all(Array.from({ length: FOUR }, () => download(stack, shop, path)));
    const seen = await probe(stack, asked);
    downloads.push(...(await asked));
    health.push(...seen.health);
    acks.push(...seen.acks);
    refused.push(...seen.refused);
  }
  return { downloads, health, acks, refused };
}

/** A set of rounds as reported: statuses, the served downloads, the probes, the web's peak RSS so far. */
function figures(run: Awaited<ReturnType<typeof rounds>>, stack: Stack) {
  const served = run.downloads.filter((d) => d.status === 200);
  const statuses = [...new Set(run.downloads.map((d) => d.status))].map((status) => [
    status,
    run.downloads.filter((d) => d.status === status).length,
  ]);
  return {
    statuses: Object.fromEntries(statuses),
    downloadMs: served.map((d) => d.ms),
    lines: served[0]?.lines ?? 0,
    kilobytes: served[0]?.kilobytes ?? 0,
    healthz: msSummary(run.health),
    acks: msSummary(run.acks),
    acksRefused: run.refused.length,
    webPeakRssMb: processUsage(stack.web.process.pid).peakRssMb,
  };
}

const stack = await Stack.start({
  name: "bench_csv",
  sandbox: { rateLimits: false },
  workers: 0,
  workerConcurrency: 1,
  // The merchant's four at a time, every round: within the shop's rate, so what is measured is
  // the download itself.
  env: { SHOP_REQUEST_BURST: "1000", SHOP_REQUEST_RATE: "100000" },
});
try {
  await stack.addShop(SHOP, "biteship_live.bench-csv");
  await stack.addShop(LONG_SHOP, "biteship_live.bench-csv-long");
  await stack.addShop(OTHER, "biteship_live.bench-csv-other");
  await seed(stack, SHOP, PARCELS, 3, 40);
  await seed(stack, LONG_SHOP, LONG_PARCELS, 250, 255);
  // Warm: the server's first requests compile its routes.
  await download(stack, SHOP);
  const idle = await probe(stack, new Promise((r) => setTimeout(r, 3_000)));
  process.stdout.write(
    `  no download: /healthz ${JSON.stringify(msSummary(idle.health))}, acks ${JSON.stringify(msSummary(idle.acks))}\n`,
  );

  const ordinary = figures(await rounds(stack, SHOP, ROUNDS), stack);
  // The COD CSV first: the peak RSS is the process's peak so far.
  const longCod = figures(await rounds(stack, LONG_SHOP, 1, COD), stack);
  const long = figures(await rounds(stack, LONG_SHOP, 1), stack);
  const result = {
    parcels: PARCELS,
    longParcels: LONG_PARCELS,
    atOnce: FOUR,
    rounds: ROUNDS,
    probeEveryMs: PROBE_MS,
    idle: { healthz: msSummary(idle.health), acks: msSummary(idle.acks) },
    ordinary,
    longCod,
    long,
    goal: GOAL,
    goalMet: false,
  };
  result.goalMet =
    result.ordinary.healthz.p99Ms < GOAL.healthzP99Ms &&
    result.ordinary.acks.p99Ms < GOAL.ackP99Ms &&
    result.ordinary.acksRefused === 0 &&
    result.long.webPeakRssMb < GOAL.longPeakRssMb &&
    result.longCod.lines === Math.min(LONG_PARCELS, 5_000) &&
    result.ordinary.lines === PARCELS;
  writeResult("csv", result);
  console.log(JSON.stringify(result, null, 2));
} finally {
  await stack.stop();
}
