import type { TFunction } from "i18next";
import { ORDER_CANCEL_STATE, RETURNED_ORDER_CANCEL } from "../admin-api/operations/returns";
import { ORDER_INVOICE_SEND } from "../admin-api/operations/order-invoice";
import { adminRequest, orderGid, userErrorText, type AdminGraphql } from "../admin-api/request";
import type { Shipment } from "../db/schema";
import { said } from "../i18n/said";
import {
  BUYER,
  MERCHANT,
  ShipmentActionError,
  ownShipment,
  type ActionDeps,
} from "../shipments/actions.server";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { shipmentEvents } from "../db/schema";
import { addShipmentEvent, updateShipment } from "../shipments/shipments.server";
import type { BuyerMark } from "./hold";
import { setBuyerMark } from "./marks.server";

/**
 * What the merchant does with a cash-on-delivery order held for its risk (app/cod-risk/hold.ts,
 * worker/shared/cod-risk-hold.ts), from the shipment page and the order block. Each happens once:
 * the release is a versioned update (a second press finds the shipment changed or released and is
 * refused in words), and the draft's job id carries the version.
 */
export interface HoldActionDeps extends ActionDeps {
  /** The shop's Admin API: the order's cancellation and its invoice are Shopify's to make. */
  adminGraphql: AdminGraphql;
}

/**
 * Held for its risk: not drafted, waiting on the merchant under "COD risk", and its order not
 * being cancelled at the merchant's request.
 */
export const isHeldForCodRisk = (s: Shipment): boolean =>
  s.status === "pending" &&
  !s.draftOrderId &&
  !s.codRiskReleasedAt &&
  !s.codRisk?.held?.cancelAskedAt &&
  (s.problemKinds ?? []).includes("cod_risk");

/** Shopify's refusal of a mutation (no payload, or its user errors), in the merchant's words. */
function refusedUnless(
  payload: unknown,
  errors: readonly { message: string }[] | undefined,
  t: TFunction,
): void {
  if (payload && !errors?.length) return;
  throw new ShipmentActionError(
    "shopifyRefused",
    { reason: userErrorText(errors ?? []) || t("actionError.noReason") },
    400,
  );
}

async function heldShipment(deps: ActionDeps, shop: string, id: string): Promise<Shipment> {
  const shipment = await ownShipment(deps, shop, id);
  if (!isHeldForCodRisk(shipment)) throw new ShipmentActionError("notHeld");
  return shipment;
}

/**
 * Lets the held order go on: the buyer confirmed it, or the merchant books it anyway. From then
 * on its drafts are made whatever its risk (cod_risk_released_at); the draft is made now.
 */
export async function releaseHold(
  deps: ActionDeps,
  shop: string,
  shipmentId: string,
  how: "confirmed" | "anyway" | "buyer",
): Promise<Shipment> {
  const shipment = await heldShipment(deps, shop, shipmentId);
  const now = new Date();
  const released = await updateShipment(
    deps.db,
    shipment,
    {
      codRiskReleasedAt: now,
      problem: null,
      // The buyer's own "yes" from the order's page: the link is used.
      ...(how === "buyer"
        ? { buyerAnswer: { did: "confirmed" as const, at: now.toISOString() } }
        : {}),
    },
    {
      actor: how === "buyer" ? BUYER : MERCHANT,
      type: "cod_risk_released",
      message: said(
        how === "confirmed"
          ? "codRiskBuyerConfirmed"
          : how === "buyer"
            ? "codRiskBuyerConfirmedOnPage"
            : "codRiskBookAnyway",
      ),
    },
  );
  if (!released) throw new ShipmentActionError("changed");
  await deps.enqueue.createDraft(shop, shipment.orderId, `v${released.version}`, shipment.part);
  return released;
}

/** When to look at Shopify's cancellation job while the merchant waits (ms after asking). */
const CANCEL_LOOKS_MS = [500, 1_000, 2_000];

/**
 * Shopify's cancellation job, looked at while the merchant waits for the answer: "cancelled"
 * once the order is, "failed" when the job ran without cancelling it, "running" if it has not
 * run by the last look (the orders/cancelled webhook then ends the shipment).
 */
