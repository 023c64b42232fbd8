/**
 * The demo's watcher: prints every status change, moves the couriers along (the sandbox's clock),
 * and stops when every store order has reached its final state, or at its deadline, which always
 * fires: every read of the database has its own time limit, so a database that stops answering is
 * said rather than waited for. Past the deadline it names each order still moving and its state.
 */
import { eq } from "drizzle-orm";
import { byDeadline, Late } from "#app/platform/deadline.ts";
import { shipments, type Shipment } from "#app/db/schema.ts";
import { TERMINAL_STATUSES } from "#app/shipments/states.ts";
import { codAmount } from "#app/shipments/cod.ts";
import type { Replay } from "./orders.ts";
import { SHOP, type DemoStack } from "./stack.ts";

/** One read of the database may take this long before the watcher calls it stalled. */
const READ_LIMIT_MS = 5_000;
const POLL_MS = 300;
const COURIER_STEP_MS = 1_500;

export interface Outcome {
  settled: boolean;
  seconds: number;
  rows: Shipment[];
  /** Orders not in their final state at the end: "#D1003 (id-bank-transfer-pending): draft_ready". */
  stuck: string[];
  /** Why the watch stopped early (a process exited, the database stopped answering). */
  reason: string | null;
}

/**
 * Final for the demo: a final status with what follows it done in Shopify (a delivered COD
 * parcel's order settled, a returned parcel's return handled), a problem that keeps it from being
 * drafted, a parcel marked stuck, or a draft waiting for the merchant.
 */
export const finished = (row: Shipment) =>
  (TERMINAL_STATUSES.has(row.status as never) &&
    !(row.status === "delivered" && codAmount(row) !== null && row.codSettlement === null) &&
    !(row.status === "returned" && row.returnOutcome === null)) ||
  (row.problem !== null && !row.draftOrderId) ||
  row.problemKinds.includes("stuck") ||
  row.status === "draft_placed";

export async function readShipments(stack: DemoStack): Promise<Shipment[]> {
  const query = stack.database.db
    .select()
    .from(shipments)
    .where(eq(shipments.shop, SHOP))
    .orderBy(shipments.orderName);
  return byDeadline(
    query.execute(),
    Date.now() + READ_LIMIT_MS,
    Date.now,
    `the database did not answer within ${READ_LIMIT_MS} ms`,
  );
}

export async function watch(
  stack: DemoStack,
  replay: Replay,
  deadlineMs: number,
  say: (line: string) => void,
  couriers: { step(rows: Shipment[]): void; done(): boolean },
): Promise<Outcome> {
  const started = Date.now();
  const seen = new Map<string, string>();
  let rows: Shipment[] = [];
  let readProblem: string | null = null;
  let lastTick = Date.now();
  for (;;) {
    try {
      rows = await readShipments(stack);
      readProblem = null;
    } catch (error) {
      if (!(error instanceof Late)) throw error;
      readProblem = error.message;
    }
    for (const row of rows) {
      const key = `${row.status}|${row.problem ?? ""}|${row.decision ?? ""}|${row.codSettlement ?? ""}|${row.returnOutcome ?? ""}`;
      if (seen.get(row.id) === key) continue;
      const previous = seen.get(row.id)?.split("|")[0];
      const after = [
        row.codSettlement ? `COD ${row.codSettlement.replace("_", " ")} in Shopify` : null,
        row.returnOutcome
          ? `return handled in Shopify: ${row.returnOutcome.replace("_", " ")}`
          : null,
      ].filter(Boolean);
      const why = row.problem
        ? `  ⚠ ${row.problem.slice(0, 90)}`
        : after.length > 0
          ? `  ✓ ${after.join("; ")}`
          : row.decision
            ? `  · ${row.decision.slice(0, 90)}`
            : "";
      say(
        `  ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s  ${(row.orderName ?? row.orderId).padEnd(6)} ${previous ? `${previous} → ` : ""}${row.status}${why}`,
      );
      seen.set(row.id, key);
    }
    await replay.followUp(rows);
    couriers.step(rows);
    const settled =
      readProblem === null &&
      replay.sent.every((order) => rows.some((r) => r.orderId === order.id)) &&
      rows.every(finished) &&
      couriers.done();
    const exited = stack.exited();
    const late = Date.now() - started > deadlineMs;
    if (settled || exited || late) {
      const reason =
        exited ??
        (late && !settled
          ? `not finished within ${deadlineMs / 1000} s${readProblem ? `; ${readProblem}` : ""}`
          : null);
      return {
        settled: settled && !exited,
        seconds: (Date.now() - started) / 1000,
        rows,
        stuck: stuckOrders(replay, rows),
        reason,
      };
    }
    if (Date.now() - lastTick > COURIER_STEP_MS) {
      stack.sandbox.service.lifecycle.advanceAll();
      lastTick = Date.now();
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

function stuckOrders(replay: Replay, rows: Shipment[]): string[] {
  return replay.sent.flatMap((order) => {
    const own = rows.filter((r) => r.orderId === order.id);
    if (own.length === 0) return [`${order.name} (${order.fixture}): no shipment recorded`];
    return own
      .filter((r) => !finished(r))
      .map(
        (r) =>
          `${order.name} (${order.fixture}): ${r.status}${r.problem ? `, problem: ${r.problem.slice(0, 80)}` : ""}, last change ${r.updatedAt.toISOString()}`,
      );
  });
}
