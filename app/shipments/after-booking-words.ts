import type { Shipment } from "../db/schema";
import { codAmount } from "./cod";
import { whatsappLink } from "./trouble";
import { exactTime, formatMoney } from "./wording";

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

export function afterBookingWords(shipment: Facts, locale = "id-ID"): AfterBookingWords {
  return {
    whatsapp:
      shipment.problemKinds.includes("delivery") ||
      shipment.status === "on_hold" ||
      shipment.status === "return_in_transit"
        ? whatsappLink(shipment.destinationPhone)
        : null,
    cod: codLine(shipment, locale),
    returned: returnLine(shipment),
  };
}

/** The shipment's cash on delivery, and what became of it in Shopify, in words; null when prepaid. */
function codLine(shipment: Facts, locale: string): string | null {
  const cod = codAmount(shipment);
  if (cod === null) return null;
  const amount = formatMoney(cod, shipment.currency, locale);
  const when = shipment.codSettledAt ? ` (${exactTime(shipment.codSettledAt)})` : "";
  switch (shipment.codSettlement) {
    case "marked_paid":
      return `Cash on delivery ${amount}: collected by the courier, order marked paid in Shopify${when}`;
    case "already_paid":
      return `Cash on delivery ${amount}: collected by the courier; the order was already paid in Shopify${when}`;
    case "off":
      return `Cash on delivery ${amount}: collected by the courier; mark the order paid in Shopify (automatic marking is off)`;
    case "refused":
      return `Cash on delivery ${amount}: collected by the courier; Shopify refused to mark the order paid`;
    default:
      if (shipment.status === "delivered")
        return `Cash on delivery ${amount}: collected by the courier`;
      if (["return_in_transit", "returned", "rejected", "disposed"].includes(shipment.status))
        return `Cash on delivery ${amount}: not collected (the parcel did not reach the customer)`;
      return `Cash on delivery ${amount}: the courier collects it on delivery`;
  }
}

/** What became of a parcel that came back, in Shopify; null while it has not. */
function returnLine(shipment: Facts): string | null {
  if (shipment.status !== "returned") return null;
  const steps = [
    shipment.shopifyReturnId ? "return recorded in Shopify" : null,
    shipment.returnRestockedAt ? `restocked (${exactTime(shipment.returnRestockedAt)})` : null,
  ].filter(Boolean);
  const outcome: Record<NonNullable<Shipment["returnOutcome"]>, string> = {
    cancelled: "order cancelled with nothing owed",
    to_refund: "the customer paid: refund them in Shopify",
    left_open: "the order is left for you in Shopify",
    by_hand: "already handled in Shopify",
    refused: "Shopify refused a step (see the problem)",
  };
  const last = shipment.returnOutcome ? outcome[shipment.returnOutcome] : "being handled";
  return `Came back to you: ${[...steps, last].join(", ")}`;
}
