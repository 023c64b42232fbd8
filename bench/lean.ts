/**
 * The cost benchmark's yardstick (bench/lean-worker.ts): the least work any correct worker must do
 * per shipment, run on the same stack right after the app's worker, over the same store orders
 * (the fake Shopify knows them; the sandbox takes them under another key and reference), with the
 * same concurrency and the same warm-up. Its CPU per shipment is what the app's is compared with.
 */
import { spawn } from "node:child_process";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { loadOrder } from "#test/fixtures/orders.ts";
import { compiledScript, processUsage, progress, type Stack } from "./stack.ts";

const TABLES = `
DROP TABLE IF EXISTS lean_events, lean_shipments;
CREATE TABLE lean_shipments (
  id bigserial PRIMARY KEY, order_id text NOT NULL, status text NOT NULL DEFAULT 'pending',
  draft_id text, shipping_order_id text, version integer NOT NULL DEFAULT 0,
  payload jsonb NOT NULL, updated_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE lean_events (
  id bigserial PRIMARY KEY, shipment_id bigint NOT NULL REFERENCES lean_shipments (id),
  type text NOT NULL, at timestamptz NOT NULL DEFAULT now());`;

export interface LeanResult {
  /** How it paced its calls (LEAN_PACE, bench/lean-worker.ts). */
  pace: string;
  /** CPU of the lean worker per shipment, after its warm-up (ms). */
  cpuMs: number;
  /** Including the warm-up's shipments (ms). */
  cpuColdMs: number;
  peakRssMb: number;
  seconds: number;
}

/**
 * Books `orderIds` through the lean worker: the first `warmup` of them, then the rest, measured.
 */
export async function runLean(
  stack: Stack,
  shop: string,
  orderIds: number[],
  warmup: number,
  concurrency: number,
): Promise<LeanResult> {
  const template = loadOrder("multi-item");
  const payload = JSON.stringify({
    name: template.name,
    shipping_address: template.shipping_address,
    line_items: template.line_items,
  });
  await stack.pool.query(TABLES);
  const { rows } = await stack.pool.query<{ id: string }>(
    `INSERT INTO lean_shipments (order_id, payload)
     SELECT o, $2::jsonb FROM unnest($1::text[]) WITH ORDINALITY AS t(o, n) ORDER BY n RETURNING id`,
    [orderIds.map(String), payload],
  );
  const ids = rows.map((r) => r.id);
  const prefix = `${stack.prefix}lean`;
  const child = spawn(process.execPath, [compiledScript("bench/lean-worker.ts")], {
    env: {
      ...process.env,
      LEAN_DATABASE_URL: stack.env.DATABASE_URL,
      REDIS_URL: stack.env.REDIS_URL,
      LEAN_PREFIX: prefix,
      LEAN_SANDBOX_URL: stack.sandbox.url,
      LEAN_KEY: "biteship_live.bench-lean",
      LEAN_ADMIN_URL: stack.shopify.url,
      LEAN_SHOP: shop,
      LEAN_TOKEN: stack.shopify.connect(shop),
      LEAN_CONCURRENCY: String(concurrency),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on(
      "data",
      (d: Buffer) => d.toString().includes("lean worker ready") && resolve(),
    );
    child.once("exit", (code) => reject(new Error(`the lean worker exited with ${code}`)));
  });
  const connection = new Redis(stack.env.REDIS_URL!, { maxRetriesPerRequest: null });
  const queue = new Queue("lean", { connection, prefix });
  const book = async (batch: string[], label: string) => {
    for (let i = 0; i < batch.length; i += 100)
      await queue.addBulk(
        batch
          .slice(i, i + 100)
          .map((id) => ({ name: "draft", data: { id }, opts: { jobId: `draft-${id}` } })),
      );
    const t0 = performance.now();
    const last = batch.at(-1)!;
    for (;;) {
      const { rows: done } = await stack.pool.query<{ n: string }>(
        "SELECT count(*) AS n FROM lean_shipments WHERE status = 'confirmed' AND id <= $1",
        [last],
      );
      const confirmed = Number(done[0]!.n);
      progress(`  lean ${label}: ${confirmed} confirmed`);
      if (confirmed >= Number(last) - Number(ids[0]) + 1) break;
      if (performance.now() - t0 > 300_000) throw new Error(`lean ${label}: not finished`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // Its last jobs end a moment after their rows say so.
    while ((await queue.getActiveCount()) + (await queue.getWaitingCount()) > 0)
      await new Promise((r) => setTimeout(r, 20));
    return (performance.now() - t0) / 1000;
  };
  const pid = child.pid!;
  const cold0 = processUsage(pid);
  if (warmup > 0) await book(ids.slice(0, warmup), "warm-up");
  const warm0 = processUsage(pid);
  const seconds = await book(ids.slice(warmup), "measured");
  const end = processUsage(pid);
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  await queue.obliterate({ force: true });
  await queue.close();
  connection.disconnect();
  const measured = ids.length - warmup;
  return {
    pace: process.env.LEAN_PACE ?? "bullmq",
    cpuMs: +(((end.cpuS - warm0.cpuS) * 1000) / measured).toFixed(3),
    cpuColdMs: +(((end.cpuS - cold0.cpuS) * 1000) / ids.length).toFixed(3),
    peakRssMb: end.peakRssMb,
    seconds: +seconds.toFixed(1),
  };
}
