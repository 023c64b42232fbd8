/**
 * `npm run bench:admin`: server time of the shipments page's queries at 50,000 shipments for one
 * shop (plus 20,000 of other shops), on real PostgreSQL (BENCH_DATABASE_URL, default the local
 * server; a database parcelbridge_bench is recreated). Prints p50/p95/max per query and writes
 * bench/results/admin-list.json.
 */
import fs from "node:fs";
import os from "node:os";
import { freshPostgres } from "./fresh-postgres.ts";
import { shipments, shops } from "#app/db/schema.ts";
import {
  countByProblemKind,
  countByTab,
  decodeCursor,
  listShipments,
} from "#app/shipments/list.server.ts";
import { listRowWords } from "#app/shipments/list-rows.ts";
import { costReport } from "#app/costs/report.server.ts";
import { courierPerformance, provinceRecords } from "#app/couriers/record.server.ts";
import { silentParcels } from "#worker/processors/find-stuck.ts";
import { recentOrders } from "#app/orders/order-store.server.ts";
import { readRulesPreview } from "#app/couriers/rules/preview.server.ts";
import { courierRuleSchema } from "#app/shops/courier-rules.ts";
import { shopSettingsSchema } from "#app/shops/settings.ts";
import { NO_COURIER_NAMES } from "#app/shipments/courier-names.ts";
import { wordsIn } from "#app/i18n/i18n.server.ts";

const ROWS = Number(process.env.ROWS ?? 50_000);
const ITERATIONS = Number(process.env.ITERATIONS ?? 200);
const { database } = await freshPostgres("parcelbridge_bench");
const db = database.db;

const SHOP = "bench-big.myshopify.com";
const STATUSES = [
  "pending",
  "draft_ready",
  "confirmed",
  "allocated",
  "picked",
  "picking_up",
  "dropping_off",
  "delivered",
  "delivered",
  "delivered",
  "cancelled",
];
const PROVINCES = [
  "DKI Jakarta",
  "Jawa Barat",
  "Jawa Tengah",
  "Jawa Timur",
  "Banten",
  "Sumatera Utara",
  "Sulawesi Selatan",
  "Bali",
  "Kalimantan Timur",
  "Papua",
];
async function seed(shop: string, n: number) {
  await db.insert(shops).values({ shop }).onConflictDoNothing();
  const start = Date.parse("2026-01-01T00:00:00Z");
  for (let offset = 0; offset < n; offset += 2_000) {
    const batch = Array.from({ length: Math.min(2_000, n - offset) }, (_, j) => {
      const i = offset + j;
      return {
        shop,
        orderId: String(1_000_000 + i),
        orderName: `#${1000 + i}`,
        referenceId: `${shop}-${i}`,
        status: STATUSES[i % STATUSES.length]!,
        // About 1 % need attention, of three kinds (one in three with two kinds).
        ...(i % 97 === 0
          ? {
              problem: "The shipping address has no postal code",
              problemKinds:
                i % 3 === 0 ? ["address", "items"] : i % 3 === 1 ? ["address"] : ["shopify"],
            }
          : {}),
        // About 3 % of them COD orders assessed at medium or high risk (one in three high).
        ...(i % 33 === 0
          ? {
              codRisk: {
                score: i % 99 === 0 ? 70 : 40,
                level: i % 99 === 0 ? ("high" as const) : ("medium" as const),
                reasons: [],
                at: new Date(start + i * 37_000).toISOString(),
              },
            }
          : {}),
        destinationCity: ["Jakarta", "Surabaya", "Bandung", "Medan"][i % 4],
        courierCompany: ["jne", "jnt", "sicepat"][i % 3],
        courierType: ["reg", "ez", "reg"][i % 3],
        // Where they went (30 cities in 10 provinces) and, once delivered, when the courier took
        // them and how long it took (one to five days); one in 11 after a failed attempt.
        laneProvince: PROVINCES[i % 10],
        laneCity: `${PROVINCES[i % 10]} ${i % 3}`,
        contents: { items: [], ordered: [], cod: i % 3 === 0 ? null : 150_000, insurance: null },
        ...(STATUSES[i % STATUSES.length] === "delivered"
          ? {
              pickedUpAt: new Date(start + i * 37_000 + 6 * 3_600_000),
              deliveredAt: new Date(start + i * 37_000 + (30 + ((i * 7) % 96)) * 3_600_000),
              failedAttempts: i % 11 === 0 ? 1 : 0,
            }
          : {}),
        // What shipping cost: booked parcels keep their quote; one in 40 re-weighed (+Rp18.000),
        // one in 29 came back (its return fee in the price); customers paid Rp30.000 each.
        ...(STATUSES[i % STATUSES.length] === "pending" ||
        STATUSES[i % STATUSES.length] === "draft_ready"
          ? { price: "34000" }
          : {
              quotedPrice: "34000",
              price: i % 29 === 0 ? "68000" : i % 40 === 0 ? "52000" : "34000",
              returnFee: i % 29 === 0 ? "34000" : null,
              shippingCharged: "30000",
            }),
        currency: "IDR",
        createdAt: new Date(start + i * 37_000),
        updatedAt: new Date(start + i * 37_000),
      };
    });
    await db.insert(shipments).values(batch);
    process.stdout.write(`\r  seeding ${shop}: ${Math.min(n, offset + 2_000)}/${n}   `);
  }
  process.stdout.write("\n");
}
await seed(SHOP, ROWS);
for (let k = 0; k < 4; k++) await seed(`bench-other-${k}.myshopify.com`, 5_000);
// The courier's scans as the app recorded them: four for each parcel on its way or delivered.
await database.pool.query(`
  INSERT INTO fulfillment_events (shipment_id, shop, entry_key, service_status, happened_at,
                                  shopify_status, state, created_at)
  SELECT s.id, s.shop, n || '|' || s.id, s.status, s.created_at + n * interval '3 hours',
         'IN_TRANSIT', 'sent', s.created_at + n * interval '3 hours'
  FROM shipments s, generate_series(1, 4) n
  WHERE s.status IN ('picked', 'dropping_off', 'delivered')`);
