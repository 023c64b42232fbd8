/**
 * `npm run bench:labels`: what printing labels costs. COUNT (100) labels of varied length (long
 * and short addresses, COD and prepaid, routing codes or none) drawn as one PDF, RUNS (5) times
 * per layout, in this process: the time to the first byte of the stream (what the merchant waits
 * for before the browser starts receiving), the time to the whole PDF, its size, and the CPU per
 * label. The first run of the process is reported apart (it reads the fonts).
 *
 * Writes bench/results/labels.json.
 */
import { performance } from "node:perf_hooks";
import type { LabelLayout } from "#app/labels/layouts.ts";
import { labelPdf } from "#app/labels/render.server.ts";
import { sampleLabel } from "#test/fixtures/labels.ts";
import { writeResult } from "./stack.ts";

const COUNT = Number(process.env.COUNT ?? 100);
const RUNS = Number(process.env.RUNS ?? 5);

async function run(layout: LabelLayout) {
  const labels = Array.from({ length: COUNT }, (_, i) => sampleLabel(i));
  const cpu = process.cpuUsage();
  const start = performance.now();
  let first = 0;
  let bytes = 0;
  for await (const chunk of labelPdf(labels, layout)) {
    if (!first) first = performance.now() - start;
    bytes += (chunk as Buffer).length;
  }
  const total = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return {
    firstByteMs: first,
    totalMs: total,
    bytes,
    cpuMsPerLabel: (used.user + used.system) / 1000 / COUNT,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

const cold = await run("thermal");
const result: Record<string, unknown> = {
  count: COUNT,
  runs: RUNS,
  coldThermal: { firstByteMs: round(cold.firstByteMs), totalMs: round(cold.totalMs) },
};
for (const layout of ["thermal", "a4"] as const) {
  const runs = [];
  for (let r = 0; r < RUNS; r += 1) runs.push(await run(layout));
  result[layout] = {
    firstByteMsMedian: round(median(runs.map((r) => r.firstByteMs))),
    totalMsMedian: round(median(runs.map((r) => r.totalMs))),
    totalMsMax: round(Math.max(...runs.map((r) => r.totalMs))),
    cpuMsPerLabel: round(median(runs.map((r) => r.cpuMsPerLabel)), 3),
    kilobytes: round(runs[0]!.bytes / 1024, 1),
  };
}
result.peakRssMb = round(process.resourceUsage().maxRSS / 1024, 1);
console.log(JSON.stringify(result, null, 2));
writeResult("labels", result);
