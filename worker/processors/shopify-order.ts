import type { Job } from "bullmq";
import { z } from "zod";
import type { Db } from "#app/db/client.server.ts";
import { trackingInput } from "#app/orders/tracking-company.ts";
import { userErrorsSchema as userErrors } from "#app/orders/admin-order.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import { ShopNotConnectedError, type AdminGraphql } from "#app/orders/products.server.ts";
import { addShipmentEvent, getShipment, updateShipment, type ShipmentPatch } from "#app/shipments/shipments.server.ts";
import { problemOf } from "#app/shipments/problem-kinds.ts";
import { getShopSettings } from "#app/shops/shops.server.ts";
import { releaseBookingHold } from "./booking-hold.ts";

/**
 * Back in Shopify: fulfil the store order with the shipment's tracking when it is confirmed (if
 * the shop chose so), keep that tracking current when the waybill changes, and keep an app-owned
 * order metafield ($app:shipping.status) with the shipment's status for other apps and Flow.
 */

export const FULFILLMENT_ORDERS_QUERY = `#graphql
  query ShipmentFulfillmentOrders($id: ID!) {
    order(id: $id) {
      fulfillmentOrders(first: 20) {
        nodes { id status supportedActions { action } }
      }
    }
  }`;

export const FULFILLMENT_CREATE = `#graphql
  mutation ShipmentFulfil($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment { id status }
      userErrors { field message }
    }
  }`;

export const TRACKING_UPDATE = `#graphql
  mutation ShipmentTracking($fulfillmentId: ID!, $trackingInfoInput: FulfillmentTrackingInput!) {
    fulfillmentTrackingInfoUpdate(fulfillmentId: $fulfillmentId, trackingInfoInput: $trackingInfoInput, notifyCustomer: false) {
      fulfillment { id }
      userErrors { field message }
    }
  }`;

export const METAFIELDS_SET = `#graphql
  mutation ShipmentStatusMetafield($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields { id }
      userErrors { field message }
    }
  }`;

const fulfillmentOrdersSchema = z.object({
  data: z.object({
    order: z
      .object({ fulfillmentOrders: z.object({ nodes: z.array(z.object({ id: z.string(), status: z.string(), supportedActions: z.array(z.object({ action: z.string() })) })) }) })
      .nullable(),
  }),
});
const createSchema = z.object({ data: z.object({ fulfillmentCreate: z.object({ fulfillment: z.object({ id: z.string() }).nullable(), userErrors }) }) });
const trackingSchema = z.object({ data: z.object({ fulfillmentTrackingInfoUpdate: z.object({ userErrors }) }) });
const metafieldsSchema = z.object({ data: z.object({ metafieldsSet: z.object({ userErrors }) }) });

export interface ShopifyOrderDeps {
  db: Db;
  graphql: AdminGraphql;
}

const orderGid = (orderId: string) => `gid://shopify/Order/${orderId}`;

/** A shop without a session (uninstalled) cannot be told anything: record it, do not retry. */
async function whenConnected(deps: ShopifyOrderDeps, shop: string, shipmentId: string, work: () => Promise<string>): Promise<string> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ShopNotConnectedError)) throw error;
    const shipment = await getShipment(deps.db, shop, shipmentId);
    if (shipment) await addShipmentEvent(deps.db, shipment, { actor: "worker:shopify", type: "shopify_skipped", message: "Shopify not updated: the shop has no session (reinstall the app)" });
    return "shop not connected";
  }
}

export async function processFulfil(job: Job, deps: ShopifyOrderDeps): Promise<string> {
  const { shop, shipmentId } = shipmentJobs.fulfil.payload.parse(job.data);
  return whenConnected(deps, shop, shipmentId, () => fulfil(shop, shipmentId, deps));
}

