/**
 * What a merchant reads about a shipment: statuses, events and who did them in words, never in
 * the codes the database and the shipping service use. Pure (no server imports), so the app's
 * pages, the extensions' API and the tests share the same words.
 */

/** What the merchant should make of a shipment at a glance; each UI maps it to its badge tones. */
import type { TFunction } from "i18next";
import { isEventType } from "./event-types";
import { storedSaid, storedText, type ValueWords } from "../i18n/said";
import { serviceName, type CourierNames } from "./courier-names";
import { safeTimeZone } from "../platform/zoned-time";
import { formatMoney, formatter, safeLocale } from "../platform/intl-format";

export { formatMoney };

/** What a page needs to write words: its language's `t` and its Intl locale ("id-ID"). */
export interface Speech {
  t: TFunction;
  locale: string;
  /** The service's names of couriers and services (codes when absent). */
  couriers?: CourierNames;
  /** The shop's IANA zone (Shopify's `ianaTimezone`); times are written in it. */
  timeZone?: string;
}

export type StatusGroup = "attention" | "waiting" | "in_progress" | "done" | "ended";

export interface StatusWords {
  /** A badge's text: "Ready to book", "Booked", "Delivered". */
  label: string;
  group: StatusGroup;
  /** One sentence with the particulars: "Ready to book: JNE REG, Rp34.000". */
  sentence: string;
  /** The courier and the price on their own ("JNE REG", "Rp34.000"), null while there is none. */
  courier: string | null;
  price: string | null;
}

export interface ShipmentFacts {
  status: string;
  problem?: string | null;
  /** The problem's and the decision's messages, when the app kept them (app/i18n/said.ts). */
  problemSaid?: unknown;
  decision?: string | null;
  decisionSaid?: unknown;
  awaitingPayment?: boolean;
  /** Why Shopify holds the shipment's fulfillment order (nothing is booked meanwhile). */
  shopifyHold?: string | null;
  shopifyHoldSaid?: unknown;
  courierCompany?: string | null;
  courierType?: string | null;
  waybillId?: string | null;
  price?: number | string | null;
  currency?: string | null;
  /** Cash on delivery the courier collects (null or absent: prepaid): at stake while it comes back. */
  cod?: number | string | null;
}

/** Each status the app knows and how it reads at a glance; its words are `status.<code>`. */
const GROUPS: Record<string, StatusGroup> = {
  pending: "waiting",
  not_required: "ended",
  draft_placed: "waiting",
  draft_ready: "waiting",
  confirmed: "in_progress",
  scheduled: "in_progress",
  allocated: "in_progress",
  picking_up: "in_progress",
  picked: "in_progress",
  on_hold: "attention",
  dropping_off: "in_progress",
  return_in_transit: "attention",
  delivered: "done",
  returned: "ended",
  rejected: "ended",
  disposed: "ended",
  courier_not_found: "ended",
  cancelled: "ended",
};

