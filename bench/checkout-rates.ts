/**
 * `npm run bench:rates`: how fast the checkout's rate requests are answered (POST
 * /carrier-service/rates on the production server, server.ts), with the shipping service 100 ms
 * away and its documented rates limit (a live key: 20 requests/s, shared through the app's limiter).
 *
 * Signed rate requests arrive at RATE (50) per second, open loop, for DURATION_S (30) seconds per
 * phase, over a fixed mix of ROUTES (300) destinations and weight bands from one warehouse:
 * - cold: the app with its cache (CHECKOUT_RATES_CACHE_SECONDS 300), starting empty;
 * - warm: the same mix again, the cache filled;
 * - uncached: the same app with the cache off (CHECKOUT_RATES_CACHE_SECONDS 0), side by side.
 * Prints p50/p99/max, how many answers had rates, the slowest against the deadline
 * (CHECKOUT_RATES_DEADLINE_MS, 2000), and the service calls made; writes
 * bench/results/checkout-rates.json. Goal: p99 under 300 ms warm, no answer past the deadline.
 */
import crypto from "node:crypto";
import http from "node:http";
import os from "node:os";
import { callbackTokenOf } from "#app/shops/callback-token.server.ts";
import { setCarrierServiceId } from "#app/shops/shops.server.ts";
import { shopifyHmac } from "#fakes/shopify/webhook-signer.ts";
import { shopifyRateRequest } from "#test/helpers/rate-requests.ts";
import { API_SECRET, compiledScript, progress, quantile, Stack, writeResult } from "./stack.ts";

const RATE = Number(process.env.RATE ?? 50);
const DURATION_S = Number(process.env.DURATION_S ?? 30);
const ROUTES = Number(process.env.ROUTES ?? 300);
const LATENCY_MS = Number(process.env.SERVICE_LATENCY_MS ?? 100);
const DEADLINE_MS = 2000;
const SHOP = "bench-rates.myshopify.com";
const OFFER = {
  services: [
    { company: "jne", type: "reg" },
    { company: "jne", type: "yes" },
    { company: "sicepat", type: "reg" },
    { company: "sicepat", type: "best", name: "Kilat" },
    { company: "anteraja", type: "reg" },
    { company: "jnt", type: "ez" },
  ],
  adjustment: { kind: "percent" as const, value: 5 },
  freeAbove: 500_000,
};

/** A fixed mix of routes (seeded): destination postal codes across Indonesia and parcel weights. */
function routes(): { postalCode: string; grams: number }[] {
  let seed = 20261123;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: ROUTES }, () => ({
    postalCode: String(10000 + Math.floor(next() * 89999)),
    grams: 200 + Math.floor(next() * 4800),
  }));
}
const MIX = routes();

function body(i: number): string {
  const route = MIX[i % MIX.length]!;
  return JSON.stringify(
    shopifyRateRequest({
      origin: {
        postalCode: "12430",
        province: "JK",
        city: "Jakarta Selatan",
        address1: "Jl. Fatmawati 10",
        companyName: "Toko Maju",
      },
      destination: { postalCode: route.postalCode, name: "Pelanggan", address1: "Jl. Contoh 1" },
      items: [
        {
          name: "Kemeja",
          sku: "K-1",
          quantity: 1,
          grams: route.grams,
          price: 250_000,
          productId: 1,
          variantId: 2,
        },
      ],
    }),
  );
}

async function startStack(name: string, cacheSeconds: number): Promise<Stack> {
  const stack = await Stack.start({
    name,
    sandbox: { faults: { latencyMs: LATENCY_MS, match: "^POST /v1/rates" } },
    workers: 0,
    workerConcurrency: 1,
    env: {
      CHECKOUT_RATES_CACHE_SECONDS: String(cacheSeconds),
      CHECKOUT_RATES_DEADLINE_MS: String(DEADLINE_MS),
    },
    // The web process reads the shop's Shopify locations (to match the origin) from the fake Shopify.
    webNodeArgs: ["--import", compiledScript("fakes/shopify/redirect-shopify-admin.ts")],
  });
  stack.shopify.orders.locations.set(SHOP, [
    {
      id: "gid://shopify/Location/1",
      name: "Gudang Jakarta",
      address: {
        address1: "Jl. Fatmawati 10",
        city: "Jakarta Selatan",
        zip: "12430",
        phone: "021 7654321",
      },
    },
  ]);
  await stack.addShop(SHOP, `biteship_live.bench-rates-${crypto.randomBytes(4).toString("hex")}`, {
    checkoutRates: OFFER,
  });
  // Registered with the shop's callback token, which every request's URL then carries.
  const token = await callbackTokenOf(stack.db, stack.encryptionKey, SHOP);
  await setCarrierServiceId(stack.db, SHOP, "gid://shopify/DeliveryCarrierService/1", token);
  callbackPath = `/carrier-service/rates?token=${token}`;
  return stack;
}

