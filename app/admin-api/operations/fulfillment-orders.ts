/**
 * Shopify's fulfillment orders: which location ships which items of a store order, and how.
 * One query reads them all, for drafting (app/orders/fulfillment-orders.ts) and for fulfilling
 * (worker/processors/create-fulfillment.ts); the holds this app places while booking; the order a fulfillment
 * order belongs to.
 *
 * The query also tells how many locations of its own the shop has: a shop with one needs no
 * connection of its location to a pickup location (its default pickup serves).
 */
const FULFILLMENT_ORDER_FIELDS = `#graphql
  fragment ShippingFulfillmentOrder on FulfillmentOrder {
    id
    status
    supportedActions { action }
    deliveryMethod { methodType }
    fulfillmentHolds { id displayReason reasonNotes heldByRequestingApp }
    assignedLocation {
      name
      location { id isFulfillmentService fulfillmentService { serviceName } }
    }
    lineItems(first: 25) {
      pageInfo { hasNextPage endCursor }
      nodes { ...ShippingFulfillmentOrderLine }
    }
  }
  fragment ShippingFulfillmentOrderLine on FulfillmentOrderLineItem {
    id totalQuantity remainingQuantity lineItem { id }
  }` as const;

const FULFILLMENT_ORDERS_FIELDS = `#graphql
  fragment OrderFulfillmentOrderNodes on Order {
    fulfillmentOrders(first: 5) {
      pageInfo { hasNextPage endCursor }
      nodes { ...ShippingFulfillmentOrder }
    }
  }
  ${FULFILLMENT_ORDER_FIELDS}` as const;

const LINE_PRODUCT_FIELDS = `#graphql
  fragment ShippingLineProduct on LineItem {
    id
    product { id productType tags category { fullName } }
  }` as const;

/**
 * Shopify prices a query before running it and refuses one over 1,000 points
 * (app/admin-api/query-cost.ts), so an order is read in pages: the first query reads five
 * fulfillment orders of 25 lines each and 25 of the order's lines (about 400 points), which an
 * ordinary order fits in; what did not fit is read by the follow-ups below
 * (app/orders/fulfillment-pages.ts). A small first page matters twice: Shopify takes the
 * requested cost from the shop's bucket while the query runs, so it also bounds how many of the
 * shop's calls can run at once.
 */
export const ORDER_FULFILLMENT_ORDERS_QUERY = `#graphql
  query OrderFulfillmentOrders($id: ID!) {
    order(id: $id) {
      id
      ...OrderFulfillmentOrderNodes
    }
    locations(first: 20) {
      nodes { id isFulfillmentService }
    }
  }
  ${FULFILLMENT_ORDERS_FIELDS}` as const;

/**
 * Everything drafting a shipment reads of Shopify, in one call for an ordinary order: whether the
 * shop has the order (another shop's order, or one that is gone, is null:
 * app/orders/order-for-shipping.ts), its fulfillment orders and the shop's locations as above, and
 * its items' product types, tags and taxonomy categories (the items' categories at the service).
 */
export const ORDER_FOR_SHIPPING_QUERY = `#graphql
  query OrderForShipping($id: ID!) {
    order(id: $id) {
      id
      ...OrderFulfillmentOrderNodes
      lineItems(first: 25) {
        pageInfo { hasNextPage endCursor }
        nodes { ...ShippingLineProduct }
      }
    }
    locations(first: 20) {
      nodes { id isFulfillmentService }
    }
  }
  ${LINE_PRODUCT_FIELDS}
  ${FULFILLMENT_ORDERS_FIELDS}` as const;

/** The order's fulfillment orders after the first five, ten at a time. */
export const ORDER_FULFILLMENT_ORDERS_PAGE = `#graphql
  query OrderFulfillmentOrdersPage($id: ID!, $after: String!) {
    order(id: $id) {
      id
      fulfillmentOrders(first: 10, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { ...ShippingFulfillmentOrder }
      }
    }
  }
  ${FULFILLMENT_ORDER_FIELDS}` as const;

/** A fulfillment order's lines after the first 25, 250 at a time. */
export const FULFILLMENT_ORDER_LINES_PAGE = `#graphql
  query FulfillmentOrderLinesPage($id: ID!, $after: String!) {
    fulfillmentOrder(id: $id) {
      id
      lineItems(first: 250, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { ...ShippingFulfillmentOrderLine }
      }
    }
  }
  fragment ShippingFulfillmentOrderLine on FulfillmentOrderLineItem {
    id totalQuantity remainingQuantity lineItem { id }
  }` as const;

/** The order's lines' products after the first 25, 250 at a time. */
export const ORDER_LINE_PRODUCTS_PAGE = `#graphql
  query OrderLineProductsPage($id: ID!, $after: String!) {
    order(id: $id) {
      id
      lineItems(first: 250, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { ...ShippingLineProduct }
      }
    }
  }
  ${LINE_PRODUCT_FIELDS}` as const;

/** Which store order a fulfillment order belongs to (for a body that names only fulfillment orders). */
export const FULFILLMENT_ORDER_ORDER_QUERY = `#graphql
  query FulfillmentOrderOrder($id: ID!) {
    fulfillmentOrder(id: $id) {
      id
      orderId
    }
  }`;

/** The hold placed while a shipment is booked (app/shipments/booking-hold.ts). */
export const BOOKING_HOLD = `#graphql
  mutation BookingHold($id: ID!, $fulfillmentHold: FulfillmentOrderHoldInput!) {
    fulfillmentOrderHold(id: $id, fulfillmentHold: $fulfillmentHold) {
      fulfillmentHold { id }
      userErrors { field message }
    }
  }`;

export const BOOKING_HOLD_RELEASE = `#graphql
  mutation BookingHoldRelease($id: ID!, $holdIds: [ID!]) {
    fulfillmentOrderReleaseHold(id: $id, holdIds: $holdIds) {
      fulfillmentOrder { id status }
      userErrors { field message }
    }
  }`;
