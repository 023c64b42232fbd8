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
  /** The five slowest answers: which delivery (in sending order) and its milliseconds. */
  slowest: { index: number; ms: number }[];
}

/** Sends the plan's deliveries and summarises their answers' times (ms, two decimals). */
export async function sendDeliveries(plan: DeliveryPlan): Promise<DeliveryFigures> {
  const times = await new Promise<DeliveryTimes>((resolve, reject) => {
    const thread = new Worker(new URL("./delivery-thread.ts", import.meta.url), {
      workerData: plan,
    });
    thread.once("message", resolve);
    thread.once("error", reject);
    thread.once("exit", (code) => reject(new Error(`the delivery thread exited with ${code}`)));
  });
  const sorted = [...times.ms].sort((a, b) => a - b);
  const q = (p: number) =>
    +sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(2);
  return {
    sent: sorted.length,
    p50: q(0.5),
    p99: q(0.99),
    max: +sorted.at(-1)!.toFixed(2),
    non2xx: times.statuses.filter((s) => s < 200 || s >= 300).length,
    achievedRate: Math.round(sorted.length / Math.max(times.sendingS, 1e-3)),
    slowest: times.ms
      .map((ms, index) => ({ index, ms: +ms.toFixed(1) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5),
  };
}
