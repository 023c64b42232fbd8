/**
 * A parcel that came back to the shop (worker/processors/process-return.ts): the return recorded in
 * Shopify for the shipment's fulfilled lines, processed with the goods restocked at the location
 * they left from, and an unpaid cash-on-delivery order closed with nothing owed.
 */

const RETURN_LINE_FIELDS = `#graphql
  fragment ShipmentReturnLine on ReturnLineItemType {
    id
    quantity
    processableQuantity
    ... on ReturnLineItem { fulfillmentLineItem { id } }
  }` as const;

const REVERSE_LINE_FIELDS = `#graphql
  fragment ShipmentReverseLine on ReverseFulfillmentOrderLineItem {
    id totalQuantity fulfillmentLineItem { id }
  }` as const;

const REVERSE_ORDER_FIELDS = `#graphql
  fragment ShipmentReverseOrder on ReverseFulfillmentOrder {
    id
    lineItems(first: 25) {
      pageInfo { hasNextPage endCursor }
      nodes { ...ShipmentReverseLine }
    }
  }
  ${REVERSE_LINE_FIELDS}` as const;

const RETURNABLE_LINE_FIELDS = `#graphql
  fragment ShipmentReturnableLine on ReturnableFulfillmentLineItem {
    quantity fulfillmentLineItem { id }
  }` as const;

const RETURN_FIELDS = `#graphql
  fragment ShipmentReturn on Return {
    id
    status
    returnLineItems(first: 25) {
      pageInfo { hasNextPage endCursor }
      nodes { ...ShipmentReturnLine }
    }
    reverseFulfillmentOrders(first: 1) {
      pageInfo { hasNextPage endCursor }
      nodes { ...ShipmentReverseOrder }
    }
  }
  ${RETURN_LINE_FIELDS}
  ${REVERSE_ORDER_FIELDS}` as const;

const RETURNABLE_FIELDS = `#graphql
  fragment ShipmentReturnable on ReturnableFulfillment {
    id
    fulfillment { id }
    returnableFulfillmentLineItems(first: 25) {
      pageInfo { hasNextPage endCursor }
      nodes { ...ShipmentReturnableLine }
    }
  }
  ${RETURNABLE_LINE_FIELDS}` as const;

/**
 * What Shopify has of the return so far: the order (payment, cancellation, its returns with their
 * lines and reverse fulfillment orders), the shipment's fulfillment (its lines and location), and
 * what of it can still be returned. Within Shopify's 1,000 points (app/admin-api/query-cost.ts:
 * about 650) by small first pages, which an ordinary parcel fits in; the rest is read by the pages
 * below (app/shipments/return-pages.ts).
 */
export const SHIPMENT_RETURN_STATE = `#graphql
  query ShipmentReturnState($orderId: ID!, $fulfillmentId: ID!) {
    order(id: $orderId) {
      id
      cancelledAt
      displayFinancialStatus
      totalOutstandingSet { shopMoney { amount currencyCode } }
      returns(first: 3) {
        pageInfo { hasNextPage endCursor }
        nodes { ...ShipmentReturn }
      }
    }
    fulfillment(id: $fulfillmentId) {
      id
      location { id name }
      fulfillmentLineItems(first: 50) {
        pageInfo { hasNextPage endCursor }
        nodes { id quantity }
      }
    }
    returnableFulfillments(orderId: $orderId, first: 5) {
      pageInfo { hasNextPage endCursor }
      nodes { ...ShipmentReturnable }
    }
  }
  ${RETURN_FIELDS}
  ${RETURNABLE_FIELDS}` as const;

/** The order's returns after the first three, five at a time. */
export const ORDER_RETURNS_PAGE = `#graphql
  query ShipmentReturnsPage($id: ID!, $after: String!) {
    order(id: $id) {
      id
      returns(first: 5, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { ...ShipmentReturn }
      }
    }
  }
  ${RETURN_FIELDS}` as const;

/** A return's lines after the first 25, 250 at a time. */
export const RETURN_LINES_PAGE = `#graphql
  query ShipmentReturnLinesPage($id: ID!, $after: String!) {
    return(id: $id) {
      id
      returnLineItems(first: 250, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { ...ShipmentReturnLine }
      }
    }
  }
  ${RETURN_LINE_FIELDS}` as const;

