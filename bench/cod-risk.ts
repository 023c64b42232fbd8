/**
 * `npm run bench:cod-risk`: would the COD risk have held the parcels that came back, and how
 * many good orders would it have delayed? A year of one shop's orders (bench/cod-risk/world.ts)
 * replayed in time order through the app's own assessment (app/cod-risk/assess.server.ts: the
 * history read from PostgreSQL, the rules) as the worker runs it: each order mapped from a
 * Shopify-shaped order by the app's own `destinationOf`, scored against the shipments recorded
 * before it, then recorded; each parcel's outcome (delivered, or back unpaid) written when it
 * happens. The scoring never sees the generator's hidden propensities.
 *
 * Prints, for each threshold, the share of returned parcels held, the share of returns of repeat
 * buyers held, the share of good orders held and the money saved net of good orders delayed; and
 * the assessment's cost per COD order (SQL statements, milliseconds). Real PostgreSQL
 * (BENCH_DATABASE_URL, default the local server; a database parcelbridge_bench_risk is
 * recreated). Writes bench/results/cod-risk.json.
 */
import fs from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { inArray, and, eq } from "drizzle-orm";
import { freshPostgres } from "./fresh-postgres.ts";
import { countStatements } from "./count-sql.ts";
import { shipments, shops } from "#app/db/schema.ts";
import { assessCodRisk } from "#app/cod-risk/assess.server.ts";
import { HIGH_FROM } from "#app/cod-risk/rules.ts";
import { destinationOf } from "#app/orders/map-destination.ts";
import { orderPayloadSchema } from "#app/orders/payload.ts";
import { generateYear, WORLD, type WorldOrder } from "./cod-risk/world.ts";

/** Of held parcels that would have come back, the share the merchant's check stops. */
const PREVENTED = 0.8;
/** Of good orders held, the share lost while waiting (the buyer gives up). */
const LOST_WHILE_HELD = 0.05;
/** The merchant's margin on the goods, lost with a lost order. */
const MARGIN = 0.3;
const THRESHOLDS = [30, 40, 50, 60, 70, 80];

const { database } = await freshPostgres("parcelbridge_bench_risk", 2);
const db = database.db;
// Every statement sent to PostgreSQL, counted: the assessment's are those sent while it runs.
const statements = countStatements();

const SHOP = "toko-risiko.myshopify.com";
await db.insert(shops).values({ shop: SHOP });

const { orders, buyers } = generateYear();
console.log(
  `COD risk: ${orders.length} orders over ${WORLD.days} days, ${buyers.length} buyers, seed ${WORLD.seed}`,
);

/** A Shopify order as its webhook carries it (only what the assessment reads). */
const shopifyOrder = (o: WorldOrder) =>
  orderPayloadSchema.parse({
    id: o.id,
    name: `#${o.id % 100_000}`,
    created_at: o.at.toISOString(),
    email: o.buyer.email,
    customer: o.buyer.customerId ? { id: Number(o.buyer.customerId) } : null,
    shipping_address: {
      name: `Pembeli ${o.buyer.id}`,
      address1: o.buyer.street,
      city: o.buyer.postal.city,
      province: o.buyer.postal.province,
      zip: o.buyer.postal.code,
      country: "Indonesia",
      country_code: "ID",
      phone: o.buyer.phone.replace("+62", "0"),
    },
    line_items: [],
  });

interface Scored {
  order: WorldOrder;
  score: number;
  /** The buyer had an earlier COD parcel whose outcome was known when this one was scored. */
  knownBuyer: boolean;
  /** The buyer had ordered before (any payment). */
  repeat: boolean;
  /**
   * The history shows a sign: an earlier COD parcel of the buyer's known to have come back, or
   * another COD order from the phone in the day before.
   */
  signalled: boolean;
}
const scored: Scored[] = [];
const timings: number[] = [];
let statementsScoring = 0;
const ends = orders.filter((o) => o.cod).sort((a, b) => a.endsAt.getTime() - b.endsAt.getTime());
let nextEnd = 0;
const seenBuyers = new Map<
  number,
  { orders: number; codEnds: number[]; backAt: number[]; codAt: number[] }
