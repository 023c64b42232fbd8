import { said, type Said } from "#app/i18n/said.ts";
import { financialWords } from "#app/orders/financial-status.ts";
import type { Job } from "bullmq";
import {
  ORDER_MARK_AS_PAID,
  ORDER_PAYMENT_QUERY,
} from "#app/admin-api/operations/order-settlement.ts";
import {
  AdminGraphqlError,
  adminRequest,
  orderGid,
  userErrorText,
} from "#app/admin-api/request.ts";
import { deniedScopes } from "#app/admin-api/access-scopes.ts";
import type { Shipment } from "#app/db/schema.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import { codAmount } from "#app/shipments/cod.ts";
import { problemOf } from "#app/shipments/problem-kinds.ts";
import { getShipment, updateDecided, type ShipmentPatch } from "#app/shipments/shipments.server.ts";
import { getShopSettings } from "#app/shops/shops.server.ts";
import { whenConnected, type ShopifyOrderDeps } from "../shared/shopify-connection.ts";

/**
 * settle-cod: the courier delivered a cash-on-delivery parcel and collected the cash, so its
 * Shopify order is marked paid (`orderMarkAsPaid`), once, when the shop's setting says so (on by
 * default) and only when Shopify says it can be (`canMarkAsPaid`: something is still owed and the
 * order is not paid already). The outcome is the shipment's `cod_settlement`; a job run again
 * finds it and does nothing, and one that died between Shopify's answer and the database finds
 * the order paid at Shopify (`already_paid`), so the order is never marked twice.
 */
export async function processSettleCod(job: Job, deps: ShopifyOrderDeps): Promise<string> {
  const { shop, shipmentId } = shipmentJobs.settleCod.payload.parse(job.data);
  return whenConnected(deps, shop, shipmentId, async () => {
    const shipment = await getShipment(deps.db, shop, shipmentId);
    if (!shipment || shipment.status !== "delivered") return "not delivered";
    if (shipment.codSettlement) return `already settled: ${shipment.codSettlement}`;
    const cod = codAmount(shipment);
    if (cod === null) return "not cash on delivery";
    if (!(await getShopSettings(deps.db, shop)).markCodPaid)
      return settle(deps, shipment, "off", {}, said("codLeftToMark"));
    return markPaid(deps, shipment, cod);
  });
}

const ACTOR = "worker:settle-cod";

async function markPaid(deps: ShopifyOrderDeps, shipment: Shipment, cod: number): Promise<string> {
  const { shop } = shipment;
  const id = orderGid(shipment.orderId);
  const collected = { amount: Number(cod), currency: shipment.currency ?? "IDR" };
  let order;
  try {
    ({ order } = await adminRequest(deps.adminGraphql, shop, ORDER_PAYMENT_QUERY, { id }));
  } catch (error) {
    return refusedAsAWhole(deps, shipment, error);
  }
  if (!order)
    return settle(
      deps,
      shipment,
      "refused",
      problemOf("shopify", said("codOrderGone")),
      said("orderGoneInShopify"),
    );
  if (!order.canMarkAsPaid) {
    // Nothing to mark: paid already (by hand, or by this job before it could record it), or
    // cancelled, or nothing owed.
    const status = financialWords(order.displayFinancialStatus ?? "unknown");
    return settle(
      deps,
      shipment,
      "already_paid",
      {},
      said(order.cancelledAt ? "codNothingToMarkCancelled" : "codNothingToMark", {
        collected,
        status,
      }),
    );
  }
  let answer;
  try {
    ({ orderMarkAsPaid: answer } = await adminRequest(deps.adminGraphql, shop, ORDER_MARK_AS_PAID, {
      input: { id },
    }));
  } catch (error) {
    return refusedAsAWhole(deps, shipment, error);
  }
  if (!answer?.order) {
    const reason = userErrorText(answer?.userErrors ?? []) || said("noReasonGiven");
    return settle(
      deps,
      shipment,
      "refused",
      problemOf("shopify", said("codNotMarkedPaid", { collected, reason })),
      said("refusedMarkPaid", { detail: reason }),
    );
  }
  return settle(deps, shipment, "marked_paid", {}, said("markedPaid", { collected }));
}

/**
 * Shopify refused the request as a whole: a throttle or the network are retried by the job; a
 * permission the shop has not granted becomes the shipment's problem, naming what to approve.
 */
async function refusedAsAWhole(
  deps: ShopifyOrderDeps,
  shipment: Shipment,
  error: unknown,
): Promise<string> {
  if (!(error instanceof AdminGraphqlError) || error.throttled) throw error;
  return settle(
    deps,
    shipment,
    "refused",
    problemOf(
      "shopify",
      said("codDenied", {
        detail: error.detail,
        scopes: deniedScopes(error.deniedFields).join(", ") || "write_orders",
      }),
    ),
    said("refusedMarkPaid", { detail: error.detail }),
  );
}

async function settle(
  deps: ShopifyOrderDeps,
  shipment: Shipment,
  outcome: NonNullable<Shipment["codSettlement"]>,
  problem: ShipmentPatch,
  message: Said,
): Promise<string> {
  let already: string | null = null;
  const saved = await updateDecided(
    deps.db,
    shipment.shop,
    shipment.id,
    (current) => {
      already = current.codSettlement;
      if (already) return null;
      return {
        patch: {
          codSettlement: outcome,
          codSettledAt: new Date(),
          // A refusal is the merchant's to act on, unless the shipment shows another problem already.
          ...(current.problem ? {} : problem),
        },
        event: {
          actor: ACTOR,
          type:
            outcome === "marked_paid"
              ? "cod_marked_paid"
              : outcome === "refused"
                ? "cod_refused"
                : "cod_settled",
          message,
        },
      };
    },
    ACTOR,
    shipment,
  );
  if (!saved) return "no shipment";
  return already ? `already settled: ${already}` : outcome;
}
