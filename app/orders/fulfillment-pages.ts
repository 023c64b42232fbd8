import {
  FULFILLMENT_ORDER_LINES_PAGE,
  ORDER_FULFILLMENT_ORDERS_PAGE,
  ORDER_LINE_PRODUCTS_PAGE,
} from "../admin-api/operations/fulfillment-orders";
import { pagesOf, whole, type Page } from "../admin-api/pages";
import type { AdminGraphql } from "../admin-api/request";
import type {
  ShippingFulfillmentOrderFragment,
  ShippingLineProductFragment,
} from "../admin-api/types/admin.generated";

/**
 * An order's fulfillment orders and lines read to the end: the first query (OrderForShipping,
 * OrderFulfillmentOrders) carries five fulfillment orders of 25 lines and 25 of the order's lines,
 * which an ordinary order fits in with no further call; a larger one is read on in pages
 * (app/admin-api/operations/fulfillment-orders.ts), each within Shopify's 1,000-point limit.
 */
export async function wholeFulfillmentOrders(
  graphql: AdminGraphql,
  shop: string,
  order: { id: string; fulfillmentOrders: Page<ShippingFulfillmentOrderFragment> },
): Promise<ShippingFulfillmentOrderFragment[]> {
  const pages = pagesOf(graphql, shop);
  const fulfillmentOrders = await pages(
    order.fulfillmentOrders,
    ORDER_FULFILLMENT_ORDERS_PAGE,
    { id: order.id },
    (d) => d.order?.fulfillmentOrders,
  );
  const complete: ShippingFulfillmentOrderFragment[] = [];
  for (const fo of fulfillmentOrders) {
    const lines = await pages(
      fo.lineItems,
      FULFILLMENT_ORDER_LINES_PAGE,
      { id: fo.id },
      (d) => d.fulfillmentOrder?.lineItems,
    );
    complete.push({ ...fo, lineItems: whole(lines) });
  }
  return complete;
}

/** The order's lines with their products, read to the end after the first 25. */
export function wholeLineProducts(
  graphql: AdminGraphql,
  shop: string,
  order: { id: string; lineItems: Page<ShippingLineProductFragment> },
): Promise<ShippingLineProductFragment[]> {
  return pagesOf(graphql, shop)(
    order.lineItems,
    ORDER_LINE_PRODUCTS_PAGE,
    { id: order.id },
    (d) => d.order?.lineItems,
  );
}
