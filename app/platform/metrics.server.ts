import client from "prom-client";
import { byDeadline } from "./deadline";

/**
 * The process's metrics in Prometheus's text format (prom-client), served at `GET /metrics` by the
 * web server (server.ts) and by the worker's health port (WORKER_HEALTH_PORT). One registry per
 * process; each process counts what it does itself, and Prometheus adds them up across replicas.
 * Label values come from bounded sets (topics, job names, outcomes, the service's routes with ids
 * replaced), never from shops or orders.
 */
export const registry = new client.Registry();
/**
 * Node's process metrics (CPU, memory, event-loop lag, GC) start with the first scrape: their
 * observers cost every process something, and a process nobody scrapes should not pay it.
 */
let processMetrics = false;

const SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Shopify's webhooks (and the rate requests' sibling, the service's events): answers by status. */
export const webhookAcks = new client.Counter({
  name: "parcelbridge_webhook_acks_total",
  help: "Shopify webhook deliveries answered, by topic and HTTP status",
  labelNames: ["topic", "status"] as const,
  registers: [registry],
});
export const webhookAckSeconds = new client.Histogram({
  name: "parcelbridge_webhook_ack_seconds",
  help: "Time from a webhook's body read to its answer",
  labelNames: ["topic"] as const,
  buckets: SECONDS,
  registers: [registry],
});

/**
 * The checkout's rate requests by outcome: with rates (cache, service, stale), none (200 without
 * rates), failed, late or error (503: Shopify's backup rates), refused (401, 400, 403).
 */
export const ratesAnswers = new client.Counter({
  name: "parcelbridge_rates_answers_total",
  help: "Checkout rate requests answered, by outcome",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

/** Jobs run by this worker process: done, failed (to be retried or for good), or deferred. */
export const jobRuns = new client.Counter({
  name: "parcelbridge_jobs_total",
  help: "Job runs by queue, job name and outcome (done, deferred, failed)",
  labelNames: ["queue", "name", "outcome"] as const,
  registers: [registry],
});
export const jobSeconds = new client.Histogram({
  name: "parcelbridge_job_seconds",
  help: "Job run durations by queue and job name",
  labelNames: ["queue", "name"] as const,
  buckets: SECONDS,
  registers: [registry],
});

/** Calls to the shipping service, by route (ids replaced) and outcome. */
export const shippingCalls = new client.Counter({
  name: "parcelbridge_shipping_calls_total",
  help: "Shipping service calls by route and outcome (ok, 4xx, 429, 5xx, network)",
  labelNames: ["route", "outcome"] as const,
  registers: [registry],
});
export const shippingCallSeconds = new client.Histogram({
  name: "parcelbridge_shipping_call_seconds",
  help: "Shipping service call durations by route",
  labelNames: ["route"] as const,
  buckets: SECONDS,
  registers: [registry],
});

/** How long a call waited for its slot in its key's shared schedule (the limiter). */
export const limiterWaitSeconds = new client.Histogram({
  name: "parcelbridge_limiter_wait_seconds",
  help: "Waits for a shipping-service rate-limit slot",
  buckets: [0, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120],
  registers: [registry],
});

/** Jobs in each queue by state, read from Redis when scraped (see `watchQueueDepths`). */
const queueDepths = new client.Gauge({
  name: "parcelbridge_queue_jobs",
  help: "Jobs in each queue by state (waiting, prioritized, delayed, active, failed)",
  labelNames: ["queue", "state"] as const,
  registers: [registry],
});
let depthSource: (() => Promise<Record<string, Record<string, number>>>) | undefined;

/** Where the queue depths are read from at each scrape (the process's queues). */
export function watchQueueDepths(source: () => Promise<Record<string, Record<string, number>>>) {
  depthSource = source;
}

/**
 * A service path as a bounded label: the version and the resources' words stay, anything else (ids,
 * waybills, area codes) becomes `:id`, and the query goes.
 */
export function routeLabel(method: string, path: string): string {
  const segments = path
    .split("?")[0]!
    .split("/")
    .map((s) => (s === "" || /^v\d+$/.test(s) || /^[a-z_]{1,20}$/.test(s) ? s : ":id"));
  return `${method} ${segments.join("/")}`;
}

/** The registry's text; the queue depths are read first (a Redis that does not answer leaves them out). */
export async function metricsText(): Promise<string> {
  if (!processMetrics) {
    processMetrics = true;
    client.collectDefaultMetrics({ register: registry, prefix: "parcelbridge_" });
  }
  queueDepths.reset();
  if (depthSource) {
    try {
      const depths = await byDeadline(depthSource(), Date.now() + 1_000);
      for (const [queue, counts] of Object.entries(depths))
        for (const [state, n] of Object.entries(counts)) queueDepths.set({ queue, state }, n);
    } catch {
      // Redis slow or down: the other metrics still answer; /readyz says what is wrong.
    }
  }
  return registry.metrics();
}

export const METRICS_CONTENT_TYPE = registry.contentType;
