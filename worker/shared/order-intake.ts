import type { Db } from "#app/db/client.server.ts";
import type { enqueue as enqueueFns } from "#app/jobs/queues.server.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import { referenceIdFor } from "#app/orders/map.ts";
import type { AdminGraphql } from "#app/admin-api/request.ts";
import { newestCopies } from "#app/orders/order-store.server.ts";
import { ADMIN_ORDER_TOPIC } from "#app/orders/sources.ts";
import { recordOrderDelivery } from "#app/webhooks/order-delivery.server.ts";
import { said } from "#app/i18n/said.ts";

/**
 * Orders the app never received by webhook, read through Admin GraphQL, taken in like deliveries:
 * each is recorded (topic admin/order) with its shipment row, then goes the way a webhook's order
 * goes (create-draft, or update for a newer state). Used by the import-orders job (the merchant's
 * import, or one order) and the sync-orders job (reconciliation of lost webhooks).
 */

export interface ImportDeps {
  db: Db;
  logger: Logger;
  adminGraphql: AdminGraphql;
  enqueue: Pick<typeof enqueueFns, "createDraft" | "update">;
}

/**
 * Records orders read from Shopify and queues their work. `onlyOpen`: unknown orders that are
 * cancelled or fulfilled are left out (reconciliation's look at every recent order).
 */
export async function takeOrders(
  deps: ImportDeps,
  shop: string,
  orders: Record<string, unknown>[],
  options: { onlyOpen: boolean },
): Promise<{ created: number; updated: number }> {
  const known = await newestCopies(
    deps.db,
    shop,
    orders.map((o) => String(o.id)),
  );
  let created = 0;
  let updated = 0;
  for (const order of orders) {
    const orderId = String(order.id);
    const updatedAt = Date.parse(String(order.updated_at ?? ""));
    const have = known.get(orderId);
    if (have !== undefined && !(updatedAt > have)) continue;
    if (
      have === undefined &&
      options.onlyOpen &&
      (order.cancelled_at || order.fulfillment_status === "fulfilled")
    )
      continue;
    const webhookId = `admin-order-${shop}-${orderId}-${String(order.updated_at ?? "")}`;
    const recorded = await recordOrderDelivery(deps.db.$client, {
      webhookId,
      shop,
      topic: ADMIN_ORDER_TOPIC,
      triggeredAt: new Date(),
      resourceId: orderId,
      rawPayload: JSON.stringify(order),
      orderName: typeof order.name === "string" ? order.name : null,
      customerId: (order.customer as { id?: string } | null)?.id ?? null,
      referenceId: referenceIdFor(shop, orderId),
      initialStatus: "pending",
      actor: "shopify:admin-api",
      message: said("orderReadFromShopify", { name: String(order.name ?? orderId) }),
    });
    if (recorded.duplicate) continue;
    if (recorded.created) {
      await deps.enqueue.createDraft(shop, orderId);
      created++;
    } else {
      await deps.enqueue.update(shop, orderId, webhookId);
      updated++;
    }
  }
  return { created, updated };
}
