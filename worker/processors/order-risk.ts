import type { Job } from "bullmq";
import { ORDER_RISK_ASSESSMENT_CREATE } from "#app/admin-api/operations/order-risk.ts";
import { adminRequest, userErrorText } from "#app/admin-api/request.ts";
import { shopifyRiskInput } from "#app/cod-risk/shopify-risk.ts";
import { shipmentJobs } from "#app/jobs/definitions.ts";
import { getShipment } from "#app/shipments/shipments.server.ts";
import {
  unlessNotGranted,
  whenConnected,
  type ShopifyOrderDeps,
} from "../shared/shopify-connection.ts";

/**
 * order-risk: a COD order assessed at medium or high risk (create-draft) has its assessment written
 * where Shopify shows an order's risk, so the merchant sees it on Shopify's own order page: the
 * level and the reasons as facts, in Indonesian (app/cod-risk/shopify-risk.ts). The assessment is
 * read as the shipment keeps it now; Shopify's refusal (an order it no longer has) is recorded, not
 * retried.
 */
export async function processOrderRisk(job: Job, deps: ShopifyOrderDeps): Promise<string> {
  const { shop, shipmentId } = shipmentJobs.orderRisk.payload.parse(job.data);
  return whenConnected(deps, shop, shipmentId, async () => {
    const shipment = await getShipment(deps.db, shop, shipmentId);
    if (!shipment) return "no shipment";
    const input = shipment.codRisk ? shopifyRiskInput(shipment.orderId, shipment.codRisk) : null;
    if (!input) return "nothing to warn of";
    return unlessNotGranted(async () => {
      const { orderRiskAssessmentCreate: answer } = await adminRequest(
        deps.adminGraphql,
        shop,
        ORDER_RISK_ASSESSMENT_CREATE,
        { input },
      );
      if (answer?.userErrors.length) return `refused: ${userErrorText(answer.userErrors)}`;
      return `risk ${input.riskLevel} written`;
    });
  });
}
