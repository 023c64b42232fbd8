import type { ShopifyOrder } from "./payload";

/**
 * What the customer paid for shipping at checkout: the order's shipping lines (not removed),
 * each after its discounts, in the shop's currency. Null when the order names no price for a line
 * (an order read from a source that leaves prices out).
 */
export function shippingChargedOf(order: ShopifyOrder): number | null {
  let total = 0;
  for (const line of order.shipping_lines ?? []) {
    if (line.is_removed) continue;
    const amount =
      line.discounted_price_set?.shop_money.amount ??
      line.discounted_price ??
      line.price_set?.shop_money.amount ??
      line.price;
    if (amount === null || amount === undefined) return null;
    total += amount;
  }
  return Math.round(total * 100) / 100;
}
