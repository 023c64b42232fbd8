import { inEnglish, said } from "#app/i18n/said.ts";
import type { Shipment } from "#app/db/schema.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import { referenceIdFor } from "#app/orders/map.ts";
import {
  currentShipments,
  getShipment,
  getShipmentByOrder,
  startNextAttempt,
} from "#app/shipments/shipments.server.ts";
import { problemOf } from "#app/shipments/problem-kinds.ts";
import { canMove, TERMINAL_STATUSES, type ShipmentStatus } from "#app/shipments/states.ts";
import { CANCELLABLE_ORDER_STATUSES, CODES, normaliseOrderStatus } from "#app/shipping/contract.ts";
import { ShippingNotFoundError, ShippingStateError } from "#app/shipping/errors.ts";
import { shippingAccessForShop } from "#app/shops/shipping-client.server.ts";
import { releaseBookingHold } from "#app/shipments/booking-hold.server.ts";
import {
  ACTOR,
  Ctx,
  apply,
  markInbox,
  orderPatch,
  type JobWithSlot,
  type ShipmentDeps,
} from "../shared/shipment-context.ts";

/**
 * cancel: deletes an unconfirmed draft, cancels a cancellable order (reason `others`), or, once
 * picked up, flags the shipment for the merchant. For the store order's cancellation, or a
 * merchant's (with `rebook`: then the order's next shipment is made).
 */
export async function processCancel(job: JobWithSlot, deps: ShipmentDeps): Promise<string> {
  const ctx = new Ctx(deps, job);
  const { shop, orderId, attempt, part, rebook } = shipmentJobs.cancel.payload.parse(job.data);
  if (attempt === undefined) {
    // The store order was cancelled: every shipment of it goes (one per location it ships from).
    const current = await currentShipments(deps.db, shop, orderId);
    if (current.length === 0) return "no shipment";
    const outcomes: string[] = [];
    for (const shipment of current) outcomes.push(await cancelShipment(ctx, shipment, {}));
    return outcomes.join("; ");
  }
  const latest = await getShipmentByOrder(deps.db, shop, orderId, part);
  if (!latest) return "no shipment";
  // A merchant's cancellation names its attempt: a later attempt (this job's own rebooking, on a
  // retry) is never the one to cancel.
  if (latest.attempt !== attempt) return `attempt ${attempt} is no longer the order's shipment`;
  const outcome = await cancelShipment(ctx, latest, { attempt, rebook });
  // Held by this app while booking: the merchant's cancellation gives the fulfillment order back
  // (shipAgainAfter released it already when the order is booked again).
  const after = await getShipment(deps.db, shop, latest.id);
  if (after?.status === "cancelled" && after.appHoldId)
    await releaseBookingHold(deps, after, ACTOR.cancel, said("cancelledByMerchant"));
  return outcome;
}

