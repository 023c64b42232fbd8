import { RECENT_PAYMENT_GATEWAYS_QUERY } from "../admin-api/operations/orders";
import { adminRequest, type AdminGraphql } from "../admin-api/request";
import { isCodGatewayName } from "../orders/decide";

/** How many of the shop's latest orders the settings read their payment methods from. */
export const RECENT_ORDERS_READ = 100;

export interface PaymentMethodChoice {
  name: string;
  /** Read as cash on delivery by its name alone ("Cash on Delivery (COD)", "Bayar di tempat"). */
  auto: boolean;
  /** Orders of the latest ones that carry it (0 for a method only the settings name). */
  orders: number;
}

/**
 * The payment methods the shop's orders actually carry (its latest RECENT_ORDERS_READ, one Admin
 * API call), most used first, with the ones the settings already name: the settings' COD methods
 * are ticked from these, never typed (a typo would silently miss COD).
 */
export async function paymentMethodChoices(
  graphql: AdminGraphql,
  shop: string,
  chosen: readonly string[],
): Promise<PaymentMethodChoice[]> {
  const { orders } = await adminRequest(graphql, shop, RECENT_PAYMENT_GATEWAYS_QUERY, {
    first: RECENT_ORDERS_READ,
  });
  const counts = new Map<string, number>();
  for (const order of orders.nodes)
    for (const name of new Set(order.paymentGatewayNames))
      if (name.trim()) counts.set(name, (counts.get(name) ?? 0) + 1);
  for (const name of chosen) if (!counts.has(name)) counts.set(name, 0);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name, orders]) => ({ name, auto: isCodGatewayName(name), orders }));
}
