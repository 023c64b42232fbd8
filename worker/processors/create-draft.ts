import { said } from "#app/i18n/said.ts";
import type { Shipment } from "#app/db/schema.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import { latestOrder } from "#app/orders/order-store.server.ts";
import type { ShopifyOrder } from "#app/orders/payload.ts";
import { ORDER_PAYLOAD_TOPICS } from "#app/orders/sources.ts";
import { placeBookingHold } from "#app/shipments/booking-hold.server.ts";
import { mappingProblem, problemOf } from "#app/shipments/problem-kinds.ts";
import { currentShipments, updateShipment } from "#app/shipments/shipments.server.ts";
import type { ShopSettings } from "#app/shops/settings.ts";
import { shopFacts, type ShopFacts } from "#app/shops/shop-cache.server.ts";
import { confirmIfPaid } from "../shared/confirm-if-paid.ts";
import { makeDraft, saveDraft, type DraftToMake } from "../shared/draft-order.ts";
import { partForDraft } from "../shared/fulfillment-plan.ts";
import { verifyOrderOwner } from "../shared/order-owner.ts";
import { itemFactsOf } from "../shared/item-facts.ts";
import { holdForCodRisk } from "../shared/cod-risk-hold.ts";
import { courierByRules, withRuleCourier } from "../shared/courier-rules.ts";
import { assessCodRisk } from "#app/cod-risk/assess.server.ts";
import { codAmount } from "#app/shipments/cod.ts";
import {
  courierListFor,
  evaluateOrder,
  notShippedPatch,
  orderSnapshot,
  type PartPlan,
} from "../shared/order-state.ts";
import {
  ACTOR,
  Ctx,
  apply,
  markInbox,
  merchantProblem,
  type JobWithSlot,
  type ShipmentDeps,
} from "../shared/shipment-context.ts";

/**
 * create-draft: a store order (or one fulfillment order's part of it) becomes a draft order at
 * the shipping service, in named steps: the rate-limit slot; whether the shipment is already past
 * drafting; the order, once Shopify says it is the shop's; which part this shipment carries; what
 * the order maps to; the draft made and saved (worker/shared/draft-order.ts); then the hold while
 * booking and the booking itself when the shop books automatically. Each step that ends the job
 * records why on the shipment and answers the job's outcome in words.
 */
export async function processCreateDraft(job: JobWithSlot, deps: ShipmentDeps): Promise<string> {
  const ctx = new Ctx(deps, job);
  const { shop, orderId, part: partNumber } = shipmentJobs.createDraft.payload.parse(job.data);
  // The call's slot first, from the shop's key and settings this process keeps for a few seconds
  // (app/shops/shop-cache.server.ts). A flash sale's jobs are each deferred once, to their slot,
  // while the sale's webhooks still arrive: that first run makes no SQL, and the run at the slot
  // reads the order's shipments. A shop that books automatically reserves the confirmation's slot
  // too, right after the draft's: each shipment is booked as soon as its draft is made, not after
  // the shop's whole backlog. A job that then finds nothing to draft (cancelled, already drafted)
  // leaves its slots unused.
  const { access, settings } = await shopFacts(deps.db, deps.env, shop);
  if (!(access instanceof Error))
    await ctx.reserve(access.apiKey, "draft_orders", settings.autoConfirm);
  // The order's current shipments in one read: this part's, and the others drafting part 1 plans around.
  const orderShipments = await currentShipments(deps.db, shop, orderId);
  const found = orderShipments.find((s) => s.part === (partNumber ?? 1));
  if (!found) return "no shipment row";
  const past = await pastDrafting(ctx, found, settings);
  if (past) return past;

  const order = await ownedOrder(ctx, found);
  if (typeof order === "string") return order;
  const planned = await plannedPart(ctx, found, order.order, settings, orderShipments);
  if (typeof planned === "string") return planned;
  const toMake = await draftToMake(ctx, { ...order, ...planned, access, settings });
  if (typeof toMake === "string") return toMake;
  if (access instanceof Error) {
    const problem = merchantProblem(access)!;
    await updateShipment(
      deps.db,
      toMake.shipment,
      { ...toMake.snapshot, ...problem },
      { actor: ACTOR.create, type: "problem", message: problem.problemSaid },
    );
    return "needs attention";
  }

  const made = await makeDraft(ctx, access, toMake);
  if (typeof made === "string") return made;
  const saved = await saveDraft(ctx, access, toMake, made, planned.part);
  if (saved && toMake.snapshot.codRisk)
    await tellShopifyTheRisk(ctx, saved.shop, saved.id, toMake.snapshot.codRisk);
  // The "hold while booking" setting: nobody fulfills it by hand from now until this app does.
  if (
    saved?.draftOrderId === made.draft.id &&
    settings.holdWhileBooking &&
    settings.fulfillOnConfirm
  )
    await placeBookingHold(deps, saved, ACTOR.create);
  if (saved?.status === "draft_ready" && settings.autoConfirm)
    await confirmIfPaid(deps, saved, ctx.followUpSlot);
  return saved?.status ?? "gone";
}

