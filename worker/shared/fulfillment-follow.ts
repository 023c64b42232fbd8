import { inEnglish, said } from "#app/i18n/said.ts";
import type { Shipment } from "#app/db/schema.ts";
import {
  handledElsewhere,
  planFulfillment,
  type FulfillmentOrder,
  type OrderFulfillment,
} from "#app/orders/fulfillment-orders.ts";
import { problemOf } from "#app/shipments/problem-kinds.ts";
import { TERMINAL_STATUSES, type ShipmentStatus } from "#app/shipments/states.ts";
import type { ShopSettings } from "#app/shops/settings.ts";
import { addParts } from "./fulfillment-plan.ts";
import { ACTOR, apply, removeDraft, type Ctx } from "./shipment-context.ts";

/**
 * The order's shipments follow Shopify's fulfillment orders as they change after drafting: a move
 * to another location, a merge, a split, a cancellation with a replacement, fulfillment orders
 * added by an edit. Run by the update job (every order change) and by the fulfillment-order
 * webhooks (worker/processors/fulfillment-change.ts), before each shipment follows the order.
 *
 * - A shipment whose fulfillment order is still the app's to ship keeps it; if Shopify assigned it
 *   to another location (order routing, a move of all its items), it is moved.
 * - A shipment whose fulfillment order is gone (moved, merged, closed, cancelled) takes over its
 *   successor: the one the webhook named, else a free one at the same location, else the only
 *   free one when it is the only shipment left without one.
 * - Moved before booking, the draft is made again from the new location's pickup (or waits until
 *   that location is connected). Moved after booking, the merchant is told: the courier comes to
 *   the old location.
 * - Gone without a successor: before booking the draft is deleted and nothing is shipped; after
 *   booking (and not fulfilled by this app) the merchant is told, so the courier can be stopped.
 * - Fulfillment orders of the app's that no shipment carries (a split's or a hold's remaining
 *   items, an edit's new items) become new parts with their own drafts.
 */

/** Still able to change: not cancelled, not decided as not needed, not at the end of its journey. */
const following = (s: Shipment) =>
  s.status !== "cancelled" &&
  s.status !== "not_required" &&
  !(s.shippingOrderId && TERMINAL_STATUSES.has(s.status as ShipmentStatus));

/** Booked and fulfilled in Shopify by this app: its fulfillment order closed because of it. */
const fulfilledByApp = (s: Shipment) =>
  Boolean(s.shippingOrderId) && (s.fulfillmentIds as string[]).length > 0;

/** The last of a chain of successors (a moved fulfillment order moved again). */
function successorOf(successors: ReadonlyMap<string, string>, id: string): string | null {
  let next = successors.get(id) ?? null;
  for (let i = 0; next && successors.has(next) && i < 10; i++) next = successors.get(next)!;
  return next;
}

export async function followFulfillmentOrders(
  ctx: Ctx,
  all: readonly Shipment[],
  fulfillment: OrderFulfillment,
  successors: ReadonlyMap<string, string>,
  settings: ShopSettings,
): Promise<string[]> {
  // Drafting has not planned the order yet: it reads Shopify's fulfillment orders then.
  if (!all.some((s) => s.fulfillmentOrderId)) return [];
  const { ours } = planFulfillment(fulfillment.fulfillmentOrders);
  const known = new Map(fulfillment.fulfillmentOrders.map((fo) => [fo.id, fo]));
  const held = new Set(all.map((s) => s.fulfillmentOrderId).filter((id): id is string => !!id));
  const free = () => ours.filter((fo) => !held.has(fo.id));
  const outcomes: string[] = [];

  const orphans: Shipment[] = [];
  for (const s of all) {
    if (!s.fulfillmentOrderId || !following(s) || fulfilledByApp(s)) continue;
    const fo = ours.find((o) => o.id === s.fulfillmentOrderId);
    if (!fo) orphans.push(s);
    else if (fo.locationId !== s.shopifyLocationId)
      outcomes.push(await takeOver(ctx, s, fo, settings));
  }
  for (const s of orphans) {
    const named = successorOf(successors, s.fulfillmentOrderId!);
    let next = named ? ours.find((o) => o.id === named && !held.has(o.id)) : undefined;
    // Without a named successor, only a shipment not booked yet is matched by its location.
    if (!next && !named && !s.shippingOrderId) {
      const unmatched = orphans.filter((o) => !o.shippingOrderId);
      next =
        free().find((o) => o.locationId === s.shopifyLocationId) ??
        (unmatched.length === 1 && free().length === 1 ? free()[0] : undefined);
    }
    if (next) {
      held.add(next.id);
      outcomes.push(await takeOver(ctx, s, next, settings));
    } else {
      // A named successor: another shipment already carries it (a merge), or it is not this app's.
      outcomes.push(
        await letGo(
          ctx,
          s,
          known.get(s.fulfillmentOrderId!),
          named ? (known.get(named) ?? null) : null,
        ),
      );
    }
  }

  const added = free();
  if (added.length > 0) {
    const first = all.find((s) => s.part === 1) ?? all[0]!;
    await addParts(ctx, first, added, all);
    outcomes.push(
      `${added.length} new shipment${added.length > 1 ? "s" : ""} for ${added.map((fo) => fo.locationName).join(", ")}`,
    );
  }
  return outcomes;
}

