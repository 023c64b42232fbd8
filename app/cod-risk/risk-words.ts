import type { TFunction } from "i18next";
import type { CodRiskHeld, CodRiskSnapshot } from "../db/json-columns";
import { LONG_HOLD_HOURS, type BuyerMark } from "./hold";
import type { MarkMatch } from "./mark-match";
import { i18nIn } from "../i18n/instance";
import { sayIn, storedSaid, type ValueWords } from "../i18n/said";
import type { ShipmentContents } from "../orders/map-types";
import { formatDuration, formatMoney } from "../platform/intl-format";
import { TERMINAL_STATUSES, type ShipmentStatus } from "../shipments/states";
import { codAmount } from "../shipments/cod";
import type { BuyerAnswer } from "../db/json-columns";
import { whatsappLink } from "../shipments/trouble";

/** A COD order's risk as the shipment page says it; null when there is nothing to warn of. */
export interface CodRiskWords {
  level: "low" | "medium" | "high";
  /** "High risk of coming back unpaid (score 70)". */
  title: string;
  /** Every reason that counted, in the reader's words, the weightiest first. */
  reasons: string[];
  /** A WhatsApp chat with the buyer, the order to confirm written out in Indonesian; null without a phone. */
  whatsapp: string | null;
  /** Held before booking (its actions are offered); null when it is not. */
  held: HeldWords | null;
  /** The merchant's word on the buyer that counts for this order, if any. */
  mark: BuyerMark | null;
  /** Which of the order's keys the mark was found by, in words ("Recognised by: e-mail."). */
  markMatched: string | null;
  /** The cash the courier would collect, in words. */
  cod: string | null;
  /** What the buyer did from the order's link, and when ("Pembeli mengonfirmasi … pada …"). */
  buyerAnswer: string | null;
}

/** A held order: since when, whether the buyer's mark holds it, and the money at stake in words. */
export interface HeldWords {
  since: string;
  marked: boolean;
  stake: string[];
}

/** What the page knows beside the risk: whether it holds the order now, the buyer's mark, when. */
export interface RiskContext {
  held: boolean;
  /** What the buyer did from the order's link (shipments.buyer_answer), if anything. */
  buyerAnswer?: BuyerAnswer | null;
  mark: MarkMatch | null;
  /** The time of the hold in the shop's zone and reader's words. */
  when(at: string): string;
}

/** What the buyer is asked to confirm: their order as the shipment carries it. */
export interface BuyerOrder {
  phone: string | null;
  name: string | null;
  orderName: string | null;
  address: string | null;
  contents: ShipmentContents | null;
  /** The held order's page for the buyer (app/buyer-page/), while it can be used. */
  link?: string | null;
}

/**
 * A WhatsApp link that opens a chat with the buyer, the message already written as an Indonesian
 * seller writes it (always in Indonesian: it is the buyer's, whatever the admin's language): the
 * order, its items, the cash to pay on delivery and the address, asking them to reply, or, for a
 * held order, to confirm, fix the address or cancel from its link.
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
  const text = t(order.link ? "codRisk.buyerMessageLink" : "codRisk.buyerMessage", {
    link: order.link ?? "",
    name: order.name?.trim() || t("codRisk.buyerNameless"),
    order: order.orderName ?? "",
    items,
    cod: formatMoney(cod, "IDR", "id-ID"),
    address: order.address ?? "",
    interpolation: { escapeValue: false },
  });
  return `${chat}?text=${encodeURIComponent(text)}`;
}

/**
 * Medium and high risks are shown, and any held order; a low one not held (or none: prepaid,
 * drafted before) says nothing.
 */
export function codRiskWords(
  risk: CodRiskSnapshot | null,
  order: BuyerOrder,
  t: TFunction,
  words: ValueWords,
  context: RiskContext,
): CodRiskWords | null {
  const held = context.held ? (risk?.held ?? null) : null;
  if (!risk || (risk.level === "low" && !held)) return null;
  const cod = codAmount(order);
  return {
    level: risk.level,
    title: t(`codRisk.title.${risk.level}`, { score: risk.score }),
    reasons: (storedSaid(risk.reasons) ?? []).map((reason) => sayIn(reason, t, words)),
    whatsapp: confirmWithBuyerLink(order),
    held: held && {
      since: t("codRisk.held.since", { since: context.when(held.at) }),
      marked: held.reason === "marked",
      stake: stakeWords(held, t, words),
    },
    mark: context.mark?.mark ?? null,
    markMatched: context.mark
      ? t("codRisk.markMatched", {
          keys: context.mark.keys.map((key) => t(`codRisk.markKey.${key}`)).join(", "),
        })
      : null,
    cod: cod === null ? null : words.money({ amount: cod, currency: "IDR" }),
    buyerAnswer: context.buyerAnswer
      ? t(`codRisk.buyerAnswer.${context.buyerAnswer.did}`, {
          at: context.when(context.buyerAnswer.at),
        })
      : null,
  };
}

/**
 * The money a held parcel puts at stake if it comes back unpaid: the shipping out and (about the
 * same) back, and the cash never collected.
 */
function stakeWords(held: CodRiskHeld, t: TFunction, words: ValueWords): string[] {
  const money = (amount: number) => words.money({ amount, currency: held.currency });
  return [
    held.shipping === null
      ? t("codRisk.stake.noShipping")
      : t("codRisk.stake.shipping", {
          price: money(held.shipping),
          total: money(2 * held.shipping),
        }),
    t("codRisk.stake.cod", { cod: money(held.cod) }),
  ];
}

/** What the shipments list says of a row's COD risk: a badge, and how long a held order has waited. */
export interface RiskBadge {
  label: string;
  tone: "critical" | "warning";
  /** "Ditahan 5 jam" while held for its risk; null otherwise. */
  held: string | null;
  /** Held longer than LONG_HOLD_HOURS. */
  long: boolean;
}

/**
 * A list row's COD risk badge ("Risiko COD tinggi", and "Ditahan 5 jam" while held), from the two
 * fields the list reads (app/shipments/list.server.ts); null for a low risk, none, or a journey
 * that ended.
 */
export function riskBadgeWords(
  row: {
    codRiskLevel: string | null;
    codRiskHeldAt: string | null;
    status: string;
    problemKinds: readonly string[];
  },
  now: Date,
  { t, locale }: { t: TFunction; locale: string },
): RiskBadge | null {
  const level = row.codRiskLevel;
  if (
    (level !== "medium" && level !== "high") ||
    TERMINAL_STATUSES.has(row.status as ShipmentStatus)
  )
    return null;
  const heldAt =
    row.codRiskHeldAt && row.status === "pending" && row.problemKinds.includes("cod_risk")
      ? new Date(row.codRiskHeldAt)
      : null;
  const waited = heldAt ? now.getTime() - heldAt.getTime() : 0;
  return {
    label: t(`list.codRisk.${level}`),
    tone: level === "high" ? "critical" : "warning",
    held: !heldAt
      ? null
      : waited < 60_000
        ? t("list.codRisk.heldNow")
        : t("list.codRisk.held", { age: formatDuration(waited, locale) }),
    long: heldAt !== null && waited >= LONG_HOLD_HOURS * 3_600_000,
  };
}
