import type { ProductInfo } from "../../orders/map-types";
import type { ShopifyOrder } from "../../orders/payload";
import type { DraftOrderCreateRequest } from "../../shipping/contract";
import { provinceCode } from "../../shipping/provinces";

/** What a courier rule's conditions read of an order's parcel. */
export interface RuleFacts {
  /** The destination's province code (app/shipping/provinces.ts); null when the address names none we know. */
  province: string | null;
  city: string | null;
  cod: boolean;
  /** The parcel's declared weight, grams. */
  grams: number;
  /** The parcel's goods value, rupiah. */
  value: number;
  /** The items' product types and tags, lower case. */
  productTypes: ReadonlySet<string>;
  tags: ReadonlySet<string>;
}

/**
 * The facts of the parcel a draft request carries, from its store order: the shipping address's
 * province (its code where the address is Indonesian, else its name) and city, whether the
 * courier collects cash, the items' weight and value as drafted, and their products' types and
 * tags as Shopify gave them with the order (`products`, by product id).
 */
export function ruleFactsOf(
  order: ShopifyOrder,
  request: Pick<DraftOrderCreateRequest, "items" | "destination_cash_on_delivery">,
  products: ReadonlyMap<string, ProductInfo>,
): RuleFacts {
  const address = order.shipping_address ?? null;
  const indonesian = (address?.country_code ?? "ID").toUpperCase() === "ID";
  const productTypes = new Set<string>();
  const tags = new Set<string>();
  for (const line of order.line_items) {
    const product = line.product_id == null ? undefined : products.get(String(line.product_id));
    if (!product) continue;
    if (product.productType?.trim()) productTypes.add(product.productType.trim().toLowerCase());
    for (const tag of product.tags) if (tag.trim()) tags.add(tag.trim().toLowerCase());
  }
  return {
    province: provinceCode(address?.province, indonesian ? address?.province_code : null) ?? null,
    city: address?.city?.trim() || null,
    cod: request.destination_cash_on_delivery != null,
    grams: request.items.reduce((sum, item) => sum + item.weight * item.quantity, 0),
    value: request.items.reduce((sum, item) => sum + item.value * item.quantity, 0),
    productTypes,
    tags,
  };
}