let callbackPath = "/carrier-service/rates";
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
function ask(port: number, raw: string): Promise<{ ms: number; status: number; rates: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: callbackPath,
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(raw),
          "x-shopify-hmac-sha256": shopifyHmac(raw, API_SECRET),
          "x-shopify-shop-domain": SHOP,
        },
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          let rates = 0;
          try {
            rates =
              (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { rates?: unknown[] }).rates
                ?.length ?? 0;
          } catch {
            rates = 0;
          }
          resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0, rates });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ ms: performance.now() - t0, status: 0, rates: 0 }));
    req.end(raw);
  });
}

interface Phase {
  phase: string;
  sent: number;
  p50: number;
  p99: number;
  max: number;
  withRates: number;
  /** Answered 503: Shopify shows the shop's backup rates and asks again in 30 s. */
  backup: number;
  /** Answered neither 200 nor 503. */
  otherStatus: number;
  pastDeadline: number;
  serviceCalls: number;
}

async function phase(stack: Stack, name: string): Promise<Phase> {
  const callsBefore = stack.sandbox.requests.get("POST /v1/rates/:id") ?? 0;
  const results: Promise<{ ms: number; status: number; rates: number }>[] = [];
  const interval = 1000 / RATE;
  const start = performance.now();
  let next = start;
  let i = 0;
  let reported = start;
  while (performance.now() - start < DURATION_S * 1000) {
    const now = performance.now();
    while (next <= now) {
      results.push(ask(stack.webPort, body(i++)));
      next += interval;
    }
    if (now - reported >= 5000) {
      progress(`  ${name}: ${((now - start) / 1000).toFixed(0)} s, ${results.length} sent`);
      reported = now;
    }
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(5, next - performance.now()))));
  }
  const done = await Promise.all(results);
  const times = done.map((d) => d.ms).sort((a, b) => a - b);
  const result: Phase = {
    phase: name,
    sent: done.length,
    p50: +quantile(times, 0.5).toFixed(1),
    p99: +quantile(times, 0.99).toFixed(1),
    max: +times.at(-1)!.toFixed(1),
    withRates: done.filter((d) => d.rates > 0).length,
    backup: done.filter((d) => d.status === 503).length,
    otherStatus: done.filter((d) => d.status !== 200 && d.status !== 503).length,
    pastDeadline: done.filter((d) => d.ms > DEADLINE_MS).length,
    serviceCalls: (stack.sandbox.requests.get("POST /v1/rates/:id") ?? 0) - callsBefore,
  };
  process.stdout.write(
    `\r  ${name.padEnd(9)} p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms; with rates ${result.withRates}/${result.sent}; past the ${DEADLINE_MS} ms deadline ${result.pastDeadline}; 503 (backup rates) ${result.backup}; other statuses ${result.otherStatus}; service calls ${result.serviceCalls}\n`,
  );
  return result;
}

console.log(
  `Rates at checkout: ${RATE} requests/s for ${DURATION_S} s per phase, ${ROUTES} routes, service latency ${LATENCY_MS} ms, live key (rates limit 20/s)`,
);
const phases: Phase[] = [];
const cached = await startStack("bench_rates", 300);
phases.push(await phase(cached, "cold"));
phases.push(await phase(cached, "warm"));
await cached.stop();
const uncached = await startStack("bench_rates_uncached", 0);
phases.push(await phase(uncached, "uncached"));
await uncached.stop();

const warm = phases.find((p) => p.phase === "warm")!;
const goalMet =
  warm.p99 < 300 &&
  warm.backup === 0 &&
  phases.every((p) => p.pastDeadline === 0 && p.otherStatus === 0);
writeResult("checkout-rates", {
  benchmark: "rates at checkout",
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}`,
  rate: RATE,
  durationS: DURATION_S,
  routes: ROUTES,
  serviceLatencyMs: LATENCY_MS,
  deadlineMs: DEADLINE_MS,
  phases,
  goalMet,
  at: new Date().toISOString(),
});
console.log(
  `\nWarm p99 ${warm.p99} ms (goal < 300 ms), answers past the deadline: ${phases.reduce((s, p) => s + p.pastDeadline, 0)}: goal ${goalMet ? "met" : "NOT met"}`,
);
agent.destroy();
process.exit(0);
