import { said, storedSaid } from "#app/i18n/said.ts";
import type { Shipment } from "#app/db/schema.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import {
  addShipmentEvent,
  getShipment,
  shipmentWithOrder,
} from "#app/shipments/shipments.server.ts";
import { problemOf } from "#app/shipments/problem-kinds.ts";
import { CODES, type Order } from "#app/shipping/contract.ts";
import { ShippingNotFoundError, ShippingStateError } from "#app/shipping/errors.ts";
import { shopFacts } from "#app/shops/shop-cache.server.ts";
import { labelSnapshot } from "#app/labels/snapshot.ts";
import { estimateFor } from "#app/shipments/estimate.ts";
import { courierListFor } from "../shared/order-state.ts";
import { holdNow } from "../shared/fulfillment-plan.ts";
import { lanePatch } from "#app/couriers/lane.ts";
import { writeStatusMetafields } from "#app/shipments/status-metafields.server.ts";
import {
  ACTOR,
  Ctx,
  apply,
  draftPatch,
  merchantProblem,
  orderPatch,
  bookedCostPatch,
  type JobWithSlot,
  type ShipmentDeps,
} from "../shared/shipment-context.ts";

/**
 * confirm: books a ready draft (the shop is charged). Automation books only paid and
 * cash-on-delivery orders; a merchant's own request books whatever its payment state. In steps:
 * a shipment already booked only has its follow-up queued; one that may not be booked yet says
 * why; the service confirms the draft (or the order a lost answer made is adopted); the booking is
 * recorded with its estimate, label and lane; then it is told to Shopify.
 */
export async function processConfirm(job: JobWithSlot, deps: ShipmentDeps): Promise<string> {
  const ctx = new Ctx(deps, job);
  const { shop, shipmentId, merchant } = shipmentJobs.confirm.payload.parse(job.data);
  // The order's other shipments come with it: the booking's write to Shopify is made from them.
  const { shipment, current: orderShipments } = await shipmentWithOrder(deps.db, shop, shipmentId);
  if (!shipment) return "no shipment";
  if (shipment.shippingOrderId) return followUpBooked(deps, shipment);
  const notYet = await notBookableYet(ctx, shipment, merchant);
  if (notYet) return notYet;

  const { access } = await shopFacts(deps.db, deps.env, shop);
  if (access instanceof Error) throw access;
  const confirmed = await confirmAtService(ctx, shipment, access);
  if (typeof confirmed === "string") return confirmed;
  const saved = await recordBooking(ctx, shipment, confirmed, access);
  if (saved?.status === "cancelled") return "cancelled";
  if (saved?.shippingOrderId) {
    const { settings } = await shopFacts(deps.db, deps.env, shop);
    if (settings.fulfillOnConfirm)
      await deps.enqueue.createFulfillment(shop, saved.id, saved.waybillId);
    else
      await writeBackOrQueue(
        ctx,
        saved,
        orderShipments.map((s) => (s.id === saved.id ? saved : s)),
      );
  }
  return saved?.status ?? "gone";
}

type ShopAccess = Exclude<Awaited<ReturnType<typeof shopFacts>>["access"], Error>;

/**
 * Already booked: the follow-up of a confirmation whose run stopped after saving it is queued
 * again (the fulfillment, or the booking's write to Shopify).
 */
async function followUpBooked(deps: ShipmentDeps, shipment: Shipment): Promise<string> {
  const { shop } = shipment;
  if (shipment.status === "confirmed") {
    if ((await shopFacts(deps.db, deps.env, shop)).settings.fulfillOnConfirm)
      await deps.enqueue.createFulfillment(shop, shipment.id, shipment.waybillId);
    else await deps.enqueue.shopifySync(shop, shipment.id, shipment.version, false);
  }
  return `already ${shipment.status}`;
}

/**
 * Why the shipment may not be booked now (recorded on its timeline where the merchant should
 * see it), or null: cancelled, no draft yet, waiting for payment (automation only), a Shopify
 * hold still on, a draft without a courier. A hold found released is cleared here.
 */
async function notBookableYet(
  ctx: Ctx,
  shipment: Shipment,
  merchant: boolean | undefined,
): Promise<string | null> {
  const { db } = ctx.deps;
  const { shop, id: shipmentId } = shipment;
  if (shipment.status === "cancelled") return "cancelled";
  if (!shipment.draftOrderId) return "no draft yet";
  if (shipment.awaitingPayment && !merchant) {
    // Booking charges the shop: automation waits for orders/paid (the merchant may book by hand).
    await addShipmentEvent(db, shipment, {
      actor: ACTOR.confirm,
      type: "waiting_for_payment",
      message: storedSaid(shipment.decisionSaid) ?? said("waitingForPaymentShort"),
    });
    return "waiting for payment";
  }
  if (shipment.shopifyHold) {
    // Shopify would refuse to fulfill a held fulfillment order: nobody books it until the hold goes.
    const hold = await holdNow(ctx, shipment);
    if (hold) {
      await addShipmentEvent(db, shipment, {
        actor: ACTOR.confirm,
        type: "confirm_skipped",
        message: said("notBookedOnHold", { hold }),
      });
      return "on hold";
    }
    const released = await apply(ctx, shop, shipmentId, (current) =>
      current.shopifyHold
        ? {
            patch: { shopifyHold: null },
            event: {
              actor: ACTOR.confirm,
              type: "hold_released",
              message: said("holdReleasedShort"),
            },
          }
        : null,
    );
    if (released?.shippingOrderId || released?.status === "cancelled")
      return `now ${released.status}`;
  }
  if (shipment.status === "draft_placed") {
    await addShipmentEvent(db, shipment, {
      actor: ACTOR.confirm,
      type: "confirm_skipped",
      message: said("draftNoCourierYet"),
    });
    return "not ready";
  }
  return null;
}

