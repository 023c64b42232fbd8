import {
  PICKUP_REVERSE_DELIVERIES_PAGE,
  PICKUP_REVERSE_LINES_PAGE,
  PICKUP_REVERSE_ORDERS_PAGE,
} from "#app/admin-api/operations/return-pickups.ts";
import {
  FULFILLMENT_LINES_PAGE,
  ORDER_RETURNS_PAGE,
  RETURN_LINES_PAGE,
  RETURN_REVERSE_ORDERS_PAGE,
  RETURNABLE_FULFILLMENTS_PAGE,
  RETURNABLE_LINES_PAGE,
  REVERSE_ORDER_LINES_PAGE,
} from "#app/admin-api/operations/returns.ts";
import { numericId, type FakeReturns } from "./fake-returns.ts";

type Raw = Record<string, unknown>;

/**
 * The follow-up pages of the returns documents (app/admin-api/operations/returns.ts,
 * return-pickups.ts): each answers the whole object it names, and the fake's pager
 * (./fake-connections.ts) cuts it to the page asked for, as Shopify would. Undefined when `query`
 * is not one of them.
 */
export function returnPageAnswer(
  returns: FakeReturns,
  shop: string,
  query: string,
  variables: Record<string, unknown>,
  order: (orderId: string) => Raw | null,
): unknown {
  const id = String(variables.id ?? "");
  if (query === ORDER_RETURNS_PAGE) {
    const orderId = numericId(id, "Order");
    return {
      data: {
        order: order(orderId)
          ? { id, returns: { nodes: returns.returnNodes(shop, orderId) } }
          : null,
      },
    };
  }
  if (query === RETURN_LINES_PAGE || query === RETURN_REVERSE_ORDERS_PAGE) {
    const ret = returns.returnOf(shop, id);
    return { data: { return: ret ? returns.returnNode(ret) : null } };
  }
  if (query === REVERSE_ORDER_LINES_PAGE) {
    const ret = returns.returnOfReverseOrder(shop, id);
    const reverse = ret && returns.returnNode(ret).reverseFulfillmentOrders.nodes[0];
    return { data: { reverseFulfillmentOrder: reverse ?? null } };
  }
  if (query === FULFILLMENT_LINES_PAGE) {
    const fulfillment = returns.fulfillmentOf(shop, id);
    return {
      data: { fulfillment: fulfillment ? returns.fulfillmentNode(id, fulfillment) : null },
    };
  }
  if (query === RETURNABLE_FULFILLMENTS_PAGE) {
    const orderId = numericId(variables.orderId, "Order");
    return {
      data: {
        returnableFulfillments: {
          nodes: order(orderId) ? returns.returnableNodes(shop, orderId) : [],
        },
      },
    };
  }
  if (query === RETURNABLE_LINES_PAGE) {
    const fulfillmentId = id.replace("/ReturnableFulfillment/", "/Fulfillment/");
    const fulfillment = returns.fulfillmentOf(shop, fulfillmentId);
    const node = fulfillment
      ? returns.returnableNodes(shop, fulfillment.orderId).find((r) => r.id === id)
      : undefined;
    return { data: { returnableFulfillment: node ?? null } };
  }
  if (query === PICKUP_REVERSE_ORDERS_PAGE) {
    const ret = returns.returnOf(shop, id);
    return { data: { return: ret ? returns.customerReturnNode(shop, ret, order) : null } };
  }
  if (query === PICKUP_REVERSE_LINES_PAGE || query === PICKUP_REVERSE_DELIVERIES_PAGE) {
    const ret = returns.returnOfReverseOrder(shop, id);
    const reverse =
      ret && returns.customerReturnNode(shop, ret, order).reverseFulfillmentOrders.nodes[0];
    return { data: { reverseFulfillmentOrder: reverse ?? null } };
  }
  return undefined;
}
