/**
 * The sizes the fixtures' variants keep in Shopify (metafields shipping.length/width/height), as
 * Shopify's `nodes(ids:)` answers VariantDimensions: each metafield with its type and its value as
 * Shopify stores it (a `dimension` is JSON with a unit; a number is its digits).
 */
type Metafield = { type: string; value: string } | null;

const dimension = (value: number, unit: string): Metafield => ({
  type: "dimension",
  value: JSON.stringify({ value, unit }),
});
const decimal = (value: string): Metafield => ({ type: "number_decimal", value });

/** Variant (numeric id) → its length, width and height metafields. */
const VARIANT_SIZES: Record<string, [Metafield, Metafield, Metafield]> = {
  // The batik shirt, folded in a mailer box: 30 × 25 × 5 cm (625 g by volume; it weighs 300 g).
  "8001": [dimension(30, "cm"), dimension(25, "cm"), dimension(50, "mm")],
  // The coffee keeps two of three: no size.
  "8002": [decimal("15"), decimal("10"), null],
};

/** Shopify's answer to VariantDimensions: a node per id (null for a variant it does not have). */
export function variantDimensionNodes(ids: readonly string[]) {
  return ids.map((gid) => {
    const id = gid.replace("gid://shopify/ProductVariant/", "");
    const sizes = VARIANT_SIZES[id];
    if (!sizes && !/^\d+$/.test(id)) return null;
    const [length, width, height] = sizes ?? [null, null, null];
    return { id: gid, length, width, height };
  });
}
