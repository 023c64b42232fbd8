import { ORDER_RISK_ASSESSMENT_CREATE } from "#app/admin-api/operations/order-risk.ts";

/**
 * The fake Admin API's `orderRiskAssessmentCreate`, on the orders it holds in the webhook's shape,
 * as Shopify documents it: at most 20 facts (TOO_MANY_FACTS), an order it has (NOT_FOUND) and
 * not fulfilled (ORDER_ALREADY_FULFILLED); each assessment kept, in order, as the order's risk.
 */
type Raw = Record<string, unknown>;

export interface RiskAssessmentLog {
  riskAssessments?: {
    shop: string;
    orderId: string;
    riskLevel: string;
    facts: { description: string; sentiment: string }[];
  }[];
}

export function riskAssessmentAnswer(
  shop: string,
  query: string,
  variables: Record<string, unknown>,
  order: (orderId: string) => Raw | null,
  log?: RiskAssessmentLog,
): unknown {
  if (query !== ORDER_RISK_ASSESSMENT_CREATE) return undefined;
  const input = variables.input as {
    orderId: string;
    riskLevel: string;
    facts: { description: string; sentiment: string }[];
  };
  const refuse = (field: string, code: string, message: string) => ({
    data: {
      orderRiskAssessmentCreate: {
        orderRiskAssessment: null,
        userErrors: [{ field: ["orderRiskAssessmentInput", field], message, code }],
      },
    },
  });
  const id = /^gid:\/\/shopify\/Order\/(\d+)$/.exec(input.orderId)?.[1];
  const found = id ? order(id) : null;
  if (!id || !found) return refuse("orderId", "NOT_FOUND", "Order does not exist");
  if (input.facts.length > 20)
    return refuse("facts", "TOO_MANY_FACTS", "Facts can't have more than 20 items");
  if (input.facts.some((f) => !f.description.trim()))
    return refuse("facts", "INVALID", "Fact description can't be blank");
  if (found.fulfillment_status === "fulfilled")
    return refuse(
      "orderId",
      "ORDER_ALREADY_FULFILLED",
      "The order is fulfilled and can no longer accept risk assessments",
    );
  log?.riskAssessments?.push({
    shop,
    orderId: id,
    riskLevel: input.riskLevel,
    facts: input.facts,
  });
  return {
    data: {
      orderRiskAssessmentCreate: {
        orderRiskAssessment: { riskLevel: input.riskLevel },
        userErrors: [],
      },
    },
  };
}
