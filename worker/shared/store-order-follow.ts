import { said } from "#app/i18n/said.ts";
import type { Shipment } from "#app/db/schema.ts";
import { readAdminOrder } from "#app/orders/admin-order.ts";
import { latestOrder, recordAdminOrder } from "#app/orders/order-store.server.ts";
import { ShopNotConnectedError } from "#app/admin-api/request.ts";
import { addShipmentEvent, currentShipments } from "#app/shipments/shipments.server.ts";
import { problemOf } from "#app/shipments/problem-kinds.ts";
import { TERMINAL_STATUSES, type ShipmentStatus } from "#app/shipments/states.ts";
import { getShopSettings } from "#app/shops/shops.server.ts";
import type { PartPlan } from "./order-state.ts";
import { partForUpdate, readFulfillment } from "./fulfillment-plan.ts";
import { followFulfillmentOrders } from "./fulfillment-follow.ts";
import { verifyOrderOwner } from "./order-owner.ts";
import { followOrder } from "./shipment-follow.ts";
import { ACTOR, apply, type Ctx } from "./shipment-context.ts";

/**
 * How a store order's shipments follow the order (the update job, and the fulfillment-order
 * changes that move, split or hold its parts): the newest state of the order (by its own
 * updated_at) is compared with each shipment:
 *  - before a draft: the shipment's copy is refreshed and the draft is (re)tried;
 *  - before booking: the draft follows the order (items, quantities, values, cash on delivery,
 *    destination), and a payment that arrived books it;
 *  - after booking: the service refuses edits (40002044), so the shipment says exactly what changed
 *    and the merchant may cancel and book again.
 * Each shipment's own steps are in shipment-follow.ts.
 */

export interface FollowOptions {
  /** The order was edited: its new state is read from Shopify first. */
  edited?: boolean;
  /** Fulfillment orders that took over from others ([gone → successor], from a fulfillment-order webhook). */
  successors?: ReadonlyMap<string, string>;
}

/**
 * Every current shipment of the order follows the order's newest state and Shopify's fulfillment
 * orders as they are now (one shipment per location the order ships from; part 1 speaks for the
 * order). Returns what happened, in words, for the job's result.
 */
export async function followStoreOrder(
  ctx: Ctx,
  shop: string,
  orderId: string,
  options: FollowOptions = {},
): Promise<string> {
  const { deps } = ctx;
  const { db } = deps;
  let all = await currentShipments(db, shop, orderId);
  const shipment = all[0];
  if (!shipment) return "no shipment for this order";
  // The customer's data was removed at their request: later order states are not stored or applied.
  if (shipment.redactedAt) return "redacted: the order's personal data is not taken again";
  // Cancelled, or booked and at its end (delivered, returned, …): nothing follows the order any more.
  const isOpen = (s: Shipment) =>
    !(
      s.status === "cancelled" ||
      (s.shippingOrderId && TERMINAL_STATUSES.has(s.status as ShipmentStatus))
    );
  let open = all.filter(isOpen);
  if (open.length === 0) return "nothing to update";
  // Nothing of the order is written before the shop's own Admin API says it is the shop's.
  const owner = await verifyOrderOwner(ctx, shipment, ACTOR.update, {
    recordWithOrderRead: true,
  });
  if (owner !== "owned")
    return owner === "disowned" ? "not this shop's order" : "the order's shop is not checked yet";

  if (options.edited) {
    try {
      const payload = await readAdminOrder(deps.adminGraphql, shop, orderId);
      if (payload) await recordAdminOrder(db, shop, payload);
    } catch (error) {
      if (!(error instanceof ShopNotConnectedError)) throw error;
      // Without a session the orders/updated that Shopify sends after the edit brings the change.
      await addShipmentEvent(db, shipment, {
        actor: ACTOR.update,
        type: "edit_pending",
        message: said("editPending"),
      });
    }
  }

  const state = await latestOrder(db, shop, orderId, { verified: shipment.id });
  if (!state.order) {
    for (const s of open)
      await apply(ctx, shop, s.id, () => ({
        patch: problemOf("order", state.said),
        event: { actor: ACTOR.update, type: "problem", message: state.said },
      }));
    return "unreadable order";
  }
  const settings = await getShopSettings(db, shop);
  // Shipments of one fulfillment order each follow that fulfillment order as Shopify has it now.
  const fulfillment = open.some((s) => s.fulfillmentOrderId)
    ? await readFulfillment(ctx, shop, orderId)
    : null;
  const outcomes: string[] = [];
  if (fulfillment && fulfillment !== "unreachable") {
    // Moves, merges, splits and new fulfillment orders first: which shipment carries what.
    const changed = await followFulfillmentOrders(
      ctx,
      all,
      fulfillment,
      options.successors ?? new Map(),
      settings,
    );
    if (changed.length > 0) {
      outcomes.push(...changed);
      all = await currentShipments(db, shop, orderId);
      open = all.filter(isOpen);
    }
  }
  for (const s of open) {
    let part: PartPlan | null = null;
    if (s.fulfillmentOrderId) {
      if (fulfillment === "unreachable" || !fulfillment) {
        outcomes.push("Shopify's fulfillment orders unreadable");
        continue;
      }
      const found = partForUpdate(s, state.order, settings, fulfillment);
      if (found === "unknown") {
        outcomes.push("fulfillment order unknown to Shopify");
        continue;
      }
      part = found;
    }
    outcomes.push(
      await followOrder(ctx, s, { order: state.order, updatedAt: state.updatedAt }, settings, part),
    );
  }
  return outcomes.join("; ");
}
