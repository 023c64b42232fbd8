/**
 * Fulfilments this app makes: the store order fulfilled with the booking's tracking
 * (worker/processors/fulfil.ts), and that tracking changed when the waybill does
 * (worker/processors/shopify-sync.ts).
 */
export const FULFILLMENT_CREATE = `#graphql
  mutation ShipmentFulfil($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment { id status }
      userErrors { field message }
    }
  }`;

export const TRACKING_UPDATE = `#graphql
  mutation ShipmentTracking($fulfillmentId: ID!, $trackingInfoInput: FulfillmentTrackingInput!) {
    fulfillmentTrackingInfoUpdate(fulfillmentId: $fulfillmentId, trackingInfoInput: $trackingInfoInput, notifyCustomer: false) {
      fulfillment { id }
      userErrors { field message }
    }
  }`;