async function fulfil(shop: string, shipmentId: string, deps: ShopifyOrderDeps): Promise<string> {
  const shipment = await getShipment(deps.db, shop, shipmentId);
  if (!shipment?.shippingOrderId) return "nothing to fulfil yet";
  if ((shipment.fulfillmentIds as string[]).length > 0) return "already fulfilled";
  const settings = await getShopSettings(deps.db, shop);
  if (!settings.fulfilOnConfirm) return "fulfilment off";
  if (!shipment.waybillId) {
    // Booked with a service that gives the waybill later: Shopify's fulfilment carries the
    // tracking, so it waits; sync-status queues it again when the waybill arrives.
    await addShipmentEvent(deps.db, shipment, { actor: "worker:fulfil", type: "fulfil_waiting", message: "Not fulfilled in Shopify yet: this courier service gives the waybill after the booking; the order is fulfilled with it when it arrives" });
    return "waiting for the waybill";
  }

  // Held by this app while booking: Shopify fulfils no held fulfillment order, so the hold goes first.
  if (shipment.appHoldId) await releaseBookingHold({ db: deps.db, adminGraphql: deps.graphql }, shipment, "worker:fulfil", `Booked with waybill ${shipment.waybillId}`);

  const orders = fulfillmentOrdersSchema.parse(await deps.graphql(shop, FULFILLMENT_ORDERS_QUERY, { id: orderGid(shipment.orderId) }));
  // A shipment of one fulfillment order fulfils that one only: the order's other locations ship
  // their own parcels with their own tracking. Shipments from before fulfillment orders were
  // read fulfil every open one, as then.
  const open = (orders.data.order?.fulfillmentOrders.nodes ?? []).filter(
    (fo) =>
      (!shipment.fulfillmentOrderId || fo.id === shipment.fulfillmentOrderId) &&
      (fo.status === "OPEN" || fo.status === "IN_PROGRESS") &&
      fo.supportedActions.some((a) => a.action === "CREATE_FULFILLMENT"),
  );
  if (open.length === 0) {
    const which = shipment.fulfillmentOrderId ? `The fulfillment order of ${shipment.shopifyLocationName ?? "this shipment's location"} is not open in Shopify` : "No open fulfillment order in Shopify";
    await addShipmentEvent(deps.db, shipment, { actor: "worker:fulfil", type: "fulfil_skipped", message: `${which} (already fulfilled by hand?)` });
    return "nothing open";
  }
  const ids: string[] = [];
  const problems: string[] = [];
  // One call per fulfillment order: each belongs to one location and delivery method.
  for (const fo of open) {
    const result = createSchema.parse(
      await deps.graphql(shop, FULFILLMENT_CREATE, {
        fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id }], notifyCustomer: settings.notifyCustomer, trackingInfo: trackingInput(shipment) },
      }),
    );
    const { fulfillment, userErrors: errors } = result.data.fulfillmentCreate;
    if (fulfillment) ids.push(fulfillment.id);
    problems.push(...errors.map((e) => e.message));
  }
  const patch: ShipmentPatch = problems.length > 0 ? { fulfillmentIds: ids, ...problemOf("shopify", `Shopify refused the fulfilment: ${problems.join("; ")}`) } : { fulfillmentIds: ids };
  const updated = await updateShipment(
    deps.db,
    shipment,
    patch,
    { actor: "worker:fulfil", type: ids.length > 0 ? "fulfilled" : "fulfil_refused", message: ids.length > 0 ? `Fulfilled in Shopify with ${shipment.waybillId}${settings.notifyCustomer ? ", customer notified" : ""}` : "Fulfilment refused", data: { fulfillmentIds: ids } },
  );
  if (!updated) throw new Error("Shipment changed while fulfilling; retrying");
  return ids.length > 0 ? "fulfilled" : "refused";
}

/** Keeps Shopify's tracking (after a waybill change) and the status metafield current. */
export async function processShopifySync(job: Job, deps: ShopifyOrderDeps): Promise<string> {
  const { shop, shipmentId } = shipmentJobs.shopifySync.payload.parse(job.data);
  return whenConnected(deps, shop, shipmentId, () => shopifySync(shop, shipmentId, deps));
}

async function shopifySync(shop: string, shipmentId: string, deps: ShopifyOrderDeps): Promise<string> {
  const shipment = await getShipment(deps.db, shop, shipmentId);
  if (!shipment) return "no shipment";
  for (const fulfillmentId of shipment.fulfillmentIds as string[]) {
    if (!shipment.waybillId) break;
    const result = trackingSchema.parse(await deps.graphql(shop, TRACKING_UPDATE, { fulfillmentId, trackingInfoInput: trackingInput(shipment) }));
    if (result.data.fulfillmentTrackingInfoUpdate.userErrors.length > 0) {
      throw new Error(`Tracking update refused: ${result.data.fulfillmentTrackingInfoUpdate.userErrors.map((e) => e.message).join("; ")}`);
    }
  }
  const metafield = metafieldsSchema.parse(
    await deps.graphql(shop, METAFIELDS_SET, {
      metafields: [{ ownerId: orderGid(shipment.orderId), namespace: "$app:shipping", key: "status", type: "single_line_text_field", value: shipment.status }],
    }),
  );
  if (metafield.data.metafieldsSet.userErrors.length > 0) throw new Error(`Metafield refused: ${metafield.data.metafieldsSet.userErrors.map((e) => e.message).join("; ")}`);
  return "synced";
}
