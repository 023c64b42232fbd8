import type { CodRiskSnapshot } from "../db/json-columns";
import { i18nIn } from "../i18n/instance";
import { sayIn, storedSaid } from "../i18n/said";
import { valueWords } from "../shipments/status-words";

/** Shopify keeps up to 20 facts per assessment (OrderRiskAssessmentCreateInput.facts). */
export const MOST_FACTS = 20;

/** What Shopify's `orderRiskAssessmentCreate` takes: the order, a level, its facts. */
export interface ShopifyRiskInput {
  orderId: string;
  riskLevel: "MEDIUM" | "HIGH";
  facts: { description: string; sentiment: "NEGATIVE" | "NEUTRAL" | "POSITIVE" }[];
}

/**
 * A medium or high COD risk as Shopify's order risk assessment, in Indonesian (the merchant's
 * Shopify admin shows the facts as written): first what it is and where it comes from, then each
 * reason that counted, the weightiest first; null for a low risk (nothing to warn of).
 */
export function shopifyRiskInput(orderId: string, risk: CodRiskSnapshot): ShopifyRiskInput | null {
  if (risk.level === "low") return null;
  const { t } = i18nIn("id");
  const words = valueWords({ locale: "id-ID" });
  const reasons = (storedSaid(risk.reasons) ?? []).map((reason) => sayIn(reason, t, words));
  return {
    orderId: `gid://shopify/Order/${orderId}`,
    riskLevel: risk.level === "high" ? "HIGH" : "MEDIUM",
    facts: [
      fact(t("codRisk.shopify.source", { score: risk.score }), "NEUTRAL"),
      ...(risk.mark === "held" ? [fact(t("codRisk.shopify.marked"), "NEGATIVE")] : []),
      ...reasons.map((reason) => fact(reason, "NEGATIVE")),
    ].slice(0, MOST_FACTS),
  };
}

const fact = (
  description: string,
  sentiment: ShopifyRiskInput["facts"][number]["sentiment"],
): ShopifyRiskInput["facts"][number] => ({ description, sentiment });