>();
const started = performance.now();

for (const [i, order] of orders.entries()) {
  // Outcomes that happened before this order, as the status sync would have recorded them.
  const due: WorldOrder[] = [];
  while (nextEnd < ends.length && ends[nextEnd]!.endsAt <= order.at) due.push(ends[nextEnd++]!);
  for (const returns of [true, false]) {
    const ids = due.filter((o) => o.returns === returns).map((o) => String(o.id));
    if (ids.length === 0) continue;
    await db
      .update(shipments)
      .set(
        returns
          ? { status: "returned", returnedAt: order.at }
          : { status: "delivered", deliveredAt: order.at },
      )
      .where(and(eq(shipments.shop, SHOP), inArray(shipments.orderId, ids)));
  }

  const payload = shopifyOrder(order);
  const destination = destinationOf(payload);
  const cod = order.cod ? order.value + order.buyer.postal.shipping : null;
  const seen = seenBuyers.get(order.buyer.id) ?? { orders: 0, codEnds: [], backAt: [], codAt: [] };
  if (cod !== null) {
    const before = statements();
    const t0 = performance.now();
    const risk = await assessCodRisk(db, {
      shop: SHOP,
      order: payload,
      destination,
      cod,
      currency: "IDR",
      now: order.at,
    });
    timings.push(performance.now() - t0);
    statementsScoring += statements() - before;
    scored.push({
      order,
      score: risk.score,
      knownBuyer: seen.codEnds.some((end) => end <= order.at.getTime()),
      repeat: seen.orders > 0,
      signalled:
        seen.backAt.some((end) => end <= order.at.getTime()) ||
        seen.codAt.some((t) => t > order.at.getTime() - 86_400_000),
    });
  }
  await db.insert(shipments).values({
    shop: SHOP,
    orderId: String(order.id),
    referenceId: `risk-${order.id}`,
    status: "confirmed",
    orderCreatedAt: order.at,
    customerId: order.buyer.customerId,
    destinationName: destination.name,
    destinationPhone: destination.phone,
    destinationEmail: destination.email,
    destinationAddress: destination.address,
    destinationCity: destination.city,
    destinationPostalCode: destination.postalCode,
    contents: { items: [], ordered: [], cod, insurance: null },
    createdAt: order.at,
  });
  seen.orders += 1;
  if (order.cod) {
    seen.codEnds.push(order.endsAt.getTime());
    seen.codAt.push(order.at.getTime());
    if (order.returns) seen.backAt.push(order.endsAt.getTime());
  }
  seenBuyers.set(order.buyer.id, seen);
  if (i % 500 === 0) process.stdout.write(`\r  replayed ${i}/${orders.length}   `);
}
process.stdout.write("\n");
const replaySeconds = (performance.now() - started) / 1000;
await database.close();