/**
 * The service confirms the draft: the order it made, or what became of the shipment instead
 * (the outcome's word). A retry may follow a confirmation whose answer was lost: the service then
 * refuses the second confirmation (draft already confirmed) and the order it made is adopted.
 * Confirming straight away keeps the happy path at one call, also for a job deferred by the
 * rate-limit schedule.
 */
async function confirmAtService(
  ctx: Ctx,
  shipment: Shipment,
  { client, apiKey }: ShopAccess,
): Promise<Order | string> {
  const { shop, id: shipmentId } = shipment;
  const draftId = shipment.draftOrderId!;
  const adopt = async (): Promise<Order | null> => {
    const draft = await ctx.call(apiKey, "draft_orders", () => client.getDraftOrder(draftId));
    if (draft.status === "confirmed" && draft.order_id)
      return ctx.call(apiKey, "orders", () => client.getOrder(draft.order_id!));
    return null;
  };
  let order: Order | null;
  try {
    order = await ctx.call(apiKey, "draft_orders", () => client.confirmDraftOrder(draftId));
  } catch (error) {
    if (error instanceof ShippingStateError && error.code === CODES.draftAlreadyConfirmed) {
      order = await adopt();
    } else if (error instanceof ShippingStateError && error.code === CODES.draftNotReady) {
      const draft = await ctx.call(apiKey, "draft_orders", () => client.getDraftOrder(draftId));
      await apply(ctx, shop, shipmentId, (current) =>
        current.draftOrderId === draftId
          ? {
              patch: draftPatch(draft),
              event: {
                actor: ACTOR.confirm,
                type: "confirm_refused",
                message: said("draftNotReady"),
              },
            }
          : null,
      );
      return "not ready";
    } else if (error instanceof ShippingNotFoundError) {
      const current = await getShipment(ctx.deps.db, shop, shipmentId);
      if (current?.status === "cancelled") return "cancelled meanwhile";
      await apply(ctx, shop, shipmentId, () => ({
        patch: problemOf("service", said("draftGone")),
        event: { actor: ACTOR.confirm, type: "problem", message: said("draftGone") },
      }));
      return "needs attention";
    } else {
      const problem = merchantProblem(error);
      if (!problem) throw error;
      await apply(ctx, shop, shipmentId, () => ({
        patch: problem,
        event: { actor: ACTOR.confirm, type: "problem", message: problem.problemSaid },
      }));
      return "needs attention";
    }
  }
  if (!order) throw new Error(`Draft ${draftId} reported confirmed but has no order yet`);
  return order;
}

/**
 * The booking recorded on the shipment (unless another run recorded it first): the order, what it
 * cost, the label's facts, the lane, the courier's estimate. The estimate comes from the couriers
 * list this process keeps (fetched for drafting); a list the service will not give now leaves the
 * booking without one, never fails it.
 */
async function recordBooking(
  ctx: Ctx,
  shipment: Shipment,
  confirmed: Order,
  { client, apiKey }: ShopAccess,
): Promise<Shipment | null> {
  // From the booking as the service dates it (its first history entry), else now.
  const bookedAt = Date.parse(confirmed.courier?.history?.[0]?.updated_at ?? "");
  const estimate = estimateFor(
    await courierListFor(ctx, apiKey, client).catch(() => null),
    confirmed.courier?.company ?? shipment.courierCompany,
    confirmed.courier?.type ?? shipment.courierType,
    Number.isFinite(bookedAt) ? new Date(bookedAt) : new Date(),
  );
  const label = labelSnapshot(confirmed, new Date());
  return apply(
    ctx,
    shipment.shop,
    shipment.id,
    (current) =>
      current.shippingOrderId
        ? null
        : {
            patch: {
              ...orderPatch(confirmed),
              ...bookedCostPatch(confirmed),
              label,
              ...lanePatch(label),
              estimatedDeliveryAt: estimate,
              problem: null,
            },
            event: {
              actor: ACTOR.confirm,
              type: "confirmed",
              message: confirmed.courier?.waybill_id
                ? said("bookedOrder", { id: confirmed.id, waybill: confirmed.courier.waybill_id })
                : said("bookedOrderNoWaybill", { id: confirmed.id }),
              data: { shippingOrderId: confirmed.id },
            },
          },
    shipment,
  );
}

/**
 * The booking's one write to Shopify (the order's status metafields), made by this job: a
 * shipment booked without fulfilling costs two jobs (draft, confirm), not three. Should Shopify
 * not take it now, the shopify-sync job makes it instead (it retries with backoff, and records a
 * shop without a session); the booking stands either way. A run that stops after booking and
 * before this write queues that job on its retry (the "already confirmed" branch above).
 */
async function writeBackOrQueue(
  ctx: Ctx,
  saved: Shipment,
  orderShipments: readonly Shipment[],
): Promise<void> {
  const { deps } = ctx;
  try {
    await writeStatusMetafields(
      { db: deps.db, adminGraphql: deps.adminGraphql },
      saved.shop,
      saved.orderId,
      orderShipments,
    );
  } catch (error) {
    ctx.log.debug(
      { shop: saved.shop, shipmentId: saved.id, err: (error as Error).message },
      "status metafields not written with the booking: queued",
    );
    await deps.enqueue.shopifySync(saved.shop, saved.id, saved.version, false);
  }
}
