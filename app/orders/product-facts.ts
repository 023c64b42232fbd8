import { PRODUCT_FACTS_QUERY } from "../admin-api/operations/products";
import { adminRequest, type AdminGraphql } from "../admin-api/request";
import { idOfGid } from "./exact-json";
import type { ProductInfo } from "./map-types";

/** Shopify answers at most this many nodes a query. */
/** Products asked for in one call (250 points). */
export const PRODUCTS_PER_CALL = 250;

/**
 * Products' types and tags by numeric id, read from Shopify a page of 250 at a time; a product
 * deleted since is left out. Throws as Admin requests do (no token, throttled, the network).
 */
export async function readProductFacts(
  graphql: AdminGraphql,
  shop: string,
  productIds: readonly string[],
): Promise<Map<string, ProductInfo>> {
  const ids = [...new Set(productIds)];
  const facts = new Map<string, ProductInfo>();
  for (let i = 0; i < ids.length; i += PRODUCTS_PER_CALL) {
    const data = await adminRequest(graphql, shop, PRODUCT_FACTS_QUERY, {
      ids: ids.slice(i, i + PRODUCTS_PER_CALL).map((id) => `gid://shopify/Product/${id}`),
    });
    for (const node of data.nodes) {
      if (!node || !("productType" in node)) continue;
      facts.set(idOfGid(node.id) ?? node.id, {
        productType: node.productType || null,
        tags: node.tags,
      });
    }
  }
  return facts;
}
