/**
 * A customer's return, for booking its courier pickup (worker/processors/book-return-pickup.ts):
 * whether it is still open, what comes back (the reverse fulfillment order's lines, with the
 * original line items they return), and the reverse deliveries already made for it.
 */
export const CUSTOMER_RETURN_QUERY = `#graphql
  query CustomerReturn($id: ID!) {
    return(id: $id) {
      id
      name
      status
      order {
        id
      }
      reverseFulfillmentOrders(first: 5) {
        nodes {
          id
          lineItems(first: 100) {
            nodes {
              id
              totalQuantity
              fulfillmentLineItem {
                lineItem {
                  id
                  name
                  sku
                }
              }
            }
          }
          reverseDeliveries(first: 10) {
            nodes {
              id
              deliverable {
                ... on ReverseDeliveryShippingDeliverable {
                  tracking {
                    number
                  }
                }
              }
            }
          }
        }
      }
    }
  }`;

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
