import type { Readable } from "node:stream";
import PDFDocument from "pdfkit";
import { labelFonts } from "./fonts.server";
import type { LabelLayout } from "../shops/label-layouts";
import { BOLD, REGULAR, type Box } from "./draw";
import { drawContinuation, drawLabel } from "./sheet";
import type { LabelWords } from "./label-words";

/**
 * Labels as one PDF, drawn with PDFKit: 100 × 150 mm a label (the thermal printers Indonesian
 * couriers use) or A4 with four a page (2 × 2, for an office printer and scissors), a parcel's
 * contents continued on the next sheets when they do not fit its label (sheet.ts). Text is set
 * in the embedded DejaVu Sans (draw.ts).
 */

const MM = 72 / 25.4;
export const PAGE_SIZES: Record<LabelLayout, [number, number]> = {
  thermal: [100 * MM, 150 * MM],
  a4: [595.28, 841.89],
};
const PER_PAGE: Record<LabelLayout, number> = { thermal: 1, a4: 4 };
/** How long a print draws before letting the other prints of its thread have their turn. */
const SLICE_MS = 5;

/** Where the i-th sheet of a page goes (a label, or its contents continued). */
function slot(layout: LabelLayout, index: number): Box {
  const [w, h] = PAGE_SIZES[layout];
  if (layout === "thermal") return { x: 3 * MM, y: 3 * MM, width: w - 6 * MM, height: h - 6 * MM };
  const cw = w / 2;
  const ch = h / 2;
  const col = index % 2;
  const row = Math.floor(index / 2);
  return { x: col * cw + 4 * MM, y: row * ch + 4 * MM, width: cw - 8 * MM, height: ch - 8 * MM };
}

/**
 * The labels as a PDF stream, pages written as they are drawn. The web process never calls this
 * on its own event loop: a label thread does (render-pool.server.ts, render-thread.ts). The
 * thread draws several prints at once, so the drawing lets its loop go once it has drawn for
 * SLICE_MS: the prints of a thread take turns a few labels at a time (one print per shop:
 * print-lock.server.ts), and a shop's one label is not kept waiting behind another's 250.
 */
export function labelPdf(labels: LabelWords[], layout: LabelLayout): Readable {
  const fonts = labelFonts();
  const doc = new PDFDocument({
    autoFirstPage: false,
    size: PAGE_SIZES[layout],
    margin: 0,
    compress: true,
    info: { Title: `Shipping labels (${labels.length})`, Creator: "ParcelBridge" },
  });
  doc.registerFont(REGULAR, fonts.regular);
  doc.registerFont(BOLD, fonts.bold);
  const perPage = PER_PAGE[layout];
  let sheets = 0;
  /** The next sheet's place: a new page when the last is full. */
  const next = () => {
    if (sheets % perPage === 0) doc.addPage({ size: PAGE_SIZES[layout], margin: 0 });
    sheets += 1;
    return slot(layout, (sheets - 1) % perPage);
  };
  void (async () => {
    let turn = performance.now();
    for (const label of labels) {
      let rest = drawLabel(doc, label, next());
      for (let sheet = 2; rest.length > 0; sheet += 1)
        rest = drawContinuation(doc, label, rest, sheet, next());
      if (performance.now() - turn >= SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        turn = performance.now();
      }
    }
    doc.end();
  })().catch((error: unknown) => doc.destroy(error as Error));
  return doc;
}

/** The whole PDF in memory (tests and the bench). */
export async function labelPdfBuffer(labels: LabelWords[], layout: LabelLayout): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of labelPdf(labels, layout)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
