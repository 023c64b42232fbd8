import type { Dimensions, ProductInfo } from "#app/orders/map-types.ts";
import type { ShopifyOrder } from "#app/orders/payload.ts";
import { readVariantDimensions } from "#app/orders/variant-dimensions.ts";
import type { ShopSettings } from "#app/shops/settings.ts";
import type { Ctx } from "./shipment-context.ts";

/** What Shopify tells of an order's items beyond its webhook's body. */
export interface ItemFacts {
  /** Products' types, tags and taxonomy categories (the items' categories at the service), by product id. */
  products: ReadonlyMap<string, ProductInfo>;
  /** Variants' sizes, by variant id: only for a shop that keeps them (`dimensionsFromShopify`). */
  dimensions: ReadonlyMap<string, Dimensions>;
}

/**
 * The order's items as drafting sends them need Shopify's products (from the job's one
 * OrderForShipping read) and, where the shop chose it, its variants' sizes (one more Admin API call:
 * app/orders/variant-dimensions.ts). Each is an enrichment: one that cannot be read now leaves the
 * items without it (the category `others`, the actual weight alone), logged, rather than holding
 * the parcel back.
 */
export async function itemFactsOf(
  ctx: Ctx,
  order: ShopifyOrder,
  shop: string,
  orderId: string,
  settings: ShopSettings,
): Promise<ItemFacts> {
  const [products, dimensions] = await Promise.all([
    ctx.orderForShipping(shop, orderId).then(
      (read) => read?.products ?? new Map<string, ProductInfo>(),
      (error: Error) => {
        ctx.log.warn({ shop, err: error.message }, "product lookup failed; categories are others");
        return new Map<string, ProductInfo>();
      },
    ),
    settings.dimensionsFromShopify
      ? readVariantDimensions(ctx.deps.adminGraphql, shop, order).catch((error: Error) => {
          ctx.log.warn({ shop, err: error.message }, "variant sizes lookup failed; actual weights");
          return new Map<string, Dimensions>();
        })
      : new Map<string, Dimensions>(),
  ]);
  return { products, dimensions };
}
