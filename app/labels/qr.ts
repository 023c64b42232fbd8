import bwipjs from "bwip-js/node";

/**
 * A text as a QR code's dark and light modules, as bwip-js (Barcode Writer in Pure PostScript)
 * encodes it: the smallest version that holds it, error correction level M (bwip-js's default).
 * The label draws the modules as vector squares, so a printer of any resolution prints them sharp.
 */
export interface QrMatrix {
  /** Modules on a side. */
  size: number;
  /** Row by row, true for a dark module. */
  dark: boolean[];
}

export function qrMatrix(text: string): QrMatrix {
  const [symbol] = bwipjs.raw({ bcid: "qrcode", text });
  if (!symbol || !("pixs" in symbol) || symbol.pixx !== symbol.pixy)
    throw new Error("bwip-js gave no square of modules for the QR code");
  return { size: symbol.pixx, dark: symbol.pixs.map((p: number) => p === 1) };
}

/** A QR code asks for a quiet zone of four modules on each side. */
export const QR_QUIET_MODULES = 4;

export interface SquareSink {
  rect(x: number, y: number, w: number, h: number): unknown;
}

/**
 * Draws the dark modules into a square of `side` points (quiet zone included), each run of dark
 * modules in a row as one rectangle; the caller fills them. Returns the module's width.
 */
export function drawQr(
  sink: SquareSink,
  matrix: QrMatrix,
  at: { x: number; y: number; side: number },
): number {
  const module = at.side / (matrix.size + 2 * QR_QUIET_MODULES);
  const origin = { x: at.x + QR_QUIET_MODULES * module, y: at.y + QR_QUIET_MODULES * module };
  for (let row = 0; row < matrix.size; row++) {
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.dark[row * matrix.size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < matrix.size && matrix.dark[row * matrix.size + col]) col++;
      sink.rect(origin.x + start * module, origin.y + row * module, (col - start) * module, module);
    }
  }
  return module;
}
