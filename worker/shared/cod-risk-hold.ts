import { DelayedError } from "bullmq";
import { said } from "#app/i18n/said.ts";
import type { Shipment } from "#app/db/schema.ts";
import type { CodRiskHeld } from "#app/db/json-columns.ts";
import type { AssessedRisk } from "#app/cod-risk/assess.server.ts";
import { holdReason } from "#app/cod-risk/hold.ts";
import { ORDER_PAYLOAD_TOPICS } from "#app/orders/sources.ts";
import { problemOf, type Problem } from "#app/shipments/problem-kinds.ts";
import type { ShipmentFields } from "#app/shipments/shipments.server.ts";
import type { ShopSettings } from "#app/shops/settings.ts";
import type { ShopFacts } from "#app/shops/shop-cache.server.ts";
import type { DraftOrderCreateRequest } from "#app/shipping/contract.ts";
import { ratesRequestOf } from "./rates-request.ts";
import { ACTOR, apply, markInbox, type Ctx } from "./shipment-context.ts";

/**
 * A cash-on-delivery order the shop's policy holds for its risk (app/cod-risk/hold.ts): nothing is
 * made at the service and nothing charged; the shipment waits under "needs attention" with the
 * kind "COD risk" until the merchant lets it go (the buyer confirmed, or book anyway), cancels
 * the order, or the buyer pays first (then it maps without COD and is not assessed again). The
 * money at stake is kept with the hold: the courier's price out (one rates call, only for a held
 * order), and the cash the courier would collect.
 */
export async function holdForCodRisk(
  ctx: Ctx,
  input: {
    shipment: Shipment;
    settings: ShopSettings;
    access: ShopFacts["access"];
    request: DraftOrderCreateRequest;
    snapshot: ShipmentFields;
    risk: AssessedRisk;
    cod: number;
  },
): Promise<"held" | null> {
  const { shipment, settings, risk } = input;
  // The merchant asked Shopify to cancel the held order: nothing is drafted meanwhile, whatever
  // the order's risk now (orders/cancelled ends it; a cancellation Shopify did not make holds it again).
  if (shipment.codRisk?.held?.cancelAskedAt && !shipment.codRiskReleasedAt) return "held";
  const reason = holdReason({
    level: risk.level,
    mark: risk.mark,
    policy: settings.codRiskHold,
    released: shipment.codRiskReleasedAt !== null,
  });
  if (!reason) return null;
  const { shop, orderId } = shipment;
  const problem = heldProblem(reason, risk);
  // Held already, as this job read it (a redelivered webhook, a second job): no price asked again.
  const shipping =
    shipment.codRisk?.held && shipment.problem === problem.problem
      ? shipment.codRisk.held.shipping
      : await priceOut(ctx, input.access, input.request);
  await apply(ctx, shop, shipment.id, (current) => {
    if (current.draftOrderId || current.status !== "pending" || current.codRiskReleasedAt)
      return null;
    // Held already (a redelivered webhook, a second job): the hold and its age stay as they are.
    if (current.codRisk?.held && current.problem === problem.problem) return null;
    const held: CodRiskHeld = {
      at: current.codRisk?.held?.at ?? new Date().toISOString(),
      reason,
      shipping,
      cod: input.cod,
      currency: "IDR",
    };
    return {
      patch: { ...input.snapshot, codRisk: { ...risk, held }, ...problem },
      event: {
        actor: ACTOR.create,
        type: "cod_risk_held",
        message: problem.problemSaid,
        data: { score: risk.score, level: risk.level, reason },
      },
    };
  });
  await markInbox(ctx.deps.db, shop, orderId, ORDER_PAYLOAD_TOPICS);
  return "held";
}

function heldProblem(reason: "level" | "marked", risk: AssessedRisk): Problem {
  if (reason === "marked") return problemOf("cod_risk", said("codRiskHeldMarked"));
  return problemOf(
    "cod_risk",
    said(risk.level === "high" ? "codRiskHeldHigh" : "codRiskHeldMedium", { score: risk.score }),
  );
}

/**
 * The courier's price for the parcel out, from the service's rates for the draft's own courier;
 * null when the shop has no key, the service offers no price or cannot be reached (the hold does
 * not wait on it: the merchant sees the cash at stake either way).
 */
async function priceOut(
  ctx: Ctx,
  access: ShopFacts["access"],
  request: DraftOrderCreateRequest,
): Promise<number | null> {
  if (access instanceof Error || !request.courier_company) return null;
  const rates = ratesRequestOf(request, request.courier_company);
  try {
    const answer = await ctx.call(access.apiKey, "rates", () => access.client.getRates(rates));
    const offered = answer.pricing.filter((p) => p.courier_code === request.courier_company);
    return offered.find((p) => p.courier_service_code === request.courier_type)?.price ?? null;
  } catch (error) {
    // A deferral (rate limit) is the job's to handle; anything else leaves the price unknown.
    if (error instanceof DelayedError) throw error;
    ctx.log.warn({ err: error }, "no price for a held COD order");
    return null;
  }
}
