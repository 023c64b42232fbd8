import { joinedSaid, said, type Said } from "#app/i18n/said.ts";
import type { EventType } from "#app/shipments/event-types.ts";
import { labelSnapshot } from "#app/labels/snapshot.ts";
import { fulfillmentEvents, type Shipment } from "#app/db/schema.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import {
  recordedEntries,
  type HistoryEntry,
  type RecordedEntry,
} from "#app/shipments/fulfillment-events.ts";
import { codAmount, isCod } from "#app/shipments/cod.ts";
import { isOnlyTrouble, troubleProblem } from "#app/shipments/trouble.ts";
import { isOnlyKind } from "#app/shipments/problem-kinds.ts";
import { getShipment, type ShipmentPatch } from "#app/shipments/shipments.server.ts";
import { canMove, isShipmentStatus, type ShipmentStatus } from "#app/shipments/states.ts";
import { httpUrlOrNull } from "#app/platform/http-url.ts";
import { normaliseOrderStatus } from "#app/shipping/contract.ts";
import { shippingAccessForShop } from "#app/shops/shipping-client.server.ts";
import { getShopSettings } from "#app/shops/shops.server.ts";
import {
  ACTOR,
  Ctx,
  apply,
  codFeePatch,
  insuranceFeePatch,
  type JobWithSlot,
  type ShipmentDeps,
} from "../shared/shipment-context.ts";
import { costOf, declaredGramsOf, reweighProblem } from "#app/costs/reweigh.ts";
import { repricing, type Repriced } from "../shared/repricing.ts";
import { lanePatch, wayFacts } from "#app/couriers/lane.ts";

