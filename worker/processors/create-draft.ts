import { shipmentJobs } from "#app/jobs/definitions.ts";
import { courierLabel } from "#app/orders/courier-match.ts";
import type { ProductInfo } from "#app/orders/map.ts";
import { latestOrder } from "#app/orders/order-store.server.ts";
import { ORDER_PAYLOAD_TOPICS } from "#app/orders/sources.ts";
import {
  addShipmentEvent,
  currentShipments,
  updateShipment,
  type ShipmentPatch,
} from "#app/shipments/shipments.server.ts";
import { mappingProblem, problemOf } from "#app/shipments/problem-kinds.ts";
import { CODES, type DraftOrder, type DraftOrderCreateRequest } from "#app/shipping/contract.ts";
import {
  ShippingNotFoundError,
  ShippingStateError,
  ShippingValidationError,
  type ShippingError,
} from "#app/shipping/errors.ts";
import { shopFacts } from "#app/shops/shop-cache.server.ts";
import { courierListFor, evaluateOrder, orderSnapshot } from "../shared/order-state.ts";
import { verifyOrderOwner } from "../shared/order-owner.ts";
import { partForDraft } from "../shared/fulfillment-plan.ts";
import { placeBookingHold } from "#app/shipments/booking-hold.server.ts";
import { foreignHold } from "#app/orders/fulfillment-orders.ts";
import {
  ACTOR,
  Ctx,
  apply,
  draftPatch,
  markInbox,
  merchantProblem,
  problemText,
  type JobWithSlot,
  type ShipmentDeps,
} from "../shared/shipment-context.ts";
import { confirmIfPaid } from "../shared/confirm-if-paid.ts";

/**
 * Codes with which the service refuses a draft because of its courier (unknown, not for this
 * route, needs a coordinate, no COD, no proof of delivery, no insurance). The draft is then made
 * without a courier, for the merchant to choose one: a guessed courier never blocks the order.
 */
const COURIER_REFUSALS: ReadonlySet<number> = new Set([
  CODES.courierUnknown,
  CODES.courierTypeUnknown,
  CODES.ratesNoCourier,
  CODES.courierNeedsOriginCoordinate,
  CODES.courierNeedsDestinationCoordinate,
  CODES.codNotAvailable,
  CODES.courierNoCod,
  CODES.draftCourierNoCod,
  CODES.courierNoPod,
  CODES.courierNoInsurance,
]);
/**
 * Fields a courier's refusal names when the service answers a draft's field errors with the
 * generic 40011001 (or no code) instead of the specific codes above.
 */
const COURIER_FIELDS: ReadonlySet<string> = new Set([
  "courier_company",
  "courier_type",
  "origin_coordinate",
  "destination_coordinate",
  "destination_cash_on_delivery",
  "destination_proof_of_delivery",
  "courier_insurance",
]);

function refusesCourier(error: ShippingValidationError): boolean {
  if (error.code !== null && COURIER_REFUSALS.has(error.code)) return true;
  return (
    (error.code === null || error.code === CODES.draftBadRequest) &&
    error.field !== null &&
    COURIER_FIELDS.has(error.field)
  );
}

const withoutCourier = (request: DraftOrderCreateRequest): DraftOrderCreateRequest => {
  const { courier_company: _company, courier_type: _type, ...rest } = request;
  return rest;
};

/** Where the draft's courier came from, in words. */
function courierStory(source: ReturnType<typeof evaluateOrder>["mapped"]["courier"]): string {
  if (source.from === "none") return "no courier";
  const label = courierLabel(source.company, source.type);
  if (source.from === "merchant") return `${label} (chosen by the merchant)`;
  if (source.from === "checkout")
    return `${label} (from the checkout's shipping line, ${source.via})`;
  return `${label} (the shop's default courier${source.via ? `: ${source.via}` : ""})`;
}

