import { ORDER_INVOICE_SEND } from "#app/admin-api/operations/order-invoice.ts";
import { canMarkAsPaid } from "./fake-order-settlement.ts";

/**
 * The fake Admin API's `orderInvoiceSend`, on the orders it holds in the webhook's shape: as
 * Shopify answers it, an invoice goes to the order's e-mail (or the one given) only while the order
 * is open and owes something; otherwise a user error (code ORDER_INVOICE_SEND_UNSUCCESSFUL).
 */
type Raw = Record<string, unknown>;

export interface InvoiceLog {
  invoices?: { shop: string; orderId: string; to: string; customMessage: string | null }[];
}

export function invoiceAnswer(
  shop: string,
  query: string,
  variables: Record<string, unknown>,
  order: (orderId: string) => Raw | null,
  log?: InvoiceLog,
): unknown {
  if (query !== ORDER_INVOICE_SEND) return undefined;
  const gid = String(variables.id);
  const id = /^gid:\/\/shopify\/Order\/(\d+)$/.exec(gid)?.[1];
  if (!id) throw new Error("order id must be an Order gid");
  const found = order(id);
  const refuse = (message: string) => ({
    data: {
      orderInvoiceSend: {
        order: null,
        userErrors: [{ field: ["id"], message, code: "ORDER_INVOICE_SEND_UNSUCCESSFUL" }],
      },
    },
  });
  if (!found) return refuse("Order does not exist");
  const email = variables.email as { to?: string; customMessage?: string } | null | undefined;
  const to = email?.to ?? (typeof found.email === "string" && found.email ? found.email : null);
  if (!to) return refuse("The order has no email address to send the invoice to");
  if (!canMarkAsPaid(found)) return refuse("The order has nothing left to pay");
  log?.invoices?.push({ shop, orderId: id, to, customMessage: email?.customMessage ?? null });
  return { data: { orderInvoiceSend: { order: { id: gid }, userErrors: [] } } };
}
