import { parse, CsvError } from "csv-parse";
import { readSheet } from "read-excel-file/node";

/**
 * A payout statement's file as a header and rows of text, read by well-kept parsers: CSV by
 * csv-parse (comma, semicolon or tab, as the first line uses; UTF-8 or Windows-1252, as Excel
 * saves it), XLSX by read-excel-file (its first sheet; numbers kept as written, dates as
 * YYYY-MM-DD). A file that does not read whole is refused with where and why: nothing is taken
 * from it.
 */

/** The largest statement file read (bytes), and the most lines. */
export const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;
export const STATEMENT_MAX_LINES = 50_000;

export interface StatementRow {
  /** The row's number as a spreadsheet shows it (the header is row 1 when it is the first). */
  row: number;
  cells: string[];
}

export interface StatementFile {
  format: "csv" | "xlsx";
  header: string[];
  rows: StatementRow[];
}

export type FileProblem =
  | { code: "empty" }
  | { code: "tooBig" }
  | { code: "tooManyLines"; max: number }
  | { code: "oldExcel" }
  | { code: "notSpreadsheet" }
  | { code: "badXlsx" }
  | { code: "noHeader" }
  | { code: "headerBlank"; column: number }
  | { code: "headerTwice"; name: string }
  | { code: "quote"; row: number }
  | { code: "columns"; row: number; found: number; expected: number };

export class StatementFileError extends Error {
  constructor(readonly problem: FileProblem) {
    super(`Statement not read: ${problem.code}`);
  }
}

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isOle = (b: Uint8Array) => b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

/** The file read whole, or StatementFileError. */
export async function readStatementFile(bytes: Uint8Array): Promise<StatementFile> {
  if (bytes.length === 0) throw new StatementFileError({ code: "empty" });
  if (bytes.length > STATEMENT_MAX_BYTES) throw new StatementFileError({ code: "tooBig" });
  if (isOle(bytes)) throw new StatementFileError({ code: "oldExcel" });
  const { format, rows } = isZip(bytes)
    ? { format: "xlsx" as const, rows: await xlsxRows(bytes) }
    : { format: "csv" as const, rows: await csvRows(bytes) };
  const first = rows.findIndex((r) => r.cells.some((c) => c !== ""));
  if (first < 0) throw new StatementFileError({ code: "empty" });
  const header = rows[first]!.cells;
  if (header.filter((c) => c !== "").length < 2) throw new StatementFileError({ code: "noHeader" });
  const seen = new Set<string>();
  header.forEach((name, i) => {
    if (name === "") throw new StatementFileError({ code: "headerBlank", column: i + 1 });
    if (seen.has(name)) throw new StatementFileError({ code: "headerTwice", name });
    seen.add(name);
  });
  const data = rows.slice(first + 1).filter((r) => r.cells.some((c) => c !== ""));
  if (data.length > STATEMENT_MAX_LINES)
    throw new StatementFileError({ code: "tooManyLines", max: STATEMENT_MAX_LINES });
  return { format, header, rows: data };
}

function text(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** The delimiter the first line uses most, outside quotes. */
function delimiterOf(content: string): string {
  const line = content.slice(0, content.search(/\r?\n|$/));
  const outside = line.replace(/"[^"]*"/g, "");
  const counts = [",", ";", "\t"].map((d) => [d, outside.split(d).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

async function csvRows(bytes: Uint8Array): Promise<StatementRow[]> {
  const content = text(bytes).replace(/^\uFEFF/, "");
  // Text with control characters other than line ends and tabs is no CSV (a PDF, an image).
  const start = content.slice(0, 4096);
  const control = [...start].some((c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 && c !== "\t" && c !== "\n" && c !== "\r" && c !== "\f" && c !== "\v";
  });
  if (control) throw new StatementFileError({ code: "notSpreadsheet" });
  const parser = parse(content, {
    delimiter: delimiterOf(content),
    info: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: false,
  });
  const rows: StatementRow[] = [];
  try {
    // Record by record (the parser is async-iterable): a long file leaves the event loop free.
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      rows.push({ row: info.lines, cells: record });
      if (rows.length > STATEMENT_MAX_LINES + 1)
        throw new StatementFileError({ code: "tooManyLines", max: STATEMENT_MAX_LINES });
    }
  } catch (error) {
    if (error instanceof StatementFileError) throw error;
    if (!(error instanceof CsvError)) throw error;
    const line = Number((error as { lines?: number }).lines ?? 0);
    if (error.code === "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH")
      throw new StatementFileError({
        code: "columns",
        row: line,
        found: ((error as { record?: unknown[] }).record ?? []).length,
        // The parser reads the whole text before the first record is taken: the header's length
        // is in its message ("expect 2, got 3").
        expected: Number(/expect (\d+)/.exec(error.message)?.[1] ?? rows[0]?.cells.length ?? 0),
      });
    throw new StatementFileError({ code: "quote", row: line });
  }
  return rows;
}

async function xlsxRows(bytes: Uint8Array): Promise<StatementRow[]> {
  let sheet: unknown[][];
  try {
    sheet = (await readSheet(Buffer.from(bytes), {
      // Numbers as written in the file: amounts are read as whole rupiah (../rupiah.ts), exactly.
      parseNumber: (s: string) => s,
    })) as unknown[][];
  } catch {
    throw new StatementFileError({ code: "badXlsx" });
  }
  return sheet.map((cells, i) => ({ row: i + 1, cells: cells.map(cellText) }));
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
}