async function cancellation(
  deps: HoldActionDeps,
  shop: string,
  jobId: string,
  orderId: string,
): Promise<"cancelled" | "failed" | "running"> {
  let waited = 0;
  for (const at of CANCEL_LOOKS_MS) {
    await new Promise((done) => setTimeout(done, at - waited));
    waited = at;
    const state = await adminRequest(deps.adminGraphql, shop, ORDER_CANCEL_STATE, {
      jobId,
      orderId: orderGid(orderId),
    });
    if (state.order?.cancelledAt) return "cancelled";
    if (!state.job || state.job.done) return "failed";
  }
  return "running";
}

/**
 * The held shipment claimed for its order's cancellation before Shopify is asked (a versioned
 * update): a release pressed meanwhile (here or on the order block) is refused, so no parcel is
 * booked for an order Shopify is cancelling; of two presses, one claims.
 */
async function claimForCancel(
  deps: ActionDeps,
  shop: string,
  id: string,
  actor: string,
): Promise<Shipment> {
  const shipment = await heldShipment(deps, shop, id);
  const held = shipment.codRisk?.held;
  if (!shipment.codRisk || !held) throw new ShipmentActionError("notHeld");
  const claimed = await updateShipment(
    deps.db,
    shipment,
    {
      codRisk: {
        ...shipment.codRisk,
        held: { ...held, cancelAskedAt: new Date().toISOString() },
      },
      // The buyer's own "no" from the order's page: the link is used (given back if Shopify refuses).
      ...(actor === BUYER
        ? { buyerAnswer: { did: "cancelled" as const, at: new Date().toISOString() } }
        : {}),
    },
    { actor, type: "cancel_requested", message: said("orderCancelAsking") },
  );
  if (!claimed) throw new ShipmentActionError("changed");
  return claimed;
}

/** Shopify did not cancel the order: the claim is given back and the order is held as before. */
async function giveBackClaim(deps: ActionDeps, claimed: Shipment, actor: string): Promise<void> {
  const held = claimed.codRisk?.held;
  if (!claimed.codRisk || !held) return;
  const { cancelAskedAt: _asked, ...unclaimed } = held;
  await updateShipment(
    deps.db,
    claimed,
    {
      codRisk: { ...claimed.codRisk, held: unclaimed },
      ...(actor === BUYER ? { buyerAnswer: null } : {}),
    },
    { actor, type: "cod_risk_held", message: said("orderCancelNotDone") },
  );
}

/**
 * Cancels the held order in Shopify, its items back in stock, nothing refunded (nothing was paid)
 * and the buyer not e-mailed. Shopify cancels in a job: once it has run the shipment ends (nothing
 * was made at the service); a job still running when the page must answer leaves the shipment
 * with the request on its timeline, and the orders/cancelled webhook that follows ends it; a job
 * that ran without cancelling is refused in words.
 */
export async function cancelHeldOrder(
  deps: HoldActionDeps,
  shop: string,
  shipmentId: string,
  t: TFunction,
  by: "merchant" | "buyer" = "merchant",
): Promise<"cancelled" | "asked"> {
  const actor = by === "buyer" ? BUYER : MERCHANT;
  const shipment = await claimForCancel(deps, shop, shipmentId, actor);
  let outcome: "cancelled" | "failed" | "running";
  try {
    const { orderCancel } = await adminRequest(deps.adminGraphql, shop, RETURNED_ORDER_CANCEL, {
      orderId: orderGid(shipment.orderId),
      restock: true,
      staffNote: t(by === "buyer" ? "codRisk.staffNoteBuyer" : "codRisk.staffNote").slice(0, 255),
    });
    refusedUnless(orderCancel?.job, orderCancel?.orderCancelUserErrors, t);
    outcome = await cancellation(deps, shop, orderCancel!.job!.id, shipment.orderId);
    if (outcome === "failed") throw new ShipmentActionError("cancelUnfinished", {}, 400);
  } catch (error) {
    // Not cancelled: the hold is the merchant's again.
    await giveBackClaim(deps, shipment, actor);
    throw error;
  }
  if (outcome === "running") {
    await addShipmentEvent(deps.db, shipment, {
      actor,
      type: "cancel_requested",
      message: said("orderCancelAsked"),
    });
    return "asked";
  }
  // Cancelled in Shopify either way; a concurrent change to the row is told by the webhook's path.
  await updateShipment(
    deps.db,
    shipment,
    { status: "cancelled", problem: null },
    {
      actor,
      type: "cancelled",
      message: said(by === "buyer" ? "codRiskOrderCancelledByBuyer" : "codRiskOrderCancelled"),
    },
  );
  return "cancelled";
}

