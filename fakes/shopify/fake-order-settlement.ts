import {
  ORDER_MARK_AS_PAID,
  ORDER_PAYMENT_QUERY,
} from "#app/admin-api/operations/order-settlement.ts";

/**
 * The fake Admin API's order payments (orderMarkAsPaid and the order's payment state), on the
 * orders it holds in the webhook's shape: as Shopify documents it, an order can be marked paid
 * only while it owes something and is not paid already, so a second `orderMarkAsPaid` is refused.
 */
type Raw = Record<string, unknown>;

/** What marking paid was asked and done, in order. */
export interface SettlementLog {
  markedPaid?: { shop: string; orderId: string; amount: string }[];
}

/** Payment statuses after which there is nothing left to mark paid. */
const SETTLED = new Set(["paid", "refunded", "partially_refunded", "voided"]);

const outstanding = (order: Raw) => Number(order.total_outstanding ?? order.total_price ?? 0);

export function canMarkAsPaid(order: Raw): boolean {
  return (
    !order.cancelled_at &&
    outstanding(order) > 0 &&
    !SETTLED.has(String(order.financial_status ?? "pending"))
  );
}

/**
 * Shopify's answer to a settlement document, or undefined when `query` is not one. `order` finds
 * the shop's order by its id (null when the shop has none).
 */
export function settlementAnswer(
  shop: string,
  query: string,
  variables: Record<string, unknown>,
  order: (orderId: string) => Raw | null,
  log?: SettlementLog,
): unknown {
  if (query !== ORDER_PAYMENT_QUERY && query !== ORDER_MARK_AS_PAID) return undefined;
  const gid = String(
    query === ORDER_PAYMENT_QUERY ? variables.id : (variables.input as { id?: unknown })?.id,
  );
  const id = /^gid:\/\/shopify\/Order\/(\d+)$/.exec(gid)?.[1];
  if (!id) throw new Error("order id must be an Order gid");
  const found = order(id);
  if (query === ORDER_PAYMENT_QUERY) {
    return {
      data: {
        order: found
          ? {
              id: gid,
              canMarkAsPaid: canMarkAsPaid(found),
              displayFinancialStatus: String(found.financial_status ?? "pending").toUpperCase(),
              cancelledAt: found.cancelled_at ?? null,
              totalOutstandingSet: {
                shopMoney: {
                  amount: outstanding(found).toFixed(2),
                  currencyCode: String(found.currency ?? "IDR"),
                },
              },
            }
          : null,
      },
    };
  }
  if (!found)
    return {
      data: {
        orderMarkAsPaid: {
          order: null,
          userErrors: [{ field: ["id"], message: "Order does not exist" }],
        },
      },
    };
  if (!canMarkAsPaid(found))
    return {
      data: {
        orderMarkAsPaid: {
          order: null,
          userErrors: [{ field: ["id"], message: "Order cannot be marked as paid." }],
        },
      },
    };
  const amount = outstanding(found).toFixed(2);
  found.financial_status = "paid";
  found.total_outstanding = "0.00";
  log?.markedPaid?.push({ shop, orderId: id, amount });
  return {
    data: {
      orderMarkAsPaid: { order: { id: gid, displayFinancialStatus: "PAID" }, userErrors: [] },
    },
  };
}
