import { joinedSaid, said } from "#app/i18n/said.ts";
import { financialWords } from "#app/orders/financial-status.ts";
import type { Shipment } from "#app/db/schema.ts";
import { readAdminOrder } from "#app/orders/admin-order.ts";
import { describeChanges } from "#app/orders/map.ts";
import type { DestinationSnapshot, ShipmentContents } from "#app/orders/map-types.ts";
import { latestOrder, recordAdminOrder } from "#app/orders/order-store.server.ts";
import { ShopNotConnectedError } from "#app/admin-api/request.ts";
import {
  addShipmentEvent,
  currentShipments,
  holdPatch,
  type ShipmentPatch,
} from "#app/shipments/shipments.server.ts";
import { mappingProblem, problemOf } from "#app/shipments/problem-kinds.ts";
import { TERMINAL_STATUSES, type ShipmentStatus } from "#app/shipments/states.ts";
import {
  CODES,
  type DraftOrderCreateRequest,
  type DraftOrderUpdateRequest,
} from "#app/shipping/contract.ts";
import { ShippingStateError } from "#app/shipping/errors.ts";
import { shippingAccessForShop } from "#app/shops/shipping-client.server.ts";
import { getShopSettings } from "#app/shops/shops.server.ts";
import { confirmIfPaid } from "./confirm-if-paid.ts";
import { evaluateOrder, orderSnapshot, type PartPlan } from "./order-state.ts";
import { partForUpdate, readFulfillment } from "./fulfillment-plan.ts";
import { foreignHold } from "#app/orders/fulfillment-orders.ts";
import { followFulfillmentOrders } from "./fulfillment-follow.ts";
import type { ShopifyOrder } from "#app/orders/payload.ts";
import type { ShopSettings } from "#app/shops/settings.ts";
import { verifyOrderOwner } from "./order-owner.ts";
import { itemFactsOf } from "./item-facts.ts";
import {
  ACTOR,
  apply,
  draftPatch,
  merchantProblem,
  removeDraft,
  type Ctx,
} from "./shipment-context.ts";

/**
 * How a store order's shipments follow the order (the update job, and the fulfillment-order
 * changes that move, split or hold its parts): the newest state of the order (by its own
 * updated_at) is compared with each shipment:
 *  - before a draft: the shipment's copy is refreshed and the draft is (re)tried;
 *  - before booking: the draft follows the order (items, quantities, values, cash on delivery,
 *    destination), and a payment that arrived books it;
 *  - after booking: the service refuses edits (40002044), so the shipment says exactly what changed
 *    and the merchant may cancel and book again.
 */

/** What the recipient's copy consists of, to tell whether the destination changed. */
const destinationOf = (
  s: Pick<
    Shipment,
    "destinationName" | "destinationPhone" | "destinationAddress" | "destinationPostalCode"
  >,
) =>
  [s.destinationName, s.destinationPhone, s.destinationAddress, s.destinationPostalCode].join(
    "\u0000",
  );

const recipient = (d: DestinationSnapshot) => ({
  destinationName: d.name,
  destinationPhone: d.phone,
  destinationAddress: d.address,
  destinationPostalCode: d.postalCode,
});

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

/**
 * The draft's request with the order's products (and the shop's variant sizes) read from Shopify,
 * as drafting reads them: mapped without them, every item's category would fall back to "others"
 * and its volumetric weight be lost. What cannot be read now is left out (shared/item-facts.ts).
 */
async function requestWithItemFacts(
  ctx: Ctx,
  orderId: string,
  evaluating: Parameters<typeof evaluateOrder>[0],
  mapped: { request: DraftOrderCreateRequest; contents: ShipmentContents },
): Promise<{ request: DraftOrderCreateRequest; contents: ShipmentContents }> {
  const { shop, order, settings } = evaluating;
  const { products, dimensions } = await itemFactsOf(ctx, order, shop, orderId, settings);
  if (products.size === 0 && dimensions.size === 0) return mapped;
  const full = evaluateOrder({ ...evaluating, products, dimensions }).mapped;
  return full.request ? { request: full.request, contents: full.contents } : mapped;
}

