import { DelayedError, type Job } from "bullmq";
import type { enqueue as enqueueFns } from "#app/jobs/queues.server.ts";
import type { ImportSlots } from "#app/orders/import-slots.server.ts";
import { and, eq, sql } from "drizzle-orm";
import { orderImports } from "#app/db/schema.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import { readAdminOrder, readAdminOrders } from "#app/orders/admin-order.ts";
import { ShopNotConnectedError } from "#app/admin-api/request.ts";
import { IMPORT_NO_SESSION } from "#app/orders/imports.server.ts";
import { inEnglish } from "#app/i18n/said.ts";
import { takeOrders, type ImportDeps } from "../shared/order-intake.ts";

/**
 * import-orders: orders the app never received by webhook, read through Admin GraphQL:
 *  - an import run (the merchant's "import open orders": open, unfulfilled orders of the last 60
 *    days, one page per job, with progress; at most one run per shop and IMPORTS_RUNNING_LIMIT
 *    reading at once across shops), or one order (the order page block's "create shipment");
 *  - reconciliation (sync-orders, every 15 minutes): orders updated lately that the app has no
 *    copy of, or only an older one, because a webhook was lost after Shopify's retries.
 * Each order is recorded like a delivery (topic admin/order) with its shipment row, and then goes
 * the way a webhook's order goes (create-draft, or update for a newer state).
 */

/** What a page of an import run needs beyond the intake: the next page's job, and the cap on runs. */
export interface ImportRunDeps extends ImportDeps {
  enqueue: ImportDeps["enqueue"] & Pick<typeof enqueueFns, "importOrders">;
  importSlots: ImportSlots;
}

/** How long a page waits when IMPORTS_RUNNING_LIMIT runs of other shops are reading theirs. */
const SLOT_WAIT_MS = 2_000;

/**
 * import-orders: one page of an import run (resumable: the run's cursor and page count are saved
 * with each page, and the page's job then queues the next page's), or one order. A page's job
 * reads only when the run is at that page: a retry of a page already read queues the next one.
 */
export async function processImportOrders(job: Job, deps: ImportRunDeps): Promise<string> {
  const { shop, importId, page, orderId } = shipmentJobs.importOrders.payload.parse(job.data);
  if (orderId) {
    const order = await readAdminOrder(deps.adminGraphql, shop, orderId);
    if (!order) return "no such order in Shopify";
    const { created, updated } = await takeOrders(deps, shop, [order], { onlyOpen: false });
    return created ? "imported" : updated ? "updated" : "already known";
  }
  const [run] = await deps.db
    .select()
    .from(orderImports)
    .where(and(eq(orderImports.id, importId!), eq(orderImports.shop, shop)));
  if (!run || run.status !== "running") return "no running import";
  if (run.pages > page) {
    // This page was read by an earlier run of this job, which stopped before queueing the next.
    await deps.enqueue.importOrders(shop, run.id, run.pages);
    return `page ${page + 1} already read`;
  }
  if (run.pages < page) return `page ${page + 1} is not the run's next page`;
  if (!(await deps.importSlots.take(run.id))) {
    // Other shops' imports hold every slot: this page waits its turn, without spending an attempt.
    await job.moveToDelayed(Date.now() + SLOT_WAIT_MS, job.token);
    throw new DelayedError("imports running at their cap");
  }
  const query = `created_at:>='${run.since.toISOString()}' status:open fulfillment_status:unfulfilled`;
  let done: boolean;
  try {
    const read = await readAdminOrders(deps.adminGraphql, shop, { query, after: run.cursor });
    const { created } = await takeOrders(deps, shop, read.orders, { onlyOpen: true });
    done = !read.hasNextPage;
    await deps.db
      .update(orderImports)
      .set({
        pages: sql`${orderImports.pages} + 1`,
        seen: sql`${orderImports.seen} + ${read.orders.length}`,
        created: sql`${orderImports.created} + ${created}`,
        cursor: read.endCursor ?? run.cursor,
        ...(done ? { status: "done" as const, finishedAt: sql`now()` } : {}),
      })
      .where(and(eq(orderImports.id, run.id), eq(orderImports.pages, page)));
  } catch (error) {
    if (error instanceof ShopNotConnectedError) {
      await endRun(deps, run.id, inEnglish(IMPORT_NO_SESSION));
      return "shop not connected";
    }
    // Throttled or unreachable: the job retries with backoff and resumes from the saved cursor.
    if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1))
      await endRun(deps, run.id, (error as Error).message);
    throw error;
  } finally {
    await deps.importSlots.give(run.id);
  }
  if (done) return "done";
  await deps.enqueue.importOrders(shop, run.id, page + 1);
  return `page ${page + 1} read`;
}

async function endRun(deps: ImportDeps, importId: string, error: string) {
  await deps.db
    .update(orderImports)
    .set({ status: "failed", error, finishedAt: sql`now()` })
    .where(eq(orderImports.id, importId));
}
