/**
 * A COD order's risk of coming back unpaid, written where Shopify shows an order's risk (its order
 * page's risk card): the level and the reasons as facts (app/cod-risk/shopify-risk.ts). Shopify
 * sends `orders/risk_assessment_changed` when it is created.
 */
export const ORDER_RISK_ASSESSMENT_CREATE = `#graphql
  mutation OrderRiskAssessmentCreate($input: OrderRiskAssessmentCreateInput!) {
    orderRiskAssessmentCreate(orderRiskAssessmentInput: $input) {
      orderRiskAssessment { riskLevel }
      userErrors { field message code }
    }
  }`;