/** One shipment follows the order's newest state (`part`: the part of the order it carries). */
async function followOrder(
  ctx: Ctx,
  shipment: Shipment,
  state: { order: ShopifyOrder; updatedAt: Date | null },
  settings: ShopSettings,
  part: PartPlan | null,
): Promise<string> {
  const { deps } = ctx;
  const { db } = deps;
  const { shop, orderId } = shipment;
  const { order } = state;
  const booked = Boolean(shipment.shippingOrderId);
  const evaluating = {
    shop,
    order,
    settings,
    shipment,
    part,
    stage: booked ? ("booked" as const) : ("draft" as const),
  };
  const evaluation = evaluateOrder(evaluating);
  const { decision, mapped, payment } = evaluation;
  const snapshot = orderSnapshot(order, evaluation, state.updatedAt);

  // The store order was cancelled (its own webhook may be late or lost): cancel the shipment.
  if (!decision.ship && decision.status === "cancelled") {
    await deps.enqueue.cancel(shop, orderId);
    return "order cancelled: cancellation queued";
  }

  // A hold in Shopify (staff, a fraud check, another app): nothing is booked until it is released.
  if (part && !booked) {
    const hold = foreignHold(part.fo);
    const held = holdPatch(hold);
    if (held.shopifyHold !== (shipment.shopifyHold ?? null)) {
      const saved = await apply(ctx, shop, shipment.id, (current) =>
        current.shippingOrderId || (current.shopifyHold ?? null) === held.shopifyHold
          ? null
          : {
              patch: held,
              event: {
                actor: ACTOR.update,
                type: hold ? "on_hold" : "hold_released",
                message: hold
                  ? said("notBookedUntilReleased", { hold })
                  : said("holdReleasedMayBook"),
              },
            },
      );
      if (!hold && saved?.status === "draft_ready" && settings.autoConfirm)
        await confirmIfPaid(deps, saved);
    }
  }

  if (booked) {
    const before = shipment.contents as ShipmentContents | null;
    const changes = describeChanges(before, mapped.contents, "ordered");
    if (destinationOf(shipment) !== destinationOf(recipient(mapped.destination)))
      changes.unshift(said("changeAddress"));
    if (changes.length === 0) return "booked shipment unchanged";
    const problem = problemOf(
      "after_booking",
      said("changedAfterBooking", { changes: joinedSaid(changes) }),
    );
    await apply(ctx, shop, shipment.id, (current) =>
      current.problem === problem.problem
        ? null
        : {
            patch: { ...problem, orderUpdatedAt: state.updatedAt },
            event: {
              actor: ACTOR.update,
              type: "changed_after_booking",
              message: problem.problemSaid,
              data: { changes },
            },
          },
    );
    return "flagged";
  }

  if (!decision.ship) {
    // No longer shipped with the service (fulfilled by hand, items removed, a foreign address).
    if (shipment.draftOrderId) await removeDraft(ctx, shop, shipment.draftOrderId);
    await apply(ctx, shop, shipment.id, (current) =>
      current.shippingOrderId
        ? null
        : {
            patch: {
              ...snapshot,
              status: decision.status,
              decision: decision.reason,
              decisionSaid: [decision.said],
              problem: null,
              awaitingPayment: false,
              draftOrderId: null,
            },
            event: {
              actor: ACTOR.update,
              type: decision.status,
              message: shipment.draftOrderId
                ? [decision.said, said("draftDeletedParen", { draft: shipment.draftOrderId })]
                : decision.said,
            },
          },
    );
    return decision.status;
  }

  if (
    shipment.status === "pending" &&
    !shipment.draftOrderId &&
    !shipment.problem &&
    shipment.decision === payment.reason
  ) {
    // Not drafted yet, nothing in its way and its payment seen as before: the draft, when made,
    // reads the order's newest state, so there is nothing to write (an order read by reconciliation while its own webhook
    // was being recorded lands here too, and must not say the order changed).
    if (settings.autoCreateDrafts)
      await deps.enqueue.createDraft(shop, orderId, `u${shipment.version}`, shipment.part);
    return "not drafted yet: the draft takes the newest state";
  }
  if (
    shipment.status === "not_required" ||
    (shipment.status === "pending" && !shipment.draftOrderId)
  ) {
    // Now shippable (an address was added), or not drafted yet (a problem the edit may have fixed).
    const wasNotRequired = shipment.status === "not_required";
    const saved = await apply(ctx, shop, shipment.id, (current) =>
      current.draftOrderId
        ? null
        : {
            patch: {
              ...snapshot,
              status: "pending",
              problem: null,
              decision: payment.reason,
              decisionSaid: payment.said ? [payment.said] : null,
            },
            event: {
              actor: ACTOR.update,
              type: "order_updated",
              message: wasNotRequired ? said("orderNowNeedsShipping") : said("storeOrderUpdated"),
            },
          },
    );
    if (
      saved &&
      !saved.draftOrderId &&
      (settings.autoCreateDrafts || shipment.problem || wasNotRequired)
    )
      await deps.enqueue.createDraft(shop, orderId, `u${saved.version}`, shipment.part);
    return "recorded";
  }

  // A draft that is not booked yet follows the order.
  const before = shipment.contents as ShipmentContents | null;
  const changes = describeChanges(before, mapped.contents, "items");
  const addressChanged = destinationOf(shipment) !== destinationOf(recipient(mapped.destination));
  if (addressChanged) changes.unshift(said("changeAddress"));
  const paymentChanged = shipment.awaitingPayment !== !payment.bookable;

  if (changes.length > 0) {
    if (!mapped.request) {
      const problem = mappingProblem(mapped.problems.filter((p) => p.blocking));
      await apply(ctx, shop, shipment.id, () => ({
        patch: { ...snapshot, ...problem },
        event: { actor: ACTOR.update, type: "problem", message: problem.problemSaid },
      }));
      return "needs attention";
    }
    // The items as drafting made them: with their products' categories (and sizes), which only
    // Shopify's products tell (read only when the draft changes).
    const { request: r, contents } = await requestWithItemFacts(ctx, orderId, evaluating, {
      request: mapped.request,
      contents: mapped.contents,
    });
    const patch: DraftOrderUpdateRequest = {
      destination_contact_name: r.destination_contact_name,
      destination_contact_phone: r.destination_contact_phone,
      destination_address: r.destination_address,
      ...(r.destination_contact_email
        ? { destination_contact_email: r.destination_contact_email }
        : {}),
      ...(r.destination_postal_code ? { destination_postal_code: r.destination_postal_code } : {}),
      ...(r.destination_coordinate ? { destination_coordinate: r.destination_coordinate } : {}),
      items: r.items,
      // Null removes cash on delivery or insurance that the order no longer has.
      destination_cash_on_delivery: r.destination_cash_on_delivery ?? null,
      ...(r.destination_cash_on_delivery !== undefined
        ? { destination_cash_on_delivery_type: r.destination_cash_on_delivery_type }
        : {}),
      courier_insurance: r.courier_insurance ?? null,
    };
    const { client, apiKey } = await shippingAccessForShop(db, deps.env, shop);
    const draftId = shipment.draftOrderId!;
    try {
      const draft = await ctx.call(apiKey, "draft_orders", () =>
        client.updateDraftOrder(draftId, patch),
      );
      const message = draft.price
        ? said("changedDraftUpdatedPrice", {
            changes: joinedSaid(changes),
            price: { amount: Number(draft.price), currency: "IDR" },
          })
        : said("changedDraftUpdated", { changes: joinedSaid(changes) });
      const saved = await apply(ctx, shop, shipment.id, (current) =>
        current.shippingOrderId || current.draftOrderId !== draftId
          ? null
          : {
              patch: {
                ...snapshot,
                contents,
                ...draftPatch(draft),
                ...(draft.status === "placed" ? {} : { problem: null }),
              },
              event: { actor: ACTOR.update, type: "draft_updated", message, data: { changes } },
            },
      );
      if (saved?.status === "draft_ready" && settings.autoConfirm) await confirmIfPaid(deps, saved);
      return "draft updated";
    } catch (error) {
      if (error instanceof ShippingStateError && error.code === CODES.draftAlreadyConfirmed)
        throw new Error("Booked while updating; retrying to report the change");
      const problem = merchantProblem(error);
      if (!problem) throw error;
      await apply(ctx, shop, shipment.id, () => ({
        patch: { ...snapshot, ...problem },
        event: { actor: ACTOR.update, type: "problem", message: problem.problemSaid },
      }));
      return "needs attention";
    }
  }

  if (paymentChanged || shipment.financialStatus !== order.financial_status) {
    const patch: ShipmentPatch = {
      financialStatus: order.financial_status,
      awaitingPayment: !payment.bookable,
      decision: payment.reason,
      decisionSaid: payment.said ? [payment.said] : null,
      orderUpdatedAt: state.updatedAt,
    };
    const saved = await apply(ctx, shop, shipment.id, (current) =>
      current.shippingOrderId
        ? null
        : {
            patch,
            event: {
              actor: ACTOR.update,
              type: payment.bookable ? "paid" : "waiting_for_payment",
              message: payment.bookable
                ? order.financial_status
                  ? said("paymentReceived", { status: financialWords(order.financial_status) })
                  : said("paymentReceivedCod")
                : payment.said!,
            },
          },
    );
    if (saved?.status === "draft_ready" && payment.bookable && settings.autoConfirm)
      await confirmIfPaid(deps, saved);
    return payment.bookable ? "payment received" : "waiting for payment";
  }
  return "unchanged";
}
