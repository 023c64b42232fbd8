import type { Job } from "bullmq";
import type { Shipment } from "#app/db/schema.ts";
import { FULFILLMENT_CREATE } from "#app/admin-api/operations/fulfillments.ts";
import { adminRequest, userErrorText } from "#app/admin-api/request.ts";
import { readFulfillmentOrders } from "#app/orders/fulfillment-orders.ts";
import { trackingInput } from "#app/orders/tracking-company.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import type { enqueue as enqueueFns } from "#app/jobs/queues.server.ts";
import {
  addShipmentEvent,
  getShipment,
  updateShipment,
  type ShipmentPatch,
} from "#app/shipments/shipments.server.ts";
import { problemOf } from "#app/shipments/problem-kinds.ts";
import { getShopSettings } from "#app/shops/shops.server.ts";
import { releaseBookingHold } from "#app/shipments/booking-hold.server.ts";
import { whenConnected, type ShopifyOrderDeps } from "../shared/shopify-connection.ts";
import { writeStatusMetafields } from "#app/shipments/status-metafields.server.ts";

/**
 * fulfil: back in Shopify, the store order is fulfilled with the shipment's tracking when it is
 * booked (if the shop chose so): the shipment's own fulfillment order only; then the order's status
 * metafields are written.
 */

/** fulfil queues the courier's progress recorded so far onto the fulfillment it made. */
export type FulfilDeps = ShopifyOrderDeps & {
  enqueue: Pick<typeof enqueueFns, "fulfillmentEvents">;
};

export async function processFulfil(job: Job, deps: FulfilDeps): Promise<string> {
  const { shop, shipmentId } = shipmentJobs.fulfil.payload.parse(job.data);
  return whenConnected(deps, shop, shipmentId, async () => {
    const shipment = await getShipment(deps.db, shop, shipmentId);
    if (!shipment?.shippingOrderId) return "nothing to fulfil yet";
    const outcome = await fulfil(shipment, deps);
    // The booking is the order's status in Shopify too; written after the fulfilment (a retry of
    // this job finds the order fulfilled and writes the status again).
    await writeStatusMetafields(deps, shop, shipment.orderId);
    return outcome;
  });
}

async function fulfil(shipment: Shipment, deps: FulfilDeps): Promise<string> {
  const { shop } = shipment;
  if ((shipment.fulfillmentIds as string[]).length > 0) return "already fulfilled";
  const settings = await getShopSettings(deps.db, shop);
  if (!settings.fulfilOnConfirm) return "fulfilment off";
  if (!shipment.waybillId) {
    // Booked with a service that gives the waybill later: Shopify's fulfilment carries the
    // tracking, so it waits; sync-status queues it again when the waybill arrives.
    await addShipmentEvent(deps.db, shipment, {
      actor: "worker:fulfil",
      type: "fulfil_waiting",
      message:
        "Not fulfilled in Shopify yet: this courier service gives the waybill after the booking; the order is fulfilled with it when it arrives",
    });
    return "waiting for the waybill";
  }

  // Held by this app while booking: Shopify fulfils no held fulfillment order, so the hold goes first.
  if (shipment.appHoldId)
    await releaseBookingHold(
      { db: deps.db, adminGraphql: deps.graphql },
      shipment,
      "worker:fulfil",
      `Booked with waybill ${shipment.waybillId}`,
    );

  const orders = await readFulfillmentOrders(deps.graphql, shop, shipment.orderId);
  // A shipment of one fulfillment order fulfils that one only: the order's other locations ship
  // their own parcels with their own tracking. Shipments from before fulfillment orders were
  // read fulfil every open one, as then.
  const open = (orders?.fulfillmentOrders ?? []).filter(
    (fo) =>
      (!shipment.fulfillmentOrderId || fo.id === shipment.fulfillmentOrderId) &&
      (fo.status === "OPEN" || fo.status === "IN_PROGRESS") &&
      fo.canFulfil,
  );
  if (open.length === 0) {
    const which = shipment.fulfillmentOrderId
      ? `The fulfillment order of ${shipment.shopifyLocationName ?? "this shipment's location"} is not open in Shopify`
      : "No open fulfillment order in Shopify";
    await addShipmentEvent(deps.db, shipment, {
      actor: "worker:fulfil",
      type: "fulfil_skipped",
      message: `${which} (already fulfilled by hand?)`,
    });
    return "nothing open";
  }
  const ids: string[] = [];
  const problems: string[] = [];
  // One call per fulfillment order: each belongs to one location and delivery method.
  for (const fo of open) {
    const { fulfillmentCreate } = await adminRequest(deps.graphql, shop, FULFILLMENT_CREATE, {
      fulfillment: {
        lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id }],
        notifyCustomer: settings.notifyCustomer,
        trackingInfo: trackingInput(shipment),
      },
    });
    if (fulfillmentCreate?.fulfillment) ids.push(fulfillmentCreate.fulfillment.id);
    else if (!fulfillmentCreate?.userErrors.length) problems.push("no fulfilment was made");
    if (fulfillmentCreate?.userErrors.length)
      problems.push(userErrorText(fulfillmentCreate.userErrors));
  }
  const patch: ShipmentPatch =
    problems.length > 0
      ? {
          fulfillmentIds: ids,
          ...problemOf("shopify", `Shopify refused the fulfilment: ${problems.join("; ")}`),
        }
      : { fulfillmentIds: ids };
  const updated = await updateShipment(deps.db, shipment, patch, {
    actor: "worker:fulfil",
    type: ids.length > 0 ? "fulfilled" : "fulfil_refused",
    message:
      ids.length > 0
        ? `Fulfilled in Shopify with ${shipment.waybillId}${settings.notifyCustomer ? ", customer notified" : ""}`
        : "Fulfilment refused",
    data: { fulfillmentIds: ids },
  });
  if (!updated) throw new Error("Shipment changed while fulfilling; retrying");
  // The courier's progress recorded before the fulfillment existed is told on it now.
  if (ids.length > 0) await deps.enqueue.fulfillmentEvents(shop, shipment.id);
  return ids.length > 0 ? "fulfilled" : "refused";
}
