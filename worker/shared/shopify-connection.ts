import { said } from "#app/i18n/said.ts";
import type { Db } from "#app/db/client.server.ts";
import { ShopNotConnectedError, type AdminGraphql } from "#app/admin-api/request.ts";
import { addShipmentEvent, getShipment } from "#app/shipments/shipments.server.ts";

/** What the jobs that write back to Shopify (create-fulfillment, fulfillment-events, shopify-sync) need. */
export interface ShopifyOrderDeps {
  db: Db;
  adminGraphql: AdminGraphql;
}

/** A shop without a session (uninstalled) cannot be told anything: record it, do not retry. */
export async function whenConnected(
  deps: ShopifyOrderDeps,
  shop: string,
  shipmentId: string,
  work: () => Promise<string>,
): Promise<string> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ShopNotConnectedError)) throw error;
    const shipment = await getShipment(deps.db, shop, shipmentId);
    if (shipment)
      await addShipmentEvent(deps.db, shipment, {
        actor: "worker:shopify",
        type: "shopify_skipped",
        message: said("shopifyNotUpdatedNoSession"),
      });
    return "shop not connected";
  }
}
