/**
 * `npm run bench:print`: can one shop hold the web process by printing labels? The production web
 * server (compiled, plain node) serves one shop whose PRINT (250) booked shipments carry the
 * longest labels a hostile merchant or customer can make: a pickup address of one unbroken
 * 6,000-character word, names of 1,000 characters, ten products of 255 characters each, a note of 2,000. While that
 * shop prints all of them (GET /app/labels.pdf?pending=today with its session token), PRINTS (5)
 * times one after the other, /healthz is asked every PROBE_MS (20 ms), one request after the
 * other, as a load balancer or Shopify's next webhook would be answered; its latency over every
 * print is reported (p50, p99, max), and the same with no print under way. Also: each print's time
 * and size, and a second print of the shop while one is under way (refused, 429). The labels are
 * stored as long as they came (as a shop's rows kept before labels were clipped), so the web
 * process reads them whole. Beside it, another shop prints its one ordinary label: alone
 * (ALONE_PRINTS times), then once during each hostile print, 100 ms after it started. Goals:
 * /healthz p99 during the prints under 50 ms; the other shop's one-label print under 300 ms
 * during a hostile print.
 *
 * Writes bench/results/print.json.
 */
import { performance } from "node:perf_hooks";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { eq } from "drizzle-orm";
import { shipments } from "#app/db/schema.ts";
import type { LabelSnapshot } from "#app/db/json-columns.ts";
import { API_SECRET, Stack, writeResult } from "./stack.ts";

const PRINT = Number(process.env.PRINT ?? 250);
const PRINTS = Number(process.env.PRINTS ?? 5);
const PROBE_MS = Number(process.env.PROBE_MS ?? 20);
const ALONE_PRINTS = Number(process.env.ALONE_PRINTS ?? 5);
const SHOP = "hostile-printer.myshopify.com";
/** Another shop, printing its one ordinary label. */
const OTHER = "other-printer.myshopify.com";
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

/** The longest label anyone can make reach the service and back. */
function hostileLabel(i: number): LabelSnapshot {
  const party = {
    name: "N".repeat(1_000),
    phone: "0".repeat(200),
    district: "Kebon Jeruk",
    city: "Jakarta Barat",
    province: "DKI Jakarta",
    postalCode: "11530",
  };
  return {
    sender: { ...party, address: "A".repeat(6_000) },
    receiver: { ...party, address: `Jl. ${"B".repeat(5_000)} ${i}` },
    shipper: "S".repeat(500),
    routingCode: "R".repeat(300),
    items: Array.from({ length: 10 }, () => ({
      name: "P".repeat(255),
      quantity: 1,
      grams: 500,
      value: 999_999_999,
    })),
    cod: 150_000,
    currency: "IDR",
    bookedAt: "2026-11-27T03:00:00.000Z",
    price: 999_999_999,
    insured: 999_999_999,
    note: "C".repeat(2_000),
  };
}

/** An ordinary label: what most shops print. */
function ordinaryLabel(): LabelSnapshot {
  const party = {
    name: "Sari Dewi",
    phone: "081234567890",
    district: "Kebon Jeruk",
    city: "Jakarta Barat",
    province: "DKI Jakarta",
    postalCode: "11530",
  };
  return {
    sender: { ...party, name: "Toko Batik Sari", address: "Jl. Panjang No. 12" },
    receiver: { ...party, address: "Jl. Kebon Jeruk Raya No. 27, RT 3 RW 5" },
    shipper: "Toko Batik Sari",
    routingCode: "CGK10000",
    items: [{ name: "Kemeja batik tulis", quantity: 2, grams: 400, value: 350_000 }],
    cod: 700_000,
    currency: "IDR",
    bookedAt: "2026-11-27T03:00:00.000Z",
    price: 18_000,
    insured: 0,
    note: "",
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const round = (x: number) => Math.round(x * 100) / 100;

/** /healthz asked every PROBE_MS until `until` settles; each answer's latency in ms. */
async function probeHealth(stack: Stack, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    const answer = await fetch(`http://127.0.0.1:${stack.webPort}/healthz`);
    await answer.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, PROBE_MS));
  }
  return latencies;
}

const summary = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    probes: sorted.length,
    p50Ms: round(quantile(sorted, 0.5)),
    p99Ms: round(quantile(sorted, 0.99)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
};

