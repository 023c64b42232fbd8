/**
 * A held cash-on-delivery order offered to the buyer to pay first (app/cod-risk/hold-actions.server.ts):
 * Shopify e-mails the order's invoice, with a link to pay it online. Once paid (orders/paid), the
 * order has nothing left to collect and ships as prepaid.
 */
export const ORDER_INVOICE_SEND = `#graphql
  mutation OrderInvoiceSend($id: ID!, $email: EmailInput) {
    orderInvoiceSend(id: $id, email: $email) {
      order { id }
      userErrors { field message code }
    }
  }`;
