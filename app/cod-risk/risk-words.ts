import type { TFunction } from "i18next";
import type { CodRiskSnapshot } from "../db/json-columns";
import { sayIn, storedSaid, type ValueWords } from "../i18n/said";

/** A COD order's risk as the shipment page says it; null when there is nothing to warn of. */
export interface CodRiskWords {
  level: "medium" | "high";
  /** "High risk of coming back unpaid (score 70)". */
  title: string;
  /** Every reason that counted, in the reader's words, the weightiest first. */
  reasons: string[];
}

/** Medium and high risks are shown; a low one (or none: prepaid, drafted before) says nothing. */
export function codRiskWords(
  risk: CodRiskSnapshot | null,
  t: TFunction,
  words: ValueWords,
): CodRiskWords | null {
  if (!risk || risk.level === "low") return null;
  return {
    level: risk.level,
    title: t(`codRisk.title.${risk.level}`, { score: risk.score }),
    reasons: (storedSaid(risk.reasons) ?? []).map((reason) => sayIn(reason, t, words)),
  };
}
