import { z } from "zod";

/**
 * The columns of a payout statement the app reads, and which of the file's columns each is. Every
 * service and courier names them its own way ("No. Resi", "AWB", "Nilai COD", "Biaya COD",
 * "Potongan", "Total Diterima"): the merchant maps them once at the first import and the shop
 * keeps the mapping (settings `statementColumns`), by the header's names.
 */
export const STATEMENT_FIELDS = [
  "waybill",
  "reference",
  "recipient",
  "cod",
  "fee",
  "deductions",
  "deductionNote",
  "net",
  "paidOn",
] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];

/** A header's name → the field it is; each field at most once. */
export const statementColumnsSchema = z
  .object({
    waybill: z.string().min(1).optional(),
    reference: z.string().min(1).optional(),
    recipient: z.string().min(1).optional(),
    cod: z.string().min(1),
    fee: z.string().min(1).optional(),
    deductions: z.string().min(1).optional(),
    deductionNote: z.string().min(1).optional(),
    net: z.string().min(1).optional(),
    paidOn: z.string().min(1).optional(),
  })
  .refine((c) => c.waybill !== undefined || c.reference !== undefined, {
    message: "a waybill or an order column",
  });
export type StatementColumns = z.infer<typeof statementColumnsSchema>;

/** What a mapping lacks: a field it must have, or a column the file does not have. */
export type MappingGap =
  | { kind: "needsId" }
  | { kind: "needsCod" }
  | { kind: "twice"; column: string }
  | { kind: "missing"; field: StatementField; column: string };

/** Words in header names that say which field a column is (lower case, without punctuation). */
const NAMES: Record<StatementField, RegExp> = {
  waybill: /\b(no resi|nomor resi|resi|awb|waybill|airwaybill|tracking|no kiriman|connote|stt)\b/,
  reference: /\b(order|pesanan|invoice|referensi|reference|ref|no order)\b/,
  recipient: /\b(penerima|recipient|consignee|nama pembeli|pembeli|receiver)\b/,
  cod: /\b(nilai cod|cod amount|jumlah cod|total cod|cod value|nominal cod|cod)\b/,
  fee: /\b(biaya cod|fee cod|cod fee|admin cod|fee|biaya layanan cod)\b/,
  deductions: /\b(potongan|deduction|deductions|pengurang|biaya lain|adjustment)\b/,
  deductionNote: /\b(keterangan|catatan|description|note|remarks|alasan)\b/,
  net: /\b(net|netto|bersih|diterima|dicairkan|pencairan|payout|dibayar|transfer)\b/,
  paidOn:
    /\b(tanggal cair|tanggal pencairan|tgl cair|paid|tanggal bayar|tanggal transfer|payout date|tanggal)\b/,
};

/** The order guesses are made in: more particular fields first ("Biaya COD" is the fee, not the COD). */
const GUESS_ORDER: StatementField[] = [
  "fee",
  "deductionNote",
  "deductions",
  "paidOn",
  "net",
  "waybill",
  "recipient",
  "reference",
  "cod",
];

const plain = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** A first guess of each field's column from the header's names (the merchant confirms it). */
export function guessColumns(header: readonly string[]): Partial<Record<StatementField, string>> {
  const taken = new Set<string>();
  const guess: Partial<Record<StatementField, string>> = {};
  for (const field of GUESS_ORDER) {
    const column = header.find((name) => !taken.has(name) && NAMES[field].test(plain(name)));
    if (column !== undefined) {
      guess[field] = column;
      taken.add(column);
    }
  }
  return guess;
}

/** Why a mapping cannot read a file with this header; empty when it can. */
export function mappingGaps(
  columns: Partial<Record<StatementField, string>>,
  header: readonly string[],
): MappingGap[] {
  const gaps: MappingGap[] = [];
  if (!columns.waybill && !columns.reference) gaps.push({ kind: "needsId" });
  if (!columns.cod) gaps.push({ kind: "needsCod" });
  const seen = new Set<string>();
  for (const field of STATEMENT_FIELDS) {
    const column = columns[field];
    if (!column) continue;
    if (!header.includes(column)) gaps.push({ kind: "missing", field, column });
    if (seen.has(column)) gaps.push({ kind: "twice", column });
    seen.add(column);
  }
  return gaps;
}

/** A mapping from a form: each field's chosen column ("" or absent: none). */
export function columnsFromForm(form: {
  get(name: string): unknown;
}): Partial<Record<StatementField, string>> {
  const columns: Partial<Record<StatementField, string>> = {};
  for (const field of STATEMENT_FIELDS) {
    const value = form.get(`column.${field}`);
    if (typeof value === "string" && value !== "") columns[field] = value;
  }
  return columns;
}
