import { and, eq } from "drizzle-orm";
import { RETURN_PICKUP_TRACKING } from "#app/admin-api/operations/return-pickups.ts";
import { adminRequest } from "#app/admin-api/request.ts";
import { returnPickups, type ReturnPickup } from "#app/db/schema.ts";
import { httpUrlOrNull } from "#app/platform/http-url.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import {
  customerReturn,
  getPickup,
  pickupDraft,
  pickupLines,
} from "#app/returns/pickups.server.ts";
import { pickupProblem, returnStatusWords } from "#app/returns/pickup-problem.ts";
import { joinedSaid, said, type Said } from "#app/i18n/said.ts";
import { getShipment } from "#app/shipments/shipments.server.ts";
import { getShopSettings } from "#app/shops/shops.server.ts";
import { CODES, normaliseOrderStatus, type Order } from "#app/shipping/contract.ts";
import { ShippingError, ShippingStateError } from "#app/shipping/errors.ts";
import { shippingAccessForShop } from "#app/shops/shipping-client.server.ts";
import {
  Ctx,
  merchantProblem,
  type JobWithSlot,
  type ShipmentDeps,
} from "../shared/shipment-context.ts";

/**
 * book-return-pickup: a customer's return the merchant asked to be picked up, in three steps, each
 * kept on the row and skipped when found done (a retry after a crash repeats nothing):
 * 1. Shopify's return read again (still open? its lines): a return declined, closed or cancelled
 *    meanwhile books nothing;
 * 2. a draft at the service from the customer to the original pickup location, the returned lines
 *    at the original items' weights, non-COD, at the courier the merchant chose (a draft kept from
 *    an earlier, refused request is moved to it); then confirmed (the shop is charged): the
 *    waybill, and the courier the service booked;
 * 3. Shopify's return given the waybill and tracking link (`reverseDeliveryCreateWithShipping`,
 *    the customer notified as the merchant's `notifyCustomer` setting says); a reverse delivery
 *    already carrying this waybill is not made again.
 */
