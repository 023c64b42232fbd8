import { Piscina } from "piscina";
import type { LabelLayout } from "../shops/label-layouts";
import { labelPdfBuffer } from "./render.server";
import type { LabelWords } from "./label-words";

/**
 * Runs in a worker thread of the label pool (render-pool.server.ts): draws one print's labels as
 * a PDF off the web process's event loop, and hands the bytes back moved, not copied.
 */
export default async function renderInThread(task: {
  labels: LabelWords[];
  layout: LabelLayout;
}): Promise<Uint8Array> {
  const pdf = await labelPdfBuffer(task.labels, task.layout);
  // A buffer of its own (Buffer.concat may return a slice of Node's shared pool, which cannot move).
  const bytes = new Uint8Array(pdf.byteLength);
  bytes.set(pdf);
  return Piscina.move(bytes) as unknown as Uint8Array;
}
