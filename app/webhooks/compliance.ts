import { z } from "zod";

/**
 * Payloads of Shopify's mandatory compliance topics. Only the ids are used; emails and phones
 * in them are never stored or logged.
 */
const id = z.union([z.number(), z.string()]).transform(String);

export const customersDataRequestSchema = z.object({
  shop_domain: z.string(),
  customer: z.object({ id: id.nullish() }).nullish(),
  orders_requested: z.array(id).default([]),
  data_request: z.object({ id: id.nullish() }).nullish(),
});

export const customersRedactSchema = z.object({
  shop_domain: z.string(),
  customer: z.object({ id: id.nullish() }).nullish(),
  orders_to_redact: z.array(id).default([]),
});

export const shopRedactSchema = z.object({ shop_domain: z.string() });
