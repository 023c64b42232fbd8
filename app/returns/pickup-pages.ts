import {
  PICKUP_REVERSE_DELIVERIES_PAGE,
  PICKUP_REVERSE_LINES_PAGE,
  PICKUP_REVERSE_ORDERS_PAGE,
} from "../admin-api/operations/return-pickups";
import { allNodes, whole } from "../admin-api/pages";
import { adminRequest, type AdminGraphql } from "../admin-api/request";
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
  const orders = await allNodes(
    found.reverseFulfillmentOrders,
    async (after) =>
      (await adminRequest(graphql, shop, PICKUP_REVERSE_ORDERS_PAGE, { id: found.id, after }))
        .return?.reverseFulfillmentOrders,
  );
  const complete = [];
  for (const rfo of orders) {
    const lineItems = await allNodes(
      rfo.lineItems,
      async (after) =>
        (await adminRequest(graphql, shop, PICKUP_REVERSE_LINES_PAGE, { id: rfo.id, after }))
          .reverseFulfillmentOrder?.lineItems,
    );
    const reverseDeliveries = await allNodes(
      rfo.reverseDeliveries,
      async (after) =>
        (await adminRequest(graphql, shop, PICKUP_REVERSE_DELIVERIES_PAGE, { id: rfo.id, after }))
          .reverseFulfillmentOrder?.reverseDeliveries,
    );
    complete.push({
      ...rfo,
      lineItems: whole(lineItems),
      reverseDeliveries: whole(reverseDeliveries),
    });
  }
  return { ...found, reverseFulfillmentOrders: whole(complete) };
}
