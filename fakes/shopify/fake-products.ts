/**
 * The fake Admin API's products and an order's lines as its product queries read them
 * (ProductFacts, OrderForShipping, OrderLineProductsPage): the fixtures' products with their type,
 * tags and taxonomy category; a product Shopify does not know is null (deleted).
 */

/**
 * The line items of an order Shopify holds (its delivery's JSON). A delivery the drills forge may
 * carry something else than a list there; Shopify's own order always has its items: none, then.
 */
export function lineItemsOf(order: Record<string, unknown> | undefined): Record<string, unknown>[] {
  const lines = order?.line_items;
  return Array.isArray(lines)
    ? lines.filter((l): l is Record<string, unknown> => !!l && typeof l === "object")
    : [];
}

/** Product type, tags and taxonomy category of the fixtures' products, by numeric id. */
const PRODUCT_FACTS: Record<string, [string, string[], string | null]> = {
  "9001": ["Apparel", [], "Apparel & Accessories > Clothing > Shirts & Tops"],
  "9002": ["", ["Coffee"], "Food, Beverages & Tobacco > Beverages > Coffee"],
  "9101": ["", [], "Electronics > Audio > Headphones"],
};

/** Products by gid as ProductFacts reads them: the fixtures' products, null for one Shopify does not know. */
export function productFactNodes(ids: readonly string[]) {
  return ids.map((id) => {
    const facts = PRODUCT_FACTS[id.replace("gid://shopify/Product/", "")];
    return facts ? { id, productType: facts[0], tags: facts[1] } : null;
  });
}

/**
 * An order's line items as OrderForShipping reads them, from the order Shopify holds (its
 * webhook's JSON): each with its product's facts; a product Shopify does not know is null (deleted).
 */
export function lineItemProducts(order: Record<string, unknown> | undefined) {
  return lineItemsOf(order).map((line) => {
    const productId = line.product_id == null ? null : String(line.product_id);
    const facts = productId ? PRODUCT_FACTS[productId] : undefined;
    return {
      id: `gid://shopify/LineItem/${String(line.id)}`,
      product:
        productId && facts
          ? {
              id: `gid://shopify/Product/${productId}`,
              productType: facts[0],
              tags: facts[1],
              category: facts[2] ? { fullName: facts[2] } : null,
            }
          : null,
    };
  });
}
