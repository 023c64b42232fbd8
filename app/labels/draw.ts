import { printable } from "./fonts.server";
import { boundedText } from "./bounded-text";

/**
 * The few ways a label puts ink on a page, over PDFKit: text fitted to a box (wrapped, then
 * shrunk, and only at its smallest size cut with an ellipsis, so nothing runs over the label's
 * edge), a rule, and white text on a black band.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Doc = PDFKit.PDFDocument;

/** The registered names of the embedded DejaVu Sans (render.server.ts registers them). */
export const REGULAR = "Label";
export const BOLD = "Label-Bold";

/**
 * Writes `text` into `box`, at `size` if it fits, else at the largest size down to `min` (in half
 * points) at which it does, and at `min` cut to the box with an ellipsis. Returns the height used.
 * The sizes are tried by halving the range (at most five measures of the text, not one per half
 * point): every measure wraps the whole text again.
 */
export function fit(
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
export const shown = (text: string, limit: number) =>
  boundedText(printable(text.slice(0, limit * 4)), limit);

export function rule(doc: Doc, box: Box, y: number): void {
  doc
    .moveTo(box.x, y)
    .lineTo(box.x + box.width, y)
    .lineWidth(0.8)
    .stroke();
}

/** White bold text, centred, on a black band: what the courier must not miss. */
export function inverse(doc: Doc, band: Box, text: string, size: number, min = 8): void {
  doc.rect(band.x, band.y, band.width, band.height).fill("black");
  doc.fillColor("white");
  const inset = Math.max(0, (band.height - size * 1.2) / 2);
  fit(
    doc,
    text,
    { x: band.x + 4, y: band.y + inset, width: band.width - 8, height: band.height - inset },
    { font: BOLD, size, min, align: "center" },
  );
  doc.fillColor("black");
}
