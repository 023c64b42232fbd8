import type { Shipment } from "../db/schema";
import { i18nIn } from "../i18n/instance";
import type { ShipmentContents } from "../orders/map-types";
import { codAmount } from "./cod";
import { goodsValueOf } from "./insurance-choice";
import { courierName, exactTime, formatMoney, type Speech } from "./status-words";
import { whatsappLink } from "./trouble";

/** The courier's latest scan of the parcel as the app recorded it (`fulfillment_events`). */
export interface LastScan {
  at: Date;
  note: string | null;
}

type Facts = Pick<
  Shipment,
  | "problemKinds"
  | "orderName"
  | "orderId"
  | "waybillId"
  | "courierCompany"
  | "courierType"
  | "destinationName"
  | "destinationPhone"
  | "destinationAddress"
  | "destinationCity"
  | "destinationPostalCode"
  | "originName"
  | "pickedUpAt"
  | "contents"
  | "currency"
> & { bookedAt: string | null };

/**
 * What a seller does for a parcel that stopped moving (kind `stuck`), written for them: a WhatsApp
 * chat with the buyer, the message already written (the parcel is late, the seller is on it), and
 * the parcel's facts for the courier's customer service to paste in their chat or form. Both in
 * Indonesian whatever the admin's language: the buyer's and the courier's language. Null for a
 * parcel that is not stuck.
 */
export function stuckHelp(
  shipment: Facts,
  lastScan: LastScan | null,
  speech: Pick<Speech, "couriers" | "timeZone">,
): { whatsapp: string | null; facts: string } | null {
  if (!shipment.problemKinds.includes("stuck")) return null;
  const { t } = i18nIn("id");
  const id = { locale: "id-ID", timeZone: speech.timeZone };
  const order = shipment.orderName ?? shipment.orderId;
  const courier = courierName(shipment.courierCompany, shipment.courierType, speech.couriers);
  const since = lastScan ? exactTime(lastScan.at, id) : null;
  const chat = whatsappLink(shipment.destinationPhone);
  const message = t("shipment.stuckHelp.buyerMessage", {
    name: shipment.destinationName?.trim() || t("codRisk.buyerNameless"),
    order,
    courier,
    waybill: shipment.waybillId ?? "-",
    interpolation: { escapeValue: false },
  });
  const items = (shipment.contents as ShipmentContents | null)?.items;
  const value = goodsValueOf(shipment.contents);
  const cod = codAmount(shipment);
  const line = (key: string, text: string | null | undefined) =>
    text
      ? t(`shipment.stuckHelp.facts.${key}` as "shipment.stuckHelp.facts.waybill", {
          text,
          interpolation: { escapeValue: false },
        })
      : null;
  const facts = [
    since ? t("shipment.stuckHelp.facts.askSince", { since }) : t("shipment.stuckHelp.facts.ask"),
    line("waybill", shipment.waybillId),
    line("courier", courier),
    line("order", order),
    line("booked", shipment.bookedAt ? exactTime(shipment.bookedAt, id) : null),
    line("pickedUp", shipment.pickedUpAt ? exactTime(shipment.pickedUpAt, id) : null),
    line(
      "lastScan",
      lastScan
        ? [exactTime(lastScan.at, id), lastScan.note ? `"${lastScan.note}"` : null]
            .filter(Boolean)
            .join(", ")
        : null,
    ),
    line("from", shipment.originName),
    line(
      "to",
      [shipment.destinationAddress, shipment.destinationCity, shipment.destinationPostalCode]
        .filter(Boolean)
        .join(", "),
    ),
    line("recipient", shipment.destinationName),
    line("items", items?.map((i) => `${i.quantity}x ${i.name}`).join(", ")),
    line("value", value ? formatMoney(value, shipment.currency ?? "IDR", "id-ID") : null),
    line("cod", cod !== null ? formatMoney(cod, shipment.currency ?? "IDR", "id-ID") : null),
  ]
    .filter((l): l is string => l !== null)
    .join("\n");
  return { whatsapp: chat ? `${chat}?text=${encodeURIComponent(message)}` : null, facts };
}
