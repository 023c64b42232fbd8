/**
 * The benchmarks' Shopify: sends signed webhook deliveries at a fixed rate from a thread of its
 * own (bench/deliveries.ts starts it). The benchmark's main thread also hosts the sandbox and the
 * fake Admin API, which the workers keep busy during a sale; timing the answers there would count
 * that work as the web server's. Here nothing else runs on the event loop, and every body is
 * signed before the first is sent (Shopify signs on its own machines, not on the server's cores).
 * Open loop: each delivery leaves at its time, whatever the earlier answers do; its latency is
 * measured from the moment it leaves until the answer's end.
 */
import http from "node:http";
import { parentPort } from "node:worker_threads";
import { signDelivery } from "#fakes/shopify/webhook-signer.ts";
import { postDelivery } from "./signed-delivery.ts";

export interface DeliveryPlan {
  port: number;
  /** Default /webhooks/<topic>. */
  path?: string;
  topic: string;
  secret: string;
  deliveries: { shop: string; body: string }[];
  perSecond: number;
}

export interface DeliveryTimes {
  /** Milliseconds from sending to the answer's end, per delivery in sending order. */
  ms: number[];
  /**
   * Milliseconds each delivery left after its time (this thread's own lag: its event loop, its
   * GC). An answer's time counts from the moment it left; a late start is reported here.
   */
  lateMs: number[];
  /** HTTP status per delivery; 0: no answer (connection error or 10 s timeout). */
  statuses: number[];
  /** Seconds from the first delivery sent to the last answer. */
  elapsedS: number;
  /** Seconds from the first delivery sent to the last one sent. */
  sendingS: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/** One plan: signs its bodies, then sends them at its rate and times the answers. */
async function run(plan: DeliveryPlan): Promise<DeliveryTimes> {
  const signed = plan.deliveries.map(({ shop, body }) =>
    signDelivery({ topic: plan.topic, shop, body, secret: plan.secret, triggeredAt: null }),
  );
  const ms = new Array<number>(signed.length).fill(0);
  const statuses = new Array<number>(signed.length).fill(0);
  const lateMs = new Array<number>(signed.length).fill(0);
  const target = { port: plan.port, path: plan.path ?? `/webhooks/${plan.topic}` };
  const send = async (i: number): Promise<void> => {
    const answer = await postDelivery(agent, target, signed[i]!);
    ms[i] = answer.ms;
    statuses[i] = answer.status;
  };

  const interval = 1000 / plan.perSecond;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  let next = 0;
  while (next < signed.length) {
    const now = performance.now();
    while (next < signed.length && start + next * interval <= now) {
      lateMs[next] = now - (start + next * interval);
      pending.push(send(next++));
    }
    if (next < signed.length)
      await new Promise((r) =>
        setTimeout(r, Math.max(0, start + next * interval - performance.now())),
      );
  }
  const sendingS = (performance.now() - start) / 1000;
  await Promise.all(pending);
  return { ms, lateMs, statuses, elapsedS: (performance.now() - start) / 1000, sendingS };
}

// Plans come one at a time; the thread lives as long as the benchmark, so its code is compiled
// and its connections open after the first (a thread started per sale would time its own start).
parentPort!.on("message", (plan: DeliveryPlan) => {
  void run(plan).then((times) => parentPort!.postMessage(times));
});
