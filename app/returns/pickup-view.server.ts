import type { ReturnPickup, Shipment } from "../db/schema";
import type { AdminGraphql } from "../admin-api/request";
import type { Queryable } from "../db/client.server";
import type { Env } from "../platform/env.server";
import { courierName, formatMoney, statusLabel } from "../shipments/wording";
import { pickupsOfOrder, quotePickup } from "./pickups.server";

/** A customer's return on the shipment's page, in words, with what the merchant can do. */
export interface PickupView {
  id: string;
  title: string;
  sentence: string;
  lines: string[];
  /** While it can be booked: the couriers and prices the service quotes ("company/type/price"). */
  options: { value: string; label: string }[] | null;
  quoteError: string | null;
  waybill: string | null;
  trackingUrl: string | null;
  problem: string | null;
}

/** The store order's page in the Shopify admin (where its return is processed). */
export const ADMIN_ORDER = (orderId: string) => `shopify://admin/orders/${orderId}`;

export function pickupSentence(
  p: ReturnPickup,
  senderName: string | null,
): {
  title: string;
  sentence: string;
} {
  const courier = courierName(p.courierCompany, p.courierType);
  const price = formatMoney(p.price, "IDR");
  switch (p.status) {
    case "approved":
      return {
        title: "Customer return approved in Shopify",
        sentence: `Book a courier to pick it up from the customer and bring it back to ${senderName ?? "your pickup location"}. Nothing is charged until you book.`,
      };
    case "booking":
      return {
        title: "Booking the return pickup",
        sentence: `With ${courier ?? "the courier you chose"}${price ? ` at ${price}` : ""}: the waybill appears here in a moment.`,
      };
    case "booked": {
      if (p.deliveredAt)
        return {
          title: "The return is back with you",
          sentence: "Process the return in Shopify to restock the items and refund the customer.",
        };
      const where = p.serviceStatus ? `${statusLabel(p.serviceStatus)}. ` : "";
      return {
        title: `Return pickup booked: ${courier ?? "courier"}, waybill ${p.waybillId ?? "pending"}`,
        sentence: `${where}${
          p.reverseDeliveryId
            ? "Shopify has the tracking on the return and told the customer."
            : "The tracking goes to Shopify's return once the waybill is known."
        }`,
      };
    }
    case "declined":
      return { title: "Return declined in Shopify", sentence: "No pickup was booked for it." };
    case "closed":
      return { title: "Return closed in Shopify", sentence: "No pickup was booked for it." };
    case "refused":
      return {
        title: "The return pickup could not be booked",
        sentence: p.problem ?? "Try again, or book it at the shipping service.",
      };
  }
}

/** The shipment's customer returns as its page shows them; an open one is quoted (best effort). */
export async function pickupViews(
  deps: { db: Queryable; env: Env; graphql: AdminGraphql },
  shop: string,
  shipment: Shipment,
): Promise<PickupView[]> {
  // Through the (shop, order_id) index: the order's returns, this parcel's.
  const pickups = (await pickupsOfOrder(deps.db, shop, shipment.orderId)).filter(
    (p) => p.shipmentId === shipment.id,
  );
  const views: PickupView[] = [];
  for (const p of pickups) {
    const words = pickupSentence(p, shipment.label?.sender.name ?? shipment.originName);
    let options: PickupView["options"] = null;
    let quoteError: string | null = null;
    let lines = p.lines ?? [];
    if (p.status === "approved" || p.status === "refused") {
      const quote = await quotePickup(deps, shop, p, shipment);
      lines = quote.lines;
      options = quote.options.map((o) => ({
        value: `${o.company}/${o.type}/${o.price}`,
        label: `${courierName(o.company, o.type)}: ${formatMoney(o.price, "IDR")}${o.duration ? ` (${o.duration})` : ""}`,
      }));
      if (quote.error) quoteError = `No price yet: ${quote.error}`;
    }
    views.push({
      id: p.id,
      ...words,
      lines: lines.map((l) => `${l.quantity} × ${l.name} (${l.grams * l.quantity} g)`),
      options,
      quoteError,
      waybill: p.waybillId,
      trackingUrl: p.trackingUrl,
      problem: p.status === "refused" ? null : p.problem,
    });
  }
  return views;
}
