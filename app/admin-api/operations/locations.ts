/** The shop's locations and their addresses (app/shops/shopify-locations.server.ts). */
export const SHOP_LOCATIONS_QUERY = `#graphql
  query ShopLocations {
    locations(first: 50) {
      nodes {
        id
        name
        isFulfillmentService
        fulfillsOnlineOrders
        address { address1 address2 city province zip countryCode phone latitude longitude }
      }
    }
  }`;
