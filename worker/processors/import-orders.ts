import { ORDERS_QUERY, ORDER_QUERY } from "#app/admin-api/operations/orders.ts";
import { orderGid } from "#app/admin-api/request.ts";
import type { Job } from "bullmq";
import { and, eq, sql } from "drizzle-orm";
import { orderImports } from "#app/db/schema.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import { parseOrderResponse, parseOrdersResponse } from "#app/orders/admin-order.ts";
import { ShopNotConnectedError } from "#app/admin-api/request.ts";
import { PAGE_SIZE, takeOrders, type ImportDeps } from "../shared/order-intake.ts";

/**
 * import-orders: orders the app never received by webhook, read through Admin GraphQL:
 *  - an import run (the merchant's "import open orders": open, unfulfilled orders of the last 60
 *    days, page by page, with progress), or one order (the order page block's "create shipment");
 *  - reconciliation (sync-orders, every 15 minutes): orders updated lately that the app has no
 *    copy of, or only an older one, because a webhook was lost after Shopify's retries.
 * Each order is recorded like a delivery (topic admin/order) with its shipment row, and then goes
 * the way a webhook's order goes (create-draft, or update for a newer state).
 */

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
