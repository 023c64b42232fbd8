import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

/**
 * A PDF judged as a printer and a scanner would judge it: poppler (pdftoppm, pdftotext, pdfinfo,
 * pdffonts) renders and reads it, and ZXing (zxing-wasm, a decoder nobody here wrote) reads every
 * barcode on every page back.
 */
export const hasPoppler = (() => {
  try {
    execFileSync("pdftoppm", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
if (!hasPoppler && process.env.CI)
  throw new Error("The label tests need poppler-utils (pdftoppm): apt-get install poppler-utils");

let prepared = false;
function prepare() {
  if (prepared) return;
  const require = createRequire(import.meta.url);
  const wasm = readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm"));
  // From the package's own file: ZXing would otherwise fetch its WebAssembly from a CDN.
  prepareZXingModule({
    overrides: {
      wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
    },
    fireImmediately: true,
  });
  prepared = true;
}

export interface PdfFile {
  file: string;
  /** Each page's size in points, as poppler reads it. */
  pageSizes(): [number, number][];
  /** The text of each page (pdftotext), whitespace folded. */
  pages(): string[];
  /** Each page's words with their boxes in points (pdftotext -bbox), in reading order. */
  words(): PdfWord[][];
  /** The embedded fonts' lines of pdffonts. */
  fonts(): string;
  /**
   * Every Code 128 (or every symbol of `format`) on each page, top to bottom then left to right,
   * rendered at `dpi` (a thermal printer's 203 unless said).
   */
  barcodes(dpi?: number, format?: "Code128" | "QRCode"): Promise<string[][]>;
  /** Page `n` (1-based) as a PNG at `dpi`. */
  png(n: number, dpi?: number): Buffer;
}

/** A word as poppler places it: its box's height is about 1.16 times the type size in DejaVu Sans. */
export interface PdfWord {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

export function pdfFile(pdf: Buffer | Uint8Array, name = "doc"): PdfFile & { remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), "pdf-"));
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return {
    file,
    remove: () => rmSync(dir, { recursive: true, force: true }),
    pageSizes() {
      const info = execFileSync("pdfinfo", ["-f", "1", "-l", "100000", file], { encoding: "utf8" });
      return [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => [
        Number(m[1]),
        Number(m[2]),
      ]);
    },
    pages() {
      return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" })
        .split("\f")
        .slice(0, -1)
        .map((p) => p.replace(/\s+/g, " ").trim());
    },
    words() {
      const html = execFileSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8" });
      return html
        .split("<page ")
        .slice(1)
        .map((page) =>
          [
            ...page.matchAll(
              /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
            ),
          ].map((m) => ({
            text: unescape(m[5]!),
            xMin: Number(m[1]),
            yMin: Number(m[2]),
            xMax: Number(m[3]),
            yMax: Number(m[4]),
          })),
        );
    },
    fonts() {
      return execFileSync("pdffonts", [file], { encoding: "utf8" });
    },
    async barcodes(dpi = 203, format = "Code128") {
      prepare();
      const prefix = path.join(dir, `page${dpi}`);
      execFileSync("pdftoppm", ["-r", String(dpi), "-png", file, prefix]);
      const images = readdirSync(dir)
        .filter((f) => f.startsWith(`page${dpi}-`) && f.endsWith(".png"))
        .sort();
      const found: string[][] = [];
      for (const image of images) {
        const png = new Uint8Array(readFileSync(path.join(dir, image)));
        // At the page's own resolution only: ZXing's extra pass on an image downscaled 3 times
        // (about 67 dpi from 200) misread a thermal label's waybill 10008178875168228 as
        // 27008178875168228, with a valid check digit, beside the right reading; every full
        // resolution from 150 to 600 dpi, 203 (a thermal printer's) included, reads it exactly.
        const results = await readBarcodes(png, {
          formats: [format],
          maxNumberOfSymbols: 8,
          tryDownscale: false,
        });
        found.push(
          results
            .filter((r) => r.isValid)
            .sort(
              (a, b) =>
                a.position.topLeft.y - b.position.topLeft.y ||
                a.position.topLeft.x - b.position.topLeft.x,
            )
            .map((r) => r.text),
        );
      }
      return found;
    },
    png(n, dpi = 100) {
      const prefix = path.join(dir, `single-${n}-${dpi}`);
      execFileSync("pdftoppm", [
        "-r",
        String(dpi),
        "-png",
        "-f",
        String(n),
        "-l",
        String(n),
        "-singlefile",
        file,
        prefix,
      ]);
      return readFileSync(`${prefix}.png`);
    },
  };
}
