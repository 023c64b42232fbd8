import { joinedSaid, said, type Said } from "#app/i18n/said.ts";
import { financialWords } from "#app/orders/financial-status.ts";
import type { Shipment } from "#app/db/schema.ts";
import { describeChanges } from "#app/orders/map.ts";
import type { DestinationSnapshot, ShipmentContents } from "#app/orders/map-types.ts";
import { holdPatch, type ShipmentPatch } from "#app/shipments/shipments.server.ts";
import { mappingProblem, problemOf } from "#app/shipments/problem-kinds.ts";
import {
  CODES,
  type DraftOrderCreateRequest,
  type DraftOrderUpdateRequest,
} from "#app/shipping/contract.ts";
import { ShippingStateError } from "#app/shipping/errors.ts";
import { shippingAccessForShop } from "#app/shops/shipping-client.server.ts";
import { foreignHold } from "#app/orders/fulfillment-orders.ts";
import type { ShopifyOrder } from "#app/orders/payload.ts";
import type { ShopSettings } from "#app/shops/settings.ts";
import { confirmIfPaid } from "./confirm-if-paid.ts";
import {
  evaluateOrder,
  notShippedPatch,
  orderSnapshot,
  type Evaluation,
  type PartPlan,
} from "./order-state.ts";
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
 * One shipment follows its store order's newest state (worker/shared/store-order-follow.ts reads
 * the order and decides which shipments follow it). In order:
 *  - the order was cancelled: the shipment's cancellation is queued;
 *  - a hold in Shopify is recorded (nothing is booked until it is released);
 *  - booked: the service refuses edits (40002044), so the shipment says exactly what changed;
 *  - no longer shipped with the service: the draft is removed;
 *  - not drafted yet: the draft, when made, takes the newest state;
 *  - a draft: it follows the order's items, destination and cash on delivery, then its payment.
 */

/** What one shipment follows: the order's state, as the app evaluates it for this shipment. */
interface Following {
  ctx: Ctx;
  shipment: Shipment;
  state: { order: ShopifyOrder; updatedAt: Date | null };
  settings: ShopSettings;
  evaluating: Parameters<typeof evaluateOrder>[0];
  evaluation: Evaluation;
  /** The shipment's copy of the order as it is now. */
  snapshot: ReturnType<typeof orderSnapshot>;
}

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

const destinationChanged = (f: Following) =>
  destinationOf(f.shipment) !== destinationOf(recipient(f.evaluation.mapped.destination));

/** One shipment follows the order's newest state (`part`: the part of the order it carries). */
export async function followOrder(
  ctx: Ctx,
  shipment: Shipment,
  state: { order: ShopifyOrder; updatedAt: Date | null },
  settings: ShopSettings,
  part: PartPlan | null,
): Promise<string> {
  const booked = Boolean(shipment.shippingOrderId);
  const evaluating = {
    shop: shipment.shop,
    order: state.order,
    settings,
    shipment,
    part,
    stage: booked ? ("booked" as const) : ("draft" as const),
  };
  const evaluation = evaluateOrder(evaluating);
  const f: Following = {
    ctx,
    shipment,
    state,
    settings,
    evaluating,
    evaluation,
    snapshot: orderSnapshot(state.order, evaluation, state.updatedAt),
  };
  const { decision } = evaluation;

  // The store order was cancelled (its own webhook may be late or lost): cancel the shipment.
  if (!decision.ship && decision.status === "cancelled") {
    await ctx.deps.enqueue.cancel(shipment.shop, shipment.orderId);
    return "order cancelled: cancellation queued";
  }
  if (part && !booked) await followHold(f, part);
  if (booked) return flagChangesAfterBooking(f);
  if (!decision.ship) return stopShipping(f, decision);
  if (isUndrafted(f)) return waitForDraft(f);
  if (mayDraftNow(shipment)) return recordShippable(f);
  return (await followDraft(f)) ?? (await followPayment(f));
}

/** A hold in Shopify (staff, a fraud check, another app): nothing is booked until it is released. */
async function followHold(f: Following, part: PartPlan): Promise<void> {
  const { ctx, shipment, settings } = f;
  const hold = foreignHold(part.fo);
  const held = holdPatch(hold);
  if (held.shopifyHold === (shipment.shopifyHold ?? null)) return;
  const saved = await apply(ctx, shipment.shop, shipment.id, (current) =>
    current.shippingOrderId || (current.shopifyHold ?? null) === held.shopifyHold
      ? null
      : {
          patch: held,
          event: {
            actor: ACTOR.update,
            type: hold ? "on_hold" : "hold_released",
            message: hold ? said("notBookedUntilReleased", { hold }) : said("holdReleasedMayBook"),
          },
        },
  );
  if (!hold && saved?.status === "draft_ready" && settings.autoConfirm)
    await confirmIfPaid(ctx.deps, saved);
}

