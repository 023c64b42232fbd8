const PICKUP_LINE_FIELDS = `#graphql
  fragment PickupReverseLine on ReverseFulfillmentOrderLineItem {
    id
    totalQuantity
    fulfillmentLineItem { lineItem { id name sku } }
  }` as const;

const PICKUP_DELIVERY_FIELDS = `#graphql
  fragment PickupReverseDelivery on ReverseDelivery {
    id
    deliverable {
      ... on ReverseDeliveryShippingDeliverable { tracking { number } }
    }
  }` as const;

const PICKUP_REVERSE_ORDER_FIELDS = `#graphql
  fragment PickupReverseOrder on ReverseFulfillmentOrder {
    id
    lineItems(first: 25) {
      pageInfo { hasNextPage endCursor }
      nodes { ...PickupReverseLine }
    }
    reverseDeliveries(first: 5) {
      pageInfo { hasNextPage endCursor }
      nodes { ...PickupReverseDelivery }
    }
  }
  ${PICKUP_LINE_FIELDS}
  ${PICKUP_DELIVERY_FIELDS}` as const;

/**
 * A customer's return, for booking its courier pickup (worker/processors/book-return-pickup.ts):
 * whether it is still open, what comes back (the reverse fulfillment order's lines, with the
 * original line items they return), and the reverse deliveries already made for it. About 290
 * points: what does not fit the first pages is read on below (app/returns/pickup-pages.ts).
 */
export const CUSTOMER_RETURN_QUERY = `#graphql
  query CustomerReturn($id: ID!) {
    return(id: $id) {
      id
      name
      status
      order { id }
      reverseFulfillmentOrders(first: 3) {
        pageInfo { hasNextPage endCursor }
        nodes { ...PickupReverseOrder }
      }
    }
  }
  ${PICKUP_REVERSE_ORDER_FIELDS}` as const;

/** The return's reverse fulfillment orders after the first three, five at a time. */
export const PICKUP_REVERSE_ORDERS_PAGE = `#graphql
  query PickupReverseOrdersPage($id: ID!, $after: String!) {
    return(id: $id) {
      id
      reverseFulfillmentOrders(first: 5, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { ...PickupReverseOrder }
      }
    }
  }
  ${PICKUP_REVERSE_ORDER_FIELDS}` as const;

/** A reverse fulfillment order's lines after the first 25, 250 at a time. */
export const PICKUP_REVERSE_LINES_PAGE = `#graphql
  query PickupReverseLinesPage($id: ID!, $after: String!) {
    reverseFulfillmentOrder(id: $id) {
      id
      lineItems(first: 250, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { ...PickupReverseLine }
      }
    }
  }
  ${PICKUP_LINE_FIELDS}` as const;

/** A reverse fulfillment order's deliveries after the first five, 100 at a time. */
export const PICKUP_REVERSE_DELIVERIES_PAGE = `#graphql
  query PickupReverseDeliveriesPage($id: ID!, $after: String!) {
    reverseFulfillmentOrder(id: $id) {
      id
      reverseDeliveries(first: 100, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { ...PickupReverseDelivery }
      }
    }
  }
  ${PICKUP_DELIVERY_FIELDS}` as const;

/** The booked pickup's waybill and tracking link on Shopify's return: Shopify tells the customer. */
export const RETURN_PICKUP_TRACKING = `#graphql
  mutation ReturnPickupTracking(
    $reverseFulfillmentOrderId: ID!
    $reverseDeliveryLineItems: [ReverseDeliveryLineItemInput!]!
    $trackingInput: ReverseDeliveryTrackingInput
    $notifyCustomer: Boolean!
  ) {
    reverseDeliveryCreateWithShipping(
      reverseFulfillmentOrderId: $reverseFulfillmentOrderId
      reverseDeliveryLineItems: $reverseDeliveryLineItems
      trackingInput: $trackingInput
      notifyCustomer: $notifyCustomer
    ) {
      reverseDelivery {
        id
      }
      userErrors {
        field
        message
      }
    }
  }`;