/** The shipment carries `fo` from now on (a successor, or its own fulfillment order at a new location). */
async function takeOver(
  ctx: Ctx,
  s: Shipment,
  fo: FulfillmentOrder,
  settings: ShopSettings,
): Promise<string> {
  const { shop, orderId } = s;
  const from = s.shopifyLocationName ?? said("itsLocation");
  const moved = fo.locationId !== s.shopifyLocationId;
  const where = {
    fulfillmentOrderId: fo.id,
    shopifyLocationId: fo.locationId,
    shopifyLocationName: fo.locationName,
  };

  if (s.shippingOrderId) {
    // Booked: the courier comes to the old location. The fulfillment closes the new fulfillment order.
    const problem = moved
      ? problemOf("after_booking", said("movedAfterBooking", { from, to: fo.locationName }))
      : null;
    await apply(ctx, shop, s.id, (current) =>
      current.fulfillmentOrderId === fo.id && current.shopifyLocationId === fo.locationId
        ? null
        : {
            patch: problem ? { ...where, ...problem } : where,
            event: {
              actor: ACTOR.update,
              type: moved ? "changed_after_booking" : "fulfillment_order",
              message: problem?.problemSaid ?? said("foReplaced", { location: fo.locationName }),
              data: { fulfillmentOrderId: fo.id, from: s.fulfillmentOrderId },
            },
          },
    );
    return moved ? "moved after booking: flagged" : "follows its new fulfillment order";
  }

  // Not booked: a draft from the old location is made again from the new one.
  const redraft = moved && Boolean(s.draftOrderId);
  if (redraft) await removeDraft(ctx, shop, s.draftOrderId!);
  const saved = await apply(ctx, shop, s.id, (current) =>
    current.shippingOrderId ||
    (current.fulfillmentOrderId === fo.id && current.shopifyLocationId === fo.locationId)
      ? null
      : {
          patch: {
            ...where,
            ...(redraft
              ? {
                  status: "pending",
                  draftOrderId: null,
                  courierCompany: null,
                  courierType: null,
                  price: null,
                  originLocationId: null,
                  originName: null,
                  problem: null,
                }
              : {}),
          },
          event: {
            actor: ACTOR.update,
            type: "fulfillment_order_moved",
            message: moved
              ? redraft
                ? said("movedRedrafted", { from, to: fo.locationName, draft: s.draftOrderId! })
                : said("movedLeaves", { from, to: fo.locationName })
              : said("foReplaced", { location: fo.locationName }),
            data: { fulfillmentOrderId: fo.id, from: s.fulfillmentOrderId },
          },
        },
  );
  // Drafted again (or, waiting on the old location's set-up, tried again) from the new location.
  if (
    saved &&
    !saved.draftOrderId &&
    saved.status === "pending" &&
    moved &&
    (redraft || s.problem || settings.autoCreateDrafts)
  )
    await ctx.deps.enqueue.createDraft(shop, orderId, `m${saved.version}`, saved.part);
  return moved ? `moved to ${fo.locationName}` : "follows its new fulfillment order";
}

/** The shipment's fulfillment order is gone and nothing took over from it. */
async function letGo(
  ctx: Ctx,
  s: Shipment,
  fo: FulfillmentOrder | undefined,
  successor: FulfillmentOrder | null,
): Promise<string> {
  const { shop } = s;
  const at = fo?.locationName ?? s.shopifyLocationName ?? said("itsLocation");
  const elsewhere = successor ? handledElsewhere(successor) : null;
  const how = elsewhere
    ? said("howMovedAway", { why: elsewhere })
    : successor
      ? said("howMerged")
      : fo?.status === "CANCELLED"
        ? said("howCancelled")
        : fo?.status === "CLOSED"
          ? said("howClosed")
          : fo
            ? said("howNothingLeft", { status: fo.status.toLowerCase() })
            : said("howNotListed");

  if (s.shippingOrderId) {
    const problem = problemOf("after_booking", said("goneAfterBooking", { how, at }));
    await apply(ctx, shop, s.id, (current) =>
      current.problem === problem.problem
        ? null
        : {
            patch: problem,
            event: {
              actor: ACTOR.update,
              type: "changed_after_booking",
              message: problem.problemSaid,
            },
          },
    );
    return "gone after booking: flagged";
  }
  const reason = said("nothingNeededBecause", { how, at });
  if (s.draftOrderId) await removeDraft(ctx, shop, s.draftOrderId);
  await apply(ctx, shop, s.id, (current) =>
    current.shippingOrderId || current.status === "not_required"
      ? null
      : {
          patch: {
            status: "not_required",
            decision: inEnglish(reason),
            decisionSaid: [reason],
            problem: null,
            awaitingPayment: false,
            draftOrderId: null,
          },
          event: {
            actor: ACTOR.update,
            type: "not_required",
            message: s.draftOrderId
              ? [reason, said("draftDeletedParen", { draft: s.draftOrderId })]
              : reason,
          },
        },
  );
  return "nothing left to ship";
}
