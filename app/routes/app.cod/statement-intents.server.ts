/**
 * The COD page's statement and dispute intents: importing a payout statement (its columns mapped
 * at the first import), removing one, and moving a dispute on. Each answers in the merchant's
 * words; a statement that does not import says every reason (row, column, what was expected).
 */
import { db } from "../../db/index.server";
import { isDisputeState, setDisputeState, getDispute } from "../../cod/disputes/disputes.server";
import { readRupiah } from "../../cod/rupiah";
import { columnsFromForm, STATEMENT_FIELDS } from "../../cod/statements/columns";
import { importStatement } from "../../cod/statements/import.server";
import { STATEMENT_MAX_BYTES } from "../../cod/statements/read-file.server";
import { removeStatement } from "../../cod/statements/statements.server";
import { fileProblemWords, gapWords, lineProblemWords } from "../../cod/statements/statement-words";
import { dayOf, type Speech } from "../../shipments/status-words";
import { DEFAULT_TIME_ZONE, dateIn } from "../../platform/zoned-time";
import { getShopSettings } from "../../shops/shops.server";

export interface CodAnswer {
  ok: boolean;
  message: string;
  /** Further reasons, one per line (a statement's rows that did not read). */
  reasons?: string[];
  /** The statement's columns to map (its first import, or columns not the ones remembered). */
  columns?: { header: string[]; chosen: Record<string, string> };
}

export async function importIntent(
  form: FormData,
  shop: string,
  speech: Speech,
): Promise<CodAnswer> {
  const { t } = speech;
  const file = form.get("statement");
  if (!(file instanceof Blob) || file.size === 0)
    return { ok: false, message: t("codMoney.import.noFile") };
  if (file.size > STATEMENT_MAX_BYTES) return { ok: false, message: t("codMoney.file.tooBig") };
  const amountText = String(form.get("receivedAmount") ?? "").trim();
  const receivedAmount = amountText === "" ? null : readRupiah(amountText);
  if (receivedAmount === null && amountText !== "")
    return { ok: false, message: t("codMoney.import.badAmount") };
  const zone = speech.timeZone ?? DEFAULT_TIME_ZONE;
  const mapping = form.get("mapping") === "1" ? columnsFromForm(form) : undefined;
  const fileName = "name" in file && typeof file.name === "string" ? file.name : "statement";
  const outcome = await importStatement(db, shop, {
    fileName,
    bytes: new Uint8Array(await file.arrayBuffer()),
    receivedOn: String(form.get("receivedOn") ?? ""),
    receivedAmount,
    columns: mapping,
    today: dateIn(new Date(), zone),
  });
  const nothing = t("codMoney.import.nothingSaved");
  switch (outcome.kind) {
    case "imported": {
      const counts = outcome.counts;
      const differ = Object.entries(counts)
        .filter(([kind]) => kind !== "ok")
        .reduce((s, [, n]) => s + (n ?? 0), 0);
      return {
        ok: true,
        message: t("codMoney.import.done", {
          file: outcome.statement.fileName,
          count: outcome.statement.lines,
          differ,
        }),
      };
    }
    case "already":
      return {
        ok: true,
        message: t("codMoney.import.already", {
          day: dayOf(outcome.statement.createdAt, speech),
        }),
      };
    case "needsColumns":
      return {
        ok: false,
        message: t("codMoney.import.needsColumns"),
        reasons: outcome.gaps.map((g) => gapWords(g, t)),
        columns: {
          header: outcome.header,
          chosen: Object.fromEntries(
            STATEMENT_FIELDS.flatMap((f) => (outcome.chosen[f] ? [[f, outcome.chosen[f]!]] : [])),
          ),
        },
      };
    case "badFile":
      return { ok: false, message: `${fileProblemWords(outcome.problem, t)} ${nothing}` };
    case "badLines":
      return {
        ok: false,
        message: nothing,
        reasons: [
          ...outcome.problems.map((p) => lineProblemWords(p, t)),
          ...(outcome.more > 0 ? [t("codMoney.line.more", { count: outcome.more })] : []),
        ],
      };
    case "badDate":
      return { ok: false, message: t("codMoney.import.badDate") };
    case "badAmount":
      return { ok: false, message: t("codMoney.import.badAmount") };
  }
}

export async function removeStatementIntent(
  form: FormData,
  shop: string,
  speech: Speech,
): Promise<CodAnswer> {
  const { t } = speech;
  const { codFeePercent } = await getShopSettings(db, shop);
  const removed = await removeStatement(db, shop, String(form.get("id") ?? ""), codFeePercent);
  return {
    ok: removed,
    message: removed ? t("codMoney.statements.removed") : t("codMoney.statements.notFound"),
  };
}

export async function disputeStateIntent(
  form: FormData,
  shop: string,
  speech: Speech,
): Promise<CodAnswer> {
  const { t } = speech;
  const id = String(form.get("id") ?? "");
  const state = form.get("state");
  const found = await getDispute(db, shop, id);
  if (!found || !isDisputeState(state))
    return { ok: false, message: t("codMoney.disputes.notFound") };
  await setDisputeState(db, shop, id, state);
  return {
    ok: true,
    message: t("codMoney.disputes.saved", {
      number: found.dispute.number,
      state: t(`codMoney.disputes.states.${state}`),
    }),
  };
}
