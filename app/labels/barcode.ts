import bwipjs from "bwip-js/node";

/**
 * A waybill as Code 128: the widths of its bars and spaces in modules, bar first, as bwip-js
 * (Barcode Writer in Pure PostScript) encodes it: code sets chosen for the shortest symbol,
 * digits packed in pairs, the check character added. The label draws the bars as vector
 * rectangles, so a printer of any resolution prints them sharp.
 */
export interface Code128 {
  /** Alternating bar and space widths, starting with a bar. */
  widths: number[];
  /** Sum of the widths. */
  modules: number;
}

/** Code 128 carries the 128 ASCII characters; a waybill outside them cannot be a barcode. */
export function encodable(text: string): boolean {
  return text.length > 0 && /^[\x20-\x7e]+$/.test(text);
}

export function code128(text: string): Code128 {
  if (!encodable(text)) throw new Error(`A waybill of printable ASCII is needed for Code 128`);
  const [symbol] = bwipjs.raw({ bcid: "code128", text });
  if (!symbol || !("sbs" in symbol)) throw new Error("bwip-js gave no bars for Code 128");
  const widths = symbol.sbs;
  return { widths, modules: widths.reduce((a: number, b: number) => a + b, 0) };
}

/** Code 128 asks for a quiet zone of ten modules on each side. */
export const QUIET_MODULES = 10;

export interface BarSink {
  rect(x: number, y: number, w: number, h: number): unknown;
}

/**
 * Draws the bars into a box of `width` points (quiet zones included, bars centred) and returns
 * the module width used. The caller fills the rectangles.
 */
export function drawBars(
  sink: BarSink,
  symbol: Code128,
  box: { x: number; y: number; width: number; height: number },
): number {
  const module = box.width / (symbol.modules + 2 * QUIET_MODULES);
  let x = box.x + QUIET_MODULES * module;
  symbol.widths.forEach((w, i) => {
    if (i % 2 === 0) sink.rect(x, box.y, w * module, box.height);
    x += w * module;
  });
  return module;
}
