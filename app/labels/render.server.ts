import type { Readable } from "node:stream";
import PDFDocument from "pdfkit";
import { code128, drawBars, encodable } from "./barcode";
import { labelFonts, printable } from "./fonts.server";
import type { LabelLayout } from "../shops/label-layouts";
import { LABEL_TEXT_LIMITS, boundedText } from "./text";
import { placeLine, type LabelView } from "./view";

/**
 * Labels as one PDF, drawn with PDFKit: 100 × 150 mm a label (the thermal printers Indonesian
 * couriers use) or A4 with four a page (2 × 2, for an office printer and scissors). Text is set
 * in the embedded DejaVu Sans; a text that does not fit its box wraps, then shrinks, and only at
 * the smallest size is cut with an ellipsis, so nothing ever runs over the label's edge.
 */

const MM = 72 / 25.4;
export const PAGE_SIZES: Record<LabelLayout, [number, number]> = {
  thermal: [100 * MM, 150 * MM],
  a4: [595.28, 841.89],
};
const PER_PAGE: Record<LabelLayout, number> = { thermal: 1, a4: 4 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the i-th label of a page goes. */
function slot(layout: LabelLayout, index: number): Box {
  const [w, h] = PAGE_SIZES[layout];
  if (layout === "thermal") return { x: 3 * MM, y: 3 * MM, width: w - 6 * MM, height: h - 6 * MM };
  const cw = w / 2;
  const ch = h / 2;
  const col = index % 2;
  const row = Math.floor(index / 2);
  return { x: col * cw + 4 * MM, y: row * ch + 4 * MM, width: cw - 8 * MM, height: ch - 8 * MM };
}

const REGULAR = "Label";
const BOLD = "Label-Bold";

type Doc = PDFKit.PDFDocument;

/**
 * Writes `text` into `box`, at `size` if it fits, else at the largest size down to `min` (in half
 * points) at which it does, and at `min` cut to the box with an ellipsis. Returns the height used.
 * The sizes are tried by halving the range (at most five measures of the text, not one per half
 * point): every measure wraps the whole text again.
 */
function fit(
  doc: Doc,
  text: string,
  box: Box,
  o: { font?: string; size: number; min?: number; align?: "left" | "center" | "right" },
): number {
  const font = o.font ?? REGULAR;
  const min = o.min ?? o.size;
  if (!text || box.height <= 0) return 0;
  doc.font(font);
  const heightAt = (size: number) =>
    doc.fontSize(size).heightOfString(text, { width: box.width, lineGap: 0 });
  let size = o.size;
  let needed = heightAt(size);
  if (needed > box.height && size > min) {
    // Half points: the largest step count `fits` within [0, steps] whose size fits.
    const steps = Math.round((o.size - min) * 2);
    let low = 0; // min: shown, cut if it must be
    let high = steps; // o.size: known not to fit
    let lowNeeded: number | null = null;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      const h = heightAt(min + middle / 2);
      if (h <= box.height) {
        low = middle;
        lowNeeded = h;
      } else high = middle;
    }
    size = min + low / 2;
    needed = lowNeeded ?? heightAt(size);
  }
  doc.fontSize(size);
  const height = Math.min(needed, box.height);
  doc.text(text, box.x, box.y, {
    width: box.width,
    height: Math.max(height, doc.currentLineHeight()),
    ellipsis: true,
    lineGap: 0,
    align: o.align ?? "left",
  });
  return height;
}

/**
 * A text of the label as printed: characters the typeface has, cut to `limit`, long runs broken.
 * Only a few times `limit` is looked at (spaces collapse, so a little more than `limit` is read).
 */
const shown = (text: string, limit: number) =>
  boundedText(printable(text.slice(0, limit * 4)), limit);

function rule(doc: Doc, box: Box, y: number): void {
  doc
    .moveTo(box.x, y)
    .lineTo(box.x + box.width, y)
    .lineWidth(0.8)
    .stroke();
}

/** White bold text, centred, on a black band: what the courier must not miss. */
function inverse(doc: Doc, band: Box, text: string, size: number): void {
  doc.rect(band.x, band.y, band.width, band.height).fill("black");
  doc.fillColor("white");
  const inset = (band.height - size * 1.2) / 2;
  fit(
    doc,
    text,
    { x: band.x + 4, y: band.y + inset, width: band.width - 8, height: band.height - inset },
    { font: BOLD, size, min: 8, align: "center" },
  );
  doc.fillColor("black");
}

