/**
 * `npm run bench:sandbox`: create-draft requests per second against the sandbox, at zero added
 * latency, with rate limits off. The sandbox runs as its own process (as `npm run sandbox` does);
 * this process is the load generator: CONNECTIONS keep-alive connections, each sending its next
 * request as soon as the previous answer arrives, for DURATION_S seconds after a warm-up.
 * Target: at least 2,000 requests/s with p99 under 20 ms on a 2-core machine.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.DURATION_S ?? 10);
const WARMUP_S = Number(process.env.WARMUP_S ?? 2);
const PORT = Number(process.env.BENCH_SANDBOX_PORT ?? 4099);

const child = spawn(process.execPath, ["--import", "tsx", "sandbox/main.ts"], {
  env: {
    ...process.env,
    SANDBOX_PORT: String(PORT),
    SANDBOX_RATE_LIMITS: "off",
    SANDBOX_STATUS_INTERVAL_MS: "0",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise<void>((resolve, reject) => {
  child.stdout!.on(
    "data",
    (d: Buffer) => d.toString().includes("Sandbox shipping service at") && resolve(),
  );
  child.on("exit", (code) => reject(new Error(`sandbox exited with ${code}`)));
});

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
const body = (n: number) =>
  JSON.stringify({
    origin_contact_name: "Gudang",
    origin_contact_phone: "081234567890",
    origin_address: "Jl. Fatmawati 10, Jakarta Selatan",
    origin_postal_code: 12430,
    destination_contact_name: "Siti",
    destination_contact_phone: "081298765432",
    destination_address: "Jl. Tunjungan 5, Surabaya",
    destination_postal_code: 60271,
    courier_company: "jne",
    courier_type: "reg",
    delivery_type: "now",
    reference_id: `bench-${n}`,
    items: [
      { name: "Batik Shirt", value: 150000, quantity: 2, weight: 300, category: "fashion" },
      { name: "Kopi", value: 85000, quantity: 1, weight: 260 },
    ],
  });

function post(n: number, key: string): Promise<number> {
  const payload = body(n);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        path: "/v1/draft_orders",
        method: "POST",
        agent,
        headers: {
          authorization: key,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

let counter = 0;
const latencies: number[] = [];
let errors = 0;
let measuring = false;
let stop = false;
let windowCount = 0;

async function connection(i: number) {
  const key = `biteship_test.bench-${i}`;
  while (!stop) {
    const t0 = performance.now();
    const status = await post(counter++, key);
    const ms = performance.now() - t0;
    if (measuring) {
      latencies.push(ms);
      windowCount++;
      if (status !== 201) errors++;
    }
  }
}

const runners = Array.from({ length: CONNECTIONS }, (_, i) => connection(i));
await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
measuring = true;
const started = performance.now();
const cpuStart = process.cpuUsage();
const progress = setInterval(() => {
  process.stdout.write(
    `\r  ${((performance.now() - started) / 1000).toFixed(0)} s: ${windowCount} req/s, ${latencies.length} total   `,
  );
  windowCount = 0;
}, 1000);
await new Promise((r) => setTimeout(r, DURATION_S * 1000));
measuring = false;
const elapsed = (performance.now() - started) / 1000;
stop = true;
clearInterval(progress);
await Promise.all(runners);
const loadCpu = process.cpuUsage(cpuStart);
child.kill("SIGTERM");
agent.destroy();

latencies.sort((a, b) => a - b);
const q = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
const result = {
  benchmark: "sandbox create-draft",
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  connections: CONNECTIONS,
  durationS: Math.round(elapsed * 10) / 10,
  requests: latencies.length,
  requestsPerSecond: Math.round(latencies.length / elapsed),
  non201: errors,
  latencyMs: {
    p50: +q(0.5).toFixed(2),
    p90: +q(0.9).toFixed(2),
    p99: +q(0.99).toFixed(2),
    max: +latencies.at(-1)!.toFixed(2),
  },
  loadGeneratorCpuS: Math.round((loadCpu.user + loadCpu.system) / 1e4) / 100,
  target: { requestsPerSecond: 2000, p99Ms: 20 },
};
const pass = result.requestsPerSecond >= 2000 && result.latencyMs.p99 < 20 && errors === 0;
process.stdout.write("\n");
console.log(JSON.stringify(result, null, 2));
console.log(
  `${pass ? "PASS" : "MISS"}: ${result.requestsPerSecond} creates/s (target ≥ 2000), p99 ${result.latencyMs.p99} ms (target < 20), ${errors} errors`,
);
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(
  "bench/results/sandbox-create.json",
  JSON.stringify({ ...result, pass, at: new Date().toISOString() }, null, 2),
);
