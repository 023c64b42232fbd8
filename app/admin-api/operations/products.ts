/**
 * Products' types and tags by id (app/orders/product-facts.ts): what a courier rule's conditions
 * read of the items of the orders its preview is shown on. Up to 250 ids an answer.
 */
export const PRODUCT_FACTS_QUERY = `#graphql
  query ProductFacts($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on Product {
        id
        productType
        tags
      }
    }
  }` as const;