/**
 * The shipment is past drafting: its customer's data removed, cancelled or not to be shipped, or
 * drafted already (a run that stopped after saving the draft may not have queued the booking:
 * queued again, once by its job id). Null: it is to be drafted.
 */
async function pastDrafting(
  ctx: Ctx,
  shipment: Shipment,
  settings: ShopSettings,
): Promise<string | null> {
  const { db } = ctx.deps;
  const { shop, orderId } = shipment;
  if (shipment.redactedAt) {
    // The customer's data was removed at their request before anything was booked.
    await markInbox(db, shop, orderId, ORDER_PAYLOAD_TOPICS);
    if (!shipment.draftOrderId && !shipment.problem) {
      const problem = problemOf("order", said("redactedNoBooking"));
      await updateShipment(db, shipment, problem, {
        actor: ACTOR.create,
        type: "problem",
        message: problem.problemSaid,
      });
    }
    return "redacted";
  }
  if (shipment.status === "cancelled" || shipment.status === "not_required") {
    await markInbox(db, shop, orderId, ORDER_PAYLOAD_TOPICS);
    return `already ${shipment.status}`;
  }
  if (shipment.draftOrderId || shipment.status !== "pending") {
    if (
      shipment.status === "draft_ready" &&
      !shipment.problem &&
      !shipment.awaitingPayment &&
      settings.autoConfirm
    )
      await ctx.deps.enqueue.confirm(shop, shipment.id);
    return `already ${shipment.status}`;
  }
  return null;
}

/**
 * The store order as last recorded, once the shop's own Admin API says it is the shop's: nothing
 * of the order is written or drafted before. A string: why the job ends here.
 */
async function ownedOrder(
  ctx: Ctx,
  shipment: Shipment,
): Promise<{ order: ShopifyOrder; updatedAt: Date | null } | string> {
  const { db } = ctx.deps;
  const { shop, orderId } = shipment;
  const owner = await verifyOrderOwner(ctx, shipment, ACTOR.create, {
    recordWithOrderRead: true,
  });
  if (owner !== "owned") {
    await markInbox(db, shop, orderId, ORDER_PAYLOAD_TOPICS);
    return owner === "disowned" ? "not this shop's order" : "needs attention";
  }
  const state = await latestOrder(db, shop, orderId, { verified: shipment.id });
  if (!state.order) {
    await updateShipment(db, shipment, problemOf("order", state.said), {
      actor: ACTOR.create,
      type: "problem",
      message: state.said,
    });
    return "unreadable order";
  }
  return { order: state.order, updatedAt: state.updatedAt };
}

/**
 * Which fulfillment order (location, items) this shipment ships; part 1 makes the order's others.
 * A part that waits for Shopify becomes the shipment's problem; one another location ships, or
 * gone, is not this app's to ship.
 */
async function plannedPart(
  ctx: Ctx,
  shipment: Shipment,
  order: ShopifyOrder,
  settings: ShopSettings,
  orderShipments: readonly Shipment[],
): Promise<{ shipment: Shipment; part: PartPlan | null } | string> {
  const { shop, orderId } = shipment;
  const decided = await partForDraft(ctx, shipment, order, settings, orderShipments);
  if (decided.kind === "waits") {
    const { problem } = decided;
    await apply(ctx, shop, shipment.id, (current) =>
      current.draftOrderId || current.status !== "pending" || current.problem === problem.problem
        ? null
        : {
            patch: problem,
            event: { actor: ACTOR.create, type: "problem", message: problem.problemSaid },
          },
    );
    await markInbox(ctx.deps.db, shop, orderId, ORDER_PAYLOAD_TOPICS);
    return "needs attention";
  }
  if (decided.kind === "elsewhere" || decided.kind === "gone") {
    const { reason, said: why } = decided;
    await apply(ctx, shop, shipment.id, (current) =>
      current.draftOrderId || current.status !== "pending"
        ? null
        : {
            patch: {
              status: "not_required",
              decision: reason,
              decisionSaid: [why],
              problem: null,
              awaitingPayment: false,
            },
            event: { actor: ACTOR.create, type: "not_required", message: why },
          },
    );
    await markInbox(ctx.deps.db, shop, orderId, ORDER_PAYLOAD_TOPICS);
    return "not_required";
  }
  return decided.kind === "part"
    ? { shipment: decided.shipment, part: decided.plan }
    : { shipment, part: null };
}

