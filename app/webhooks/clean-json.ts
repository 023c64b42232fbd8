/**
 * JSON text that PostgreSQL's jsonb can store. JSON allows `\u0000` and unpaired surrogate escapes
 * (`\ud800` alone) in strings; jsonb refuses both, so a signed order carrying one would fail its
 * insert on every redelivery. Each is replaced by U+FFFD (the replacement character) in the text,
 * after the signature was checked over the original. Escaped backslashes (`\\u0000` is the six
 * characters `\u0000`, not a NUL) are left alone.
 */
const ESCAPE =
  /(?<!\\)((?:\\\\)*)\\u(0000|d[89ab][0-9a-f]{2}(?:\\u(?:d[c-f][0-9a-f]{2}))?|d[c-f][0-9a-f]{2})/gi;

export function cleanJsonText(raw: string): string {
  if (!raw.includes("\\u")) return raw;
  return raw.replace(ESCAPE, (match, backslashes: string, code: string) => {
    const hex = code.toLowerCase();
    // A high surrogate followed by its low one is a valid pair: keep it.
    if (hex.length === 10) return match;
    return `${backslashes}\\ufffd`;
  });
}
