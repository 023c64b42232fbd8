/**
 * Shopify's fulfillment orders: which location ships which items of a store order, and how.
 * One query reads them all, for drafting (app/orders/fulfillment-orders.ts) and for fulfilling
 * (worker/processors/create-fulfillment.ts); the holds this app places while booking; the order a fulfillment
 * order belongs to.
 *
 * The query also tells how many locations of its own the shop has: a shop with one needs no
 * connection of its location to a pickup location (its default pickup serves).
 */
const FULFILLMENT_ORDERS_FIELDS = `#graphql
  fragment OrderFulfillmentOrderNodes on Order {
    fulfillmentOrders(first: 50) {
      nodes {
        id
        status
        supportedActions { action }
        deliveryMethod { methodType }
        fulfillmentHolds { id displayReason reasonNotes heldByRequestingApp }
        assignedLocation {
          name
          location { id isFulfillmentService fulfillmentService { serviceName } }
        }
        lineItems(first: 250) {
          nodes { id totalQuantity remainingQuantity lineItem { id } }
        }
      }
    }
  }` as const;

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
 * Everything drafting a shipment reads of Shopify, in one call: whether the shop has the order
 * (another shop's order, or one that is gone, is null: app/orders/order-for-shipping.ts), its fulfillment
 * orders and the shop's locations as above, and its items' product types, tags and taxonomy
 * categories (the items' categories at the service).
 */
export const ORDER_FOR_SHIPPING_QUERY = `#graphql
  query OrderForShipping($id: ID!) {
    order(id: $id) {
      id
      ...OrderFulfillmentOrderNodes
      lineItems(first: 250) {
        nodes {
          id
          product { id productType tags category { fullName } }
        }
      }
    }
    locations(first: 20) {
      nodes { id isFulfillmentService }
    }
  }
  ${FULFILLMENT_ORDERS_FIELDS}` as const;

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
