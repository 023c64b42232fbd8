import {
  FULFILLMENT_LINES_PAGE,
  ORDER_RETURNS_PAGE,
  RETURN_LINES_PAGE,
  RETURN_REVERSE_ORDERS_PAGE,
  RETURNABLE_FULFILLMENTS_PAGE,
  RETURNABLE_LINES_PAGE,
  REVERSE_ORDER_LINES_PAGE,
} from "../admin-api/operations/returns";
import { allNodes, whole } from "../admin-api/pages";
import { adminRequest, type AdminGraphql, type AdminAnswer } from "../admin-api/request";
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
  state: ReturnState,
): Promise<ReturnState> {
  const order = state.order && {
    ...state.order,
    returns: whole(
      await Promise.all(
        (
          await allNodes(
            state.order.returns,
            async (after) =>
              (
                await adminRequest(graphql, shop, ORDER_RETURNS_PAGE, {
                  id: state.order!.id,
                  after,
                })
              ).order?.returns,
          )
        ).map((ret) => wholeReturn(graphql, shop, ret)),
      ),
    ),
  };
  const fulfillment = state.fulfillment && {
    ...state.fulfillment,
    fulfillmentLineItems: whole(
      await allNodes(
        state.fulfillment.fulfillmentLineItems,
        async (after) =>
          (
            await adminRequest(graphql, shop, FULFILLMENT_LINES_PAGE, {
              id: state.fulfillment!.id,
              after,
            })
          ).fulfillment?.fulfillmentLineItems,
      ),
    ),
  };
  const returnable = await allNodes(
    state.returnableFulfillments,
    async (after) =>
      (
        await adminRequest(graphql, shop, RETURNABLE_FULFILLMENTS_PAGE, {
          orderId: state.order?.id ?? "",
          after,
        })
      ).returnableFulfillments,
  );
  const returnableFulfillments = whole(
    await Promise.all(returnable.map((r) => wholeReturnable(graphql, shop, r))),
  );
  return { order, fulfillment, returnableFulfillments };
}

/** A return with every line and every reverse fulfillment order's lines. */
export async function wholeReturn(
  graphql: AdminGraphql,
  shop: string,
  ret: ShipmentReturnFragment,
): Promise<ShipmentReturnFragment> {
  const lines = await allNodes(
    ret.returnLineItems,
    async (after) =>
      (await adminRequest(graphql, shop, RETURN_LINES_PAGE, { id: ret.id, after })).return
        ?.returnLineItems,
  );
  const reverseOrders = await allNodes(
    ret.reverseFulfillmentOrders,
    async (after) =>
      (await adminRequest(graphql, shop, RETURN_REVERSE_ORDERS_PAGE, { id: ret.id, after })).return
        ?.reverseFulfillmentOrders,
  );
  const reverse = [];
  for (const rfo of reverseOrders)
    reverse.push({
      ...rfo,
      lineItems: whole(
        await allNodes(
          rfo.lineItems,
          async (after) =>
            (await adminRequest(graphql, shop, REVERSE_ORDER_LINES_PAGE, { id: rfo.id, after }))
              .reverseFulfillmentOrder?.lineItems,
        ),
      ),
    });
  return { ...ret, returnLineItems: whole(lines), reverseFulfillmentOrders: whole(reverse) };
}

async function wholeReturnable(
  graphql: AdminGraphql,
  shop: string,
  returnable: ShipmentReturnableFragment,
): Promise<ShipmentReturnableFragment> {
  if (!returnable.returnableFulfillmentLineItems.pageInfo?.hasNextPage) return returnable;
  const lines = await allNodes(
    returnable.returnableFulfillmentLineItems,
    async (after) =>
      (await adminRequest(graphql, shop, RETURNABLE_LINES_PAGE, { id: returnable.id, after }))
        .returnableFulfillment?.returnableFulfillmentLineItems,
  );
  return { ...returnable, returnableFulfillmentLineItems: whole(lines) };
}
