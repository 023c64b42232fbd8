/**
 * The items' dimensions, where the shop keeps them on its variants: metafields `shipping.length`,
 * `shipping.width` and `shipping.height` (app/orders/variant-dimensions.ts reads them). Asked by
 * variant id, a page at a time, only for shops that chose to (`dimensionsFromShopify`).
 */
export const VARIANT_DIMENSIONS_QUERY = `#graphql
  query VariantDimensions($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on ProductVariant {
        id
        length: metafield(namespace: "shipping", key: "length") { type value }
        width: metafield(namespace: "shipping", key: "width") { type value }
        height: metafield(namespace: "shipping", key: "height") { type value }
      }
    }
  }` as const;
