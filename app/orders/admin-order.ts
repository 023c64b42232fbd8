import { z } from "zod";
import { idOfGid } from "./exact-json";

/**
 * Store orders read through Admin GraphQL, for orders the app never received by webhook (placed
 * before install, lost after Shopify's retries) and for edits (whose webhook carries only the
 * changes). Each order is turned into the webhook's shape (payload.ts reads both alike), so one
 * mapping serves every source.
 */

const ORDER_FIELDS = `#graphql
  fragment ShippingOrderFields on Order {
    id
    legacyResourceId
    name
    email
    phone
    tags
    note
    createdAt
    updatedAt
    cancelledAt
    sourceName
    currencyCode
    presentmentCurrencyCode
    displayFinancialStatus
    displayFulfillmentStatus
    paymentGatewayNames
    totalOutstandingSet { shopMoney { amount currencyCode } }
    currentTotalPriceSet { shopMoney { amount currencyCode } }
    customer { legacyResourceId firstName lastName }
    shippingAddress {
      firstName lastName name company address1 address2 city province zip country countryCodeV2 phone latitude longitude
    }
    shippingLines(first: 5) { nodes { code title source carrierIdentifier deliveryCategory isRemoved } }
    lineItems(first: 250) {
      nodes {
        id name title variantTitle sku quantity currentQuantity unfulfilledQuantity requiresShipping isGiftCard
        weight { unit value }
        originalUnitPriceSet { shopMoney { amount currencyCode } }
        discountAllocations { allocatedAmountSet { shopMoney { amount currencyCode } } }
        product { id }
        variant { id }
      }
    }
  }`;

export const ORDER_QUERY = `#graphql
  query ShippingOrder($id: ID!) {
    order(id: $id) { ...ShippingOrderFields }
  }
  ${ORDER_FIELDS}`;

/** A page of orders matching a search ("created_at:>=… status:open"), oldest first. */
export const ORDERS_QUERY = `#graphql
  query ShippingOrders($first: Int!, $after: String, $query: String!) {
    orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT) {
      pageInfo { hasNextPage endCursor }
      nodes { ...ShippingOrderFields }
    }
  }
  ${ORDER_FIELDS}`;

const money = z.object({ shopMoney: z.object({ amount: z.string(), currencyCode: z.string() }) });
const nullableString = z.string().nullish();

const orderNodeSchema = z.object({
  id: z.string(),
  legacyResourceId: z.union([z.string(), z.number()]).transform(String),
  name: z.string(),
  email: nullableString,
  phone: nullableString,
  tags: z.array(z.string()).default([]),
  note: nullableString,
  createdAt: z.string(),
  updatedAt: z.string(),
  cancelledAt: nullableString,
  sourceName: nullableString,
  currencyCode: z.string(),
  presentmentCurrencyCode: nullableString,
  displayFinancialStatus: nullableString,
  displayFulfillmentStatus: z.string(),
  paymentGatewayNames: z.array(z.string()).default([]),
  totalOutstandingSet: money,
  currentTotalPriceSet: money,
  customer: z
    .object({
      legacyResourceId: z.union([z.string(), z.number()]).transform(String),
      firstName: nullableString,
      lastName: nullableString,
    })
    .nullish(),
  shippingAddress: z
    .object({
      firstName: nullableString,
      lastName: nullableString,
      name: nullableString,
      company: nullableString,
      address1: nullableString,
      address2: nullableString,
      city: nullableString,
      province: nullableString,
      zip: nullableString,
      country: nullableString,
      countryCodeV2: nullableString,
      phone: nullableString,
      latitude: z.number().nullish(),
      longitude: z.number().nullish(),
    })
    .nullish(),
  shippingLines: z.object({
    nodes: z.array(
      z.object({
        code: nullableString,
        title: nullableString,
        source: nullableString,
        carrierIdentifier: nullableString,
        deliveryCategory: nullableString,
        isRemoved: z.boolean().nullish(),
      }),
    ),
  }),
  lineItems: z.object({
    nodes: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        title: nullableString,
        variantTitle: nullableString,
        sku: nullableString,
        quantity: z.number().int(),
        currentQuantity: z.number().int(),
        unfulfilledQuantity: z.number().int(),
        requiresShipping: z.boolean(),
        isGiftCard: z.boolean(),
        weight: z.object({ unit: z.string(), value: z.number() }).nullish(),
        originalUnitPriceSet: money,
        discountAllocations: z.array(z.object({ allocatedAmountSet: money })),
        product: z.object({ id: z.string() }).nullish(),
        variant: z.object({ id: z.string() }).nullish(),
      }),
    ),
  }),
});
export type AdminOrderNode = z.infer<typeof orderNodeSchema>;

const GRAMS_PER: Record<string, number> = {
  GRAMS: 1,
  KILOGRAMS: 1000,
  OUNCES: 28.349523125,
  POUNDS: 453.59237,
};

const bag = (m: z.infer<typeof money>) => ({
  shop_money: { amount: m.shopMoney.amount, currency_code: m.shopMoney.currencyCode },
});