// The store orders as the app keeps them (webhook_inbox), for the latest 2,000 of the big shop's
// orders: a real COD order's payload (test/fixtures/orders/cod.json) under each order's id.
await database.pool.query(
  `INSERT INTO webhook_inbox (webhook_id, shop, topic, resource_id, triggered_at, payload, status, processed_at)
   SELECT 'bench-' || s.order_id, s.shop, 'orders/create', s.order_id, s.created_at,
          jsonb_set($1::jsonb, '{id}', to_jsonb(s.order_id::bigint)), 'processed', s.created_at
   FROM shipments s WHERE s.shop = $2 ORDER BY s.created_at DESC LIMIT 2000`,
  [fs.readFileSync("test/fixtures/orders/cod.json", "utf8"), SHOP],
);
await database.pool.query("ANALYZE");
/** Rules as a shop writes them: by destination and payment, by weight with the best record. */
const RULES = [
  { name: "COD ke Papua", when: { provinces: ["PA"], payment: "cod" }, then: { kind: "hold" } },
  { name: "Berat", when: { grams: { min: 5000 } }, then: { kind: "best", minRate: 80 } },
  { name: "Jawa Timur", when: { provinces: ["JI"] }, then: { kind: "best", minRate: 80 } },
].map((r) => courierRuleSchema.parse(r));
const noAdmin = () => Promise.reject(new Error("the preview's rules read no products"));

/** The end of the seeded period: the costs page's "now". */
const seededUntil = new Date(Date.parse("2026-01-01T00:00:00Z") + ROWS * 37_000 + 1_000);
const twoDaysAfter = new Date(seededUntil.getTime() + 2 * 24 * 3_600_000);

// A cursor deep in the list: walk to page 200 once.
let deep = null;
for (let p = 0; p < 200; p++)
  deep = decodeCursor((await listShipments(db, SHOP, { after: deep, limit: 50 })).next);

