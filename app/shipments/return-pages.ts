import {
  FULFILLMENT_LINES_PAGE,
  ORDER_RETURNS_PAGE,
  RETURN_LINES_PAGE,
  RETURN_REVERSE_ORDERS_PAGE,
  RETURNABLE_FULFILLMENTS_PAGE,
  RETURNABLE_LINES_PAGE,
  REVERSE_ORDER_LINES_PAGE,
} from "../admin-api/operations/returns";
import { pagesOf, whole } from "../admin-api/pages";
import type { AdminAnswer, AdminGraphql } from "../admin-api/request";
import type {
  ShipmentReturnableFragment,
  ShipmentReturnFragment,
} from "../admin-api/types/admin.generated";
import type { SHIPMENT_RETURN_STATE } from "../admin-api/operations/returns";

/**
 * What Shopify has of a parcel's return, read to the end. The first query (ShipmentReturnState)
 * carries three returns of 25 lines, 50 fulfillment lines and five returnable fulfillments of 25
 * lines, which an ordinary parcel fits in with no further call; what did not fit is read on in
 * pages (app/admin-api/operations/returns.ts), each within Shopify's 1,000 points.
 */
export type ReturnState = AdminAnswer<typeof SHIPMENT_RETURN_STATE>;
/** The state of a return whose order and fulfillment Shopify still has. */
export interface FoundReturnState extends ReturnState {
  order: NonNullable<ReturnState["order"]>;
  fulfillment: NonNullable<ReturnState["fulfillment"]>;
}

export async function wholeReturnState(
  graphql: AdminGraphql,
  shop: string,
  orderId: string,
  state: ReturnState,
): Promise<ReturnState> {
  const pages = pagesOf(graphql, shop);
  const returns =
    state.order &&
    (await pages(
      state.order.returns,
      ORDER_RETURNS_PAGE,
      { id: orderId },
      (d) => d.order?.returns,
    ));
  const fulfillmentLines =
    state.fulfillment &&
    (await pages(
      state.fulfillment.fulfillmentLineItems,
      FULFILLMENT_LINES_PAGE,
      { id: state.fulfillment.id },
      (d) => d.fulfillment?.fulfillmentLineItems,
    ));
  const returnable = await pages(
    state.returnableFulfillments,
    RETURNABLE_FULFILLMENTS_PAGE,
    { orderId },
    (d) => d.returnableFulfillments,
  );
  const wholeReturns: ShipmentReturnFragment[] = [];
  for (const ret of returns ?? []) wholeReturns.push(await wholeReturn(graphql, shop, ret));
  const wholeReturnables: ShipmentReturnableFragment[] = [];
  for (const r of returnable)
    wholeReturnables.push({
      ...r,
      returnableFulfillmentLineItems: whole(
        await pages(
          r.returnableFulfillmentLineItems,
          RETURNABLE_LINES_PAGE,
          { id: r.id },
          (d) => d.returnableFulfillment?.returnableFulfillmentLineItems,
        ),
      ),
    });
  return {
    order: state.order && { ...state.order, returns: whole(wholeReturns) },
    fulfillment: state.fulfillment && {
      ...state.fulfillment,
      fulfillmentLineItems: whole(fulfillmentLines ?? []),
    },
    returnableFulfillments: whole(wholeReturnables),
  };
}

/** A return with every line and every reverse fulfillment order's lines. */
export async function wholeReturn(
  graphql: AdminGraphql,
  shop: string,
  ret: ShipmentReturnFragment,
): Promise<ShipmentReturnFragment> {
  const pages = pagesOf(graphql, shop);
  const lines = await pages(
    ret.returnLineItems,
    RETURN_LINES_PAGE,
    { id: ret.id },
    (d) => d.return?.returnLineItems,
  );
  const reverseOrders = await pages(
    ret.reverseFulfillmentOrders,
    RETURN_REVERSE_ORDERS_PAGE,
    { id: ret.id },
    (d) => d.return?.reverseFulfillmentOrders,
  );
  const reverse = [];
  for (const rfo of reverseOrders)
    reverse.push({
      ...rfo,
      lineItems: whole(
        await pages(
          rfo.lineItems,
          REVERSE_ORDER_LINES_PAGE,
          { id: rfo.id },
          (d) => d.reverseFulfillmentOrder?.lineItems,
        ),
      ),
    });
  return { ...ret, returnLineItems: whole(lines), reverseFulfillmentOrders: whole(reverse) };
}
