import { adminRequest, type AdminGraphql } from "../admin-api/request";
import { PRODUCTS_QUERY } from "../admin-api/operations/products";
import type { ProductInfo } from "./map";

/**
 * Product information for the given product ids, in pages of 100 (the nodes() limit, and cheap
 * in query cost). Products that no longer exist are left out.
 */
export async function lookupProducts(
  graphql: AdminGraphql,
  shop: string,
  productIds: string[],
): Promise<Map<string, ProductInfo>> {
  const result = new Map<string, ProductInfo>();
  for (let i = 0; i < productIds.length; i += 100) {
    const ids = productIds.slice(i, i + 100).map((id) => `gid://shopify/Product/${id}`);
    const { nodes } = await adminRequest(graphql, shop, PRODUCTS_QUERY, { ids });
    for (const node of nodes) {
      // Another type of node (the id of something else) answers {} to `... on Product`.
      if (!node || !("id" in node)) continue;
      result.set(node.id.replace("gid://shopify/Product/", ""), {
        productType: node.productType ?? null,
        tags: node.tags ?? [],
        taxonomy: node.category?.fullName ?? null,
      });
    }
  }
  return result;
}
