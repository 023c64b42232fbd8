import type { Shipment } from "#app/db/schema.ts";
import { said, type Said } from "#app/i18n/said.ts";
import type { EventType } from "#app/shipments/event-types.ts";
import { problemOf, type Problem } from "#app/shipments/problem-kinds.ts";
import { updateDecided, type ShipmentFields } from "#app/shipments/shipments.server.ts";
import { isOnlyTrouble } from "#app/shipments/trouble.ts";
import type { ShopifyOrderDeps } from "./shopify-connection.ts";

/**
 * How a returned parcel's steps are written on its shipment (worker/processors/process-return.ts,
 * ./parcel-returns.ts): each step done as an event, and the last one as the return's outcome, with
 * the merchant's problem when there is one to act on.
 */
export const RETURN_ACTOR = "worker:process-return";

/** Records a step done; the shipment as it now is. */
export async function recordReturnStep(
  deps: ShopifyOrderDeps,
  shipment: Shipment,
  fields: ShipmentFields,
  type: EventType,
  event: { message: Said },
): Promise<Shipment> {
  const saved = await updateDecided(
    deps.db,
    shipment.shop,
    shipment.id,
    () => ({ patch: fields, event: { actor: RETURN_ACTOR, type, message: event.message } }),
    RETURN_ACTOR,
    shipment,
  );
  if (!saved) throw new Error("Shipment gone while processing its return");
  return saved;
}

/** The last step: how the order was left, with the merchant's problem when there is one to act on. */
export async function finishReturn(
  deps: ShopifyOrderDeps,
  shipment: Shipment,
  outcome: NonNullable<Shipment["returnOutcome"]>,
  o: { problem?: Problem; type: EventType; message: Said },
): Promise<string> {
  let already: string | null = null;
  const saved = await updateDecided(
    deps.db,
    shipment.shop,
    shipment.id,
    (current) => {
      already = current.returnOutcome;
      if (already) return null;
      // A problem of another kind already shown stays; the delivery trouble of before is over.
      const shown = current.problem !== null && !isOnlyTrouble(current.problemKinds);
      return {
        patch:
          o.problem && !shown
            ? { returnOutcome: outcome, ...o.problem }
            : { returnOutcome: outcome },
        event: { actor: RETURN_ACTOR, type: o.type, message: o.message },
      };
    },
    RETURN_ACTOR,
    shipment,
  );
  if (!saved) return "no shipment";
  return already ? `already done: ${already}` : outcome;
}

/** A step Shopify refused: the return ends there, the reason the merchant's problem. */
export async function returnRefused(
  deps: ShopifyOrderDeps,
  shipment: Shipment,
  back: Said,
  reason: Said,
): Promise<string> {
  return finishReturn(deps, shipment, "refused", {
    problem: problemOf("shopify", said("returnStepRefused", { back, reason })),
    type: "return_refused",
    message: reason,
  });
}
