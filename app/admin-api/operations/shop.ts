/** The shop's name as the merchant set it in Shopify (what labels print: app/labels/print.server.ts). */
export const SHOP_NAME_QUERY = `#graphql
  query ShopName {
    shop {
      name
    }
  }`;
