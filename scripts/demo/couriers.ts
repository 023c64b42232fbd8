/**
 * The demo's couriers beyond the clock's steady walk: one cash-on-delivery parcel (the Medan order
 * paid "COD - Bayar di Tempat") meets a customer who is not at home, then refuses it, and it goes
 * back to the shop: the sandbox plays those journeys (sandbox/journeys.ts) once the parcel is
 * booked, then once the app has put it under "needs attention". And one parcel (the multi-item
 * order) is weighed a kilogram heavier at the courier's hub and charged more than quoted.
 */
import type { Shipment } from "#app/db/schema.ts";
import { playJourney } from "#sandbox/journeys.ts";
import type { Replay } from "./orders.ts";
import type { DemoStack } from "./stack.ts";

/** The fixture whose parcel comes back. */
export const RETURNED_FIXTURE = "id-cod-rates-app";
/** The fixture whose parcel the courier re-weighs. */
export const REWEIGHED_FIXTURE = "multi-item";

export function couriers(stack: DemoStack, replay: Replay, say: (line: string) => void) {
  const order = replay.sent.find((o) => o.fixture === RETURNED_FIXTURE);
  let phase: "waiting" | "held" | "returned" = "waiting";
  const heavier = replay.sent.find((o) => o.fixture === REWEIGHED_FIXTURE);
  let reweighed = false;
  return {
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