async function print(stack: Stack, shop = SHOP) {
  const { token } = await getJwt(shop.replace(".myshopify.com", ""), "bench-app", API_SECRET);
  const started = performance.now();
  const answer = await fetch(
    `http://127.0.0.1:${stack.webPort}/app/labels.pdf?pending=today&layout=thermal`,
    { headers: { authorization: `Bearer ${token}`, "user-agent": BROWSER } },
  );
  const pdf = Buffer.from(await answer.arrayBuffer());
  return {
    status: answer.status,
    labels: Number(answer.headers.get("x-labels-printed") ?? 0),
    // Sheets: a label whose contents do not fit at 7 pt continues on the next.
    pages: pdf.toString("latin1").match(/\/Type \/Page\b/g)?.length ?? 0,
    kilobytes: round(pdf.byteLength / 1024),
    ms: round(performance.now() - started),
  };
}

const stack = await Stack.start({
  name: "bench_print",
  sandbox: { rateLimits: false },
  workers: 0,
  workerConcurrency: 1,
});
try {
  // The shop's name as its merchant may set it: as long as the settings take.
  await stack.addShop(SHOP, "biteship_live.bench-printer", { labelShopName: "T".repeat(80) });
  await stack.db.insert(shipments).values(
    Array.from({ length: PRINT }, (_, i) => ({
      shop: SHOP,
      orderId: String(5_000_000 + i),
      orderName: `#${"9".repeat(30)}${i}`,
      referenceId: `hostile-${i}`,
      status: "confirmed",
      waybillId: `WB${String(i).padStart(10, "0")}`,
      courierCompany: "jne",
      courierType: "reg",
      label: hostileLabel(i),
    })),
  );
  await stack.addShop(OTHER, "biteship_live.bench-other");
  await stack.db.insert(shipments).values({
    shop: OTHER,
    orderId: "7000001",
    orderName: "#1001",
    referenceId: "other-1",
    status: "confirmed",
    waybillId: "WB7000000001",
    courierCompany: "jne",
    courierType: "reg",
    label: ordinaryLabel(),
  });
  const otherPrint = async () => {
    await stack.db.update(shipments).set({ labelPrintedAt: null }).where(eq(shipments.shop, OTHER));
    return print(stack, OTHER);
  };
  // Warm: the server's first print starts its label thread.
  await probeHealth(stack, new Promise((r) => setTimeout(r, 1_000)));
  const idle = summary(await probeHealth(stack, new Promise((r) => setTimeout(r, 3_000))));
  process.stdout.write(`  /healthz, no print: ${JSON.stringify(idle)}\n`);

  const alone = [];
  for (let n = 0; n < ALONE_PRINTS; n++) alone.push(await otherPrint());
  process.stdout.write(`  the other shop's one label, alone: ${JSON.stringify(alone)}\n`);

  const latencies: number[] = [];
  const prints = [];
  const beside = [];
  let second = 0;
  for (let n = 0; n < PRINTS; n++) {
    await stack.db.update(shipments).set({ labelPrintedAt: null }).where(eq(shipments.shop, SHOP));
    const printing = print(stack);
    const probing = probeHealth(stack, printing);
    if (n === 0) {
      // A second print of the shop while the first is under way.
      await new Promise((r) => setTimeout(r, 50));
      second = (await print(stack)).status;
    }
    // The other shop's one label, while the hostile print is drawn.
    await new Promise((r) => setTimeout(r, n === 0 ? 50 : 100));
    beside.push(await otherPrint());
    latencies.push(...(await probing));
    prints.push(await printing);
  }
  const during = summary(latencies);
  for (const p of prints) process.stdout.write(`  a print: ${JSON.stringify(p)}\n`);
  process.stdout.write(`  a second print meanwhile: HTTP ${second}\n`);
  process.stdout.write(`  the other shop's one label, during: ${JSON.stringify(beside)}\n`);
  process.stdout.write(`  /healthz during the prints: ${JSON.stringify(during)}\n`);
  const result = {
    labels: PRINT,
    prints: PRINTS,
    probeEveryMs: PROBE_MS,
    healthzIdle: idle,
    healthzDuringPrints: during,
    printMs: prints.map((p) => p.ms),
    printKilobytes: prints[0]!.kilobytes,
    printPages: prints[0]!.pages,
    secondPrintStatus: second,
    otherShopAloneMs: alone.map((p) => p.ms),
    otherShopDuringMs: beside.map((p) => p.ms),
    goalMet:
      during.p99Ms < 50 &&
      prints.every((p) => p.status === 200 && p.labels === PRINT) &&
      beside.every((p) => p.status === 200 && p.labels === 1 && p.ms < 300),
  };
  writeResult("print", result);
  console.log(JSON.stringify(result, null, 2));
} finally {
  await stack.stop();
}