/** Booked: the service refuses edits, so the shipment says exactly what changed since. */
async function flagChangesAfterBooking(f: Following): Promise<string> {
  const { ctx, shipment, state } = f;
  const before = shipment.contents as ShipmentContents | null;
  const changes = describeChanges(before, f.evaluation.mapped.contents, "ordered");
  if (destinationChanged(f)) changes.unshift(said("changeAddress"));
  if (changes.length === 0) return "booked shipment unchanged";
  const problem = problemOf(
    "after_booking",
    said("changedAfterBooking", { changes: joinedSaid(changes) }),
  );
  await apply(ctx, shipment.shop, shipment.id, (current) =>
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

/** No longer shipped with the service (fulfilled by hand, items removed, a foreign address). */
async function stopShipping(
  f: Following,
  decision: Extract<Evaluation["decision"], { ship: false }>,
): Promise<string> {
  const { ctx, shipment, snapshot } = f;
  if (shipment.draftOrderId) await removeDraft(ctx, shipment.shop, shipment.draftOrderId);
  await apply(ctx, shipment.shop, shipment.id, (current) =>
    current.shippingOrderId
      ? null
      : {
          patch: { ...notShippedPatch(snapshot, decision), draftOrderId: null },
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

/** Not drafted yet, nothing in its way, and its payment seen as before. */
const isUndrafted = ({ shipment, evaluation }: Following) =>
  shipment.status === "pending" &&
  !shipment.draftOrderId &&
  !shipment.problem &&
  shipment.decision === evaluation.payment.reason;

/**
 * The draft, when made, reads the order's newest state, so there is nothing to write (an order
 * read by reconciliation while its own webhook was being recorded lands here too, and must not say
 * the order changed).
 */
async function waitForDraft({ ctx, shipment, settings }: Following): Promise<string> {
  if (settings.autoCreateDrafts)
    await ctx.deps.enqueue.createDraft(
      shipment.shop,
      shipment.orderId,
      `u${shipment.version}`,
      shipment.part,
    );
  return "not drafted yet: the draft takes the newest state";
}

/** Not shipped before (no address then), or not drafted yet (a problem the edit may have fixed). */
const mayDraftNow = (shipment: Shipment) =>
  shipment.status === "not_required" || (shipment.status === "pending" && !shipment.draftOrderId);

/** Now shippable, or its problem perhaps fixed: the new state is recorded and a draft tried. */
async function recordShippable(f: Following): Promise<string> {
  const { ctx, shipment, settings, snapshot } = f;
  const { payment } = f.evaluation;
  const wasNotRequired = shipment.status === "not_required";
  const saved = await apply(ctx, shipment.shop, shipment.id, (current) =>
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
    await ctx.deps.enqueue.createDraft(
      shipment.shop,
      shipment.orderId,
      `u${saved.version}`,
      shipment.part,
    );
  return "recorded";
}

/**
 * A draft that is not booked yet follows the order's items and destination. Returns null when
 * neither changed (the payment may still have).
 */
async function followDraft(f: Following): Promise<string | null> {
  const { ctx, shipment, snapshot } = f;
  const { mapped } = f.evaluation;
  const before = shipment.contents as ShipmentContents | null;
  const changes = describeChanges(before, mapped.contents, "items");
  if (destinationChanged(f)) changes.unshift(said("changeAddress"));
  if (changes.length === 0) return null;
  if (!mapped.request) {
    const problem = mappingProblem(mapped.problems.filter((p) => p.blocking));
    await apply(ctx, shipment.shop, shipment.id, () => ({
      patch: { ...snapshot, ...problem },
      event: { actor: ACTOR.update, type: "problem", message: problem.problemSaid },
    }));
    return "needs attention";
  }
  // The items as drafting made them: with their products' categories (and sizes), which only
  // Shopify's products tell (read only when the draft changes).
  const { request, contents } = await requestWithItemFacts(ctx, shipment.orderId, f.evaluating, {
    request: mapped.request,
    contents: mapped.contents,
  });
  return updateDraft(f, changes, draftUpdateOf(request), contents);
}

/** The draft's new state, from the request drafting would make now. */
function draftUpdateOf(r: DraftOrderCreateRequest): DraftOrderUpdateRequest {
  return {
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

/** The service's draft is updated and the change recorded (a refusal the merchant can fix is shown). */
async function updateDraft(
  f: Following,
  changes: Said[],
  patch: DraftOrderUpdateRequest,
  contents: ShipmentContents,
): Promise<string> {
  const { ctx, shipment, settings, snapshot } = f;
  const { deps } = ctx;
  const { client, apiKey } = await shippingAccessForShop(deps.db, deps.env, shipment.shop);
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
    const saved = await apply(ctx, shipment.shop, shipment.id, (current) =>
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
    await apply(ctx, shipment.shop, shipment.id, () => ({
      patch: { ...snapshot, ...problem },
      event: { actor: ACTOR.update, type: "problem", message: problem.problemSaid },
    }));
    return "needs attention";
  }
}

/** The draft's items unchanged: its payment follows the order's (a payment that arrived books it). */
async function followPayment(f: Following): Promise<string> {
  const { ctx, shipment, state, settings } = f;
  const { order } = state;
  const { payment } = f.evaluation;
  const paymentChanged = shipment.awaitingPayment !== !payment.bookable;
  if (!paymentChanged && shipment.financialStatus === order.financial_status) return "unchanged";
  const patch: ShipmentPatch = {
    financialStatus: order.financial_status,
    awaitingPayment: !payment.bookable,
    decision: payment.reason,
    decisionSaid: payment.said ? [payment.said] : null,
    orderUpdatedAt: state.updatedAt,
  };
  const saved = await apply(ctx, shipment.shop, shipment.id, (current) =>
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
    await confirmIfPaid(ctx.deps, saved);
  return payment.bookable ? "payment received" : "waiting for payment";
}
