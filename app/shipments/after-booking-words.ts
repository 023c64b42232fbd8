import type { Shipment } from "../db/schema";
import { codAmount } from "./cod";
import { whatsappLink } from "./trouble";
import { exactTime, formatMoney, type Speech } from "./status-words";

/**
 * A shipment's life after the booking, in the merchant's words, for the shipment's page and the
 * order page's block alike: the customer's WhatsApp while a call can still help, the cash on
 * delivery and what became of it in Shopify, and what became of a parcel that came back.
 */
export interface AfterBookingWords {
  /** `https://wa.me/62…` when the parcel is in trouble or on its way back; else null. */
  whatsapp: string | null;
  cod: string | null;
  returned: string | null;
}

type Facts = Pick<
  Shipment,
  | "status"
  | "problemKinds"
  | "destinationPhone"
  | "contents"
  | "currency"
  | "codSettlement"
  | "codSettledAt"
  | "shopifyReturnId"
  | "returnRestockedAt"
  | "returnOutcome"
>;

export function afterBookingWords(shipment: Facts, speech: Speech): AfterBookingWords {
  return {
    whatsapp:
      shipment.problemKinds.includes("delivery") ||
      shipment.status === "on_hold" ||
      shipment.status === "return_in_transit"
        ? whatsappLink(shipment.destinationPhone)
        : null,
    cod: codLine(shipment, speech),
    returned: returnLine(shipment, speech),
  };
}

/** The shipment's cash on delivery, and what became of it in Shopify, in words; null when prepaid. */
function codLine(shipment: Facts, speech: Speech): string | null {
  const { t } = speech;
  const cod = codAmount(shipment);
  if (cod === null) return null;
  const amount = formatMoney(cod, shipment.currency, speech.locale);
  const when = shipment.codSettledAt ? ` (${exactTime(shipment.codSettledAt, speech)})` : "";
  switch (shipment.codSettlement) {
    case "marked_paid":
      return t("afterBooking.cod.markedPaid", { amount, when });
    case "already_paid":
      return t("afterBooking.cod.alreadyPaid", { amount, when });
    case "off":
      return t("afterBooking.cod.off", { amount });
    case "refused":
      return t("afterBooking.cod.refused", { amount });
    default:
      if (shipment.status === "delivered") return t("afterBooking.cod.collected", { amount });
      if (["return_in_transit", "returned", "rejected", "disposed"].includes(shipment.status))
        return t("afterBooking.cod.notCollected", { amount });
      return t("afterBooking.cod.onDelivery", { amount });
  }
}

/** What became of a parcel that came back, in Shopify; null while it has not. */
function returnLine(shipment: Facts, speech: Speech): string | null {
  const { t } = speech;
  if (shipment.status !== "returned") return null;
  const steps = [
    shipment.shopifyReturnId ? t("afterBooking.return.recorded") : null,
    shipment.returnRestockedAt
      ? t("afterBooking.return.restocked", { when: exactTime(shipment.returnRestockedAt, speech) })
      : null,
  ].filter(Boolean);
  const last = t(
    `afterBooking.return.${shipment.returnOutcome ?? "handling"}` as "afterBooking.return.handling",
  );
  return t("afterBooking.return.cameBack", { steps: [...steps, last].join(", ") });
}