/**
 * What the order maps to: the draft's request, with the products' categories and the key's
 * couriers. An order that does not ship, or does not map (a blocking problem), ends the job here.
 */
async function draftToMake(
  ctx: Ctx,
  input: {
    shipment: Shipment;
    part: PartPlan | null;
    order: ShopifyOrder;
    updatedAt: Date | null;
    access: ShopFacts["access"];
    settings: ShopSettings;
  },
): Promise<DraftToMake | string> {
  const { shipment, part, order, access, settings } = input;
  const { db } = ctx.deps;
  const { shop, orderId } = shipment;
  // The products' types and categories came with the order (one Admin API call for the job); the
  // variants' sizes, for a shop that keeps them, with one more.
  const { products, dimensions } = await itemFactsOf(ctx, order, shop, orderId, settings);
  const couriers =
    access instanceof Error ? null : await courierListFor(ctx, access.apiKey, access.client);
  const evaluated = evaluateOrder({
    shop,
    order,
    settings,
    shipment,
    part,
    products,
    dimensions,
    couriers,
  });
  // The shop's courier rules pick the service when the checkout did not (../shared/courier-rules.ts).
  const ruled =
    evaluated.decision.ship && !(access instanceof Error)
      ? await courierByRules(ctx, access, shop, {
          rules: settings.courierRules,
          order,
          products,
          mapped: evaluated.mapped,
          couriers,
        })
      : null;
  const evaluation = ruled
    ? { ...evaluated, mapped: withRuleCourier(evaluated.mapped, ruled) }
    : evaluated;
  const { decision, mapped } = evaluation;
  const snapshot = orderSnapshot(order, evaluation, input.updatedAt);

  if (!decision.ship) {
    await apply(ctx, shop, shipment.id, (current) =>
      current.draftOrderId || current.status !== "pending"
        ? null
        : {
            patch: notShippedPatch(snapshot, decision),
            event: { actor: ACTOR.create, type: decision.status, message: decision.said },
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
      { actor: ACTOR.create, type: "problem", message: problem.problemSaid, data: mapped.problems },
    );
    await markInbox(db, shop, orderId, ORDER_PAYLOAD_TOPICS);
    return "needs attention";
  }
  // A cash-on-delivery order: its risk of coming back unpaid, from the shop's own history (one SQL
  // statement), kept with the draft for the merchant to see. Prepaid orders read nothing more.
  // The shop's policy may hold it before anything is made at the service (../shared/cod-risk-hold.ts).
  const cod = codAmount(mapped);
  if (cod !== null) {
    const risk = await assessCodRisk(db, {
      shop,
      order,
      destination: mapped.destination,
      cod,
      currency: "IDR",
    });
    snapshot.codRisk = risk;
    const held = await holdForCodRisk(ctx, {
      shipment,
      settings,
      access,
      request: mapped.request,
      snapshot,
      risk,
      cod,
    });
    if (held) {
      await tellShopifyTheRisk(ctx, shipment.shop, shipment.id, risk);
      return "held for its COD risk";
    }
  }
  return { shipment, request: mapped.request, evaluation, snapshot };
}

/**
 * A COD order's risk, once saved with its shipment: at medium or high, written to the store order's
 * risk in Shopify too (worker/processors/order-risk.ts), once per level and score.
 */
async function tellShopifyTheRisk(
  ctx: Ctx,
  shop: string,
  shipmentId: string,
  risk: { level: string; score: number },
): Promise<void> {
  if (risk.level === "medium" || risk.level === "high")
    await ctx.deps.enqueue.orderRisk(shop, shipmentId, risk);
}