const share = (part: number, whole: number) => (whole === 0 ? 0 : +(part / whole).toFixed(4));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
};
const returns = scored.filter((s) => s.order.returns);
const good = scored.filter((s) => !s.order.returns);
const knownReturns = returns.filter((s) => s.knownBuyer);
const repeatReturns = returns.filter((s) => s.repeat);
const signalledReturns = returns.filter((s) => s.signalled);
const rows = THRESHOLDS.map((threshold) => {
  const held = (list: Scored[]) => list.filter((s) => s.score >= threshold);
  const heldReturns = held(returns);
  const heldGood = held(good);
  const saved = heldReturns.reduce(
    (sum, s) => sum + 2 * s.order.buyer.postal.shipping * PREVENTED,
    0,
  );
  const lost = heldGood.reduce((sum, s) => sum + s.order.value * MARGIN * LOST_WHILE_HELD, 0);
  return {
    threshold,
    default: threshold === HIGH_FROM,
    held: heldReturns.length + heldGood.length,
    returnsHeld: share(heldReturns.length, returns.length),
    knownBuyerReturnsHeld: share(held(knownReturns).length, knownReturns.length),
    repeatBuyerReturnsHeld: share(held(repeatReturns).length, repeatReturns.length),
    signalledReturnsHeld: share(held(signalledReturns).length, signalledReturns.length),
    goodHeld: share(heldGood.length, good.length),
    savedRupiah: Math.round(saved),
    lostRupiah: Math.round(lost),
    netRupiah: Math.round(saved - lost),
  };
});
const cost = {
  statementsPerOrder: +(statementsScoring / scored.length).toFixed(3),
  msMean: +(timings.reduce((a, b) => a + b, 0) / timings.length).toFixed(3),
  msP50: +percentile(timings, 0.5).toFixed(3),
  msP95: +percentile(timings, 0.95).toFixed(3),
  msMax: +percentile(timings, 1).toFixed(3),
};
const summary = {
  codOrders: scored.length,
  prepaidOrders: orders.length - scored.length,
  returned: returns.length,
  returnRate: share(returns.length, scored.length),
  returnsOfKnownBuyers: knownReturns.length,
  returnsOfRepeatBuyers: repeatReturns.length,
  returnsWithASign: signalledReturns.length,
  replaySeconds: +replaySeconds.toFixed(1),
};

console.log(
  `  ${summary.codOrders} COD orders (${summary.prepaidOrders} prepaid), ${summary.returned} came back (${(summary.returnRate * 100).toFixed(1)} %): ${summary.returnsOfRepeatBuyers} from buyers who had ordered before, ${summary.returnsOfKnownBuyers} from buyers with an earlier COD parcel's outcome known, ${summary.returnsWithASign} with a sign in the history (an earlier parcel known back, or another COD order from the phone that day)`,
);
console.log(
  "  threshold | returns held | repeat buyers' returns held (outcome known; with a sign) | good orders held | saved − lost = net (rupiah)",
);
for (const r of rows)
  console.log(
    `  ${String(r.threshold).padStart(3)}${r.default ? " (default)" : "          "} | ${(r.returnsHeld * 100).toFixed(1).padStart(5)} % | ${(r.repeatBuyerReturnsHeld * 100).toFixed(1).padStart(5)} % (${(r.knownBuyerReturnsHeld * 100).toFixed(1)} %; ${(r.signalledReturnsHeld * 100).toFixed(1)} %) | ${(r.goodHeld * 100).toFixed(2).padStart(5)} % | ${r.savedRupiah.toLocaleString("id-ID")} − ${r.lostRupiah.toLocaleString("id-ID")} = ${r.netRupiah.toLocaleString("id-ID")}`,
  );
console.log(
  `  assessment per COD order: ${cost.statementsPerOrder} SQL statements, ${cost.msMean} ms mean (p50 ${cost.msP50}, p95 ${cost.msP95}, max ${cost.msMax}); replay ${summary.replaySeconds} s`,
);
const chosen = rows.find((r) => r.default)!;
const met = chosen.repeatBuyerReturnsHeld >= 0.5 && chosen.goodHeld <= 0.05;
console.log(
  `  goal at the default threshold (${HIGH_FROM}): ≥ 50 % of repeat buyers' returns held, ≤ 5 % of good orders held: ${met ? "met" : "NOT met"}`,
);
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(
  "bench/results/cod-risk.json",
  JSON.stringify(
    {
      when: new Date().toISOString(),
      machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      world: WORLD,
      assumptions: { PREVENTED, LOST_WHILE_HELD, MARGIN },
      summary,
      rows,
      cost,
      met,
    },
    null,
    2,
  ),
);
process.exit(0);
