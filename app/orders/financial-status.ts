import { said, type Said, type SaidKey } from "../i18n/said";

/** Shopify's financial statuses the app has words for (its Admin API's, lower-cased). */
const FINANCIAL_WORDS = new Set([
  "paid",
  "partially_refunded",
  "pending",
  "authorized",
  "partially_paid",
  "refunded",
  "voided",
  "expired",
  "unknown",
]);

/**
 * An order's financial status in words ("paid" → "lunas" for an Indonesian reader); a status
 * Shopify adds later reads as itself, without its underscores.
 */
export const financialWords = (status: string): Said | string => {
  const code = status.toLowerCase();
  return FINANCIAL_WORDS.has(code)
    ? said(`financial_${code}` as SaidKey)
    : code.replaceAll("_", " ");
};
