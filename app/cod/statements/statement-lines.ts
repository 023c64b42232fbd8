import { readRupiah } from "../rupiah";
import type { StatementColumns, StatementField } from "./columns";
import type { StatementRow } from "./read-file.server";

/**
 * A statement's rows read by the shop's column mapping into lines: amounts as whole rupiah, the
 * paid date as YYYY-MM-DD, every line naming its parcel (a waybill or an order). A row that does
 * not read is a problem naming its row, its column and what was expected; one problem and no line
 * of the file is recorded.
 */
export interface StatementLine {
  row: number;
  waybill: string | null;
  reference: string | null;
  recipient: string | null;
  cod: number;
  fee: number | null;
  deductions: number;
  deductionNote: string | null;
  net: number;
  paidOn: string | null;
}

export type LineProblem =
  | { code: "noId"; row: number }
  | { code: "amount"; row: number; column: string; value: string }
  | { code: "date"; row: number; column: string; value: string };

/** Problems said at most (a file wrong throughout says the first ones and how many more). */
export const PROBLEMS_SAID = 10;

export type LinesRead =
  { ok: true; lines: StatementLine[] } | { ok: false; problems: LineProblem[]; more: number };

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  mei: 5,
  may: 5,
  jun: 6,
  jul: 7,
  agu: 8,
  agt: 8,
  aug: 8,
  sep: 9,
  okt: 10,
  oct: 10,
  nov: 11,
  des: 12,
  dec: 12,
};

/** A calendar date as statements write it, as YYYY-MM-DD; null when it is none. */
export function readDate(text: string): string | null {
  const s = text.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?$/.exec(s);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?)?$/.exec(s)))
    // Indonesian order: day, month, year.
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})[\s-]([A-Za-z]{3})[a-z]*[\s-](\d{4})$/.exec(s))) {
    const month = MONTHS[match[2]!.toLowerCase()];
    if (!month) return null;
    [d, m, y] = [Number(match[1]), month, Number(match[3])];
  } else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return null;
  if (y < 2000 || y > 2100) return null;
  return date.toISOString().slice(0, 10);
}

/** The rows as lines by the mapping (every mapped column is in `header`: ./columns.ts mappingGaps). */
export function readLines(
  header: readonly string[],
  rows: readonly StatementRow[],
  columns: StatementColumns,
): LinesRead {
  const at = Object.fromEntries(
    Object.entries(columns).map(([field, name]) => [field, header.indexOf(name)]),
  ) as Partial<Record<StatementField, number>>;
  const problems: LineProblem[] = [];
  let more = 0;
  const problem = (p: LineProblem) => {
    if (problems.length < PROBLEMS_SAID) problems.push(p);
    else more += 1;
  };
  const lines: StatementLine[] = [];
  for (const { row, cells } of rows) {
    const cell = (field: StatementField) => {
      const i = at[field];
      return i === undefined ? "" : (cells[i] ?? "").trim();
    };
    const amount = (field: StatementField): number | null | undefined => {
      const value = cell(field);
      if (value === "" || value === "-") return null;
      const n = readRupiah(value);
      if (n === null) {
        problem({ code: "amount", row, column: columns[field]!, value: value.slice(0, 40) });
        return undefined;
      }
      return n;
    };
    const waybill = cell("waybill") || null;
    const reference = cell("reference") || null;
    if (!waybill && !reference) {
      problem({ code: "noId", row });
      continue;
    }
    const cod = amount("cod");
    const fee = amount("fee");
    const deductions = amount("deductions");
    const net = amount("net");
    const paidText = cell("paidOn");
    const paidOn = paidText === "" ? null : readDate(paidText);
    if (paidText !== "" && paidOn === null)
      problem({ code: "date", row, column: columns.paidOn!, value: paidText.slice(0, 40) });
    if (cod === undefined || fee === undefined || deductions === undefined || net === undefined)
      continue;
    // Deductions are money taken, however the file signs them.
    const taken = Math.abs(deductions ?? 0);
    lines.push({
      row,
      waybill,
      reference,
      recipient: cell("recipient") || null,
      cod: cod ?? 0,
      fee: fee === null ? (columns.fee ? 0 : null) : Math.abs(fee),
      deductions: taken,
      deductionNote: cell("deductionNote") || null,
      net: net ?? (cod ?? 0) - Math.abs(fee ?? 0) - taken,
      paidOn,
    });
  }
  return problems.length > 0 ? { ok: false, problems, more } : { ok: true, lines };
}
