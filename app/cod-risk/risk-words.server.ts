import type { Db } from "../db/client.server";
import type { Shipment } from "../db/schema";
import type { ShipmentContents } from "../orders/map-types";
import { TERMINAL_STATUSES, type ShipmentStatus } from "../shipments/states";
import { exactTime, valueWords, type Speech } from "../shipments/status-words";
import { isHeldForCodRisk } from "./hold-actions.server";
import { buyerMarkOf } from "./marks.server";
import { codRiskWords, type CodRiskWords } from "./risk-words";
import { buyerLinkExpiresAt, buyerLinkUrl } from "../buyer-page/buyer-link.server";
import { getEnv } from "../platform/env.server";

/**
 * A shipment's COD risk as the shipment page and the order block show it: a medium or high risk,
 * or a held order, until the journey ends; the buyer's mark read only then (one statement).
 */
export async function shipmentRiskWords(
  db: Db,
  shipment: Shipment,
  speech: Speech,
): Promise<CodRiskWords | null> {
  const risk = shipment.codRisk;
  const held = isHeldForCodRisk(shipment);
  if (
    !risk ||
    TERMINAL_STATUSES.has(shipment.status as ShipmentStatus) ||
    (risk.level === "low" && !held)
  )
    return null;
  return codRiskWords(
    risk,
    {
      phone: shipment.destinationPhone,
      name: shipment.destinationName,
      orderName: shipment.orderName,
      address: shipment.destinationAddress,
      contents: shipment.contents as ShipmentContents | null,
      link: buyerLink(shipment, held),
    },
    speech.t,
    valueWords(speech),
    {
      held,
      mark: await buyerMarkOf(db, shipment.shop, {
        phone: shipment.destinationPhone,
        email: shipment.destinationEmail,
        customerId: shipment.customerId,
      }),
      when: (at) => exactTime(at, speech),
      buyerAnswer: shipment.buyerAnswer,
    },
  );
}

/**
 * The held order's page for its buyer (app/buyer-page/): while held, not yet answered from it and
 * not expired (buyerLinkExpiresAt); null otherwise.
 */
function buyerLink(shipment: Shipment, held: boolean): string | null {
  const since = shipment.codRisk?.held?.at;
  if (!held || !since || shipment.buyerAnswer) return null;
  const heldAt = new Date(since);
  if (Date.now() >= buyerLinkExpiresAt(heldAt).getTime()) return null;
  return buyerLinkUrl(getEnv().SHOPIFY_API_SECRET, shipment.shop, shipment.id, heldAt);
}
