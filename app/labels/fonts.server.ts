import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";

/**
 * The label's typeface: DejaVu Sans (regular and bold), embedded in every PDF (subset to the
 * glyphs used), so Indonesian text and most scripts a customer types (Latin with any accent,
 * Greek, Cyrillic, Arabic, Hebrew, Armenian, Georgian) print the same on every printer. Read
 * once per process.
 */
const require = createRequire(import.meta.url);

export interface LabelFonts {
  regular: Buffer;
  bold: Buffer;
  /** Code points the typeface draws. */
  covers(codePoint: number): boolean;
}

let loaded: LabelFonts | null = null;

export function labelFonts(): LabelFonts {
  if (loaded) return loaded;
  const regular = readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"));
  const bold = readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"));
  const face = fontkit.create(regular);
  if (!("hasGlyphForCodePoint" in face)) throw new Error("DejaVuSans.ttf is not a single font");
  const seen = new Map<number, boolean>();
  loaded = {
    regular,
    bold,
    covers(codePoint) {
      let known = seen.get(codePoint);
      if (known === undefined) {
        known = face.hasGlyphForCodePoint(codePoint);
        seen.set(codePoint, known);
      }
      return known;
    },
  };
  return loaded;
}

/**
 * Text as the label can print it: control characters become spaces, and a character the
 * typeface lacks (CJK, emoji) becomes "?" rather than an empty box, so the courier sees that
 * something is there.
 */
export function printable(text: string, fonts: LabelFonts = labelFonts()): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) out += " ";
    else if (fonts.covers(cp)) out += ch;
    else out += "?";
  }
  return out.replace(/\s+/g, " ").trim();
}
