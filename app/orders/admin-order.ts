import { adminRequest, orderGid, type AdminGraphql } from "../admin-api/request";
import { ORDER_LINES_PAGE, ORDER_QUERY, ORDERS_QUERY } from "../admin-api/operations/orders";
import { pagesOf, whole } from "../admin-api/pages";
import type { ShippingOrderFieldsFragment } from "../admin-api/types/admin.generated";
import { idOfGid } from "./exact-json";

/**
 * Store orders read through Admin GraphQL (app/admin-api/operations/orders.ts), for orders the app
 * never received by webhook (placed before install, lost after Shopify's retries) and for edits
 * (whose webhook carries only the changes). Each order is turned into the webhook's shape
 * (payload.ts reads both alike), so one mapping serves every source.
 */

export type AdminOrderNode = ShippingOrderFieldsFragment;

const GRAMS_PER: Record<string, number> = {
  GRAMS: 1,
  KILOGRAMS: 1000,
  OUNCES: 28.349523125,
  POUNDS: 453.59237,
};

const bag = (m: { shopMoney: { amount: string; currencyCode: string } }) => ({
  shop_money: { amount: m.shopMoney.amount, currency_code: m.shopMoney.currencyCode },
});

/** An Admin GraphQL order in the order webhook's shape (the fields payload.ts reads). */
export function orderNodeToPayload(node: AdminOrderNode): Record<string, unknown> {
  const fulfillment = node.displayFulfillmentStatus.toUpperCase();
  const a = node.shippingAddress;
  return {
    id: String(node.legacyResourceId),
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
          id: String(node.customer.legacyResourceId),
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
          province_code: a.provinceCode ?? null,
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
      discounted_price: l.discountedPriceSet.shopMoney.amount,
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

/**
 * One order by its id, in the webhook's shape, with every line (read on past the first page:
 * ORDER_LINES_PAGE); null when Shopify has no such order.
 */
export async function readAdminOrder(
  graphql: AdminGraphql,
  shop: string,
  orderId: string,
): Promise<Record<string, unknown> | null> {
  const { order } = await adminRequest(graphql, shop, ORDER_QUERY, { id: orderGid(orderId) });
  return order ? orderNodeToPayload(await wholeOrder(graphql, shop, order)) : null;
}

/** At most ORDERS_PAGE_SIZE orders: a page costs 115 points an order with its first ten lines. */
export const ORDERS_PAGE_SIZE = 8;

/** A page of orders matching a search, each with every line, in the webhook's shape. */
export async function readAdminOrders(
  graphql: AdminGraphql,
  shop: string,
  search: { query: string; after: string | null },
): Promise<{ orders: Record<string, unknown>[]; hasNextPage: boolean; endCursor: string | null }> {
  const { orders } = await adminRequest(graphql, shop, ORDERS_QUERY, {
    first: ORDERS_PAGE_SIZE,
    after: search.after,
    query: search.query,
  });
  const payloads: Record<string, unknown>[] = [];
  for (const order of orders.nodes)
    payloads.push(orderNodeToPayload(await wholeOrder(graphql, shop, order)));
  return {
    orders: payloads,
    hasNextPage: orders.pageInfo.hasNextPage,
    endCursor: orders.pageInfo.endCursor ?? null,
  };
}

async function wholeOrder(
  graphql: AdminGraphql,
  shop: string,
  order: AdminOrderNode,
): Promise<AdminOrderNode> {
  const lines = await pagesOf(graphql, shop)(
    order.lineItems,
    ORDER_LINES_PAGE,
    { id: order.id },
    (d) => d.order?.lineItems,
  );
  return { ...order, lineItems: whole(lines) };
}