export async function processBookReturnPickup(
  job: JobWithSlot,
  deps: ShipmentDeps,
): Promise<string> {
  const ctx = new Ctx(deps, job);
  const { shop, pickupId } = shipmentJobs.bookReturnPickup.payload.parse(job.data);
  const { db } = deps;
  const pickup = await getPickup(db, shop, pickupId);
  if (!pickup) return "gone";
  if (pickup.reverseDeliveryId) return "already booked";
  if (pickup.status !== "booking" && pickup.status !== "booked")
    return `not asked (${pickup.status})`;
  const save = (patch: Partial<ReturnPickup>) =>
    db
      .update(returnPickups)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(returnPickups.shop, shop), eq(returnPickups.id, pickupId)));
  const refuse = async (problem: Said) => {
    await save({
      status: pickup.shippingOrderId ? "booked" : "refused",
      ...pickupProblem(problem),
    });
    return "refused";
  };

  const shipment = pickup.shipmentId ? await getShipment(db, shop, pickup.shipmentId) : null;
  if (!shipment?.label) return refuse(said("pickupOriginalUnknown"));
  const found = await customerReturn(deps.adminGraphql, shop, pickup.shopifyReturnId);
  if (!found) return refuse(said("pickupReturnGone"));
  if (!pickup.shippingOrderId && found.status !== "OPEN") {
    await save({
      status: found.status === "DECLINED" ? "declined" : "closed",
      ...pickupProblem(said("pickupReturnNotOpen", { status: returnStatusWords(found.status) })),
    });
    return "return not open";
  }
  const what = pickupLines(found, shipment);
  if (!what) return refuse(said("pickupNoLines"));

  let booked = pickup;
  if (!pickup.shippingOrderId) {
    const { client, apiKey } = await shippingAccessForShop(db, deps.env, shop);
    try {
      let draftId = pickup.draftOrderId;
      if (!draftId) {
        const request = pickupDraft(
          shipment.label!,
          what.lines,
          { company: pickup.courierCompany!, type: pickup.courierType! },
          {
            referenceId: `return-${pickup.shopifyReturnId.split("/").pop()}`,
            returnName: found.name,
            orderName: shipment.orderName,
          },
        );
        try {
          draftId = (await ctx.call(apiKey, "draft_orders", () => client.createDraftOrder(request)))
            .id;
        } catch (error) {
          // An earlier run made the draft but its answer was lost: adopt it, never make a second.
          const existing =
            error instanceof ShippingStateError &&
            (error.code === CODES.draftReferenceUsed || error.code === CODES.referenceUsed) &&
            typeof error.details?.draft_order_id === "string"
              ? error.details.draft_order_id
              : null;
          if (!existing) throw error;
          draftId = existing;
        }
        await save({ draftOrderId: draftId, lines: what.lines });
      } else {
        // A draft of an earlier request (refused, then asked again at another courier): it books
        // at the courier the merchant chose now, not the one it was made with.
        const draft = await ctx.call(apiKey, "draft_orders", () => client.getDraftOrder(draftId!));
        if (
          draft.courier?.company !== pickup.courierCompany ||
          draft.courier?.type !== pickup.courierType
        )
          await ctx.call(apiKey, "draft_orders", () =>
            client.updateDraftOrder(draftId!, {
              courier_company: pickup.courierCompany!,
              courier_type: pickup.courierType!,
            }),
          );
      }
      let order: Order;
      try {
        order = await ctx.call(apiKey, "draft_orders", () => client.confirmDraftOrder(draftId));
      } catch (error) {
        // A confirmation whose answer was lost: the order it made is adopted.
        if (!(error instanceof ShippingStateError && error.code === CODES.draftAlreadyConfirmed))
          throw error;
        const draft = await ctx.call(apiKey, "draft_orders", () => client.getDraftOrder(draftId));
        if (!draft.order_id) throw error;
        order = await ctx.call(apiKey, "orders", () => client.getOrder(draft.order_id!));
      }
      const patch = {
        status: "booked" as const,
        ...pickupProblem(null),
        shippingOrderId: order.id,
        // The courier the service booked, which the page shows.
        courierCompany: order.courier?.company ?? pickup.courierCompany,
        courierType: order.courier?.type ?? pickup.courierType,
        serviceStatus: normaliseOrderStatus(order.status) ?? order.status,
        waybillId: order.courier?.waybill_id ?? null,
        trackingUrl: httpUrlOrNull(order.courier?.link),
        price:
          order.price === null || order.price === undefined ? pickup.price : String(order.price),
        bookedAt: new Date(),
      };
      await save(patch);
      booked = { ...pickup, ...patch };
    } catch (error) {
      const problem = merchantProblem(error);
      if (problem) return refuse(joinedSaid(problem.problemSaid));
      if (error instanceof ShippingError && !error.retryable)
        return refuse(said("pickupServiceRefused", { reason: error.message }));
      throw error;
    }
  }

  // The waybill on Shopify's return; without one yet, sync-return-pickup asks again when it comes.
  if (!booked.waybillId) return "booked, waiting for the waybill";
  const reverse = found.reverseFulfillmentOrders.nodes.find(
    (r) => r.id === what.reverseFulfillmentOrderId,
  );
  const existing = reverse?.reverseDeliveries.nodes.find(
    (d) => d.deliverable?.tracking?.number === booked.waybillId,
  );
  let reverseDeliveryId = existing?.id ?? null;
  if (!reverseDeliveryId) {
    const { notifyCustomer } = await getShopSettings(db, shop);
    const answer = await adminRequest(deps.adminGraphql, shop, RETURN_PICKUP_TRACKING, {
      notifyCustomer,
      reverseFulfillmentOrderId: what.reverseFulfillmentOrderId,
      reverseDeliveryLineItems: what.lines.map((l) => ({
        reverseFulfillmentOrderLineItemId: l.reverseLineId,
        quantity: l.quantity,
      })),
      trackingInput: {
        number: booked.waybillId,
        ...(booked.trackingUrl ? { url: booked.trackingUrl } : {}),
      },
    });
    const result = answer.reverseDeliveryCreateWithShipping;
    if (!result?.reverseDelivery)
      return refuse(
        said("pickupTrackingRefused", {
          detail: result?.userErrors.map((e) => e.message).join("; ") || said("noAnswer"),
        }),
      );
    reverseDeliveryId = result.reverseDelivery.id;
  }
  await save({ reverseDeliveryId, ...pickupProblem(null) });
  return "booked";
}
