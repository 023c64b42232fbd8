import { said } from "#app/i18n/said.ts";
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
  updateDecided,
  type ShipmentPatch,
} from "#app/shipments/shipments.server.ts";
import { problemOf } from "#app/shipments/problem-kinds.ts";
import { getShopSettings } from "#app/shops/shops.server.ts";
import { releaseBookingHold } from "#app/shipments/booking-hold.server.ts";
import { whenConnected, type ShopifyOrderDeps } from "../shared/shopify-connection.ts";
import { writeStatusMetafields } from "#app/shipments/status-metafields.server.ts";

/**
 * create-fulfillment: back in Shopify, the store order is fulfilled with the shipment's tracking when it is
 * booked (if the shop chose so): the shipment's own fulfillment order only; then the order's status
 * metafields are written.
 */

/** create-fulfillment queues the courier's progress recorded so far onto the fulfillment it made. */
export type CreateFulfillmentDeps = ShopifyOrderDeps & {
  enqueue: Pick<typeof enqueueFns, "fulfillmentEvents">;
};

export async function processCreateFulfillment(
  job: Job,
  deps: CreateFulfillmentDeps,
): Promise<string> {
  const { shop, shipmentId } = shipmentJobs.createFulfillment.payload.parse(job.data);
  return whenConnected(deps, shop, shipmentId, async () => {
    const shipment = await getShipment(deps.db, shop, shipmentId);
    if (!shipment?.shippingOrderId) return "nothing to fulfill yet";
    const outcome = await createFulfillment(shipment, deps);
    // The booking is the order's status in Shopify too; written after the fulfillment (a retry of
    // this job finds the order fulfilled and writes the status again).
    await writeStatusMetafields(deps, shop, shipment.orderId);
    return outcome;
  });
}

async function createFulfillment(shipment: Shipment, deps: CreateFulfillmentDeps): Promise<string> {
  const { shop } = shipment;
  if ((shipment.fulfillmentIds as string[]).length > 0) return "already fulfilled";
  const settings = await getShopSettings(deps.db, shop);
  if (!settings.fulfillOnConfirm) return "fulfillment off";
  if (!shipment.waybillId) {
    // Booked with a service that gives the waybill later: Shopify's fulfillment carries the
    // tracking, so it waits; sync-status queues it again when the waybill arrives.
    await addShipmentEvent(deps.db, shipment, {
      actor: "worker:create-fulfillment",
      type: "fulfillment_waiting",
      message: said("fulfillmentWaitsWaybill"),
    });
    return "waiting for the waybill";
  }

  // Held by this app while booking: Shopify fulfills no held fulfillment order, so the hold goes first.
  if (shipment.appHoldId)
    await releaseBookingHold(
      { db: deps.db, adminGraphql: deps.adminGraphql },
      shipment,
      "worker:create-fulfillment",
      said("bookedWithWaybill", { waybill: shipment.waybillId ?? "" }),
    );

  const orders = await readFulfillmentOrders(deps.adminGraphql, shop, shipment.orderId);
  // A shipment of one fulfillment order fulfills that one only: the order's other locations ship
  // their own parcels with their own tracking. Shipments from before fulfillment orders were
  // read fulfill every open one, as then.
  const open = (orders?.fulfillmentOrders ?? []).filter(
    (fo) =>
      (!shipment.fulfillmentOrderId || fo.id === shipment.fulfillmentOrderId) &&
      (fo.status === "OPEN" || fo.status === "IN_PROGRESS") &&
      fo.canFulfill,
  );
  if (open.length === 0) {
    await addShipmentEvent(deps.db, shipment, {
      actor: "worker:create-fulfillment",
      type: "fulfillment_skipped",
      message: shipment.fulfillmentOrderId
        ? said("fulfillmentOrderNotOpen", {
            location: shipment.shopifyLocationName ?? said("thisLocation"),
          })
        : said("noOpenFulfillmentOrder"),
    });
    return "nothing open";
  }
  const ids: string[] = [];
  const problems: string[] = [];
  let nothingMade = false;
  // One call per fulfillment order: each belongs to one location and delivery method.
  for (const fo of open) {
    const { fulfillmentCreate } = await adminRequest(deps.adminGraphql, shop, FULFILLMENT_CREATE, {
      fulfillment: {
        lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id }],
        notifyCustomer: settings.notifyCustomer,
        trackingInfo: trackingInput(shipment),
      },
    });
    if (fulfillmentCreate?.fulfillment) ids.push(fulfillmentCreate.fulfillment.id);
    else if (!fulfillmentCreate?.userErrors.length) nothingMade = true;
    if (fulfillmentCreate?.userErrors.length)
      problems.push(userErrorText(fulfillmentCreate.userErrors));
  }
  const refusal =
    problems.length > 0
      ? said("fulfillmentRefused", { reason: problems.join("; ") })
      : nothingMade
        ? said("noFulfillmentMade")
        : null;
  // What Shopify made is kept whatever else moved the shipment meanwhile (a sync recording the
  // courier's first scans): written on the shipment as it is now, read again on a conflict. A
  // retry of this job would find the fulfillment order closed and could no longer learn the ids.
  const updated = await updateDecided(
    deps.db,
    shop,
    shipment.id,
    (current) => {
      const kept = [...new Set([...(current.fulfillmentIds as string[]), ...ids])];
      const patch: ShipmentPatch = refusal
        ? { fulfillmentIds: kept, ...problemOf("shopify", refusal) }
        : { fulfillmentIds: kept };
      return {
        patch,
        event: {
          actor: "worker:create-fulfillment",
          type: ids.length > 0 ? "fulfilled" : "fulfillment_refused",
          message:
            ids.length > 0
              ? said(settings.notifyCustomer ? "fulfilledWithNotified" : "fulfilledWith", {
                  waybill: shipment.waybillId ?? "",
                })
              : refusal,
          data: { fulfillmentIds: ids },
        },
      };
    },
    "create-fulfillment",
    shipment,
  );
  if (!updated) return "shipment gone";
  // The courier's progress recorded before the fulfillment existed is told on it now.
  if (ids.length > 0) await deps.enqueue.fulfillmentEvents(shop, shipment.id);
  return ids.length > 0 ? "fulfilled" : "refused";
}
