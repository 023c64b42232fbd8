import { and, eq } from "drizzle-orm";
import { returnPickups } from "#app/db/schema.ts";
import { httpUrlOrNull } from "#app/platform/http-url.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import { getPickup } from "#app/returns/pickups.server.ts";
import { normaliseOrderStatus } from "#app/shipping/contract.ts";
import { shippingAccessForShop } from "#app/shops/shipping-client.server.ts";
import { Ctx, type JobWithSlot, type ShipmentDeps } from "../shared/shipment-context.ts";

/**
 * sync-return-pickup: a return pickup's order at the service as it now is (its status, a waybill
 * that came after the booking, the delivery back to the shop). A waybill that came late is then
 * put on Shopify's return by book-return-pickup.
 */
export async function processSyncReturnPickup(
  job: JobWithSlot,
  deps: ShipmentDeps,
): Promise<string> {
  const ctx = new Ctx(deps, job);
  const { shop, pickupId } = shipmentJobs.syncReturnPickup.payload.parse(job.data);
  const pickup = await getPickup(deps.db, shop, pickupId);
  if (!pickup?.shippingOrderId) return "not booked";
  const { client, apiKey } = await shippingAccessForShop(deps.db, deps.env, shop);
  const order = await ctx.call(apiKey, "orders", () => client.getOrder(pickup.shippingOrderId!));
  const status = normaliseOrderStatus(order.status) ?? order.status;
  const waybillId = order.courier?.waybill_id ?? pickup.waybillId;
  const delivered = status === "delivered" && !pickup.deliveredAt;
  await deps.db
    .update(returnPickups)
    .set({
      serviceStatus: status,
      waybillId,
      trackingUrl: httpUrlOrNull(order.courier?.link) ?? pickup.trackingUrl,
      ...(delivered ? { deliveredAt: new Date() } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(returnPickups.shop, shop), eq(returnPickups.id, pickupId)));
  if (waybillId && !pickup.reverseDeliveryId) await deps.enqueue.bookReturnPickup(shop, pickupId);
  return status;
}
