import { z } from "zod";

/**
 * The parts of Shopify's order webhook payload (orders/create, orders/updated, orders/cancelled)
 * that the app uses. Tolerant: Shopify adds fields, sends numbers as strings, and leaves many
 * fields null; unknown fields are ignored.
 */
const id = z.union([z.number(), z.string()]).transform(String);
const money = z.union([z.string(), z.number()]).transform((v) => Number(v)).pipe(z.number().finite());
const optionalMoney = z.union([z.string(), z.number()]).nullish().transform((v) => (v === null || v === undefined || v === "" ? null : Number(v)));
const text = z.string().nullish().transform((v) => v ?? null);
const coordinate = z.union([z.number(), z.string()]).nullish().transform((v) => (v === null || v === undefined || v === "" ? null : Number(v)));

export const addressSchema = z.object({
  first_name: text,
  last_name: text,
  name: text,
  company: text,
  address1: text,
  address2: text,
  city: text,
  province: text,
  zip: text,
  country: text,
  country_code: text,
  phone: text,
  latitude: coordinate,
  longitude: coordinate,
});
export type ShopifyAddress = z.infer<typeof addressSchema>;

export const lineItemSchema = z.object({
  id,
  title: z.string().nullish(),
  name: z.string().nullish(),
  variant_title: z.string().nullish(),
  sku: text,
  quantity: z.number().int().nonnegative(),
  /** Quantity after removals (order edits, refunds); newer API versions send it. */
  current_quantity: z.number().int().nonnegative().nullish(),
  price: money,
  grams: z.number().nullish(),
  requires_shipping: z.boolean().nullish(),
  gift_card: z.boolean().nullish(),
  product_id: id.nullish(),
  variant_id: id.nullish(),
});
export type ShopifyLineItem = z.infer<typeof lineItemSchema>;

export const orderPayloadSchema = z.object({
  id,
  name: z.string().nullish(),
  email: text,
  phone: text,
  tags: z.union([z.string(), z.array(z.string())]).nullish(),
  note: text,
  currency: text,
  total_price: optionalMoney,
  total_outstanding: optionalMoney,
  financial_status: text,
  cancelled_at: text,
  payment_gateway_names: z.array(z.string()).nullish(),
  shipping_address: addressSchema.nullish(),
  billing_address: addressSchema.nullish(),
  customer: z
    .object({ id: id.nullish(), email: text, phone: text, first_name: text, last_name: text })
    .nullish(),
  line_items: z.array(lineItemSchema).default([]),
  refunds: z
    .array(
      z.object({
        refund_line_items: z.array(z.object({ line_item_id: id, quantity: z.number().int().nonnegative() })).default([]),
      }),
    )
    .nullish(),
  shipping_lines: z
    .array(z.object({ code: text, title: text, source: text, carrier_identifier: text }))
    .nullish(),
});
export type ShopifyOrder = z.infer<typeof orderPayloadSchema>;
