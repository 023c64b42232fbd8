/**
 * Store orders read through the Admin API: for orders the app never received by webhook (placed
 * before install, lost after Shopify's retries), for edits (whose webhook carries only the
 * changes). app/orders/admin-order.ts turns an answer into the webhook's shape. Whether an order is
 * the shop's is asked with the order's fulfillment orders (OrderForShipping, ./fulfillment-orders.ts).
 */

const ORDER_LINE_FIELDS = `#graphql
  fragment ShippingOrderLine on LineItem {
    id name title variantTitle sku quantity currentQuantity unfulfilledQuantity requiresShipping isGiftCard
    weight { unit value }
    originalUnitPriceSet { shopMoney { amount currencyCode } }
    discountAllocations { allocatedAmountSet { shopMoney { amount currencyCode } } }
    product { id }
    variant { id }
  }` as const;

/**
 * An order as the app reads it. Shopify refuses a query priced over 1,000 points
 * (app/admin-api/query-cost.ts; a line costs 9), so the order carries its first ten lines and the
 * rest are read 100 at a time (ORDER_LINES_PAGE; app/orders/admin-order-read.ts).
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
      firstName lastName name company address1 address2 city province provinceCode zip country countryCodeV2 phone latitude longitude
    }
    shippingLines(first: 5) {
      nodes {
        code title source carrierIdentifier deliveryCategory isRemoved
        discountedPriceSet { shopMoney { amount currencyCode } }
      }
    }
    lineItems(first: 10) {
      pageInfo { hasNextPage endCursor }
      nodes { ...ShippingOrderLine }
    }
  }
  ${ORDER_LINE_FIELDS}` as const;

export const ORDER_QUERY = `#graphql
  query ShippingOrder($id: ID!) {
    order(id: $id) { ...ShippingOrderFields }
  }
  ${ORDER_FIELDS}` as const;

/** An order's lines after those its first page carried, 100 at a time (903 points). */
export const ORDER_LINES_PAGE = `#graphql
  query ShippingOrderLinesPage($id: ID!, $after: String!) {
    order(id: $id) {
      id
      lineItems(first: 100, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { ...ShippingOrderLine }
      }
    }
  }
  ${ORDER_LINE_FIELDS}` as const;

/**
 * A page of orders matching a search ("created_at:>=… status:open"), oldest first: at most
 * ORDERS_PAGE_SIZE (an order with its first ten lines costs 115 points).
 */
export const ORDERS_QUERY = `#graphql
  query ShippingOrders($first: Int!, $after: String, $query: String!) {
    orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT) {
      pageInfo { hasNextPage endCursor }
      nodes { ...ShippingOrderFields }
    }
  }
  ${ORDER_FIELDS}` as const;

/**
 * The payment methods of the shop's latest orders (the settings' COD methods are chosen from
 * them): Shopify's gateway names as the orders carry them ("Cash on Delivery (COD)", "bank_transfer").
 */
export const RECENT_PAYMENT_GATEWAYS_QUERY = `#graphql
  query RecentPaymentGateways($first: Int!) {
    orders(first: $first, sortKey: CREATED_AT, reverse: true) {
      nodes { paymentGatewayNames }
    }
  }` as const;
