import { ORDER_CANCEL_STATE, RETURNED_ORDER_CANCEL } from "#app/admin-api/operations/returns.ts";
import { numericId } from "./fake-returns.ts";

/**
 * The fake Admin API's `orderCancel`, as Shopify documents it: refused for an order already
 * cancelled, one whose cancellation is under way, or one the returns side will not let go (an
 * active return in progress, fulfilled items not returned: `blocker`); otherwise answered with a
 * Job, not done. The order is cancelled only when the job runs, which here is at the first look
 * through `job(id:)` made `runsAfterMs` (500 unless a test sets it) or more after the request: a
 * look sooner finds it queued. A job of an order in `failing` runs without cancelling it (Shopify
 * gave up after accepting the request).
 */
type Raw = Record<string, unknown>;

export interface CancelLog {
  /** Orders cancelled, in the order their jobs ran. */
  cancellations?: { shop: string; orderId: string; restock: boolean; staffNote: string | null }[];
}

interface CancelJob {
  id: string;
  shop: string;
  orderId: string;
  restock: boolean;
  staffNote: string | null;
  askedAt: number;
  done: boolean;
}

let count = 0;

export class FakeOrderCancels {
  private readonly jobs = new Map<string, CancelJob>();
  /** How long after the request a cancel job runs (at the next look through `job(id:)`). */
  runsAfterMs = 500;
  /** "<shop> <order id>": cancel jobs that run without cancelling. */
  readonly failing = new Set<string>();

  /**
   * Shopify's answer to `orderCancel` or to the job's state, or undefined for another document.
   * `order` finds the shop's order by id (webhook shape); `blocker` says why the returns side
   * refuses to let the order be cancelled, or null.
   */
  answer(
    shop: string,
    query: string,
    variables: Record<string, unknown>,
    order: (orderId: string) => Raw | null,
    blocker: (orderId: string) => string | null,
    log?: CancelLog,
  ): unknown {
    if (query === RETURNED_ORDER_CANCEL) {
      const orderId = numericId(variables.orderId, "Order");
      const found = order(orderId);
      const refuse = (message: string, code = "INVALID") => ({
        data: {
          orderCancel: {
            job: null,
            orderCancelUserErrors: [{ field: ["orderId"], message, code }],
          },
        },
      });
      if (!found) return refuse("Order does not exist.", "NOT_FOUND");
      if (found.cancelled_at) return refuse("Order has already been cancelled.");
      if (this.pending(shop, orderId)) return refuse("Order is already being cancelled.");
      const blocked = blocker(orderId);
      if (blocked) return refuse(blocked);
      const job: CancelJob = {
        id: `gid://shopify/Job/cancel-${++count}`,
        shop,
        orderId,
        restock: variables.restock === true,
        staffNote: (variables.staffNote as string | undefined) ?? null,
        askedAt: Date.now(),
        done: false,
      };
      this.jobs.set(job.id, job);
      return {
        data: {
          orderCancel: { job: { id: job.id, done: false }, orderCancelUserErrors: [] },
        },
      };
    }
    if (query === ORDER_CANCEL_STATE) {
      const job = this.jobs.get(String(variables.jobId));
      const orderId = numericId(variables.orderId, "Order");
      if (job && job.shop === shop && !job.done && Date.now() - job.askedAt >= this.runsAfterMs)
        this.run(job, order(job.orderId), log);
      const found = order(orderId);
      return {
        data: {
          job: job && job.shop === shop ? { id: job.id, done: job.done } : null,
          order: found
            ? { id: `gid://shopify/Order/${orderId}`, cancelledAt: found.cancelled_at ?? null }
            : null,
        },
      };
    }
    return undefined;
  }

  /** Runs every queued cancel job of the shop now (what Shopify's queue does in a moment). */
  runAll(shop: string, order: (orderId: string) => Raw | null, log?: CancelLog): void {
    for (const job of this.jobs.values())
      if (job.shop === shop && !job.done) this.run(job, order(job.orderId), log);
  }

  private pending(shop: string, orderId: string): boolean {
    return [...this.jobs.values()].some((j) => j.shop === shop && j.orderId === orderId && !j.done);
  }

  private run(job: CancelJob, found: Raw | null, log?: CancelLog): void {
    job.done = true;
    if (!found || found.cancelled_at || this.failing.has(`${job.shop} ${job.orderId}`)) return;
    found.cancelled_at = new Date().toISOString();
    log?.cancellations?.push({
      shop: job.shop,
      orderId: job.orderId,
      restock: job.restock,
      staffNote: job.staffNote,
    });
  }
}
