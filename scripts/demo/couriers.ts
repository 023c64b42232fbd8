/**
 * The demo's couriers beyond the clock's steady walk: one cash-on-delivery parcel (the Medan order
 * paid "COD - Bayar di Tempat") meets a customer who is not at home, then refuses it, and it goes
 * back to the shop: the sandbox plays those journeys (sandbox/journeys.ts) once the parcel is
 * booked, then once the app has put it under "needs attention". And one parcel (the multi-item
 * order) is weighed a kilogram heavier at the courier's hub and charged more than quoted. And one
 * (the discounted order) stops moving after the origin's hub: five days later by the app's stuck
 * parcel finder's clock (worker/processors/find-stuck.ts), it is marked stuck.
 */
import type { Shipment } from "#app/db/schema.ts";
import { playJourney } from "#sandbox/journeys.ts";
import type { Replay } from "./orders.ts";
import type { DemoStack } from "./stack.ts";

/** The fixture whose parcel comes back. */
export const RETURNED_FIXTURE = "id-cod-rates-app";
/** The fixture whose parcel the courier re-weighs. */
export const REWEIGHED_FIXTURE = "multi-item";
/** The fixture whose parcel stops moving after pickup. */
export const STALLED_FIXTURE = "id-discounted";
/** How far ahead the demo runs the stuck parcel finder: days without a scan. */
export const SILENT_DAYS = 5;

export function couriers(stack: DemoStack, replay: Replay, say: (line: string) => void) {
  const order = replay.sent.find((o) => o.fixture === RETURNED_FIXTURE);
  let phase: "waiting" | "held" | "returned" = "waiting";
  const heavier = replay.sent.find((o) => o.fixture === REWEIGHED_FIXTURE);
  let reweighed = false;
  const quiet = replay.sent.find((o) => o.fixture === STALLED_FIXTURE);
  let stalled: "waiting" | "silent" | "looked" | "told" = "waiting";
  let looking = false;
  /** When the finder's last look that marked the parcel ended (ms). */
  let markedAt = 0;
  return {
    /** Whether what the couriers do has all been seen through (Shopify told of the stuck parcel). */
    done: () => !quiet || stalled === "told",
    /** The order whose parcel stops moving (its id), for the summary. */
    stalledOrderId: quiet?.id ?? null,
    /** The order whose parcel comes back (its id), for the summary. */
    returnedOrderId: order?.id ?? null,
    /** The order whose parcel the courier re-weighs (its id), for the summary. */
    reweighedOrderId: heavier?.id ?? null,
    step(rows: Shipment[]): void {
      const weighed = heavier ? rows.find((r) => r.orderId === heavier.id) : undefined;
      if (!reweighed && weighed?.shippingOrderId) {
        reweighed = true;
        const steps = playJourney(stack.sandbox.service, weighed.shippingOrderId, "reweighed", 60);
        say(
          `  ⟳ courier: ${heavier!.name} ${steps.find((s) => s.reweighKg)?.note ?? "re-weighed"}`,
        );
      }
      const silent = quiet ? rows.find((r) => r.orderId === quiet.id) : undefined;
      if (stalled === "waiting" && silent?.shippingOrderId) {
        stalled = "silent";
        const steps = playJourney(stack.sandbox.service, silent.shippingOrderId, "stalled", 60);
        say(`  ⟳ courier: ${quiet!.name} ${steps.at(-1)?.note ?? "on its way"}; then no scan`);
      } else if (
        stalled === "silent" &&
        !looking &&
        silent?.status === "dropping_off" &&
        (silent.fulfillmentIds as string[]).length > 0
      ) {
        // The finder measures silence from the parcel's latest scan the app recorded: run before
        // the fulfillment-events job has recorded them, it finds nothing, and looks again.
        stalled = "looked";
        looking = true;
        // From before the finder runs: a scan that clears the mark before the finder's answer
        // reaches this loop is still seen as coming after it (below).
        const lookedAt = Date.now();
        lookForStuck(stack, say).then(
          (stuck) => {
            looking = false;
            if (stuck === 0) stalled = "silent";
            else markedAt = lookedAt;
          },
          (error: unknown) => {
            looking = false;
            say(`  ! the stuck parcel finder failed: ${String(error)}`);
          },
        );
      } else if (
        stalled === "looked" &&
        (stack.shopify.log.fulfillmentEvents ?? []).some((e) => e.status === "DELAYED")
      ) {
        stalled = "told";
      } else if (
        stalled === "looked" &&
        !looking &&
        markedAt > 0 &&
        silent &&
        !silent.problemKinds.includes("stuck") &&
        silent.updatedAt.getTime() > markedAt
      ) {
        // Marked on the scans recorded by then, and a scan of the same journey recorded after
        // cleared it (moving again) before Shopify was told: the finder looks again from that scan.
        markedAt = 0;
        stalled = "silent";
      }
      const row = order ? rows.find((r) => r.orderId === order.id) : undefined;
      if (!row?.shippingOrderId) return;
      // As soon as it is booked: the sandbox's clock would otherwise walk it to the customer.
      if (phase === "waiting") {
        phase = "held";
        const steps = playJourney(stack.sandbox.service, row.shippingOrderId, "failed_attempt", 60);
        say(`  ⟳ courier: ${order!.name} ${steps.at(-1)?.note ?? "held"}`);
      } else if (phase === "held" && row.problemKinds.includes("delivery")) {
        phase = "returned";
        const steps = playJourney(stack.sandbox.service, row.shippingOrderId, "returned", 60);
        say(
          `  ⟳ courier: ${order!.name} ${steps
            .map((s) => s.note)
            .slice(-2)
            .join("; ")}`,
        );
      }
    },
  };
}

/** The stuck parcel finder, run as if five days had passed without a scan: how many it marked. */
async function lookForStuck(stack: DemoStack, say: (line: string) => void): Promise<number> {
  const { findStuck } = await import("#worker/processors/find-stuck.ts");
  const { enqueue } = await import("#app/jobs/queues.server.ts");
  const at = new Date(Date.now() + SILENT_DAYS * 24 * 3_600_000);
  const found = await findStuck({ db: stack.database.db, enqueue }, at);
  if (found.stuck > 0)
    say(`  ⟳ ${SILENT_DAYS} days without a scan: ${found.stuck} parcel marked stuck`);
  return found.stuck;
}
