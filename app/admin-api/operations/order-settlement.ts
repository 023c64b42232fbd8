/**
 * What happens to a store order after its parcel's journey ends: a delivered cash-on-delivery
 * parcel's order marked paid (worker/processors/settle-cod.ts).
 */

/** Whether Shopify would mark the order paid now, and what it says the order owes. */
export const ORDER_PAYMENT_QUERY = `#graphql
  query OrderPayment($id: ID!) {
    order(id: $id) {
      id
      canMarkAsPaid
      displayFinancialStatus
      cancelledAt
      totalOutstandingSet { shopMoney { amount currencyCode } }
    }
  }`;

/** The courier collected the cash: the order's outstanding amount recorded as paid. */
export const ORDER_MARK_AS_PAID = `#graphql
  mutation OrderMarkAsPaid($input: OrderMarkAsPaidInput!) {
    orderMarkAsPaid(input: $input) {
      order { id displayFinancialStatus }
      userErrors { field message }
    }
  }`;
