import type { ReturnPickup, Shipment } from "../db/schema";
import type { AdminGraphql } from "../admin-api/request";
import type { Queryable } from "../db/client.server";
import type { Env } from "../platform/env.server";
import {
  courierName,
  formatMoney,
  statusLabel,
  valueWords,
  type Speech,
} from "../shipments/status-words";
import { storedText } from "../i18n/said";
import { formatServiceDuration } from "../platform/intl-format";
import { pickupsOfOrder, quotePickup } from "./pickups.server";

/** A customer's return on the shipment's page, in words, with what the merchant can do. */
export interface PickupWords {
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
  /** Its booking asked for and not yet done (the page follows it). */
  booking: boolean;
}

/** The store order's page in the Shopify admin (where its return is processed). */
export const ADMIN_ORDER = (orderId: string) => `shopify://admin/orders/${orderId}`;

export function pickupSentence(
  p: ReturnPickup,
  senderName: string | null,
  speech: Speech,
): {
  title: string;
  sentence: string;
} {
  const { t } = speech;
  const courier = courierName(p.courierCompany, p.courierType, speech.couriers);
  const price = formatMoney(p.price, "IDR", speech.locale);
  switch (p.status) {
    case "approved":
      return {
        title: t("returnPickup.approved.title"),
        sentence: t("returnPickup.approved.sentence", {
          to: senderName ?? t("returnPickup.yourPickup"),
        }),
      };
    case "booking":
      return {
        title: t("returnPickup.booking.title"),
        sentence: t(price ? "returnPickup.booking.withPrice" : "returnPickup.booking.sentence", {
          courier: courier ?? t("returnPickup.chosenCourier"),
          price,
        }),
      };
    case "booked": {
      if (p.deliveredAt)
        return {
          title: t("returnPickup.back.title"),
          sentence: t("returnPickup.back.sentence"),
        };
      const where = p.serviceStatus ? `${statusLabel(p.serviceStatus, t)}. ` : "";
      return {
        title: t("returnPickup.booked.title", {
          courier: courier ?? t("returnPickup.courier"),
          waybill: p.waybillId ?? t("returnPickup.pending"),
        }),
        sentence: `${where}${
          p.reverseDeliveryId
            ? t("returnPickup.booked.tracked")
            : t("returnPickup.booked.untracked")
        }`,
      };
    }
    case "declined":
      return { title: t("returnPickup.declined"), sentence: t("returnPickup.nothingBooked") };
    case "closed":
      return { title: t("returnPickup.closed"), sentence: t("returnPickup.nothingBooked") };
    case "refused":
      return {
        title: t("returnPickup.refused.title"),
        sentence:
          storedText(p.problem, p.problemSaid, t, valueWords(speech)) ??
          t("returnPickup.refused.sentence"),
      };
  }
}

/** The shipment's customer returns as its page shows them; an open one is quoted (best effort). */
export async function pickupWords(
  deps: { db: Queryable; env: Env; graphql: AdminGraphql },
  shop: string,
  shipment: Shipment,
  speech: Speech,
): Promise<PickupWords[]> {
  const { t } = speech;
  // Through the (shop, order_id) index: the order's returns, this parcel's.
  const pickups = (await pickupsOfOrder(deps.db, shop, shipment.orderId)).filter(
    (p) => p.shipmentId === shipment.id,
  );
  const views: PickupWords[] = [];
  for (const p of pickups) {
    const words = pickupSentence(p, shipment.label?.sender.name ?? shipment.originName, speech);
    let options: PickupWords["options"] = null;
    let quoteError: string | null = null;
    let lines = p.lines ?? [];
    if (p.status === "approved" || p.status === "refused") {
      const quote = await quotePickup(deps, shop, p, shipment);
      lines = quote.lines;
      options = quote.options.map((o) => {
        const duration = formatServiceDuration(o.durationRange, o.durationUnit, speech.locale);
        return {
          value: `${o.company}/${o.type}/${o.price}`,
          // Named as the service's rates name it (the shop's couriers list may not be at hand).
          label: `${o.name}: ${formatMoney(o.price, "IDR", speech.locale)}${duration ? ` (${duration})` : ""}`,
        };
      });
      if (quote.error) quoteError = t("returnPickup.noPrice", { reason: quote.error });
    }
    views.push({
      id: p.id,
      ...words,
      lines: lines.map((l) => `${l.quantity} × ${l.name} (${l.grams * l.quantity} g)`),
      options,
      quoteError,
      waybill: p.waybillId,
      trackingUrl: p.trackingUrl,
      problem:
        p.status === "refused" ? null : storedText(p.problem, p.problemSaid, t, valueWords(speech)),
      booking: p.status === "booking",
    });
  }
  return views;
}