/** A return's reverse fulfillment orders after the first, ten at a time. */
export const RETURN_REVERSE_ORDERS_PAGE = `#graphql
  query ShipmentReverseOrdersPage($id: ID!, $after: String!) {
    return(id: $id) {
      id
      reverseFulfillmentOrders(first: 10, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { ...ShipmentReverseOrder }
      }
    }
  }
  ${REVERSE_ORDER_FIELDS}` as const;

/** A reverse fulfillment order's lines after the first 25, 250 at a time. */
export const REVERSE_ORDER_LINES_PAGE = `#graphql
  query ShipmentReverseLinesPage($id: ID!, $after: String!) {
    reverseFulfillmentOrder(id: $id) {
      id
      lineItems(first: 250, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { ...ShipmentReverseLine }
      }
    }
  }
  ${REVERSE_LINE_FIELDS}` as const;

/** The fulfillment's lines after the first 50, 250 at a time. */
export const FULFILLMENT_LINES_PAGE = `#graphql
  query ShipmentFulfillmentLinesPage($id: ID!, $after: String!) {
    fulfillment(id: $id) {
      id
      fulfillmentLineItems(first: 250, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { id quantity }
      }
    }
  }` as const;

/** The order's returnable fulfillments after the first five, ten at a time. */
export const RETURNABLE_FULFILLMENTS_PAGE = `#graphql
  query ShipmentReturnablesPage($orderId: ID!, $after: String!) {
    returnableFulfillments(orderId: $orderId, first: 10, after: $after) {
      pageInfo { hasNextPage endCursor }
      nodes { ...ShipmentReturnable }
    }
  }
  ${RETURNABLE_FIELDS}` as const;

/** A returnable fulfillment's lines after the first 25, 250 at a time. */
export const RETURNABLE_LINES_PAGE = `#graphql
  query ShipmentReturnableLinesPage($id: ID!, $after: String!) {
    returnableFulfillment(id: $id) {
      id
      returnableFulfillmentLineItems(first: 250, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { ...ShipmentReturnableLine }
      }
    }
  }
  ${RETURNABLE_LINE_FIELDS}` as const;

/**
 * The parcel's lines recorded as returned (an approved return, OPEN, with its reverse fulfillment
 * order). At most 250 lines a return: Shopify refuses a longer input list.
 */
export const RETURN_CREATE = `#graphql
  mutation ShipmentReturnCreate($returnInput: ReturnInput!) {
    returnCreate(returnInput: $returnInput) {
      return { ...ShipmentReturn }
      userErrors { field message code }
    }
  }
  ${RETURN_FIELDS}` as const;

/** The return processed: each line's goods back in stock (RESTOCKED) at a location; no refund. */
export const RETURN_PROCESS = `#graphql
  mutation ShipmentReturnProcess($input: ReturnProcessInput!) {
    returnProcess(input: $input) {
      return { id status }
      userErrors { field message code }
    }
  }`;

/**
 * The return closed once processed: Shopify documents `returnClose` apart from `returnProcess`
 * ("indicates a return is complete") and may leave a processed return OPEN, and an order with an
 * open return cannot be cancelled.
 */
export const RETURN_CLOSE = `#graphql
  mutation ShipmentReturnClose($id: ID!) {
    returnClose(id: $id) {
      return { id status }
      userErrors { field message code }
    }
  }`;

/**
 * The order closed with nothing owed: cancelled without a refund; `restock` only when nothing was
 * fulfilled (a fulfilled parcel's goods are restocked by its return). The customer is not e-mailed
 * (the merchant's confirmation says so for a held order; a parcel that came back is the buyer's
 * refusal). Asynchronous: the answer is a Job (ORDER_CANCEL_STATE).
 */
export const RETURNED_ORDER_CANCEL = `#graphql
  mutation ReturnedOrderCancel($orderId: ID!, $restock: Boolean!, $staffNote: String) {
    orderCancel(
      orderId: $orderId
      reason: CUSTOMER
      refundMethod: { originalPaymentMethodsRefund: false }
      restock: $restock
      notifyCustomer: false
      staffNote: $staffNote
    ) {
      job { id done }
      orderCancelUserErrors { field message code }
    }
  }`;

/**
 * Whether Shopify has finished a cancellation: `orderCancel` answers a Job, and the order is
 * cancelled only once the job has run (orders/cancelled follows).
 */
export const ORDER_CANCEL_STATE = `#graphql
  query OrderCancelState($jobId: ID!, $orderId: ID!) {
    job(id: $jobId) { id done }
    order(id: $orderId) { id cancelledAt }
  }`;
