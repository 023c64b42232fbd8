import { VARIANT_DIMENSIONS_QUERY } from "../admin-api/operations/variants";
import { adminRequest, type AdminGraphql } from "../admin-api/request";
import { idOfGid } from "./exact-json";
import type { Dimensions } from "./map-types";
import type { ShopifyOrder } from "./payload";

/**
 * The items' dimensions as the shop keeps them in Shopify: variant metafields `shipping.length`,
 * `shipping.width` and `shipping.height`. Each is either Shopify's `dimension` type (a JSON value
 * and unit: `{"value": 30, "unit": "cm"}`, units in, ft, yd, mm, cm, m) or a plain number
 * (`number_decimal`, `number_integer`), read as centimetres. A variant whose three are not all
 * there and positive has no dimensions: the courier weighs it by its actual weight alone.
 *
 * Read only for shops that chose to (`dimensionsFromShopify`): one Admin API call per shipment
 * drafted, for up to VARIANTS_PER_CALL distinct variants (an order rarely has more).
 */
export const VARIANTS_PER_CALL = 100;

/** Centimetres per unit of Shopify's `dimension` metafield type. */
const CM_PER_UNIT: Readonly<Record<string, number>> = {
  mm: 0.1,
  cm: 1,
  m: 100,
  in: 2.54,
  ft: 30.48,
  yd: 91.44,
};

interface DimensionMetafield {
  type: string;
  value: string;
}

/** One metafield in centimetres (to 0.1 cm); null when absent, not a size, or not above 0. */
export function centimetresOf(field: DimensionMetafield | null | undefined): number | null {
  if (!field) return null;
  let cm: number;
  if (field.type === "dimension") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(field.value);
    } catch {
      return null;
    }
    const { value, unit } = (parsed ?? {}) as { value?: unknown; unit?: unknown };
    const perUnit = typeof unit === "string" ? CM_PER_UNIT[unit.toLowerCase()] : undefined;
    if (typeof value !== "number" || perUnit === undefined) return null;
    cm = value * perUnit;
  } else if (field.type === "number_decimal" || field.type === "number_integer") {
    cm = Number(field.value);
  } else return null;
  return Number.isFinite(cm) && cm > 0 ? Math.round(cm * 10) / 10 : null;
}

/** The distinct variants of the order's lines, as numeric ids. */
export function variantIdsOf(order: ShopifyOrder): string[] {
  const ids = new Set<string>();
  for (const line of order.line_items ?? [])
    if (line.variant_id !== null && line.variant_id !== undefined) ids.add(String(line.variant_id));
  return [...ids];
}

/**
 * The dimensions of the order's variants that carry all three, by numeric variant id. Throws as
 * adminRequest does (no access token, GraphQL errors, a throttle): a caller decides whether the
 * parcel can be drafted without them.
 */
export async function readVariantDimensions(
  graphql: AdminGraphql,
  shop: string,
  order: ShopifyOrder,
): Promise<Map<string, Dimensions>> {
  const found = new Map<string, Dimensions>();
  const ids = variantIdsOf(order);
  for (let start = 0; start < ids.length; start += VARIANTS_PER_CALL) {
    const page = ids.slice(start, start + VARIANTS_PER_CALL);
    const data = await adminRequest(graphql, shop, VARIANT_DIMENSIONS_QUERY, {
      ids: page.map((id) => `gid://shopify/ProductVariant/${id}`),
    });
    for (const node of data.nodes) {
      if (!node || !("id" in node)) continue;
      const length = centimetresOf(node.length);
      const width = centimetresOf(node.width);
      const height = centimetresOf(node.height);
      const id = idOfGid(node.id);
      if (id && length !== null && width !== null && height !== null)
        found.set(id, { length, width, height });
    }
  }
  return found;
}
