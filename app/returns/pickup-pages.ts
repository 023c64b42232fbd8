import {
  PICKUP_REVERSE_DELIVERIES_PAGE,
  PICKUP_REVERSE_LINES_PAGE,
  PICKUP_REVERSE_ORDERS_PAGE,
} from "../admin-api/operations/return-pickups";
import { pagesOf, whole } from "../admin-api/pages";
import type { AdminGraphql } from "../admin-api/request";
import type { CustomerReturnQuery } from "../admin-api/types/admin.generated";

type CustomerReturn = NonNullable<CustomerReturnQuery["return"]>;

/**
 * A customer's return read to the end: the first query (CustomerReturn) carries three reverse
 * fulfillment orders with 25 lines and five deliveries each, which an ordinary return fits in with
 * no further call; the rest is read on in pages, each within Shopify's 1,000 points.
 */
export async function wholeCustomerReturn(
  graphql: AdminGraphql,
  shop: string,
  found: CustomerReturn,
): Promise<CustomerReturn> {
  const pages = pagesOf(graphql, shop);
  const orders = await pages(
    found.reverseFulfillmentOrders,
    PICKUP_REVERSE_ORDERS_PAGE,
    { id: found.id },
    (d) => d.return?.reverseFulfillmentOrders,
  );
  const complete = [];
  for (const rfo of orders) {
    const lineItems = await pages(
      rfo.lineItems,
      PICKUP_REVERSE_LINES_PAGE,
      { id: rfo.id },
      (d) => d.reverseFulfillmentOrder?.lineItems,
    );
    const reverseDeliveries = await pages(
      rfo.reverseDeliveries,
      PICKUP_REVERSE_DELIVERIES_PAGE,
      { id: rfo.id },
      (d) => d.reverseFulfillmentOrder?.reverseDeliveries,
    );
    complete.push({
      ...rfo,
      lineItems: whole(lineItems),
      reverseDeliveries: whole(reverseDeliveries),
    });
  }
  return { ...found, reverseFulfillmentOrders: whole(complete) };
}
