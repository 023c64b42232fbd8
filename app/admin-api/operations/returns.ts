/**
 * A parcel that came back to the shop (worker/processors/process-return.ts): the return recorded in
 * Shopify for the shipment's fulfilled lines, processed with the goods restocked at the location
 * they left from, and an unpaid cash-on-delivery order closed with nothing owed.
 */

/**
 * What Shopify has of the return so far: the order (payment, cancellation, its returns with their
 * lines and reverse fulfillment orders), the shipment's fulfillment (its lines and location), and
 * what of it can still be returned.
 */
export const SHIPMENT_RETURN_STATE = `#graphql
  query ShipmentReturnState($orderId: ID!, $fulfillmentId: ID!) {
    order(id: $orderId) {
      id
      cancelledAt
      displayFinancialStatus
      totalOutstandingSet { shopMoney { amount currencyCode } }
      returns(first: 20) {
        nodes { ...ShipmentReturn }
      }
    }
    fulfillment(id: $fulfillmentId) {
      id
      location { id name }
      fulfillmentLineItems(first: 100) {
        nodes { id quantity }
      }
    }
    returnableFulfillments(orderId: $orderId, first: 20) {
      nodes {
        fulfillment { id }
        returnableFulfillmentLineItems(first: 100) {
          nodes { quantity fulfillmentLineItem { id } }
        }
      }
    }
  }
  fragment ShipmentReturn on Return {
    id
    status
    returnLineItems(first: 100) {
      nodes {
        id
        quantity
        processableQuantity
        ... on ReturnLineItem { fulfillmentLineItem { id } }
      }
    }
    reverseFulfillmentOrders(first: 5) {
      nodes {
        id
        lineItems(first: 100) {
          nodes { id totalQuantity fulfillmentLineItem { id } }
        }
      }
    }
  }`;

/** The parcel's lines recorded as returned (an approved return, OPEN, with its reverse fulfillment order). */
export const RETURN_CREATE = `#graphql
  mutation ShipmentReturnCreate($returnInput: ReturnInput!) {
    returnCreate(returnInput: $returnInput) {
      return { ...ShipmentReturnCreated }
      userErrors { field message code }
    }
  }
  fragment ShipmentReturnCreated on Return {
    id
    status
    returnLineItems(first: 100) {
      nodes {
        id
        quantity
        processableQuantity
        ... on ReturnLineItem { fulfillmentLineItem { id } }
      }
    }
    reverseFulfillmentOrders(first: 5) {
      nodes {
        id
        lineItems(first: 100) {
          nodes { id totalQuantity fulfillmentLineItem { id } }
        }
      }
    }
  }`;

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
