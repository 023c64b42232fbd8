/**
 * A held cash-on-delivery order's shipping address, as its buyer corrected it on the order's page
 * (app/buyer-page/): written on the store order, which Shopify then sends as orders/updated, and
 * the order is assessed again with it.
 */
export const ORDER_SHIPPING_ADDRESS_UPDATE = `#graphql
  mutation OrderShippingAddressUpdate($input: OrderInput!) {
    orderUpdate(input: $input) {
      order {
        id
        shippingAddress { address1 address2 city provinceCode zip }
      }
      userErrors { field message }
    }
  }`;