function drawLabel(doc: Doc, label: LabelView, outer: Box): void {
  const pad = 6;
  const box: Box = {
    x: outer.x + pad,
    y: outer.y + pad,
    width: outer.width - 2 * pad,
    height: outer.height - 2 * pad,
  };
  const bottom = box.y + box.height;
  doc.lineWidth(1.2).rect(outer.x, outer.y, outer.width, outer.height).stroke();
  let y = box.y;

  // Courier and service, large, on the right; the shop and its order on the left.
  const courierWidth = box.width * 0.45;
  fit(
    doc,
    shown(label.courier, LABEL_TEXT_LIMITS.courier),
    { ...box, x: box.x + box.width - courierWidth, width: courierWidth, height: 40 },
    {
      font: BOLD,
      size: 18,
      min: 10,
      align: "right",
    },
  );
  const left = { ...box, width: box.width - courierWidth - 6 };
  const shopHeight = fit(
    doc,
    shown(label.shopName, LABEL_TEXT_LIMITS.shopName),
    { ...left, y, height: 24 },
    {
      font: BOLD,
      size: 10,
      min: 7,
    },
  );
  fit(
    doc,
    `Order ${shown(label.orderName, LABEL_TEXT_LIMITS.orderName)}`,
    { ...left, y: y + shopHeight + 1, height: 12 },
    {
      size: 8,
      min: 6,
    },
  );
  y += 42;
  rule(doc, box, y);
  y += 5;

  // The waybill as a barcode the courier scans, and in figures below it.
  // A waybill longer than any courier's is no barcode a scanner reads: its figures alone.
  if (encodable(label.waybill) && label.waybill.length <= LABEL_TEXT_LIMITS.waybill) {
    doc.fillColor("black");
    drawBars(doc, code128(label.waybill), { x: box.x, y, width: box.width, height: 58 });
    doc.fill();
  }
  y += 60;
  fit(
    doc,
    shown(label.waybill, LABEL_TEXT_LIMITS.waybill),
    { ...box, y, height: 16 },
    {
      font: BOLD,
      size: 13,
      min: 8,
      align: "center",
    },
  );
  y += 17;
  if (label.routingCode) {
    inverse(
      doc,
      { ...box, y, height: 20 },
      shown(label.routingCode, LABEL_TEXT_LIMITS.routingCode),
      13,
    );
    y += 22;
  }
  rule(doc, box, y);
  y += 4;

  // The cash the courier collects, in large type; or NON-COD, so nobody collects what is paid.
  if (label.cod)
    inverse(doc, { ...box, y, height: 30 }, `COD ${shown(label.cod, LABEL_TEXT_LIMITS.cod)}`, 18);
  else {
    doc.lineWidth(1.2).rect(box.x, y, box.width, 30).stroke();
    fit(
      doc,
      "NON-COD",
      { x: box.x + 4, y: y + 7, width: box.width - 8, height: 20 },
      {
        font: BOLD,
        size: 14,
        align: "center",
      },
    );
  }
  y += 34;

  // The weight and contents take the bottom; the receiver and sender share what is left.
  const footer = 46;
  const footerTop = bottom - footer;
  const party = (
    title: string,
    p: LabelView["receiver"],
    space: number,
    sizes: { name: number; text: number },
  ) => {
    const top = y;
    const end = top + space;
    const cell = (h: number): Box => ({ ...box, y, height: Math.max(0, Math.min(h, end - y)) });
    y += fit(doc, title, cell(10), { font: BOLD, size: 6.5 }) + 1;
    y +=
      fit(
        doc,
        [shown(p.name ?? "", LABEL_TEXT_LIMITS.name), shown(p.phone ?? "", LABEL_TEXT_LIMITS.phone)]
          .filter(Boolean)
          .join(" · "),
        cell(space * 0.3),
        {
          font: BOLD,
          size: sizes.name,
          min: 6,
        },
      ) + 1;
    const place = shown(placeLine(p), LABEL_TEXT_LIMITS.place);
    const placeHeight = place ? Math.min(sizes.text * 2.6, Math.max(0, end - y) / 2) : 0;
    y += fit(doc, shown(p.address ?? "", LABEL_TEXT_LIMITS.address), cell(end - y - placeHeight), {
      size: sizes.text,
      min: 5.5,
    });
    if (place) y += fit(doc, place, cell(placeHeight), { font: BOLD, size: sizes.text, min: 5.5 });
    y = Math.max(y, top) + 3;
  };
  const room = footerTop - y - 8;
  party("PENERIMA / TO", label.receiver, room * 0.6, { name: 11, text: 9 });
  rule(doc, box, y);
  y += 3;
  party("PENGIRIM / FROM", label.sender, footerTop - y - 3, { name: 8, text: 7 });
  rule(doc, box, footerTop);
  y = footerTop + 3;
  fit(
    doc,
    `Berat / Weight: ${shown(label.weight, LABEL_TEXT_LIMITS.weight)}`,
    { ...box, y, height: 11 },
    {
      font: BOLD,
      size: 8,
      min: 6,
    },
  );
  fit(
    doc,
    `Isi / Contents: ${shown(label.contents, LABEL_TEXT_LIMITS.contents)}`,
    { ...box, y: y + 11, height: bottom - y - 11 },
    {
      size: 7,
      min: 5.5,
    },
  );
}

/**
 * The labels as a PDF stream, pages written as they are drawn. The web process never calls this
 * on its own event loop: a label thread does (render-pool.server.ts, render-thread.ts); the
 * thread's loop is let go between every ten labels all the same, so the stream's chunks flow.
 */
export function labelPdf(labels: LabelView[], layout: LabelLayout): Readable {
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
  void (async () => {
    for (let i = 0; i < labels.length; i += 1) {
      if (i % perPage === 0) doc.addPage({ size: PAGE_SIZES[layout], margin: 0 });
      drawLabel(doc, labels[i]!, slot(layout, i % perPage));
      if (i % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
    }
    doc.end();
  })().catch((error: unknown) => doc.destroy(error as Error));
  return doc;
}

/** The whole PDF in memory (tests and the bench). */
export async function labelPdfBuffer(labels: LabelView[], layout: LabelLayout): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of labelPdf(labels, layout)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