/** How long after an invoice another may be sent for the same order. */
export const INVOICE_AGAIN_MINUTES = 10;

/**
 * Asks the buyer to pay first: Shopify e-mails them the order's invoice with a link to pay. Paid,
 * the order owes nothing on delivery: orders/paid makes its draft as a prepaid parcel (not assessed
 * again). Sent again on a later press (the buyer may have lost the first), but at most once in
 * ten minutes: the press is claimed on the timeline first, one at a time per shipment, and a
 * press within the ten minutes is refused in words. A send Shopify refuses gives the claim back.
 */
export async function askPrepayment(
  deps: HoldActionDeps,
  shop: string,
  shipmentId: string,
  t: TFunction,
): Promise<Shipment> {
  const shipment = await heldShipment(deps, shop, shipmentId);
  const claim = await claimInvoice(deps.db, shipment);
  try {
    const { orderInvoiceSend } = await adminRequest(deps.adminGraphql, shop, ORDER_INVOICE_SEND, {
      id: orderGid(shipment.orderId),
      email: { customMessage: t("codRisk.invoiceMessage") },
    });
    refusedUnless(orderInvoiceSend, orderInvoiceSend?.userErrors, t);
  } catch (error) {
    await deps.db.delete(shipmentEvents).where(eq(shipmentEvents.id, claim));
    throw error;
  }
  return shipment;
}

/** The invoice's event written before it is sent (its id), or a refusal within ten minutes of another. */
async function claimInvoice(db: ActionDeps["db"], shipment: Shipment): Promise<number> {
  return db.transaction(async (tx) => {
    // One press at a time per shipment: the second waits, then sees the first's event.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`invoice:${shipment.id}`}))`);
    const since = new Date(Date.now() - INVOICE_AGAIN_MINUTES * 60_000);
    const [recent] = await tx
      .select({ at: shipmentEvents.createdAt })
      .from(shipmentEvents)
      .where(
        and(
          eq(shipmentEvents.shipmentId, shipment.id),
          eq(shipmentEvents.type, "invoice_sent"),
          gt(shipmentEvents.createdAt, since),
        ),
      )
      .orderBy(desc(shipmentEvents.createdAt))
      .limit(1);
    if (recent) {
      const wait = Math.max(1, Math.ceil((recent.at.getTime() - since.getTime()) / 60_000));
      throw new ShipmentActionError(
        "invoiceRecent",
        { minutes: String(INVOICE_AGAIN_MINUTES), wait: String(wait) },
        429,
      );
    }
    return addShipmentEvent(tx, shipment, {
      actor: MERCHANT,
      type: "invoice_sent",
      message: said("codRiskInvoiceSent"),
    });
  });
}

/**
 * The merchant's word on the shipment's buyer (trusted, always held, or neither), for their next
 * COD orders. A shipment held for its risk is decided again at once with it (a trusted buyer's
 * held order goes on).
 */
export async function markBuyer(
  deps: ActionDeps,
  shop: string,
  shipmentId: string,
  mark: BuyerMark | null,
): Promise<Shipment> {
  const shipment = await ownShipment(deps, shop, shipmentId);
  if (!shipment.destinationPhone && !shipment.destinationEmail && !shipment.customerId)
    throw new ShipmentActionError("noBuyerKeys");
  await setBuyerMark(
    deps.db,
    shop,
    {
      phone: shipment.destinationPhone,
      email: shipment.destinationEmail,
      customerId: shipment.customerId,
    },
    mark,
  );
  const message = said(
    mark === "trusted"
      ? "codBuyerTrusted"
      : mark === "held"
        ? "codBuyerAlwaysHeld"
        : "codBuyerMarkRemoved",
  );
  if (!isHeldForCodRisk(shipment)) {
    await addShipmentEvent(deps.db, shipment, {
      actor: MERCHANT,
      type: "cod_buyer_marked",
      message,
    });
    return shipment;
  }
  const marked = await updateShipment(
    deps.db,
    shipment,
    { problem: null },
    { actor: MERCHANT, type: "cod_buyer_marked", message },
  );
  if (!marked) throw new ShipmentActionError("changed");
  await deps.enqueue.createDraft(shop, shipment.orderId, `v${marked.version}`, shipment.part);
  return marked;
}
