import { inEnglish, said, type Said, type SaidKey } from "../i18n/said";

/**
 * A return pickup's problem as it is stored: the English sentence and its message's kind and
 * values (app/i18n/said.ts), said in the reader's language; null clears both.
 */
export const pickupProblem = (problem: Said | null) => ({
  problem: problem ? inEnglish(problem) : null,
  problemSaid: problem ? [problem] : null,
});

const RETURN_STATUSES = new Set(["declined", "closed", "canceled"]);

/** A Shopify return's status in words ("DECLINED" → "ditolak"); one Shopify adds later as itself. */
export const returnStatusWords = (status: string): Said | string => {
  const code = status.toLowerCase();
  return RETURN_STATUSES.has(code) ? said(`returnStatus_${code}` as SaidKey) : code;
};