/** An Admin GraphQL order in the order webhook's shape (the fields payload.ts reads). */
export function orderNodeToPayload(node: AdminOrderNode): Record<string, unknown> {
  const fulfillment = node.displayFulfillmentStatus.toUpperCase();
  const a = node.shippingAddress;
  return {
    id: node.legacyResourceId,
    admin_graphql_api_id: node.id,
    name: node.name,
    email: node.email ?? null,
    phone: node.phone ?? null,
    tags: node.tags.join(", "),
    note: node.note ?? null,
    created_at: node.createdAt,
    updated_at: node.updatedAt,
    cancelled_at: node.cancelledAt ?? null,
    source_name: node.sourceName ?? null,
    currency: node.currencyCode,
    presentment_currency: node.presentmentCurrencyCode ?? null,
    financial_status: node.displayFinancialStatus
      ? node.displayFinancialStatus.toLowerCase()
      : null,
    fulfillment_status:
      fulfillment === "FULFILLED"
        ? "fulfilled"
        : fulfillment === "PARTIALLY_FULFILLED"
          ? "partial"
          : null,
    payment_gateway_names: node.paymentGatewayNames,
    total_outstanding: node.totalOutstandingSet.shopMoney.amount,
    current_total_price_set: bag(node.currentTotalPriceSet),
    customer: node.customer
      ? {
          id: node.customer.legacyResourceId,
          first_name: node.customer.firstName ?? null,
          last_name: node.customer.lastName ?? null,
        }
      : null,
    shipping_address: a
      ? {
          first_name: a.firstName ?? null,
          last_name: a.lastName ?? null,
          name: a.name ?? null,
          company: a.company ?? null,
          address1: a.address1 ?? null,
          address2: a.address2 ?? null,
          city: a.city ?? null,
          province: a.province ?? null,
          zip: a.zip ?? null,
          country: a.country ?? null,
          country_code: a.countryCodeV2 ?? null,
          phone: a.phone ?? null,
          latitude: a.latitude ?? null,
          longitude: a.longitude ?? null,
        }
      : null,
    shipping_lines: node.shippingLines.nodes.map((l) => ({
      code: l.code ?? null,
      title: l.title ?? null,
      source: l.source ?? null,
      carrier_identifier: l.carrierIdentifier ?? null,
      delivery_category: l.deliveryCategory ?? null,
      is_removed: l.isRemoved ?? false,
    })),
    line_items: node.lineItems.nodes.map((l) => ({
      id: idOfGid(l.id) ?? l.id,
      admin_graphql_api_id: l.id,
      name: l.name,
      title: l.title ?? null,
      variant_title: l.variantTitle ?? null,
      sku: l.sku ?? null,
      quantity: l.quantity,
      current_quantity: l.currentQuantity,
      fulfillable_quantity: l.unfulfilledQuantity,
      price: l.originalUnitPriceSet.shopMoney.amount,
      price_set: bag(l.originalUnitPriceSet),
      discount_allocations: l.discountAllocations.map((d) => ({
        amount: d.allocatedAmountSet.shopMoney.amount,
        amount_set: bag(d.allocatedAmountSet),
      })),
      grams: l.weight
        ? Math.round(l.weight.value * (GRAMS_PER[l.weight.unit.toUpperCase()] ?? 1))
        : null,
      requires_shipping: l.requiresShipping,
      gift_card: l.isGiftCard,
      product_id: l.product ? idOfGid(l.product.id) : null,
      variant_id: l.variant ? idOfGid(l.variant.id) : null,
    })),
    refunds: [],
  };
}

/** GraphQL errors in an Admin API answer: thrown as AdminGraphqlError. */
const errorsSchema = z
  .array(
    z.object({
      message: z.string(),
      extensions: z.object({ code: z.string().optional() }).loose().optional(),
    }),
  )
  .optional();

/** Shopify answered with GraphQL errors (a throttle, a missing scope). */
export class AdminGraphqlError extends Error {
  override name = "AdminGraphqlError";
  constructor(
    message: string,
    readonly throttled: boolean,
  ) {
    super(message);
  }
}

/** A mutation's userErrors, as every Admin mutation the app sends answers them. */
export const userErrorsSchema = z.array(
  z.object({ field: z.array(z.string()).nullish(), message: z.string() }),
);

export function checkErrors(body: unknown): void {
  const errors = errorsSchema.safeParse((body as { errors?: unknown })?.errors);
  if (errors.success && errors.data && errors.data.length > 0) {
    const throttled = errors.data.some((e) => e.extensions?.code === "THROTTLED");
    throw new AdminGraphqlError(
      `Shopify answered: ${errors.data.map((e) => e.message).join("; ")}`,
      throttled,
    );
  }
}

/** One order by its id, in the webhook's shape; null when Shopify has no such order. */
export function parseOrderResponse(body: unknown): Record<string, unknown> | null {
  checkErrors(body);
  const parsed = z.object({ data: z.object({ order: orderNodeSchema.nullable() }) }).parse(body);
  return parsed.data.order ? orderNodeToPayload(parsed.data.order) : null;
}

export function parseOrdersResponse(body: unknown): {
  orders: Record<string, unknown>[];
  hasNextPage: boolean;
  endCursor: string | null;
} {
  checkErrors(body);
  const parsed = z
    .object({
      data: z.object({
        orders: z.object({
          pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
          nodes: z.array(orderNodeSchema),
        }),
      }),
    })
    .parse(body);
  return {
    orders: parsed.data.orders.nodes.map(orderNodeToPayload),
    hasNextPage: parsed.data.orders.pageInfo.hasNextPage,
    endCursor: parsed.data.orders.pageInfo.endCursor,
  };
}

export const orderGid = (orderId: string) => `gid://shopify/Order/${orderId}`;
