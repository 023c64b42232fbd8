import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerRateRequest, CARRIER_SERVICE_PATH } from "#app/checkout-rates/callback.server.ts";
import { db } from "#app/db/index.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { fastPath } from "#app/server/fast-path.ts";
import { answerHealth, metricsRefusal, readiness, serveHealth } from "#app/server/health.server.ts";
import { producerConnection } from "#app/jobs/queues.server.ts";
import { answerWebHealth } from "#app/server/lifecycle.server.ts";
import { metricsText } from "#app/platform/metrics.server.ts";
import { whenReady } from "#app/platform/redis.server.ts";
import { takeWebhook, webhookTopicOfPath } from "#app/webhooks/intake.server.ts";
import { liveKey } from "../helpers/sandbox.ts";
import {
  freshOrder,
  setUpShop,
  shipmentOf,
  startTestWorkers,
  waitFor,
} from "../helpers/pipeline.ts";
import { uniqueShop, webhookRequest } from "../helpers/shopify.ts";
import type { RunningWorkers } from "#worker/worker.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * The operator's endpoints (app/server/health.server.ts): /healthz, /readyz and /metrics on the
 * production server's fast path over real HTTP, and on the worker's health port; readiness fails
 * with what is wrong (Redis unreachable, migrations not applied); the metrics count what the
 * process did (a webhook acknowledged, a shipment's jobs and its calls to the service).
 */
const env = getEnv();
let server: http.Server;
let base: string;
const stack = testStack({ sandbox: {} });
let workers: RunningWorkers | undefined;

beforeAll(async () => {
  await whenReady(producerConnection(), 5_000);
  server = http.createServer(
    fastPath(
      { takeWebhook, webhookTopicOfPath, answerRateRequest, CARRIER_SERVICE_PATH, answerWebHealth },
      (_req, res) => res.writeHead(299, { "x-next": "remix" }).end(),
      () => {},
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await workers?.close();
  await new Promise((resolve) => server.close(resolve));
});

/** A counter's or gauge's value in Prometheus's text, for one exact label set; 0 when absent. */
function valueOf(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(",");
  const line = text.split("\n").find((l) => l.startsWith(`${name}{${wanted}} `));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

describe("the web server's health paths", () => {
  it("/healthz answers alive, /readyz checks the database, migrations and Redis, both GET only", async () => {
    const alive = await fetch(`${base}/healthz`);
    expect(alive.status).toBe(200);
    expect(await alive.json()).toEqual({ ok: true });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      ok: true,
      checks: { database: "ok", migrations: "ok", redis: "ok" },
    });
    expect((await fetch(`${base}/readyz`, { method: "POST", body: "{}" })).status).toBe(405);
    // Other paths still go on to Remix.
    expect((await fetch(`${base}/healthzz`)).headers.get("x-next")).toBe("remix");
  });

  it("/readyz answers 503 saying what is wrong: Redis unreachable, a migration not applied", async () => {
    const dead = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    dead.on("error", () => {});
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "pb-migrations-"));
    fs.mkdirSync(path.join(folder, "meta"));
    fs.writeFileSync(
      path.join(folder, "meta", "_journal.json"),
      JSON.stringify({ entries: [{ tag: "9999_from_the_future", when: Date.now() + 3600_000 }] }),
    );
    try {
      const answer = await readiness({ db, redis: dead, migrationsFolder: folder });
      expect(answer.status).toBe(503);
      const body = JSON.parse(answer.body) as { ok: boolean; checks: Record<string, string> };
      expect(body.ok).toBe(false);
      expect(body.checks.database).toBe("ok");
      expect(body.checks.redis).toMatch(/Redis connection/);
      expect(body.checks.migrations).toMatch(/not applied up to 9999_from_the_future/);
    } finally {
      dead.disconnect();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it("/metrics counts the webhooks acknowledged, by topic and status, and the queues' depths", async () => {
    const shop = uniqueShop("metrics");
    await setUpShop(db, env.ENCRYPTION_KEY, shop, liveKey("metrics"), stack.sandbox.url);
    const before = await (await fetch(`${base}/metrics`)).text();
    const acked = (text: string, status: string) =>
      valueOf(text, "parcelbridge_webhook_acks_total", { topic: "orders/create", status });
    const request = webhookRequest({
      topic: "orders/create",
      shop,
      body: freshOrder("multi-item"),
    });
    const delivered = await fetch(`${base}/webhooks/orders/create`, {
      method: "POST",
      headers: request.headers,
      body: await request.text(),
    });
    expect(delivered.status).toBe(200);
    const forged = await fetch(`${base}/webhooks/orders/create`, {
      method: "POST",
      headers: { ...Object.fromEntries(request.headers), "x-shopify-hmac-sha256": "forged" },
      body: "{}",
    });
    expect(forged.status).toBe(401);
    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get("content-type")).toMatch(/^text\/plain/);
    const after = await metrics.text();
    expect(acked(after, "200") - acked(before, "200")).toBe(1);
    expect(acked(after, "401") - acked(before, "401")).toBe(1);
    expect(after).toMatch(
      /^parcelbridge_webhook_ack_seconds_bucket\{le="0\.05",topic="orders\/create"\} \d+$/m,
    );
    // The new order's draft job is waiting (no worker runs here): the queue's depth says so.
    const waiting =
      valueOf(after, "parcelbridge_queue_jobs", { queue: "shipments", state: "prioritized" }) +
      valueOf(after, "parcelbridge_queue_jobs", { queue: "shipments", state: "waiting" });
    expect(waiting).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^parcelbridge_process_resident_memory_bytes \d+/m);
  });

  it("with METRICS_TOKEN, /metrics answers only its bearer", async () => {
    const token = "metrics-token-0123456789";
    const header = (value: string | null) => (name: string) =>
      name.toLowerCase() === "authorization" ? value : null;
    const deps = () => ({ db, redis: producerConnection() });
    expect((await answerHealth("GET", "/metrics", header(null), deps, token))?.status).toBe(401);
    expect(
      (await answerHealth("GET", "/metrics", header("Bearer wrong"), deps, token))?.status,
    ).toBe(401);
    expect(
      (await answerHealth("GET", "/metrics", header(`Bearer ${token}`), deps, token))?.status,
    ).toBe(200);
    // Health and readiness stay open: orchestrators probe them without credentials.
    expect((await answerHealth("GET", "/healthz", header(null), deps, token))?.status).toBe(200);
    // A bearer of another length is refused too (the comparison is of digests, in constant time).
    expect(
      (await answerHealth("GET", "/metrics", header(`Bearer ${token}x`), deps, token))?.status,
    ).toBe(401);
  });

  it("in production, /metrics needs a token: start-up says so without one", () => {
    expect(metricsRefusal({ NODE_ENV: "production" })).toMatch(/^METRICS_TOKEN is not set/);
    expect(metricsRefusal({ NODE_ENV: "production", METRICS_TOKEN: "x".repeat(16) })).toBeNull();
    expect(metricsRefusal({ NODE_ENV: "development" })).toBeNull();
  });

  it("the worker's health port listens on loopback unless told otherwise", async () => {
    const server = await serveHealth(0, () => ({ db, redis: producerConnection() }));
    try {
      expect((server.address() as { address: string }).address).toBe("127.0.0.1");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("the worker's health port and metrics", () => {
  it("counts a shipment's jobs by outcome and its calls to the service by route", async () => {
    const shop = uniqueShop("workermetrics");
    await setUpShop(db, env.ENCRYPTION_KEY, shop, liveKey("workermetrics"), stack.sandbox.url);
    const port = await serveHealth(0, () => ({ db, redis: producerConnection() }), "127.0.0.1");
    const at = `http://127.0.0.1:${(port.address() as AddressInfo).port}`;
    try {
      const before = await metricsText();
      const order = freshOrder("multi-item");
      const request = webhookRequest({ topic: "orders/create", shop, body: order });
      await fetch(`${base}/webhooks/orders/create`, {
        method: "POST",
        headers: request.headers,
        body: await request.text(),
      });
      workers = startTestWorkers(db, env, { concurrency: 2 });
      await waitFor(
        "booked",
        async () => (await shipmentOf(db, shop, order.id))?.status === "confirmed",
      );
      expect((await fetch(`${at}/healthz`)).status).toBe(200);
      expect((await fetch(`${at}/readyz`)).status).toBe(200);
      const after = await (await fetch(`${at}/metrics`)).text();
      const grew = (name: string, labels: Record<string, string>) =>
        valueOf(after, name, labels) - valueOf(before, name, labels);
      expect(
        grew("parcelbridge_jobs_total", {
          queue: "shipments",
          name: "create-draft",
          outcome: "done",
        }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        grew("parcelbridge_jobs_total", { queue: "shipments", name: "confirm", outcome: "done" }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        grew("parcelbridge_shipping_calls_total", {
          route: "POST /v1/draft_orders",
          outcome: "ok",
        }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        grew("parcelbridge_shipping_calls_total", {
          route: "POST /v1/draft_orders/:id/confirm",
          outcome: "ok",
        }),
      ).toBeGreaterThanOrEqual(1);
      expect(after).toMatch(/^parcelbridge_limiter_wait_seconds_count \d+$/m);
      expect((await fetch(`${at}/nothing`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => port.close(resolve));
    }
  });
});
