import { ORDER_FOR_SHIPPING_QUERY } from "../admin-api/operations/fulfillment-orders";
import { adminRequest, orderGid, type AdminGraphql } from "../admin-api/request";
import { idOfGid } from "./exact-json";
import { fulfillmentOf, type OrderFulfillment } from "./fulfillment-orders";
import { wholeFulfillmentOrders, wholeLineProducts } from "./fulfillment-pages";
import type { ProductInfo } from "./map-types";

/**
 * What drafting a shipment reads of Shopify, in one Admin API call for an ordinary order
 * (OrderForShipping; a larger one is read on in pages, ./fulfillment-pages.ts): whose order
 * it is, which locations ship which of its items, and its products' types, tags and categories.
 *
 * Whose order is it? A delivery's HMAC covers its body, not its headers: a captured genuine
 * delivery can be replayed naming another installed shop in `X-Shopify-Shop-Domain`. Order ids
 * are unique across Shopify, so asking the named shop's own Admin API for the order by its id
 * settles it: another shop's order (or one that is gone) is `null` there. The body's
 * `order_status_url` cannot settle it: it carries the storefront's domain, often a custom one.
 */
export interface OrderForShipping {
  /** Its fulfillment orders and whether the shop has a single location of its own. */
  fulfillment: OrderFulfillment;
  /** Its items' products by numeric id; a product deleted since is left out. */
  products: Map<string, ProductInfo>;
}

/**
 * The order as drafting needs it, or null when the shop's Admin API has no such order (another
 * shop's, deleted, or older than the orders the app may read). Throws on anything else (no access
 * token, GraphQL errors, a throttle, the network), so that a caller never takes "could not ask"
 * for an answer.
 */
export async function readOrderForShipping(
  graphql: AdminGraphql,
  shop: string,
  orderId: string,
): Promise<OrderForShipping | null> {
  const id = orderGid(orderId);
  const data = await adminRequest(graphql, shop, ORDER_FOR_SHIPPING_QUERY, { id });
  if (!data.order || data.order.id !== id) return null;
  const fulfillment = fulfillmentOf(
    await wholeFulfillmentOrders(graphql, shop, data.order),
    data.locations,
  );
  const products = new Map<string, ProductInfo>();
  for (const line of await wholeLineProducts(graphql, shop, data.order)) {
    const product = line.product;
    if (!product) continue;
    products.set(idOfGid(product.id) ?? product.id, {
      productType: product.productType ?? null,
      tags: product.tags ?? [],
      taxonomy: product.category?.fullName ?? null,
    });
  }
  return { fulfillment, products };
}
