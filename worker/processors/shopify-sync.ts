import type { Job } from "bullmq";
import { TRACKING_UPDATE } from "#app/admin-api/operations/fulfillments.ts";
import { adminRequest, userErrorText } from "#app/admin-api/request.ts";
import { trackingInput } from "#app/orders/tracking-company.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import { getShipment } from "#app/shipments/shipments.server.ts";
import { getShopSettings } from "#app/shops/shops.server.ts";
import {
  unlessNotGranted,
  whenConnected,
  type ShopifyOrderDeps,
} from "../shared/shopify-connection.ts";
import { writeStatusMetafields } from "#app/shipments/status-metafields.server.ts";

/**
 * shopify-sync: after a booked shipment's status or waybill changed, Shopify's tracking (a waybill
 * change) and the order's status metafields (app/shipments/status-metafields.ts) are made current.
 */

export async function processShopifySync(job: Job, deps: ShopifyOrderDeps): Promise<string> {
  const { shop, shipmentId, tracking } = shipmentJobs.shopifySync.payload.parse(job.data);
  // A scope the shop has not granted: the next change writes again.
  return whenConnected(deps, shop, shipmentId, () =>
    unlessNotGranted(() => shopifySync(shop, shipmentId, tracking, deps)),
  );
}

async function shopifySync(
  shop: string,
  shipmentId: string,
  tracking: boolean,
  deps: ShopifyOrderDeps,
): Promise<string> {
  const shipment = await getShipment(deps.db, shop, shipmentId);
  if (!shipment) return "no shipment";
  // Only a new waybill or link changes Shopify's tracking: a status change alone does not.
  const fulfillmentIds =
    tracking && shipment.waybillId ? (shipment.fulfillmentIds as string[]) : [];
  // Shopify's flag on the update holds for the fulfillment's later e-mails too: the merchant's.
  const { notifyCustomer } =
    fulfillmentIds.length > 0 ? await getShopSettings(deps.db, shop) : { notifyCustomer: false };
  for (const fulfillmentId of fulfillmentIds) {
    const { fulfillmentTrackingInfoUpdate: answer } = await adminRequest(
      deps.adminGraphql,
      shop,
      TRACKING_UPDATE,
      { fulfillmentId, trackingInfoInput: trackingInput(shipment), notifyCustomer },
    );
    if (answer?.userErrors.length)
      throw new Error(`Tracking update refused: ${userErrorText(answer.userErrors)}`);
  }
  return writeStatusMetafields(deps, shop, shipment.orderId);
}
