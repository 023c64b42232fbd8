/**
 * `npm run bench`: every speed figure of the app in one run, one benchmark after another (each is
 * also its own script): webhook acknowledgement (bench/webhook-ack.ts), pipeline throughput,
 * fairness and overhead (bench/pipeline.ts), the shipments page at 50,000 shipments
 * (bench/admin-list.ts), rates at checkout (bench/checkout-rates.ts). Prints a summary at the end and writes bench/results/summary.json.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { writeResult } from "./stack.ts";

const parts = [
  { script: "bench/webhook-ack.ts", result: "webhook-ack" },
  { script: "bench/pipeline.ts", result: "pipeline" },
  { script: "bench/admin-list.ts", result: "admin-list" },
  { script: "bench/checkout-rates.ts", result: "checkout-rates" },
];
const failures: string[] = [];
for (const part of parts) {
  console.log(`\n=== ${part.script}`);
  const run = spawnSync(process.execPath, ["--import", "tsx", part.script], {
    stdio: "inherit",
    env: process.env,
  });
  if (run.status !== 0) failures.push(`${part.script} exited ${run.status ?? run.signal}`);
}

const read = (name: string) => {
  const file = `bench/results/${name}.json`;
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null;
};
const ack = read("webhook-ack");
const pipeline = read("pipeline");
const admin = read("admin-list");
const rates = read("checkout-rates");
const summary = {
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  webhookAck: ack && {
    runs: ack.runs,
    saturationRate: ack.saturationRate,
    goalMet: ack.goalMet,
    ratioP99NaiveOverAppAt300: ack.ratioP99NaiveOverAppAt300,
  },
  pipeline: pipeline && {
    smallShops: pipeline.smallShops,
    oneShop: pipeline.oneShop,
    fairness: pipeline.fairness,
    overhead: pipeline.overhead,
  },
  adminList: admin,
  checkoutRates: rates && { phases: rates.phases, goalMet: rates.goalMet },
  failures,
  at: new Date().toISOString(),
};
const file = writeResult("summary", summary);
console.log("\n=== Summary");
if (ack)
  for (const r of ack.runs)
    console.log(
      `  webhooks ${r.handler.padEnd(5)} ${String(r.rate).padStart(5)}/s: p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms, non-2xx ${r.non2xx}/${r.sent}`,
    );
if (ack)
  console.log(
    `  webhook goal (p99 < 50 ms at 300/s, no error): ${ack.goalMet ? "met" : "NOT met"}; naive/app p99 at 300/s: ${ack.ratioP99NaiveOverAppAt300}×; saturation: ${ack.saturationRate ? `${ack.saturationRate}/s` : "not reached"}`,
  );
const smalls = pipeline?.smallShops;
if (smalls)
  console.log(
    `  pipeline, small shops during a ${smalls.flashOrders}-order sale: booked after at most ${smalls.smallShopWorstS} s (goal ≤ ${smalls.smallShopGoalS} s: ${smalls.smallShopGoalMet ? "met" : "NOT met"}); the sale's median order-to-booking ${smalls.flashMedianBookingS} s (floor ${smalls.flashFloorMedianS} s)`,
  );
if (pipeline?.oneShop) {
  const o = pipeline.oneShop;
  console.log(
    `  pipeline, one shop: ${o.shipmentsPerS}/s = ${(o.shareOfCeiling * 100).toFixed(1)}% of ${o.ceilingPerS}/s (goal ≥ 95%: ${o.goalMet ? "met" : "NOT met"}), 429s ${o.responses429}, calls/shipment ${o.callsPerShipment}`,
  );
  const f = pipeline.fairness;
  console.log(
    `  pipeline, ${f.shops} shops: ${f.aggregatePerS}/s aggregate, slowest/fastest shop ${f.slowestOverFastest}, Jain ${f.jainIndex}`,
  );
  const c = pipeline.overhead;
  console.log(
    `  CPU per order: web ${c.webCpuMsPerOrder} ms + worker ${c.workerCpuMsPerOrder} ms (bare BullMQ job ${c.bareBullmqJobCpuMs} ms); peak RSS web ${c.webPeakRssMb} MB, worker ${c.workerPeakRssMb} MB; Redis after: ${c.redisAfterRun.usedMemoryMb} MB`,
  );
}
if (admin)
  console.log(
    `  shipments page at ${admin.rows} shipments: first page p95 ${admin.results["first page (all)"]?.p95} ms + tab counts p95 ${admin.results["tab counts"]?.p95} ms`,
  );
console.log(`\nWrote ${file}${failures.length ? `; failures: ${failures.join("; ")}` : ""}`);
process.exit(failures.length ? 1 : 0);
