/**
 * Signed deliveries at a fixed rate from a thread of their own (bench/delivery-thread.ts), and the
 * figures of their answers.
 */
import { Worker } from "node:worker_threads";
import type { DeliveryPlan, DeliveryTimes } from "./delivery-thread.ts";

export type { DeliveryPlan };

export interface DeliveryFigures {
  sent: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  /** Deliveries per second actually sent. */
  achievedRate: number;
  /** How late the deliveries left (the sending thread's lag, not the server's): p99 and max, ms. */
  lateP99: number;
  lateMax: number;
  /** The five slowest answers: which delivery (in sending order) and its milliseconds. */
  slowest: { index: number; ms: number }[];
}

let thread: Worker | null = null;
let queue: Promise<unknown> = Promise.resolve();

/** The benchmark's one delivery thread, started on first use (idle, it does not keep the process alive). */
function deliveryThread(): Worker {
  if (!thread) {
    thread = new Worker(new URL("./delivery-thread.ts", import.meta.url));
    thread.unref();
  }
  return thread;
}

/** Sends the plan's deliveries and summarises their answers' times (ms, two decimals). */
export async function sendDeliveries(plan: DeliveryPlan): Promise<DeliveryFigures> {
  const run = queue.then(
    () =>
      new Promise<DeliveryTimes>((resolve, reject) => {
        const worker = deliveryThread();
        const failed = (error: Error) => reject(error);
        worker.once("error", failed);
        worker.once("message", (times: DeliveryTimes) => {
          worker.off("error", failed);
          worker.unref();
          resolve(times);
        });
        // Held while it sends: the process waits for the answers.
        worker.ref();
        worker.postMessage(plan);
      }),
  );
  queue = run.catch(() => undefined);
  const times = await run;
  const sorted = [...times.ms].sort((a, b) => a - b);
  const q = (p: number, of = sorted) =>
    +of[Math.min(of.length - 1, Math.floor(p * of.length))]!.toFixed(2);
  const late = [...times.lateMs].sort((a, b) => a - b);
  return {
    sent: sorted.length,
    p50: q(0.5),
    p99: q(0.99),
    max: +sorted.at(-1)!.toFixed(2),
    non2xx: times.statuses.filter((s) => s < 200 || s >= 300).length,
    lateP99: q(0.99, late),
    lateMax: +late.at(-1)!.toFixed(2),
    achievedRate: Math.round(sorted.length / Math.max(times.sendingS, 1e-3)),
    slowest: times.ms
      .map((ms, index) => ({ index, ms: +ms.toFixed(1) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5),
  };
}

/** The slowest answers as text: "#index ms ms, …" (their place in sending order). */
export function slowestText(slowest: DeliveryFigures["slowest"]): string {
  return slowest.map((d) => `#${d.index} ${d.ms} ms`).join(", ");
}
