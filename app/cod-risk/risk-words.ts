import type { TFunction } from "i18next";
import type { CodRiskSnapshot } from "../db/json-columns";
import { i18nIn } from "../i18n/instance";
import { sayIn, storedSaid, type ValueWords } from "../i18n/said";
import type { ShipmentContents } from "../orders/map-types";
import { formatMoney } from "../platform/intl-format";
import { codAmount } from "../shipments/cod";
import { whatsappLink } from "../shipments/trouble";

/** A COD order's risk as the shipment page says it; null when there is nothing to warn of. */
export interface CodRiskWords {
  level: "medium" | "high";
  /** "High risk of coming back unpaid (score 70)". */
  title: string;
  /** Every reason that counted, in the reader's words, the weightiest first. */
  reasons: string[];
  /** A WhatsApp chat with the buyer, the order to confirm written out in Indonesian; null without a phone. */
  whatsapp: string | null;
}

/** What the buyer is asked to confirm: their order as the shipment carries it. */
export interface BuyerOrder {
  phone: string | null;
  name: string | null;
  orderName: string | null;
  address: string | null;
  contents: ShipmentContents | null;
}

/**
 * A WhatsApp link that opens a chat with the buyer, the message already written as an Indonesian
 * seller writes it (always in Indonesian: it is the buyer's, whatever the admin's language): the
 * order, its items, the cash to pay on delivery and the address, asking them to reply.
 */
export function confirmWithBuyerLink(order: BuyerOrder): string | null {
  const chat = whatsappLink(order.phone);
  const cod = codAmount(order);
  if (!chat || cod === null) return null;
  const { t } = i18nIn("id");
  const items = (
    order.contents?.ordered.length ? order.contents.ordered : (order.contents?.items ?? [])
  )
    .map((item) => `- ${item.quantity}x ${item.name}`)
    .join("\n");
  const text = t("codRisk.buyerMessage", {
    name: order.name?.trim() || t("codRisk.buyerNameless"),
    order: order.orderName ?? "",
    items,
    cod: formatMoney(cod, "IDR", "id-ID"),
    address: order.address ?? "",
    interpolation: { escapeValue: false },
  });
  return `${chat}?text=${encodeURIComponent(text)}`;
}

/** Medium and high risks are shown; a low one (or none: prepaid, drafted before) says nothing. */
export function codRiskWords(
  risk: CodRiskSnapshot | null,
  order: BuyerOrder,
  t: TFunction,
  words: ValueWords,
): CodRiskWords | null {
  if (!risk || risk.level === "low") return null;
  return {
    level: risk.level,
    title: t(`codRisk.title.${risk.level}`, { score: risk.score }),
    reasons: (storedSaid(risk.reasons) ?? []).map((reason) => sayIn(reason, t, words)),
    whatsapp: confirmWithBuyerLink(order),
  };
}