export async function processCreateDraft(job: JobWithSlot, deps: ShipmentDeps): Promise<string> {
  const ctx = new Ctx(deps, job);
  const { shop, orderId, part: partNumber } = shipmentJobs.createDraft.payload.parse(job.data);
  const { db } = deps;
  // The call's slot first, from the shop's key and settings this process keeps for a few seconds
  // (app/shops/shop-cache.server.ts). A flash sale's jobs are each deferred once, to their slot,
  // while the sale's webhooks still arrive: that first run makes no SQL, and the run at the slot
  // reads the order's shipments. A shop that books automatically reserves the confirmation's slot
  // too, right after the draft's: each shipment is booked as soon as its draft is made, not after
  // the shop's whole backlog. A job that then finds nothing to draft (cancelled, already drafted)
  // leaves its slots unused.
  const { access, settings } = await shopFacts(db, deps.env, shop);
  if (!(access instanceof Error))
    await ctx.reserve(access.apiKey, "draft_orders", settings.autoConfirm);
  // The order's current shipments in one read: this part's, and the others drafting part 1 plans around.
  const orderShipments = await currentShipments(db, shop, orderId);
  let shipment = orderShipments.find((s) => s.part === (partNumber ?? 1));
  if (!shipment) return "no shipment row";
  if (shipment.redactedAt) {
    // The customer's data was removed at their request before anything was booked.
    await markInbox(db, shop, orderId, ORDER_PAYLOAD_TOPICS);
    if (!shipment.draftOrderId && !shipment.problem) {
      const problem = problemOf(
        "order",
        "The recipient's personal data was removed at the customer's request: the app no longer books this order",
      );
      await updateShipment(db, shipment, problem, {
        actor: ACTOR.create,
        type: "problem",
        message: problem.problem,
      });
    }
    return "redacted";
  }
  if (shipment.status === "cancelled" || shipment.status === "not_required") {
    await markInbox(db, shop, orderId, ORDER_PAYLOAD_TOPICS);
    return `already ${shipment.status}`;
  }
  if (shipment.draftOrderId || shipment.status !== "pending") {
    // A run that stopped after saving the draft (worker killed) may not have queued the
    // confirmation: queue it again (the job id makes it once).
    if (
      shipment.status === "draft_ready" &&
      !shipment.problem &&
      !shipment.awaitingPayment &&
      settings.autoConfirm
    )
      await deps.enqueue.confirm(shop, shipment.id);
    return `already ${shipment.status}`;
  }

  // Nothing of the order is written or drafted before the shop's own Admin API says it is the shop's.
  const owner = await verifyOrderOwner(ctx, shipment, ACTOR.create, {
    recordWithOrderRead: true,
  });
  if (owner !== "owned") {
    await markInbox(db, shop, orderId, ORDER_PAYLOAD_TOPICS);
    return owner === "disowned" ? "not this shop's order" : "needs attention";
  }

  const state = await latestOrder(db, shop, orderId, { verified: shipment.id });
  if (!state.order) {
    await updateShipment(db, shipment, problemOf("order", state.reason), {
      actor: ACTOR.create,
      type: "problem",
      message: state.reason,
    });
    return "unreadable order";
  }
  const { order } = state;

  // Which fulfillment order (location, items) this shipment ships; part 1 makes the order's others.
  const decided = await partForDraft(ctx, shipment, order, settings, orderShipments);
  if (decided.kind === "waits") {
    const { problem } = decided;
    await apply(ctx, shop, shipment.id, (current) =>
      current.draftOrderId || current.status !== "pending" || current.problem === problem.problem
        ? null
        : {
            patch: problem,
            event: { actor: ACTOR.create, type: "problem", message: problem.problem },
          },
    );
    await markInbox(db, shop, orderId, ORDER_PAYLOAD_TOPICS);
    return "needs attention";
  }
  if (decided.kind === "elsewhere" || decided.kind === "gone") {
    const reason = decided.reason;
    await apply(ctx, shop, shipment.id, (current) =>
      current.draftOrderId || current.status !== "pending"
        ? null
        : {
            patch: {
              status: "not_required",
              decision: reason,
              problem: null,
              awaitingPayment: false,
            },
            event: { actor: ACTOR.create, type: "not_required", message: reason },
          },
    );
    await markInbox(db, shop, orderId, ORDER_PAYLOAD_TOPICS);
    return "not_required";
  }
  const part = decided.kind === "part" ? decided.plan : null;
  if (decided.kind === "part") shipment = decided.shipment;

  // The products' types and categories came with the order (one Admin API call for the job).
  let products = new Map<string, ProductInfo>();
  try {
    products = (await ctx.orderForShipping(shop, orderId))?.products ?? products;
  } catch (error) {
    // Categories are an enrichment: without product types the items map to the taxonomy or `others`.
    ctx.log.warn(
      { shop, err: (error as Error).message },
      "product lookup failed; categories default to others",
    );
  }
  const couriers =
    access instanceof Error ? null : await courierListFor(ctx, access.apiKey, access.client);
  const evaluation = evaluateOrder({ shop, order, settings, shipment, part, products, couriers });
  const { decision, mapped, payment } = evaluation;
  const snapshot = orderSnapshot(order, evaluation, state.updatedAt);

  if (!decision.ship) {
    await apply(ctx, shop, shipment.id, (current) =>
      current.draftOrderId || current.status !== "pending"
        ? null
        : {
            patch: {
              ...snapshot,
              status: decision.status,
              decision: decision.reason,
              problem: null,
              awaitingPayment: false,
            },
            event: { actor: ACTOR.create, type: decision.status, message: decision.reason },
          },
    );
    await markInbox(db, shop, orderId, ORDER_PAYLOAD_TOPICS);
    return decision.status;
  }
  if (!mapped.request) {
    const problem = mappingProblem(mapped.problems.filter((p) => p.blocking));
    await updateShipment(
      db,
      shipment,
      { ...snapshot, ...problem },
      { actor: ACTOR.create, type: "problem", message: problem.problem, data: mapped.problems },
    );
    await markInbox(db, shop, orderId, ORDER_PAYLOAD_TOPICS);
    return "needs attention";
  }
  if (access instanceof Error) {
    const problem = merchantProblem(access)!;
    await updateShipment(
      db,
      shipment,
      { ...snapshot, ...problem },
      { actor: ACTOR.create, type: "problem", message: problem.problem },
    );
    return "needs attention";
  }
  const { client, apiKey } = access;
  const request = mapped.request;
  // Where the parcel leaves from, as this draft is made (the list shows it).
  const origin = {
    originLocationId: request.origin_location_id ?? null,
    originName: request.origin_contact_name,
  };

  let draft: DraftOrder;
  let courierNote: string | null = mapped.courier.from === "none" ? mapped.courier.reason : null;
  try {
    draft = await ctx.call(apiKey, "draft_orders", () => client.createDraftOrder(request));
  } catch (error) {
    if (
      error instanceof ShippingStateError &&
      (error.code === CODES.draftReferenceUsed || error.code === CODES.referenceUsed)
    ) {
      // An earlier attempt made the draft but its answer was lost: adopt it, never make a second.
      const existingId =
        typeof error.details?.draft_order_id === "string" ? error.details.draft_order_id : null;
      if (!existingId) {
        const problem = problemOf(
          "service",
          `A draft with reference ${mapped.referenceId} already exists at the shipping service, but it did not say which: find it there, then retry`,
        );
        await updateShipment(
          db,
          shipment,
          { ...snapshot, ...problem },
          { actor: ACTOR.create, type: "problem", message: problem.problem },
        );
        return "needs attention";
      }
      draft = await ctx.call(apiKey, "draft_orders", () => client.getDraftOrder(existingId));
      ctx.log.debug(
        { shop, draftOrderId: existingId },
        "adopted the draft an earlier attempt made",
      );
    } else if (
      error instanceof ShippingValidationError &&
      refusesCourier(error) &&
      request.courier_company
    ) {
      // The courier does not fit this shipment: make the draft without it; the merchant chooses.
      courierNote = `The service refused ${courierLabel(request.courier_company, request.courier_type ?? "")} for this shipment (${error.message})`;
      draft = await ctx.call(apiKey, "draft_orders", () =>
        client.createDraftOrder(withoutCourier(request)),
      );
    } else {
      const problem = merchantProblem(error);
      if (!problem) throw error;
      await updateShipment(
        db,
        shipment,
        { ...snapshot, ...problem },
        {
          actor: ACTOR.create,
          type: "problem",
          message: problem.problem,
          data: { code: (error as ShippingError).code },
        },
      );
      await markInbox(db, shop, orderId, ORDER_PAYLOAD_TOPICS);
      return "needs attention";
    }
  }

  const warnings = mapped.problems.filter((p) => !p.blocking);
  // Held in Shopify (staff, a fraud check, another app): drafted, not booked until released.
  const hold = part ? foreignHold(part.fo) : null;
  const placed = draft.status === "placed";
  // Warnings (a weightless add-on) go on the timeline and with the shipment's problems list; only a
  // draft without a courier needs the merchant before it can be booked.
  const problem = placed
    ? problemOf(
        "courier",
        `${courierNote ?? "The draft has no courier"}. Choose a courier on the shipment's page, then confirm.`,
      )
    : { problem: null };
  const story = placed
    ? `without a courier${courierNote ? ` (${courierNote})` : ""}`
    : courierStory(mapped.courier);
  // The order's deliveries are marked processed by the statement that saves the draft.
  let inboxMarked = false;
  const saved = await apply(
    ctx,
    shop,
    shipment.id,
    (current) => {
      // Cancelled while the draft was being made: leave the shipment cancelled (the draft goes below).
      if (current.draftOrderId || current.status === "cancelled") return null;
      inboxMarked = true;
      const patch: ShipmentPatch = {
        ...snapshot,
        ...draftPatch(draft),
        ...origin,
        ...problem,
        shopifyHold: hold,
      };
      return {
        patch,
        event: {
          actor: ACTOR.create,
          type: "draft_created",
          message: `Draft ${draft.id} ${draft.status}: ${story}${draft.price ? `, price ${draft.price}` : ""}${payment.reason ? `. ${payment.reason}` : ""}${hold ? `. ${hold}: not booked until the hold is released` : ""}${warnings.length > 0 ? `. ${problemText(warnings)}` : ""}`,
          data: { draftOrderId: draft.id, courier: mapped.courier },
        },
      };
    },
    shipment,
    { shop, orderId, topics: ORDER_PAYLOAD_TOPICS },
  );
  if (saved && saved.status === "cancelled" && !saved.draftOrderId) {
    // Cancelled while the draft was being made: remove what we just created.
    await ctx
      .call(apiKey, "draft_orders", () => client.deleteDraftOrder(draft.id))
      .catch((error: unknown) => {
        if (!(error instanceof ShippingNotFoundError)) throw error;
      });
    await addShipmentEvent(db, saved, {
      actor: ACTOR.create,
      type: "draft_deleted",
      message: `Draft ${draft.id} deleted: the store order was cancelled meanwhile`,
    });
  }
  if (!inboxMarked) await markInbox(db, shop, orderId, ORDER_PAYLOAD_TOPICS);
  // The "hold while booking" setting: nobody fulfills it by hand from now until this app does.
  if (saved?.draftOrderId === draft.id && settings.holdWhileBooking && settings.fulfillOnConfirm)
    await placeBookingHold(deps, saved, ACTOR.create);
  if (saved?.status === "draft_ready" && settings.autoConfirm)
    await confirmIfPaid(deps, saved, ctx.followUpSlot);
  return saved?.status ?? "gone";
}
