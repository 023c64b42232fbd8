/**
 * `npm run drill`: survival under faults, against the real web server, worker processes, Redis,
 * PostgreSQL and the sandbox. Each drill prints PASS or FAIL with its counts; all of them are
 * written to bench/results/drills.json (a run of some drills, `DRILLS=1,3`, updates theirs); `DRILL_ORDERS` (2000) sizes
 * drills 1 and 2; `OUTAGE_S` (120) is drill 4's outage. Random choices use a fixed seed.
 *
 * 1. Duplicate deliveries   5. Answers dropped after commit
 * 2. Worker SIGKILLs        6. Cancellations at every stage
 * 3. Redis killed           7. 1,000 malformed or unusual orders
 * 4. Service outage         8. Forged requests; no API key in Redis, logs or job payloads
 *                           9. Redis Cluster: the queues' master killed (2 web, 3 workers)
 *
 * One file per drill in bench/drills/, what they share in bench/drills/shared.ts; this file runs
 * the chosen ones and records their results.
 */
import fs from "node:fs";
import os from "node:os";
import { drillDuplicates } from "./drills/1-duplicates.ts";
import { drillWorkerKills } from "./drills/2-worker-kills.ts";
import { drillRedisKilled } from "./drills/3-redis-killed.ts";
import { drillOutage } from "./drills/4-outage.ts";
import { drillDroppedAnswers } from "./drills/5-dropped-answers.ts";
import { drillCancellations } from "./drills/6-cancellations.ts";
import { drillMalformed } from "./drills/7-malformed.ts";
import { drillForgeries } from "./drills/8-forgeries.ts";
import { drillClusterFailover } from "./drills/9-cluster-failover.ts";
import { ORDERS, OUTAGE_S } from "./drills/shared.ts";
import { LOG_DIR, writeResult } from "./stack.ts";

const SELECTED = (process.env.DRILLS ?? "1,2,3,4,5,6,7,8,9").split(",").map(Number);

interface Result {
  drill: string;
  pass: boolean;
  counts: Record<string, unknown>;
  seconds: number;
  at: string;
}

// ----------------------------------------------------------------------------------------------------
const drills: [number, string, () => Promise<Record<string, unknown> & { pass: boolean }>][] = [
  [
    1,
    `Duplicate deliveries (×3, concurrent, after clean-up) over ${ORDERS} orders`,
    drillDuplicates,
  ],
  [2, `Worker SIGKILLed every 5–15 s during ${ORDERS} orders`, drillWorkerKills],
  [3, "Redis killed and restarted mid-run", drillRedisKilled],
  [4, `Shipping service 5xx then hanging for ${OUTAGE_S} s, then recovering`, drillOutage],
  [5, "Answers dropped after the service committed (create and confirm)", drillDroppedAnswers],
  [6, "Cancellations before, during, after confirmation and before the create", drillCancellations],
  [7, "1,000 malformed or unusual store orders", drillMalformed],
  [8, "Forged webhooks and tokens, cross-shop access, API keys at rest", drillForgeries],
  [
    9,
    "Redis Cluster: the master of the app's slot killed mid-run, 2 web and 3 worker processes",
    drillClusterFailover,
  ],
];

fs.rmSync(LOG_DIR, { recursive: true, force: true });
const results: Result[] = [];
for (const [n, title, run] of drills) {
  if (!SELECTED.includes(n)) continue;
  console.log(`\nDrill ${n}: ${title}`);
  const t0 = performance.now();
  let outcome: Record<string, unknown> & { pass: boolean };
  try {
    outcome = await run();
  } catch (error) {
    outcome = { pass: false, error: (error as Error).stack ?? String(error) };
  }
  const { pass, ...counts } = outcome;
  const seconds = +((performance.now() - t0) / 1000).toFixed(1);
  results.push({ drill: `${n}. ${title}`, pass, counts, seconds, at: new Date().toISOString() });
  console.log(`\n  ${pass ? "PASS" : "FAIL"} (${seconds} s): ${JSON.stringify(counts)}`);
}
// A run of some drills updates their entries and keeps the others' latest results.
const previous: Result[] = (() => {
  try {
    return (
      JSON.parse(fs.readFileSync("bench/results/drills.json", "utf8")) as { results: Result[] }
    ).results;
  } catch {
    return [];
  }
})();
const number = (r: Result) => Number(r.drill.split(".")[0]);
const merged = [
  ...previous.filter((p) => !results.some((r) => number(r) === number(p))),
  ...results,
].sort((a, b) => number(a) - number(b));
const file = writeResult("drills", {
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}`,
  results: merged,
});
const failed = results.filter((r) => !r.pass);
console.log(
  `\n${results.length - failed.length} of ${results.length} drills passed${failed.length ? `; failed: ${failed.map((f) => f.drill.split(".")[0]).join(", ")}` : ""}. Details: ${file}`,
);
process.exit(failed.length ? 1 : 0);