/** Records the history's entries not recorded yet; how many were new. */
async function recordHistory(
  db: ShipmentDeps["db"],
  shipment: Shipment,
  entries: readonly RecordedEntry[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const inserted = await db
    .insert(fulfillmentEvents)
    .values(entries.map((e) => ({ ...e, shipmentId: shipment.id, shop: shipment.shop })))
    .onConflictDoNothing()
    .returning({ id: fulfillmentEvents.id });
  return inserted.length;
}

/** sync-status: the service's view of a booked order (after an event, or by the poll); statuses only move forward. */
export async function processSyncStatus(job: JobWithSlot, deps: ShipmentDeps): Promise<string> {
  const ctx = new Ctx(deps, job);
  const { shop, shipmentId } = shipmentJobs.syncStatus.payload.parse(job.data);
  const shipment = await getShipment(deps.db, shop, shipmentId);
  if (!shipment?.shippingOrderId) return "nothing to sync";
  const { client, apiKey } = await shippingAccessForShop(deps.db, deps.env, shop);
  // Never trust an event's body: ask the service.
  const order = await ctx.call(apiKey, "orders", () => client.getOrder(shipment.shippingOrderId!));
  // Nothing the courier reports happened after this moment (recordedEntries).
  const receivedAt = new Date();
  const status = normaliseOrderStatus(order.status);
  // A status outside the service's list of 14 (a renamed or new one): the shipment keeps its last
  // known status (waybill and price still sync), and the worker's log says what came.
  if (!status)
    ctx.log.warn(
      { shop, shipmentId, status: order.status.slice(0, 40) },
      "unknown order status from the shipping service; shipment status kept",
    );
  const history = order.courier?.history ?? [];
  const latest = latestEntry(history);
  // The history's entries as recorded (each once, in the order they happened): the parcel's way
  // is read from them, and the new ones are told to Shopify below.
  const entries = recordedEntries(history, shipment.courierType, receivedAt);
  const ahead = entries.filter((e) => e.clamped);
  if (ahead.length > 0)
    ctx.log.warn(
      { shop, shipmentId, entries: ahead.length, receivedAt: receivedAt.toISOString() },
      "the courier dates entries after the app read them; taken as happening when read",
    );
  const way = wayFacts(entries);
  // The shop's re-weigh threshold, read only when the price moved (rarely: one more statement).
  const threshold =
    order.price !== null &&
    order.price !== undefined &&
    Number(order.price) !== Number(shipment.price) &&
    shipment.quotedPrice !== null
      ? (await getShopSettings(deps.db, shop)).reweighProblemAbove
      : null;
  const saved = await apply(ctx, shop, shipmentId, (current) => {
    let patch: ShipmentPatch = {};
    const notes: Said[] = [];
    if (status && isShipmentStatus(status) && canMove(current.status as ShipmentStatus, status)) {
      // Said by the event's own change (its from and to statuses), not again in its message.
      patch.status = status;
      // When the parcel reached the customer, or came back (the courier's time where it says).
      if (status === "delivered") patch.deliveredAt = happenedAt(entries, status, receivedAt);
      if (status === "returned") patch.returnedAt = happenedAt(entries, status, receivedAt);
    }
    const waybill = order.courier?.waybill_id ?? null;
    if (waybill && waybill !== current.waybillId) {
      patch.waybillId = waybill;
      patch.trackingUrl = httpUrlOrNull(order.courier?.link) ?? httpUrlOrNull(current.trackingUrl);
      notes.push(said("syncWaybill", { from: current.waybillId ?? said("none"), to: waybill }));
    }
    // The label's facts: kept once (a booking recorded before labels existed gets them now), and
    // again when the courier's routing code comes later than the booking.
    const routingCode = order.courier?.routing_code?.trim() || null;
    // (Never again for a shipment whose customer data was removed at the customer's request.)
    if (
      !current.redactedAt &&
      (!current.label || (routingCode && routingCode !== current.label.routingCode))
    ) {
      // The booking day as the first snapshot knew it, when the order carries no history.
      patch.label = labelSnapshot(
        order,
        current.label?.bookedAt ? new Date(current.label.bookedAt) : null,
      );
      Object.assign(patch, lanePatch(patch.label));
    }
    // The courier's record on the parcel (its pickup, its failed attempts): kept silently. The
    // pickup's time only moves earlier: one the courier dated ahead was taken as when first read.
    if (
      way.pickedUpAt &&
      (!current.pickedUpAt || way.pickedUpAt.getTime() < current.pickedUpAt.getTime())
    )
      patch.pickedUpAt = way.pickedUpAt;
    if (way.failedAttempts !== current.failedAttempts) patch.failedAttempts = way.failedAttempts;
    // The COD fee, as the service states it now (a re-priced order may change it): kept silently.
    const fee = codFeePatch(order).codFee;
    if (fee !== undefined && Number(fee) !== Number(current.codFee)) patch.codFee = fee;
    const insurance = insuranceFeePatch(order).insuranceFee;
    if (insurance !== undefined && Number(insurance) !== Number(current.insuranceFee))
      patch.insuranceFee = insurance;
    // A new price (the service's `order.price`): a return fee once the parcel turned back, else a
    // re-weigh, measured against the booking's quote (app/costs/).
    const price = order.price === null || order.price === undefined ? null : String(order.price);
    let repriced: Repriced | null = null;
    if (price !== null && Number(price) !== Number(current.price)) {
      repriced = repricing(current, patch, price);
      patch = { ...patch, ...repriced.patch };
      notes.push(repriced.note);
    }
    // A parcel in trouble goes under "needs attention" (a problem of another kind is left as it
    // is), and leaves it by itself when the parcel moves on.
    const trouble = troubleProblem({
      status: patch.status ?? current.status,
      note: latest?.status === (patch.status ?? current.status) ? (latest.note ?? null) : null,
      destinationName: current.destinationName,
      destinationPhone: current.destinationPhone,
      cod: codAmount(current),
      currency: current.currency,
    });
    let type: EventType = repriced?.type ?? "synced";
    // A re-weigh above the shop's threshold goes under "needs attention" (beside no other
    // problem); back under it (the service lowered the price again), that problem goes.
    const reweighed =
      repriced && threshold !== null
        ? reweighProblem(costOf({ ...current, ...patch }), declaredGramsOf(current), threshold)
        : undefined;
    if (
      trouble &&
      current.problem !== trouble.problem &&
      (!current.problem || isOnlyTrouble(current.problemKinds))
    ) {
      patch = { ...patch, ...trouble };
      type = "delivery_trouble";
      notes.push(...trouble.problemSaid);
    } else if (!trouble && current.problem && isOnlyTrouble(current.problemKinds)) {
      patch = { ...patch, problem: null };
      type = "delivery_resumed";
    } else if (reweighed && (!current.problem || isOnlyKind(current.problemKinds, "reweighed"))) {
      patch = { ...patch, ...reweighed };
    } else if (reweighed === null && isOnlyKind(current.problemKinds, "reweighed")) {
      patch = { ...patch, problem: null };
    }
    if (notes.length === 0 && type === "synced" && !patch.status) return null;
    return {
      patch,
      event: { actor: ACTOR.sync, type, message: notes.length > 0 ? joinedSaid(notes) : null },
    };
  });
  // The courier's history, entry by entry (an entry read again is the same row): what is new is
  // told to Shopify as fulfillment events once the shipment has its fulfillment.
  const recorded = await recordHistory(deps.db, shipment, entries);
  let current = saved ?? shipment;
  // A parcel marked stuck (find-stuck) that the courier scanned again is moving: the problem goes.
  if (recorded > 0 && isOnlyKind(current.problemKinds, "stuck"))
    current =
      (await apply(ctx, shop, shipmentId, (now) =>
        isOnlyKind(now.problemKinds, "stuck")
          ? {
              patch: { problem: null },
              event: { actor: ACTOR.sync, type: "moving_again", message: said("movingAgain") },
            }
          : null,
      )) ?? current;
  if (recorded > 0 && (current.fulfillmentIds as string[]).length > 0)
    await deps.enqueue.fulfillmentEvents(shop, shipment.id);
  // Tell Shopify (tracking, status metafield) when something it shows changed.
  if (saved && (saved.status !== shipment.status || saved.waybillId !== shipment.waybillId))
    await deps.enqueue.shopifySync(
      shop,
      saved.id,
      saved.version,
      saved.waybillId !== shipment.waybillId || saved.trackingUrl !== shipment.trackingUrl,
    );
  // A waybill that came after the booking (a service without an instant one): the fulfillment
  // waited for it, and is made now.
  if (
    saved?.waybillId &&
    !shipment.waybillId &&
    (saved.fulfillmentIds as string[]).length === 0 &&
    (await getShopSettings(deps.db, shop)).fulfillOnConfirm
  ) {
    await deps.enqueue.createFulfillment(shop, saved.id, saved.waybillId);
  }
  // A delivered cash-on-delivery parcel: its Shopify order is marked paid (settle-cod).
  if (saved?.status === "delivered" && shipment.status !== "delivered" && isCod(saved))
    await deps.enqueue.settleCod(shop, saved.id);
  // A parcel back with the shop: returned, restocked and closed in Shopify (process-return).
  if (saved?.status === "returned" && shipment.status !== "returned")
    await deps.enqueue.processReturn(shop, saved.id);
  return saved?.status ?? "gone";
}

/** The latest entry of the courier's history (by its time; the last listed when times tie or lack). */
function latestEntry(history: readonly HistoryEntry[]): HistoryEntry | undefined {
  let latest: HistoryEntry | undefined;
  for (const entry of history) {
    if (
      !latest ||
      (Date.parse(entry.updated_at ?? "") || 0) >= (Date.parse(latest.updated_at ?? "") || 0)
    )
      latest = entry;
  }
  return latest;
}

/**
 * When the history says the order reached a status (its latest entry of it, never after it was
 * read: recordedEntries); the moment it was read when the history does not say.
 */
function happenedAt(entries: readonly RecordedEntry[], status: string, receivedAt: Date): Date {
  const times = entries
    .filter((e) => e.serviceStatus === status)
    .map((e) => e.happenedAt.getTime());
  return times.length > 0 ? new Date(Math.max(...times)) : receivedAt;
}
