/**
 * `npm run bench:labels`: what printing labels costs. COUNT (100) labels of varied length (long
 * and short addresses, COD and prepaid, routing codes or none) drawn as one PDF, RUNS (5) times
 * per layout, in this process: the time to the first byte of the stream (what the merchant waits
 * for before the browser starts receiving), the time to the whole PDF, its size, and the CPU per
 * label. The first run of the process is reported apart (it reads the fonts). Then the cost curve
 * of a hostile label, drawn alone: CPU for one label whose pickup address is one unbroken word of
 * 1,000, 2,000, 4,000 and 8,000 characters (the median of RUNS), against a usual label's.
 *
 * Writes bench/results/labels.json.
 */
import { performance } from "node:perf_hooks";
import type { LabelLayout } from "#app/shops/label-layouts.ts";
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
/** CPU (ms) to draw one label alone, the median of RUNS. */
async function oneLabelCpu(label: ReturnType<typeof sampleLabel>): Promise<number> {
  const runs = [];
  for (let r = 0; r < RUNS; r += 1) {
    const cpu = process.cpuUsage();
    for await (const chunk of labelPdf([label], "thermal")) void chunk;
    const used = process.cpuUsage(cpu);
    runs.push((used.user + used.system) / 1000);
  }
  return round(median(runs), 1);
}
const usual = sampleLabel(1);
const curve: Record<string, number> = { usual: await oneLabelCpu(usual) };
for (const length of [1_000, 2_000, 4_000, 8_000])
  curve[`word${length}`] = await oneLabelCpu({
    ...usual,
    sender: { ...usual.sender, address: "A".repeat(length) },
  });
result.oneLabelCpuMs = curve;
result.peakRssMb = round(process.resourceUsage().maxRSS / 1024, 1);
console.log(JSON.stringify(result, null, 2));
writeResult("labels", result);
