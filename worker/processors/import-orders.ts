import type { Job } from "bullmq";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { orderImports, sessionTable, shops } from "#app/db/schema.ts";
import { maintenanceJobs, shipmentJobs } from "#app/jobs/definitions.ts";
import type { enqueue as enqueueFns } from "#app/jobs/queues.server.ts";
import type { Logger } from "#app/logger.server.ts";
import {
  ORDER_QUERY,
  ORDERS_QUERY,
  orderGid,
  parseOrderResponse,
  parseOrdersResponse,
} from "#app/orders/admin-order.ts";
import { referenceIdFor } from "#app/orders/map.ts";
import { ShopNotConnectedError, type AdminGraphql } from "#app/orders/products.server.ts";
import { newestCopies } from "#app/orders/order-store.server.ts";
import { ADMIN_ORDER_TOPIC } from "#app/orders/sources.ts";
import { recordOrderDelivery } from "#app/webhooks/order-delivery.server.ts";

/**
 * Orders the app never received by webhook, read through Admin GraphQL:
 *  - an import run (the merchant's "import open orders": open, unfulfilled orders of the last 60
 *    days, page by page, with progress), or one order (the order page block's "create shipment");
 *  - reconciliation (sync-orders, every 15 minutes): orders updated lately that the app has no
 *    copy of, or only an older one, because a webhook was lost after Shopify's retries.
 * Each order is recorded like a delivery (topic admin/order) with its shipment row, and then goes
 * the way a webhook's order goes (create-draft, or update for a newer state).
 */

export interface ImportDeps {
  db: Db;
  logger: Logger;
  graphql: AdminGraphql;
  enqueue: Pick<typeof enqueueFns, "createDraft" | "update">;
}

const PAGE_SIZE = 25;

/**
 * Records orders read from Shopify and queues their work. `onlyOpen`: unknown orders that are
 * cancelled or fulfilled are left out (reconciliation's look at every recent order).
 */
async function takeOrders(
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
      message: `Store order ${String(order.name ?? orderId)} read from Shopify (not received by webhook)`,
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

/** import-orders: an import run (resumable from its cursor), or one order. */
export async function processImportOrders(job: Job, deps: ImportDeps): Promise<string> {
  const { shop, importId, orderId } = shipmentJobs.importOrders.payload.parse(job.data);
  if (orderId) {
    const order = parseOrderResponse(
      await deps.graphql(shop, ORDER_QUERY, { id: orderGid(orderId) }),
    );
    if (!order) return "no such order in Shopify";
    const { created, updated } = await takeOrders(deps, shop, [order], { onlyOpen: false });
    return created ? "imported" : updated ? "updated" : "already known";
  }
  const [run] = await deps.db
    .select()
    .from(orderImports)
    .where(and(eq(orderImports.id, importId!), eq(orderImports.shop, shop)));
  if (!run || run.status !== "running") return "no running import";
  const query = `created_at:>='${run.since.toISOString()}' status:open fulfillment_status:unfulfilled`;
  let cursor = run.cursor;
  try {
    for (;;) {
      const page = parseOrdersResponse(
        await deps.graphql(shop, ORDERS_QUERY, { first: PAGE_SIZE, after: cursor, query }),
      );
      const { created } = await takeOrders(deps, shop, page.orders, { onlyOpen: true });
      cursor = page.endCursor ?? cursor;
      const done = !page.hasNextPage;
      await deps.db
        .update(orderImports)
        .set({
          pages: sql`${orderImports.pages} + 1`,
          seen: sql`${orderImports.seen} + ${page.orders.length}`,
          created: sql`${orderImports.created} + ${created}`,
          cursor,
          ...(done ? { status: "done" as const, finishedAt: sql`now()` } : {}),
        })
        .where(eq(orderImports.id, run.id));
      if (done) return "done";
    }
  } catch (error) {
    if (error instanceof ShopNotConnectedError) {
      await deps.db
        .update(orderImports)
        .set({
          status: "failed",
          error: "The shop has no session: open the app in Shopify once, then import again",
          finishedAt: sql`now()`,
        })
        .where(eq(orderImports.id, run.id));
      return "shop not connected";
    }
    // Throttled or unreachable: the job retries with backoff and resumes from the saved cursor.
    if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
      await deps.db
        .update(orderImports)
        .set({ status: "failed", error: (error as Error).message, finishedAt: sql`now()` })
        .where(eq(orderImports.id, run.id));
    }
    throw error;
  }
}

/** sync-orders: recent orders of every installed shop with a session, compared with the app's copies. */
export async function syncRecentOrders(
  deps: ImportDeps,
  data: unknown,
  now = new Date(),
): Promise<{ shops: number; created: number; updated: number }> {
  const { lookbackMinutes } = maintenanceJobs.syncOrders.payload.parse(data);
  const connected = await deps.db
    .selectDistinct({ shop: shops.shop })
    .from(shops)
    .innerJoin(
      sessionTable,
      and(eq(sessionTable.shop, shops.shop), eq(sessionTable.isOnline, false)),
    )
    .where(eq(shops.installed, true));
  const since = new Date(now.getTime() - lookbackMinutes * 60_000).toISOString();
  const totals = { shops: 0, created: 0, updated: 0 };
  for (const { shop } of connected) {
    try {
      let cursor: string | null = null;
      for (let pages = 0; pages < 20; pages++) {
        const page = parseOrdersResponse(
          await deps.graphql(shop, ORDERS_QUERY, {
            first: PAGE_SIZE,
            after: cursor,
            query: `updated_at:>='${since}'`,
          }),
        );
        const { created, updated } = await takeOrders(deps, shop, page.orders, { onlyOpen: true });
        totals.created += created;
        totals.updated += updated;
        if (!page.hasNextPage) break;
        cursor = page.endCursor;
      }
      totals.shops++;
    } catch (error) {
      // One shop's failure (no session, throttled) does not hold the others back.
      deps.logger.warn(
        { shop, err: (error as Error).message },
        "order reconciliation skipped a shop",
      );
    }
  }
  return totals;
}