async function cancelShipment(
  ctx: Ctx,
  shipment: Shipment,
  { attempt, rebook }: { attempt?: number; rebook?: boolean },
): Promise<string> {
  const { deps } = ctx;
  const { db } = deps;
  const { shop, orderId } = shipment;
  const why = rebook
    ? said("cancelledToBookAgain")
    : attempt !== undefined
      ? said("cancelledByMerchant")
      : said("storeOrderCancelled");
  if (TERMINAL_STATUSES.has(shipment.status as ShipmentStatus)) {
    if (rebook && shipment.status === "cancelled") return shipAgainAfter(deps, shipment);
    await markInbox(db, shop, orderId, ["orders/cancelled"]);
    return `already ${shipment.status}`;
  }

  if (!shipment.draftOrderId) {
    const saved = await apply(ctx, shop, shipment.id, (current) =>
      current.draftOrderId || TERMINAL_STATUSES.has(current.status as ShipmentStatus)
        ? null
        : {
            patch: { status: "cancelled", problem: null },
            event: {
              actor: ACTOR.cancel,
              type: "cancelled",
              message: said("beforeDraft", { why }),
            },
          },
    );
    if (saved?.draftOrderId && saved.status !== "cancelled")
      throw new Error("A draft appeared while cancelling; retrying");
    await markInbox(db, shop, orderId, ["orders/cancelled"]);
    return rebook
      ? shipAgainAfter(deps, (await getShipment(db, shop, shipment.id)) ?? shipment)
      : "cancelled";
  }

  const { client, apiKey } = await shippingAccessForShop(db, deps.env, shop);
  let shippingOrderId = shipment.shippingOrderId;
  if (!shippingOrderId) {
    try {
      await ctx.call(apiKey, "draft_orders", () => client.deleteDraftOrder(shipment.draftOrderId!));
      await apply(ctx, shop, shipment.id, (current) =>
        current.shippingOrderId
          ? null
          : {
              patch: { status: "cancelled", problem: null },
              event: {
                actor: ACTOR.cancel,
                type: "draft_deleted",
                message: said("whyDraftDeleted", { why, draft: shipment.draftOrderId! }),
              },
            },
      );
      await markInbox(db, shop, orderId, ["orders/cancelled"]);
      return rebook
        ? shipAgainAfter(deps, (await getShipment(db, shop, shipment.id)) ?? shipment)
        : "cancelled";
    } catch (error) {
      if (error instanceof ShippingNotFoundError) {
        await apply(ctx, shop, shipment.id, () => ({
          patch: { status: "cancelled", problem: null },
          event: {
            actor: ACTOR.cancel,
            type: "draft_deleted",
            message: said("whyDraftAlreadyGone", { why }),
          },
        }));
        await markInbox(db, shop, orderId, ["orders/cancelled"]);
        return rebook
          ? shipAgainAfter(deps, (await getShipment(db, shop, shipment.id)) ?? shipment)
          : "cancelled";
      }
      if (!(error instanceof ShippingStateError && error.code === CODES.draftAlreadyConfirmed))
        throw error;
      // Confirmed meanwhile: cancel the order instead.
      const draft = await ctx.call(apiKey, "draft_orders", () =>
        client.getDraftOrder(shipment.draftOrderId!),
      );
      shippingOrderId = draft.order_id ?? null;
      if (!shippingOrderId)
        throw new Error(`Draft ${draft.id} is confirmed but names no order yet`);
    }
  }

  const order = await ctx.call(apiKey, "orders", () => client.getOrder(shippingOrderId!));
  const status = normaliseOrderStatus(order.status);
  if (status === "cancelled") {
    await apply(ctx, shop, shipment.id, () => ({
      patch: { ...orderPatch(order), status: "cancelled", problem: null },
      event: {
        actor: ACTOR.cancel,
        type: "cancelled",
        message: said("alreadyCancelledAtService"),
      },
    }));
  } else if (status && CANCELLABLE_ORDER_STATUSES.has(status)) {
    try {
      await ctx.call(apiKey, "orders", () =>
        client.cancelOrder(order.id, {
          cancellation_reason_code: "others",
          cancellation_reason: inEnglish(why),
        }),
      );
    } catch (error) {
      if (!(error instanceof ShippingStateError && error.code === CODES.cancelNotAllowed))
        throw error;
      // Picked up in between: the next pass sees the new status.
      throw new Error(
        "The order left the cancellable statuses while cancelling; retrying to decide again",
      );
    }
    await apply(ctx, shop, shipment.id, () => ({
      patch: { ...orderPatch(order), status: "cancelled", problem: null },
      event: {
        actor: ACTOR.cancel,
        type: "cancelled",
        message: said("whyCancelledAtService", { why, id: order.id }),
      },
    }));
  } else {
    const problem = problemOf(
      "after_booking",
      said(
        rebook
          ? "notCancelledToRebook"
          : attempt !== undefined
            ? "notCancelled"
            : "orderCancelledParcelGone",
        { status: { status: status ?? order.status } },
      ),
    );
    await apply(ctx, shop, shipment.id, (current) => ({
      patch: {
        ...orderPatch(order),
        ...(status && canMove(current.status as ShipmentStatus, status)
          ? {}
          : { status: current.status }),
        ...problem,
      },
      event: {
        actor: ACTOR.cancel,
        type: "problem",
        message: problem.problemSaid,
      },
    }));
  }
  await markInbox(db, shop, orderId, ["orders/cancelled"]);
  const after = await getShipment(db, shop, shipment.id);
  // A booked shipment's end is the order's status in Shopify too (its status metafields).
  if (after && after.status !== shipment.status)
    await deps.enqueue.shopifySync(shop, after.id, after.version, false);
  return rebook && after?.status === "cancelled" ? shipAgainAfter(deps, after) : "done";
}

/**
 * The order's next shipment after a cancelled one (its own reference_id, the order keeps the
 * history), and its draft queued. Idempotent: the attempt number is unique per order.
 */
export async function shipAgainAfter(
  deps: Pick<ShipmentDeps, "db" | "enqueue" | "adminGraphql">,
  cancelled: Shipment,
): Promise<string> {
  // The cancelled attempt's hold goes before the next attempt's draft holds the fulfillment order again.
  if (cancelled.appHoldId)
    await releaseBookingHold(deps, cancelled, ACTOR.cancel, said("cancelledToRebook"));
  const next = await startNextAttempt(
    deps.db,
    cancelled,
    ACTOR.cancel,
    referenceIdFor(cancelled.shop, cancelled.orderId, cancelled.attempt + 1, cancelled.part),
  );
  if (!next) return "already booked again";
  await deps.enqueue.createDraft(cancelled.shop, cancelled.orderId, `a${next.attempt}`, next.part);
  return `booked again as attempt ${next.attempt}`;
}
