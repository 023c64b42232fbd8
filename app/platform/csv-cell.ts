/**
 * One CSV cell: quoted when it must be, and never read as a formula by a spreadsheet. The check is
 * made on the text as a spreadsheet reads it: compatibility forms folded (NFKC: a full-width "＝"
 * is "="), leading spaces of any kind (a no-break space too) skipped, as spreadsheets skip them.
 */
export function csvCell(value: string): string {
  const text = value.normalize("NFKC");
  const start = text.replace(/^[\s\u200b]+/u, "");
  const safe = /^[=+\-@\t\r]/.test(start) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line of cells, ended as spreadsheets expect (CRLF). */
export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(",")}\r\n`;
