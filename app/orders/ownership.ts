import { ORDER_OWNER_QUERY } from "../admin-api/operations/orders";
import { adminRequest, orderGid, type AdminGraphql } from "../admin-api/request";

/**
 * Whose order is it? A delivery's HMAC covers its body, not its headers: a captured genuine
 * delivery can be replayed naming another installed shop in `X-Shopify-Shop-Domain`. Order ids
 * are unique across Shopify, so asking the named shop's own Admin API for the order by its id
 * settles it: another shop's order (or one that is gone) is `null` there. The body's
 * `order_status_url` cannot settle it: it carries the storefront's domain, often a custom one.
 */

/**
 * True when the shop's Admin API knows the order, false when it answers that it has none.
 * Throws on anything else (no access token, GraphQL errors, a throttle, the network), so that a
 * caller never takes "could not ask" for an answer.
 */
export async function isShopsOrder(
  graphql: AdminGraphql,
  shop: string,
  orderId: string,
): Promise<boolean> {
  const { order } = await adminRequest(graphql, shop, ORDER_OWNER_QUERY, { id: orderGid(orderId) });
  return order != null && order.id === orderGid(orderId);
}
