import { z } from "zod";
import { assertOutsideTransaction } from "../db/transaction-scope";
import type { ProductInfo } from "./map";

/** Product types, tags and taxonomy categories, for item categories. */
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

const responseSchema = z.object({
  data: z.object({
    nodes: z.array(
      z
        .object({
          id: z.string(),
          productType: z.string().nullish(),
          tags: z.array(z.string()).nullish(),
          category: z.object({ fullName: z.string() }).nullish(),
        })
        .nullable(),
    ),
  }),
});

/** Something that runs an Admin GraphQL query for a shop (unauthenticated.admin(shop).admin.graphql). */
export type AdminGraphql = (
  shop: string,
  query: string,
  variables: Record<string, unknown>,
) => Promise<unknown>;

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
    const body = responseSchema.parse(await graphql(shop, PRODUCTS_QUERY, { ids }));
    for (const node of body.data.nodes) {
      if (!node) continue;
      result.set(node.id.replace("gid://shopify/Product/", ""), {
        productType: node.productType ?? null,
        tags: node.tags ?? [],
        taxonomy: node.category?.fullName ?? null,
      });
    }
  }
  return result;
}

/** The shop has no offline session (uninstalled, or never authenticated): nothing to call Shopify with. */
export class ShopNotConnectedError extends Error {
  override name = "ShopNotConnectedError";
}

/** The production AdminGraphql: the shop's offline session through unauthenticated.admin. */
export async function shopifyAdminGraphql(
  shop: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<unknown> {
  assertOutsideTransaction("an Admin API call");
  const { unauthenticated } = await import("../shopify.server");
  const { SessionNotFoundError } = await import("@shopify/shopify-app-remix/server");
  let admin;
  try {
    ({ admin } = await unauthenticated.admin(shop));
  } catch (error) {
    if (error instanceof SessionNotFoundError)
      throw new ShopNotConnectedError(`${shop} has no offline session`);
    throw error;
  }
  const response = await admin.graphql(query, { variables });
  return response.json();
}
