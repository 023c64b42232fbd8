import { said, type Said } from "#app/i18n/said.ts";
import type { Shipment } from "#app/db/schema.ts";
import { foreignHold } from "#app/orders/fulfillment-orders.ts";
import { ORDER_PAYLOAD_TOPICS } from "#app/orders/sources.ts";
import type { ShipmentFields, ShipmentPatch } from "#app/shipments/shipments.server.ts";
import { addShipmentEvent, holdPatch, updateShipment } from "#app/shipments/shipments.server.ts";
import { mappingProblem, problemOf } from "#app/shipments/problem-kinds.ts";
import { CODES, type DraftOrder, type DraftOrderCreateRequest } from "#app/shipping/contract.ts";
import {
  ShippingNotFoundError,
  ShippingStateError,
  ShippingValidationError,
  type ShippingError,
} from "#app/shipping/errors.ts";
import type { ShippingAccess } from "#app/shops/shipping-client.server.ts";
import type { Evaluation, PartPlan } from "./order-state.ts";
import {
  ACTOR,
  apply,
  draftPatch,
  markInbox,
  merchantProblem,
  type Ctx,
} from "./shipment-context.ts";

/**
 * The create-draft job's call to the service and its record (worker/processors/create-draft.ts
 * decides what to draft): the draft is made, or adopted when an earlier attempt made it and its
 * answer was lost, or made without the courier the service refused; then saved on the shipment
 * with the order's deliveries marked processed, or deleted when the order was cancelled meanwhile.
 */

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

/** The draft request without its courier (the merchant chooses one). */
export const withoutCourier = (request: DraftOrderCreateRequest): DraftOrderCreateRequest => {
  const { courier_company: _company, courier_type: _type, ...rest } = request;
  return rest;
};

/** The draft made, with where its courier came from (`courierNote`: why it has none). */
function draftStory(
  id: string,
  source: Evaluation["mapped"]["courier"],
  placed: boolean,
  courierNote: Said | null,
): Said {
  if (placed || source.from === "none")
    return courierNote
      ? said("draftWithoutCourierNote", { id, note: courierNote })
      : said("draftNoCourier", { id });
  const courier = { courier: source.company, service: source.type };
  if (source.from === "merchant") return said("draftByMerchant", { id, courier });
  if (source.from === "rule" && source.via)
    return said("draftByRule", { id, courier, rule: source.via });
  if (source.from === "checkout")
    return said("draftFromCheckout", { id, courier, via: source.via ?? "" });
  return source.via
    ? said("draftDefaultCourierVia", { id, courier, via: source.via })
    : said("draftDefaultCourier", { id, courier });
}

/** What is drafted: the request, the order's copy on the shipment, and how the order was read. */
export interface DraftToMake {
  shipment: Shipment;
  request: DraftOrderCreateRequest;
  evaluation: Evaluation;
  snapshot: ShipmentFields;
}

/** The draft the service made (or had made), and why it has no courier if it has none. */
export interface MadeDraft {
  draft: DraftOrder;
  courierNote: Said | null;
}

/** Records a problem only the merchant can solve on the shipment, with the order's copy. */
async function recordProblem(
  ctx: Ctx,
  { shipment, snapshot }: DraftToMake,
  problem: ReturnType<typeof problemOf>,
  data?: unknown,
): Promise<"needs attention"> {
  await updateShipment(
    ctx.deps.db,
    shipment,
    { ...snapshot, ...problem },
    {
      actor: ACTOR.create,
      type: "problem",
      message: problem.problemSaid,
      ...(data ? { data } : {}),
    },
  );
  return "needs attention";
}

/**
 * Makes the draft at the service. An answer lost after the draft was made is found by its
 * reference and adopted, never made twice; a refused courier is left out for the merchant to
 * choose. A refusal only the merchant can fix becomes the shipment's problem ("needs attention").
 */
