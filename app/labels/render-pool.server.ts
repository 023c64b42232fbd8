import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Piscina } from "piscina";
import type { LabelLayout } from "../shops/label-layouts";
import type { LabelWords } from "./label-words";

/**
 * Labels are drawn in worker threads (Piscina's pool), never on the web process's event loop: a
 * print of 250 labels takes a few hundred milliseconds of CPU, which every other shop's webhooks
 * (Shopify waits 5 s) and checkout rate requests (2 s) would otherwise wait behind. Each thread
 * draws up to PRINTS_PER_THREAD prints at once, taking turns a few milliseconds of drawing at a
 * time (render.server.ts), so another shop's one label is drawn beside a 250-label print rather
 * than after it; a shop has at most one print under way (print-lock.server.ts), so the turns go
 * from shop to shop. Past that, prints wait in the pool's queue.
 *
 * The thread runs render-thread.ts: compiled beside the running entry in production
 * (build/node/label-thread.js, scripts/build-node.ts), else its TypeScript source through tsx (the
 * development server, the tests).
 */
const THREADS = Math.max(1, Math.min(2, os.availableParallelism() - 1));
/** Prints a thread draws at once, in turns (each holds its PDF in memory while drawn). */
const PRINTS_PER_THREAD = 4;
/** Prints waiting for a thread at most; past it the print is refused (503), not queued for ever. */
export const MAX_WAITING_PRINTS = 50;

let pool: Piscina | undefined;

function threadFile(): { filename: string; execArgv: string[] } {
  const entry = process.argv[1];
  const compiled = entry ? path.join(path.dirname(entry), "label-thread.js") : "";
  if (compiled && fs.existsSync(compiled)) return { filename: compiled, execArgv: [] };
  const source = path.resolve("app/labels/render-thread.ts");
  if (!fs.existsSync(source))
    throw new Error(`No label thread: neither ${compiled} nor ${source} exists (npm run build)`);
  return { filename: source, execArgv: ["--import", "tsx"] };
}

function labelPool(): Piscina {
  if (!pool) {
    const { filename, execArgv } = threadFile();
    pool = new Piscina({
      filename,
      execArgv,
      minThreads: 0,
      maxThreads: THREADS,
      concurrentTasksPerWorker: PRINTS_PER_THREAD,
      // A thread kept a minute after its last print: printing comes in bursts.
      idleTimeout: 60_000,
      maxQueue: MAX_WAITING_PRINTS,
    });
  }
  return pool;
}

/** The labels as one PDF, drawn in a thread of the pool. */
export async function renderLabels(
  labels: LabelWords[],
  layout: LabelLayout,
): Promise<Uint8Array<ArrayBuffer>> {
  return (await labelPool().run({ labels, layout })) as Uint8Array<ArrayBuffer>;
}

/** Whether the pool refused a print because too many wait already. */
export const isPoolFull = (error: unknown): boolean =>
  error instanceof Error && /task queue is at limit/i.test(error.message);

/** Ends the pool's threads (the web process's shutdown; tests). */
export async function closeLabelPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