const cases: [string, () => Promise<unknown>][] = [
  ["first page (all)", () => listShipments(db, SHOP, { limit: 50 })],
  ["page 201 (keyset)", () => listShipments(db, SHOP, { limit: 50, after: deep })],
  ["tab: needs attention", () => listShipments(db, SHOP, { tab: "attention", limit: 50 })],
  [
    "attention: one kind",
    () => listShipments(db, SHOP, { tab: "attention", problemKind: "items", limit: 50 }),
  ],
  ["counts per problem kind", () => countByProblemKind(db, SHOP)],
  ["COD risk: medium or high", () => listShipments(db, SHOP, { codRisk: "medium", limit: 50 })],
  ["COD risk: high", () => listShipments(db, SHOP, { codRisk: "high", limit: 50 })],
  ["tab: in transit", () => listShipments(db, SHOP, { tab: "in_transit", limit: 50 })],
  ["search #4242", () => listShipments(db, SHOP, { search: "#4242", limit: 50 })],
  ["search a phone", () => listShipments(db, SHOP, { search: "0812-3456-7890", limit: 50 })],
  ["tab counts", () => countByTab(db, SHOP)],
  // The costs page's queries (app/costs/report.server.ts): every booked parcel of the shop falls
  // in its 30 days (the seed spans 21), the worst case; and its 7 days.
  ["costs page: 30 days", () => costReport(db, SHOP, 30, seededUntil)],
  ["costs page: 7 days", () => costReport(db, SHOP, 7, seededUntil)],
  // The couriers page (app/couriers/record.server.ts): every booked parcel in its 90 days, by
  // province and by city; and the record beside each service in a draft's courier choice.
  ["couriers page: 90 days", () => courierPerformance(db, SHOP, 90, false, seededUntil)],
  ["couriers page: by city", () => courierPerformance(db, SHOP, 90, true, seededUntil)],
  ["courier choice: one province", () => provinceRecords(db, SHOP, "Jawa Barat", seededUntil)],
  // The stuck parcel finder's read (worker/processors/find-stuck.ts), every shop in turn, two days
  // after the seed: every parcel on its way is due (a day after its latest scan), the worst case.
  ["stuck finder: due parcels", () => silentParcels(db, twoDaysAfter)],
  // The courier rules page (app/couriers/rules/preview.server.ts): the latest 50 orders' newest
  // copies, then the whole preview (mapping each, the record per province, the rules).
  ["rules page: 50 orders", () => recentOrders(db, SHOP, 50)],
  [
    "rules page: preview",
    () =>
      readRulesPreview(
        { db, graphql: noAdmin },
        SHOP,
        shopSettingsSchema.parse({}),
        RULES,
        NO_COURIER_NAMES,
      ),
  ],
];
const results: Record<string, { p50: number; p95: number; max: number }> = {};
for (const [name, run] of cases) {
  for (let i = 0; i < 10; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) =>
    +times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
  results[name] = { p50: q(0.5), p95: q(0.95), max: +times.at(-1)!.toFixed(2) };
  console.log(
    `  ${name.padEnd(24)} p50 ${String(results[name].p50).padStart(7)} ms   p95 ${String(results[name].p95).padStart(7)} ms   max ${String(results[name].max).padStart(7)} ms`,
  );
}
// The page's words for its 50 rows (statuses, couriers, amounts, times in the shop's zone, problems),
// in process after the queries: in Indonesian for a shop in WITA, and in English.
const { rows: pageRows } = await listShipments(db, SHOP, { limit: 50 });
const attention = await listShipments(db, SHOP, { tab: "attention", limit: 50 });
const mixed = [...pageRows.slice(0, 40), ...attention.rows.slice(0, 10)];
for (const language of ["id", "en"] as const) {
  const speech = { ...wordsIn(language), timeZone: "Asia/Makassar" };
  const name = `words of 50 rows (${language})`;
  const now = new Date();
  for (let i = 0; i < 10; i++) listRowWords(mixed, speech, now);
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    listRowWords(mixed, speech, now);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) =>
    +times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
  results[name] = { p50: q(0.5), p95: q(0.95), max: +times.at(-1)!.toFixed(2) };
  console.log(
    `  ${name.padEnd(24)} p50 ${String(results[name].p50).padStart(7)} ms   p95 ${String(results[name].p95).padStart(7)} ms   max ${String(results[name].max).padStart(7)} ms`,
  );
}
const pageLoad = (results["first page (all)"]?.p95 ?? 0) + (results["tab counts"]?.p95 ?? 0);
console.log(
  `Shipments page (first page + counts), p95 sum: ${pageLoad.toFixed(2)} ms at ${ROWS.toLocaleString("en-US")} shipments`,
);
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(
  "bench/results/admin-list.json",
  JSON.stringify(
    {
      benchmark: "admin shipments list",
      rows: ROWS,
      otherShopsRows: 20_000,
      iterations: ITERATIONS,
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}`,
      results,
      at: new Date().toISOString(),
    },
    null,
    2,
  ),
);
await database.close();