export async function makeDraft(
  ctx: Ctx,
  { client, apiKey }: ShippingAccess,
  toMake: DraftToMake,
): Promise<MadeDraft | "needs attention"> {
  const { request, evaluation, shipment } = toMake;
  const { mapped } = evaluation;
  const courierNote = mapped.courier.from === "none" ? mapped.courier.reason : null;
  try {
    const draft = await ctx.call(apiKey, "draft_orders", () => client.createDraftOrder(request));
    return { draft, courierNote };
  } catch (error) {
    if (
      error instanceof ShippingStateError &&
      (error.code === CODES.draftReferenceUsed || error.code === CODES.referenceUsed)
    ) {
      // An earlier attempt made the draft but its answer was lost: adopt it, never make a second.
      const existingId =
        typeof error.details?.draft_order_id === "string" ? error.details.draft_order_id : null;
      if (!existingId)
        return recordProblem(
          ctx,
          toMake,
          problemOf("service", said("draftExistsUnnamed", { reference: mapped.referenceId })),
        );
      const draft = await ctx.call(apiKey, "draft_orders", () => client.getDraftOrder(existingId));
      ctx.log.debug(
        { shop: shipment.shop, draftOrderId: existingId },
        "adopted the draft an earlier attempt made",
      );
      return { draft, courierNote };
    }
    if (
      error instanceof ShippingValidationError &&
      refusesCourier(error) &&
      request.courier_company
    ) {
      // The courier does not fit this shipment: make the draft without it; the merchant chooses.
      const draft = await ctx.call(apiKey, "draft_orders", () =>
        client.createDraftOrder(withoutCourier(request)),
      );
      return {
        draft,
        courierNote: said("serviceRefusedCourier", {
          courier: { courier: request.courier_company, service: request.courier_type },
          detail: error.message,
        }),
      };
    }
    const problem = merchantProblem(error);
    if (!problem) throw error;
    await recordProblem(ctx, toMake, problem, { code: (error as ShippingError).code });
    await markInbox(ctx.deps.db, shipment.shop, shipment.orderId, ORDER_PAYLOAD_TOPICS);
    return "needs attention";
  }
}

/**
 * Saves the draft on the shipment, with the order's deliveries marked processed in the same
 * statement. A shipment cancelled while the draft was being made stays cancelled, and the draft
 * is deleted at the service.
 */
export async function saveDraft(
  ctx: Ctx,
  { apiKey, client }: ShippingAccess,
  toMake: DraftToMake,
  { draft, courierNote }: MadeDraft,
  part: PartPlan | null,
): Promise<Shipment | null> {
  const { shipment, snapshot, evaluation, request } = toMake;
  const { mapped, payment } = evaluation;
  const { shop, orderId } = shipment;
  const warnings = mapped.problems.filter((p) => !p.blocking);
  // Held in Shopify (staff, a fraud check, another app): drafted, not booked until released.
  const hold = part ? foreignHold(part.fo) : null;
  const placed = draft.status === "placed";
  // Warnings (a weightless add-on) go on the timeline and with the shipment's problems list; only a
  // draft without a courier needs the merchant before it can be booked.
  const problem = placed
    ? problemOf(
        "courier",
        courierNote
          ? said("draftWithoutCourierBecause", { reason: courierNote })
          : said("draftWithoutCourier"),
      )
    : { problem: null };
  const story: Said[] = [
    draftStory(draft.id, mapped.courier, placed, courierNote),
    ...(draft.price
      ? [said("draftPrice", { price: { amount: Number(draft.price), currency: "IDR" } })]
      : []),
    ...(payment.said ? [said("sentence", { text: payment.said })] : []),
    ...(hold ? [said("notBookedUntilReleased", { hold })] : []),
    ...(warnings.length > 0 ? mappingProblem(warnings).problemSaid : []),
  ];
  // Where the parcel leaves from, as this draft is made (the list shows it).
  const origin = {
    originLocationId: request.origin_location_id ?? null,
    originName: request.origin_contact_name,
  };
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
        ...holdPatch(hold),
      };
      return {
        patch,
        event: {
          actor: ACTOR.create,
          type: "draft_created",
          message: story,
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
    await addShipmentEvent(ctx.deps.db, saved, {
      actor: ACTOR.create,
      type: "draft_deleted",
      message: said("draftDeletedCancelled", { id: draft.id }),
    });
  }
  if (!inboxMarked) await markInbox(ctx.deps.db, shop, orderId, ORDER_PAYLOAD_TOPICS);
  return saved;
}
