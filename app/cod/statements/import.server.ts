import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client.server";
import {
  codStatementLines,
  codStatements,
  type CodStatement,
  type LineKind,
} from "../../db/schema-cod-money";
import { isDayUpTo } from "../../platform/zoned-time";
import { getShopSettings, updateShopSettings } from "../../shops/shops.server";
import {
  guessColumns,
  mappingGaps,
  statementColumnsSchema,
  type MappingGap,
  type StatementColumns,
  type StatementField,
} from "./columns";
import { judgeLine } from "./differences";
import { ParcelIndex, namesIn, parcelsNamed } from "./match.server";
import { readStatementFile, StatementFileError, type FileProblem } from "./read-file.server";
import { readLines, type LineProblem, type StatementLine } from "./statement-lines";

/**
 * A payout statement imported: the file read whole (./read-file.server.ts) by the shop's column
 * mapping (asked for at the first import, then remembered), each line matched to its parcel and
 * judged (./differences.ts), all in one transaction. The same file imported again changes nothing;
 * two imports of one shop run one after the other (an advisory lock), and a parcel is paid by one
 * line only (a unique index), so two imports at once never pay a parcel twice.
 */
export interface ImportRequest {
  fileName: string;
  bytes: Uint8Array;
  /** The day the money arrived (YYYY-MM-DD, the shop's zone). */
  receivedOn: string;
  /** What reached the bank account, whole rupiah; null: not said. */
  receivedAmount: number | null;
  /** The mapping chosen on the form (first import, or a file whose columns changed). */
  columns?: Partial<Record<StatementField, string>>;
  /** Today in the shop's zone (YYYY-MM-DD): money does not arrive in the future. */
  today: string;
}

export type ImportOutcome =
  | { kind: "imported"; statement: CodStatement; counts: Partial<Record<LineKind, number>> }
  | { kind: "already"; statement: CodStatement }
  | {
      kind: "needsColumns";
      header: string[];
      chosen: Partial<Record<StatementField, string>>;
      gaps: MappingGap[];
    }
  | { kind: "badFile"; problem: FileProblem }
  | { kind: "badLines"; problems: LineProblem[]; more: number }
  | { kind: "badDate" }
  | { kind: "badAmount" };

/**
 * Lines written per INSERT (each is 21 parameters; PostgreSQL takes 65,535 a statement), and
 * lines judged before the event loop is let go: a long statement never holds the web process's
 * other requests for long.
 */
const LINES_PER_INSERT = 500;
const LINES_PER_TURN = 1_000;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

export const fileHashOf = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function statementOfFile(db: Queryable, shop: string, hash: string) {
  const [found] = await db
    .select()
    .from(codStatements)
    .where(and(eq(codStatements.shop, shop), eq(codStatements.fileHash, hash)));
  return found ?? null;
}

/** Imports of one shop, one at a time (held to the end of the transaction). */
export const lockShopStatements = (tx: Queryable, shop: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('cod-statements'), hashtext(${shop}))`);

export async function importStatement(
  db: Db,
  shop: string,
  request: ImportRequest,
): Promise<ImportOutcome> {
  if (!isDayUpTo(request.receivedOn, request.today)) return { kind: "badDate" };
  if (
    request.receivedAmount !== null &&
    (!Number.isSafeInteger(request.receivedAmount) || request.receivedAmount < 0)
  )
    return { kind: "badAmount" };
  const hash = fileHashOf(request.bytes);
  const before = await statementOfFile(db, shop, hash);
  if (before) return { kind: "already", statement: before };

  let file;
  try {
    file = await readStatementFile(request.bytes);
  } catch (error) {
    if (error instanceof StatementFileError) return { kind: "badFile", problem: error.problem };
    throw error;
  }
  const settings = await getShopSettings(db, shop);
  const asked = request.columns;
  const chosen = asked ?? settings.statementColumns;
  // The first import, or a file whose columns are not the ones remembered: the merchant maps them
  // (offered a guess from the header's names).
  if (!chosen || mappingGaps(chosen, file.header).length > 0) {
    const offered = asked ?? guessColumns(file.header);
    return {
      kind: "needsColumns",
      header: file.header,
      chosen: offered,
      gaps: mappingGaps(offered, file.header),
    };
  }
  const columns: StatementColumns = statementColumnsSchema.parse(chosen);
  const read = readLines(file.header, file.rows, columns);
  if (!read.ok) return { kind: "badLines", problems: read.problems, more: read.more };
  if (asked) await updateShopSettings(db, shop, { statementColumns: columns });

  return db.transaction(async (tx) => {
    await lockShopStatements(tx, shop);
    const raced = await statementOfFile(tx, shop, hash);
    if (raced) return { kind: "already" as const, statement: raced };
    const [statement] = await tx
      .insert(codStatements)
      .values({
        shop,
        fileName: request.fileName.slice(0, 200),
        fileHash: hash,
        receivedOn: request.receivedOn,
        receivedAmount: request.receivedAmount,
        lines: read.lines.length,
        total: read.lines.reduce((s, l) => s + l.net, 0),
      })
      .returning();
    const counts = await writeLines(tx, shop, statement!.id, read.lines, settings.codFeePercent);
    return { kind: "imported" as const, statement: statement!, counts };
  });
}

/** Each line matched, judged and written; what kinds they came to. */
async function writeLines(
  tx: Queryable,
  shop: string,
  statementId: string,
  lines: readonly StatementLine[],
  feePercent: number | null,
): Promise<Partial<Record<LineKind, number>>> {
  const names = lines.flatMap((l) => [
    ...(l.waybill ? [l.waybill] : []),
    ...(l.reference ? [l.reference] : []),
    ...namesIn(l.deductionNote),
  ]);
  const index = new ParcelIndex(await parcelsNamed(tx, shop, names));
  const paidNow = new Set<string>();
  const counts: Partial<Record<LineKind, number>> = {};
  const rows = [];
  for (const [i, line] of lines.entries()) {
    if (i > 0 && i % LINES_PER_TURN === 0) await nextTurn();
    const parcel = index.find(line.waybill, line.reference);
    const other = line.deductions > 0 ? index.named(line.deductionNote, parcel) : null;
    const judged = judgeLine(
      line,
      parcel && { ...parcel, paidAlready: parcel.paid || paidNow.has(parcel.id) },
      feePercent,
      other !== null,
    );
    if (judged.pays && parcel) paidNow.add(parcel.id);
    counts[judged.kind] = (counts[judged.kind] ?? 0) + 1;
    rows.push({
      statementId,
      shop,
      ...line,
      shipmentId: parcel?.id ?? null,
      pays: judged.pays ? 1 : 0,
      kind: judged.kind,
      expected: judged.expected,
      expectedFee: judged.expectedFee,
      difference: judged.difference,
      deductionKind: judged.deductionKind,
      chargedForId: other?.id ?? null,
    });
  }
  for (let i = 0; i < rows.length; i += LINES_PER_INSERT) {
    await tx.insert(codStatementLines).values(rows.slice(i, i + LINES_PER_INSERT));
    await nextTurn();
  }
  return counts;
}
