import { said } from "#app/i18n/said.ts";
import type { Db } from "#app/db/client.server.ts";
import { deniedScopes } from "#app/admin-api/access-scopes.ts";
import {
  AdminGraphqlError,
  ShopNotConnectedError,
  type AdminGraphql,
} from "#app/admin-api/request.ts";
import { addShipmentEvent, getShipment } from "#app/shipments/shipments.server.ts";

/**
 * What the jobs that write back to Shopify (create-fulfillment, fulfillment-events, shopify-sync,
 * order-risk) need.
 */
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

/**
 * A write Shopify refused for a scope the shop has not granted: not granted by retrying either, so
 * the job ends saying which scopes ("not granted: write_orders"); any other failure is thrown.
 */
export async function unlessNotGranted(work: () => Promise<string>): Promise<string> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AdminGraphqlError && error.deniedFields.length > 0)
      return `not granted: ${deniedScopes(error.deniedFields).join(", ")}`;
    throw error;
  }
}
