/** Product types, tags and taxonomy categories, for the items' categories at the service. */
export const PRODUCTS_QUERY = `#graphql
  query ProductsForShipping($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on Product {
        id
        productType
        tags
        category { fullName }
      }
    }
  }`;
