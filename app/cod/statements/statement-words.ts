import type { TFunction } from "i18next";
import type { MappingGap } from "./columns";
import type { FileProblem } from "./read-file.server";
import type { LineProblem } from "./statement-lines";

/**
 * Why a statement was not imported, in the merchant's words: which row, which column, what was
 * expected (the locale files' `codMoney.file`, `codMoney.line` and `codMoney.gap`).
 */
export function fileProblemWords(problem: FileProblem, t: TFunction): string {
  const { code, ...values } = problem;
  return t(`codMoney.file.${code}` as "codMoney.file.empty", values);
}

export function lineProblemWords(problem: LineProblem, t: TFunction): string {
  const { code, ...values } = problem;
  return t(`codMoney.line.${code}` as "codMoney.line.noId", values);
}

export function gapWords(gap: MappingGap, t: TFunction): string {
  if (gap.kind === "missing")
    return t("codMoney.gap.missing", {
      column: gap.column,
      field: t(`codMoney.field.${gap.field}` as "codMoney.field.cod"),
    });
  if (gap.kind === "twice") return t("codMoney.gap.twice", { column: gap.column });
  return t(`codMoney.gap.${gap.kind}` as "codMoney.gap.needsId");
}
