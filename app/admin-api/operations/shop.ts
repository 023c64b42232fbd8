/** The shop's name as the merchant set it in Shopify (what labels print: app/labels/print.server.ts). */
export const SHOP_NAME_QUERY = `#graphql
  query ShopName {
    shop {
      name
    }
  }`;

/**
 * The scopes the shop granted the app, in Shopify's own words: the stored session's copy can lag
 * behind (an `app/scopes_update` delivery not in yet), so the app asks when that copy lacks one.
 */
export const GRANTED_SCOPES_QUERY = `#graphql
  query GrantedScopes {
    currentAppInstallation {
      accessScopes {
        handle
      }
    }
  }`;

/** The shop's time zone as Shopify names it ("Asia/Makassar"), read once and kept (app/shops/time-zone.server.ts). */
export const SHOP_TIME_ZONE_QUERY = `#graphql
  query ShopTimeZone {
    shop {
      ianaTimezone
    }
  }`;
