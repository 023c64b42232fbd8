import { z } from "zod";
import { restoreIds } from "./exact-json";

/**
 * The parts of Shopify's order payload (orders/create, orders/updated, orders/paid,
 * orders/cancelled, and the same shape rebuilt from Admin GraphQL) that the app uses. Tolerant:
 * Shopify adds fields, sends numbers as strings, and leaves many fields null; unknown fields are
 * ignored. Ids are text, taken from `admin_graphql_api_id` where the payload has one (see
 * exact-json.ts).
 */
const id = z.union([z.number(), z.string()]).transform(String);
const amount = z
  .union([z.string(), z.number()])
  .transform((v) => Number(v))
  .pipe(z.number().finite());
const optionalMoney = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? null : Number(v)));
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? null);
const coordinate = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? null : Number(v)));

/** A `*_set` money bag; the app reads its shop-currency half. */
const moneySet = z
  .object({ shop_money: z.object({ amount, currency_code: z.string() }) })
  .nullish()
  .catch(null);

export const addressSchema = z.object({
  first_name: text,
  last_name: text,
  name: text,
  company: text,
  address1: text,
  address2: text,
  city: text,
  province: text,
  /** Shopify's code of the province (ISO 3166-2 without the country: "JI" for Jawa Timur). */
  province_code: text,
  zip: text,
  country: text,
  country_code: text,
  phone: text,
  latitude: coordinate,
  longitude: coordinate,
});
export type ShopifyAddress = z.infer<typeof addressSchema>;

const discountAllocationSchema = z.object({ amount: optionalMoney, amount_set: moneySet });

export const lineItemSchema = z.object({
  id,
  title: z.string().nullish(),
  name: z.string().nullish(),
  variant_title: z.string().nullish(),
  sku: text,
  quantity: z.number().int().nonnegative(),
  /** Quantity after removals (order edits, refunds); newer API versions send it. */
  current_quantity: z.number().int().nonnegative().nullish(),
  /** Quantity still to fulfill (after fulfillments, refunds and removals). */
  fulfillable_quantity: z.number().int().nonnegative().nullish(),
  fulfillment_status: text,
  /** Unit price before discounts, shop currency. */
  price: amount,
  price_set: moneySet,
  /** Every discount on the line (its own and its share of order-level ones), for all units. */
  discount_allocations: z.array(discountAllocationSchema).nullish().catch(null),
  total_discount: optionalMoney,
  total_discount_set: moneySet,
  grams: z.number().nullish(),
  requires_shipping: z.boolean().nullish(),
  gift_card: z.boolean().nullish(),
  product_id: id.nullish(),
  variant_id: id.nullish(),
});
export type ShopifyLineItem = z.infer<typeof lineItemSchema>;

const refundSchema = z.object({
  id: id.nullish(),
  created_at: text,
  refund_line_items: z
    .array(
      z
        .object({
          line_item_id: id,
          quantity: z.number().int().nonnegative(),
          // The nested line item carries the exact id (its gid); line_item_id may be rounded.
          line_item: z.object({ id }).nullish().catch(null),
        })
        .transform((r) => ({
          line_item_id: r.line_item?.id ?? r.line_item_id,
          quantity: r.quantity,
        })),
    )
    .default([]),
});
export type ShopifyRefund = z.infer<typeof refundSchema>;

const shippingLineSchema = z.object({
  code: text,
  title: text,
  source: text,
  carrier_identifier: text,
  /** Admin GraphQL's ShippingLine.deliveryCategory, when the order was read there. */
  delivery_category: text,
  is_removed: z.boolean().nullish(),
  /** What the line costs the customer, before and after its discounts (shop currency). */
  price: optionalMoney,
  price_set: moneySet,
  discounted_price: optionalMoney,
  discounted_price_set: moneySet,
});
export type ShopifyShippingLine = z.infer<typeof shippingLineSchema>;

const orderObjectSchema = z.object({
  id,
  name: z.string().nullish(),
  email: text,
  phone: text,
  tags: z.union([z.string(), z.array(z.string())]).nullish(),
  note: text,
  created_at: text,
  updated_at: text,
  /** The shop's currency: plain amounts are in it. */
  currency: text,
  presentment_currency: text,
  total_price: optionalMoney,
  total_price_set: moneySet,
  current_total_price_set: moneySet,
  total_outstanding: optionalMoney,
  financial_status: text,
  fulfillment_status: text,
  cancelled_at: text,
  source_name: text,
  payment_gateway_names: z.array(z.string()).nullish(),
  shipping_address: addressSchema.nullish(),
  billing_address: addressSchema.nullish(),
  customer: z
    .object({ id: id.nullish(), email: text, phone: text, first_name: text, last_name: text })
    .nullish(),
  line_items: z.array(lineItemSchema).default([]),
  refunds: z.array(refundSchema).nullish(),
  shipping_lines: z.array(shippingLineSchema).nullish(),
});

export const orderPayloadSchema = z.preprocess(restoreIds, orderObjectSchema);
export type ShopifyOrder = z.infer<typeof orderObjectSchema>;

/** refunds/create: a refund of an order (its payload is the refund, not the order). */
export const refundPayloadSchema = z.preprocess(restoreIds, refundSchema.extend({ order_id: id }));
export type ShopifyRefundPayload = z.infer<typeof refundPayloadSchema>;

/** Order amounts in the shop's currency (`*_set.shop_money` where sent, else the plain field). */
export function shopMoney(
  set: { shop_money: { amount: number; currency_code: string } } | null | undefined,
  plain: number | null | undefined,
): number | null {
  if (set?.shop_money) return set.shop_money.amount;
  return plain ?? null;
}

/** The shop currency of the order's amounts. */
export function shopCurrency(order: ShopifyOrder): string | null {
  return (
    order.total_price_set?.shop_money.currency_code ??
    order.current_total_price_set?.shop_money.currency_code ??
    order.currency ??
    null
  );
}
