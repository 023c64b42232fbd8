import { inEnglish, said } from "#app/i18n/said.ts";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { shipments, webhookInbox, type Shipment } from "#app/db/schema.ts";
import { ShopNotConnectedError } from "#app/admin-api/request.ts";
import { ORDER_DATA_TOPICS } from "#app/orders/sources.ts";
import {
  NO_RECIPIENT,
  updateShipment,
  type ShipmentPatch,
} from "#app/shipments/shipments.server.ts";
import { problemOf } from "#app/shipments/problem-kinds.ts";
import { apply, type Ctx } from "./shipment-context.ts";

/**
 * What the shop's Admin API said of the shipment's store order: the shop's (now, or at an earlier
 * check); not the shop's, or gone (the shipment is now `not_required` and holds none of it); or it
 * could not be asked (no offline session: the shipment's problem says so, nothing is booked).
 */
export type Ownership = "owned" | "disowned" | "unverified";

export const DISOWNED_REASON = inEnglish(said("disownedOrder"));
export const UNVERIFIED_PROBLEM = inEnglish(said("unverifiedOrder"));

/**
 * Before an order's data is written to its shipment or anything is drafted, the shop the delivery
 * named must hold the order (app/orders/order-for-shipping.ts). Asked once per shipment: the answer is kept
 * (`order_verified_at`). A "no" disowns the shipment: not required, its recipient, contents and
 * the inbox payloads of the order in this shop removed, and later deliveries of it store no
 * payload (app/webhooks/order-delivery.server.ts). Failing to ask throws (the job retries), except
 * for a shop without an offline session, which becomes the shipment's problem.
 */
export async function verifyOrderOwner(
  ctx: Ctx,
  shipment: Shipment,
  actor: string,
  options: {
    /**
     * The caller reads the order next and records the answer with that read (`latestOrder`'s
     * `verified`): one statement instead of two. A run that stops in between asks again.
     */
    recordWithOrderRead?: boolean;
  } = {},
): Promise<Ownership> {
  if (shipment.orderVerifiedAt) return "owned";
  if (shipment.disownedAt) return "disowned";
  const { db } = ctx.deps;
  let owned: boolean;
  try {
    owned = (await ctx.orderForShipping(shipment.shop, shipment.orderId)) !== null;
  } catch (error) {
    if (!(error instanceof ShopNotConnectedError)) throw error;
    if (shipment.problem !== UNVERIFIED_PROBLEM)
      await updateShipment(db, shipment, problemOf("setup", said("unverifiedOrder")), {
        actor,
        type: "problem",
        message: said("unverifiedOrder"),
      });
    return "unverified";
  }
  if (owned) {
    if (options.recordWithOrderRead) return "owned";
    // Not a versioned change: nothing decides on it concurrently, and the caller's row stays current.
    await db
      .update(shipments)
      .set({ orderVerifiedAt: sql`now()` })
      .where(and(eq(shipments.id, shipment.id), isNull(shipments.orderVerifiedAt)));
    return "owned";
  }
  // The inbox first: should the shipment's change fail, the retried job asks again and finishes
  // both (once the shipment is disowned, it is not asked again).
  await db
    .update(webhookInbox)
    .set({ payload: null, status: "processed", processedAt: sql`now()`, error: DISOWNED_REASON })
    .where(
      and(
        eq(webhookInbox.shop, shipment.shop),
        eq(webhookInbox.resourceId, shipment.orderId),
        inArray(webhookInbox.topic, [...ORDER_DATA_TOPICS]),
      ),
    );
  // Whatever a concurrent job made of the shipment meanwhile, it is disowned.
  await apply(ctx, shipment.shop, shipment.id, () => ({
    patch: disownedPatch(),
    event: { actor, type: "disowned", message: said("disownedOrder") },
  }));
  return "disowned";
}

/** A disowned shipment: not required, and nothing of the order it was made from. */
const disownedPatch = (): ShipmentPatch => ({
  ...NO_RECIPIENT,
  status: "not_required",
  decision: DISOWNED_REASON,
  problem: null,
  problems: [],
  awaitingPayment: false,
  contents: null,
  disownedAt: new Date(),
});
