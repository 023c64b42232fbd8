/**
 * Fulfillments this app makes: the store order fulfilled with the booking's tracking
 * (worker/processors/create-fulfillment.ts), and that tracking changed when the waybill does
 * (worker/processors/shopify-sync.ts).
 */
export const FULFILLMENT_CREATE = `#graphql
  mutation ShipmentFulfillment($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment { id status }
      userErrors { field message }
    }
  }`;

/**
 * The flag is Shopify's for "this update and future updates for the fulfillment" (left out: none
 * sent): it is the merchant's `notifyCustomer` setting, as at fulfillmentCreate, or one new
 * waybill would silence the out-for-delivery and delivered e-mails that follow.
 */
export const TRACKING_UPDATE = `#graphql
  mutation ShipmentTracking(
    $fulfillmentId: ID!
    $trackingInfoInput: FulfillmentTrackingInput!
    $notifyCustomer: Boolean!
  ) {
    fulfillmentTrackingInfoUpdate(
      fulfillmentId: $fulfillmentId
      trackingInfoInput: $trackingInfoInput
      notifyCustomer: $notifyCustomer
    ) {
      fulfillment { id }
      userErrors { field message }
    }
  }`;

/** One step of the courier's progress on a fulfillment (worker/processors/fulfillment-events.ts). */
export const FULFILLMENT_EVENT_CREATE = `#graphql
  mutation ShipmentProgress($fulfillmentEvent: FulfillmentEventInput!) {
    fulfillmentEventCreate(fulfillmentEvent: $fulfillmentEvent) {
      fulfillmentEvent { id status happenedAt }
      userErrors { field message }
    }
  }`;

/** A fulfillment's events as Shopify has them: to settle an event whose sending was interrupted. */
export const FULFILLMENT_EVENTS_QUERY = `#graphql
  query ShipmentProgressSent($id: ID!) {
    fulfillment(id: $id) {
      id
      events(first: 100, sortKey: HAPPENED_AT) {
        nodes { id status happenedAt }
      }
    }
  }`;