/** "picking_up" → "Courier on the way to pick up"; a status this app does not know reads as itself, in words. */
export function statusLabel(status: string, t: TFunction): string {
  if (GROUPS[status]) return t(`status.${status}` as "status.pending");
  const text = status.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A shipment's store order as the merchant knows it: its name ("#1001"), else its id. */
export function orderTitle(
  s: { orderName: string | null; orderId: string },
  t?: TFunction,
): string {
  return s.orderName ?? (t ? t("common.orderById", { id: s.orderId }) : `Order ${s.orderId}`);
}

/**
 * "sicepat" "reg" → "SiCepat Reguler", as the service's couriers list names it; its codes in
 * capitals ("SICEPAT REG") when the list is not at hand or does not have it.
 */
export function courierName(
  company: string | null | undefined,
  type: string | null | undefined,
  names?: CourierNames,
): string | null {
  if (!company) return null;
  return serviceName(names, company, type);
}

/** How this reader's page says a stored message's couriers (by the service's names) and money. */
export const valueWords = (speech: Pick<Speech, "locale" | "couriers">): ValueWords => ({
  courier: (v) => serviceName(speech.couriers, v.courier, v.service),
  money: (v) => formatMoney(v.amount, v.currency, speech.locale) ?? String(v.amount),
});

/** Indonesia's zones as Indonesians name them; every other zone goes by Intl's short name. */
const INDONESIAN_ZONES: Record<string, string> = {
  "Asia/Jakarta": "WIB",
  "Asia/Pontianak": "WIB",
  "Asia/Makassar": "WITA",
  "Asia/Jayapura": "WIT",
};

function zoneName(at: Date, timeZone: string, locale: string): string {
  if (INDONESIAN_ZONES[timeZone]) return INDONESIAN_ZONES[timeZone];
  const part = formatter(
    `zone|${locale}|${timeZone}`,
    () => new Intl.DateTimeFormat(safeLocale(locale), { timeZone, timeZoneName: "short" }),
  )
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/**
 * The exact half of a timeline's "when", in the shop's zone and named as its people name it:
 * "23 Nov 2026, 14:05 WIB", "23 Nov 2026, 15:05 WITA".
 */
export function exactTime(
  at: Date | string,
  { locale, timeZone }: { locale: string; timeZone?: string },
): string {
  const zone = safeTimeZone(timeZone);
  const date = new Date(at);
  const text = formatter(
    `exact|${locale}|${zone}`,
    () =>
      new Intl.DateTimeFormat(safeLocale(locale), {
        day: "numeric",
        month: "short",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        hour12: false,
        timeZone: zone,
      }),
  ).format(date);
  return `${text} ${zoneName(date, zone, locale)}`;
}

/** A day in the shop's zone, in the reader's locale: "2 Des 2026". */
export function dayOf(
  at: Date | string,
  { locale, timeZone }: { locale: string; timeZone?: string },
): string {
  const zone = safeTimeZone(timeZone);
  return formatter(
    `day|${locale}|${zone}`,
    () =>
      new Intl.DateTimeFormat(safeLocale(locale), {
        day: "numeric",
        month: "short",
        year: "numeric",
        timeZone: zone,
      }),
  ).format(new Date(at));
}

/** The shipment as one badge and one sentence. A problem always wins: it is what the merchant must act on. */
export function describeStatus(s: ShipmentFacts, speech: Speech): StatusWords {
  const courier = courierName(s.courierCompany, s.courierType, speech.couriers);
  const price = formatMoney(s.price, s.currency, speech.locale);
  const offer = [courier, price].filter(Boolean).join(", ");
  return { ...sentenceOf(s, courier, offer, speech), courier, price };
}

function sentenceOf(
  s: ShipmentFacts,
  courier: string | null,
  offer: string,
  speech: Speech,
): Omit<StatusWords, "courier" | "price"> {
  const { t, locale } = speech;
  const words = valueWords(speech);
  const known = { label: statusLabel(s.status, t), group: GROUPS[s.status] ?? "waiting" };
  const problem = storedText(s.problem, s.problemSaid, t, words);
  const decision = storedText(s.decision, s.decisionSaid, t, words);
  const w = (key: string, values?: Record<string, unknown>) =>
    t(`statusSentence.${key}` as "statusSentence.preparing", values ?? {});
  if (problem)
    return {
      label: t("status.needsAttention"),
      group: "attention",
      sentence: w("needsAttention", { problem }),
    };
  const unbooked =
    s.status === "pending" || s.status === "draft_placed" || s.status === "draft_ready";
  if (s.shopifyHold && unbooked)
    return {
      label: t("status.onHoldInShopify"),
      group: "waiting",
      sentence: w("heldInShopify", {
        hold: storedText(s.shopifyHold, s.shopifyHoldSaid, t, words),
      }),
    };
  if (s.awaitingPayment && unbooked) {
    return {
      label: t("status.waitingForPayment"),
      group: "waiting",
      // A decision kept as a message says "Waiting for payment: …" itself, in the reader's words.
      sentence: storedSaid(s.decisionSaid)
        ? decision!
        : s.decision
          ? w("waitingForPaymentBecause", {
              reason: stripPrefix(s.decision, "waiting for payment"),
            })
          : offer
            ? w("waitingForPaymentOffer", { offer })
            : t("status.waitingForPayment"),
    };
  }
  const waybill = (label: string) =>
    courier
      ? w("waybillWith", { label, waybill: s.waybillId, courier })
      : w("waybill", { label, waybill: s.waybillId });
  switch (s.status) {
    case "pending":
      return { ...known, sentence: w("preparing") };
    case "draft_placed":
      return { ...known, sentence: w("drafted") };
    case "draft_ready":
      return { ...known, sentence: offer ? w("readyOffer", { offer }) : known.label };
    case "confirmed":
    case "scheduled":
      return {
        ...known,
        sentence: s.waybillId
          ? waybill(known.label)
          : courier
            ? w("bookedNoWaybillWith", { label: known.label, courier })
            : w("bookedNoWaybill", { label: known.label }),
      };
    case "return_in_transit": {
      const cod = s.cod ? formatMoney(s.cod, s.currency, locale) : null;
      const head = cod ? w("codNotCollected", { label: known.label, cod }) : known.label;
      return {
        ...known,
        sentence: s.waybillId ? w("withWaybillAfter", { text: head, waybill: s.waybillId }) : head,
      };
    }
    case "not_required":
    case "cancelled":
      return {
        ...known,
        // A reason that starts with the label ("Tidak perlu dikirim: …") does not say it twice.
        sentence: decision
          ? w("because", {
              label: known.label,
              reason: stripPrefix(decision, known.label.toLowerCase()),
            })
          : known.label,
      };
    default:
      return { ...known, sentence: s.waybillId ? waybill(known.label) : known.label };
  }
}

function stripPrefix(text: string, prefix: string): string {
  return text.toLowerCase().startsWith(prefix)
    ? text.slice(prefix.length).replace(/^[:\s]+/, "")
    : text;
}

export interface EventFacts {
  actor: string;
  type: string;
  from?: string | null;
  to?: string | null;
}

/** An event's headline: what happened, in words ("Picked up", "Draft updated with the order's changes"). */
export function eventTitle(e: EventFacts, t: TFunction): string {
  if (e.type === "synced" && e.to && e.from !== e.to) return statusLabel(e.to, t);
  return isEventType(e.type) ? t(`event.${e.type}`) : statusLabel(e.type, t);
}

/** The status change an event made, in words ("Ready to book → Booked"), or null. */
export function eventChange(e: EventFacts, t: TFunction): string | null {
  if (!e.to || e.from === e.to) return null;
  return e.from
    ? `${statusLabel(e.from, t)} → ${statusLabel(e.to, t)}`
    : t("event.now", { status: statusLabel(e.to, t) });
}

const ACTORS: Record<string, string> = {
  merchant: "merchant",
  buyer: "buyer",
  "worker:create-draft": "drafting",
  "worker:confirm": "booking",
  "worker:cancel": "cancelling",
  "worker:update": "following",
  "worker:sync-status": "service",
  "worker:import-orders": "import",
  "shopify:admin-api": "import",
  "worker:create-fulfillment": "inShopify",
  "worker:shopify": "inShopify",
  "worker:fulfillment-events": "inShopify",
  "worker:settle-cod": "inShopify",
  "worker:process-return": "inShopify",
};

/** Who or what acted: "The shipping service", "Shopify: order paid", "You or your staff". */
export function actorName(actor: string, t: TFunction): string {
  const known = ACTORS[actor];
  if (known) return t(`actor.${known}` as "actor.merchant");
  const topic = /^webhook:(.+)$/.exec(actor)?.[1];
  if (topic) {
    const key = topic.replace(/\//g, "_");
    return t(`actor.webhook.${key}` as "actor.webhook.orders_create", {
      defaultValue: t("actor.webhookOther", { topic: topic.replace(/[/_]/g, " ") }),
    });
  }
  return t("actor.app", { job: actor.replace(/^worker:/, "").replace(/[-_]/g, " ") });
}

/** A problem or reason in short: its first sentence, capitalised ("No phone number for the recipient (…)"). */
export function firstSentence(text: string | null | undefined, max = 140): string | null {
  if (!text) return null;
  const first = /^(.+?[.!?])(\s|$)/s.exec(text)?.[1] ?? text;
  const cut = first.length > max ? `${first.slice(0, max - 1)}…` : first;
  return cut.charAt(0).toUpperCase() + cut.slice(1);
}

/** "3 minutes ago", "yesterday", "in 2 hours": the relative half of a timeline's "when". */
export function relativeTime(at: Date | string, now: Date = new Date(), locale = "en"): string {
  const seconds = Math.round((new Date(at).getTime() - now.getTime()) / 1000);
  const format = formatter(
    `relative|${locale}`,
    () => new Intl.RelativeTimeFormat(safeLocale(locale), { numeric: "auto" }),
  );
  const abs = Math.abs(seconds);
  if (abs < 45) return format.format(0, "second");
  if (abs < 45 * 60) return format.format(Math.round(seconds / 60), "minute");
  if (abs < 22 * 3600) return format.format(Math.round(seconds / 3600), "hour");
  if (abs < 26 * 86400) return format.format(Math.round(seconds / 86400), "day");
  if (abs < 320 * 86400) return format.format(Math.round(seconds / (30 * 86400)), "month");
  return format.format(Math.round(seconds / (365 * 86400)), "year");
}
