/**
 * What a merchant reads about a shipment: statuses, events and who did them in words, never in
 * the codes the database and the shipping service use. Pure (no server imports), so the app's
 * pages, the extensions' API and the tests share one wording.
 */

/** What the merchant should make of a shipment at a glance; each UI maps it to its badge tones. */
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
  decision?: string | null;
  awaitingPayment?: boolean;
  /** Why Shopify holds the shipment's fulfillment order (nothing is booked meanwhile). */
  shopifyHold?: string | null;
  courierCompany?: string | null;
  courierType?: string | null;
  waybillId?: string | null;
  price?: number | string | null;
  currency?: string | null;
  /** Cash on delivery the courier collects (null or absent: prepaid): at stake while it comes back. */
  cod?: number | string | null;
}

const LABELS: Record<string, { label: string; group: StatusGroup }> = {
  pending: { label: "Preparing", group: "waiting" },
  not_required: { label: "No shipment needed", group: "ended" },
  draft_placed: { label: "Choose a courier", group: "waiting" },
  draft_ready: { label: "Ready to book", group: "waiting" },
  confirmed: { label: "Booked", group: "in_progress" },
  scheduled: { label: "Booked for a scheduled pickup", group: "in_progress" },
  allocated: { label: "Courier assigned", group: "in_progress" },
  picking_up: { label: "Courier on the way to pick up", group: "in_progress" },
  picked: { label: "Picked up", group: "in_progress" },
  on_hold: { label: "Held by the courier", group: "attention" },
  // The service's dropping_off is the whole way to the customer (often days), not the last mile.
  dropping_off: { label: "On the way to the customer", group: "in_progress" },
  return_in_transit: { label: "Coming back to you", group: "attention" },
  delivered: { label: "Delivered", group: "done" },
  returned: { label: "Returned to you", group: "ended" },
  rejected: { label: "Refused by the courier", group: "ended" },
  disposed: { label: "Disposed of by the courier", group: "ended" },
  courier_not_found: { label: "No courier found", group: "ended" },
  cancelled: { label: "Cancelled", group: "ended" },
};

/** "picking_up" → "Courier on the way to pick up"; a status this app does not know reads as itself, in words. */
export function statusLabel(status: string): string {
  const known = LABELS[status];
  if (known) return known.label;
  const text = status.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A shipment's store order as the merchant knows it: its name ("#1001"), else its id. */
export function orderTitle(s: { orderName: string | null; orderId: string }): string {
  return s.orderName ?? `Order ${s.orderId}`;
}

/** "jne" "reg" → "JNE REG"; the service's courier codes are what couriers are known by in Indonesia. */
export function courierName(
  company: string | null | undefined,
  type: string | null | undefined,
): string | null {
  if (!company) return null;
  return [company.toUpperCase(), type?.toUpperCase()].filter(Boolean).join(" ");
}

const ZERO_DECIMALS = new Set(["IDR", "JPY", "KRW", "VND"]);

/**
 * An amount in the shop's currency and the reader's locale: 34000 IDR in "id" → "Rp34.000".
 * Whole amounts show no decimals; an unknown currency code still reads as "XYZ 1,000".
 */
export function formatMoney(
  amount: number | string | null | undefined,
  currency: string | null | undefined,
  locale = "id-ID",
): string | null {
  if (amount === null || amount === undefined || amount === "") return null;
  const value = Number(amount);
  if (!Number.isFinite(value)) return null;
  const code = (currency ?? "IDR").toUpperCase();
  const whole = Number.isInteger(value) || ZERO_DECIMALS.has(code);
  try {
    return new Intl.NumberFormat(safeLocale(locale), {
      style: "currency",
      currency: code,
      currencyDisplay: "narrowSymbol",
      maximumFractionDigits: whole ? 0 : 2,
      minimumFractionDigits: whole ? 0 : 2,
    })
      .format(value)
      .replace(/^(Rp)\s/u, "$1");
  } catch {
    return `${code} ${value.toLocaleString("en-US")}`;
  }
}

function safeLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? "id-ID";
  } catch {
    return "id-ID";
  }
}

/** The first language of an Accept-Language header ("id-ID,id;q=0.9,en;q=0.8" → "id-ID"), else Indonesian. */
export function localeOf(acceptLanguage: string | null | undefined, fallback = "id-ID"): string {
  const first = acceptLanguage?.split(",")[0]?.split(";")[0]?.trim();
  if (!first || first === "*") return fallback;
  try {
    return Intl.getCanonicalLocales(first)[0] ?? fallback;
  } catch {
    return fallback;
  }
}

/** The exact half of a timeline's "when", in Western Indonesian Time (the service's own zone): "23 Nov 2026, 14:05 WIB". */
export function exactTime(at: Date | string, locale = "en-GB"): string {
  const text = new Intl.DateTimeFormat(safeLocale(locale), {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
    timeZone: "Asia/Jakarta",
  }).format(new Date(at));
  return `${text} WIB`;
}

/** The shipment as one badge and one sentence. A problem always wins: it is what the merchant must act on. */
export function describeStatus(s: ShipmentFacts, locale?: string): StatusWords {
  const courier = courierName(s.courierCompany, s.courierType);
  const price = formatMoney(s.price, s.currency, locale);
  const offer = [courier, price].filter(Boolean).join(", ");
  return { ...sentenceOf(s, courier, offer), courier, price };
}

function sentenceOf(
  s: ShipmentFacts,
  courier: string | null,
  offer: string,
): Omit<StatusWords, "courier" | "price"> {
  const known = LABELS[s.status] ?? {
    label: statusLabel(s.status),
    group: "waiting" as StatusGroup,
  };
  if (s.problem)
    return {
      label: "Needs attention",
      group: "attention",
      sentence: `Needs attention: ${s.problem}`,
    };
  const unbooked =
    s.status === "pending" || s.status === "draft_placed" || s.status === "draft_ready";
  if (s.shopifyHold && unbooked)
    return {
      label: "On hold in Shopify",
      group: "waiting",
      sentence: `${s.shopifyHold}: booked once the hold is released`,
    };
  if (s.awaitingPayment && unbooked) {
    return {
      label: "Waiting for payment",
      group: "waiting",
      sentence: s.decision
        ? `Waiting for payment: ${stripPrefix(s.decision, "waiting for payment")}`
        : `Waiting for payment${offer ? `: ${offer} when paid` : ""}`,
    };
  }
  switch (s.status) {
    case "pending":
      return { ...known, sentence: "Preparing: the draft is being made at the shipping service" };
    case "draft_placed":
      return { ...known, sentence: "Drafted: choose a courier to get a price" };
    case "draft_ready":
      return { ...known, sentence: offer ? `Ready to book: ${offer}` : "Ready to book" };
    case "confirmed":
    case "scheduled":
      return {
        ...known,
        sentence: s.waybillId
          ? `${known.label}: waybill ${s.waybillId}${courier ? ` with ${courier}` : ""}`
          : `${known.label}${courier ? ` with ${courier}` : ""}: the waybill comes when the courier issues it`,
      };
    case "return_in_transit": {
      const cod = s.cod ? formatMoney(s.cod, s.currency) : null;
      return {
        ...known,
        sentence: `${known.label}${cod ? `: ${cod} cash on delivery not collected` : ""}${s.waybillId ? ` (waybill ${s.waybillId})` : ""}`,
      };
    }
    case "not_required":
    case "cancelled":
      return { ...known, sentence: s.decision ? `${known.label}: ${s.decision}` : known.label };
    default:
      return {
        ...known,
        sentence: s.waybillId
          ? `${known.label}: waybill ${s.waybillId}${courier ? ` with ${courier}` : ""}`
          : known.label,
      };
  }
}

function stripPrefix(text: string, prefix: string): string {
  return text.toLowerCase().startsWith(prefix)
    ? text.slice(prefix.length).replace(/^[:\s]+/, "")
    : text;
}

const EVENT_TITLES: Record<string, string> = {
  recorded: "Order received",
  draft_created: "Draft made at the shipping service",
  draft_updated: "Draft updated with the order's changes",
  draft_deleted: "Draft deleted",
  courier_chosen: "Courier chosen",
  confirmed: "Booked",
  confirm_refused: "Booking refused",
  confirm_skipped: "Not booked",
  waiting_for_payment: "Waiting for payment",
  paid: "Payment received",
  cancel_requested: "Cancellation asked for",
  rebook_requested: "Cancel and book again asked for",
  cancelled: "Cancelled",
  shipped_again: "Shipped again",
  problem: "Needs attention",
  order_updated: "Order changed in Shopify",
  edit_pending: "Order edit waiting for the draft",
  changed_after_booking: "Order changed after booking",
  synced: "News from the shipping service",
  fulfilled: "Fulfilled in Shopify",
  fulfillment_skipped: "Not fulfilled in Shopify",
  fulfillment_refused: "Shopify refused the fulfillment",
  fulfillment_event_refused: "Shopify did not take the courier's progress",
  fulfillment_waiting: "Fulfillment waits for the waybill",
  delivery_trouble: "Delivery in trouble",
  delivery_resumed: "Delivery under way again",
  cod_marked_paid: "Marked paid in Shopify",
  cod_settled: "Cash on delivery collected",
  cod_refused: "Shopify did not mark the order paid",
  return_recorded: "Return recorded in Shopify",
  restocked: "Restocked in Shopify",
  order_closed: "Order closed in Shopify",
  return_left: "Came back: left for you in Shopify",
  return_by_hand: "Came back: already handled in Shopify",
  return_refused: "Shopify refused a step of the return",
  shopify_skipped: "Shopify not updated",
  redacted: "Customer's details removed",
  disowned: "Not this shop's order",
  fulfillment_order: "Location from Shopify",
  fulfillment_order_moved: "Moved to another location in Shopify",
  on_hold: "On hold in Shopify",
  hold_released: "Hold released in Shopify",
  held_while_booking: "Held in Shopify while booking",
  booking_hold_released: "Booking hold released in Shopify",
};

export interface EventFacts {
  actor: string;
  type: string;
  from?: string | null;
  to?: string | null;
}

/** An event's headline: what happened, in words ("Picked up", "Draft updated with the order's changes"). */
export function eventTitle(e: EventFacts): string {
  if (e.type === "synced" && e.to && e.from !== e.to) return statusLabel(e.to);
  return EVENT_TITLES[e.type] ?? statusLabel(e.type);
}

/** The status change an event made, in words ("Ready to book → Booked"), or null. */
export function eventChange(e: EventFacts): string | null {
  if (!e.to || e.from === e.to) return null;
  return e.from ? `${statusLabel(e.from)} → ${statusLabel(e.to)}` : `Now: ${statusLabel(e.to)}`;
}

const ACTORS: Record<string, string> = {
  merchant: "You or your staff",
  "worker:create-draft": "The app, drafting",
  "worker:confirm": "The app, booking",
  "worker:cancel": "The app, cancelling",
  "worker:update": "The app, following the order",
  "worker:sync-status": "The shipping service",
  "worker:import-orders": "Import from Shopify",
  "shopify:admin-api": "Import from Shopify",
  "worker:create-fulfillment": "The app, in Shopify",
  "worker:shopify": "The app, in Shopify",
  "worker:fulfillment-events": "The app, in Shopify",
  "worker:settle-cod": "The app, in Shopify",
  "worker:process-return": "The app, in Shopify",
};

/** Who or what acted: "The shipping service", "Shopify: order paid", "You or your staff". */
export function actorName(actor: string): string {
  if (ACTORS[actor]) return ACTORS[actor];
  const topic = /^webhook:(.+)$/.exec(actor)?.[1];
  if (topic)
    return `Shopify: ${topic
      .replace(/[/_]/g, " ")
      .replace(/^orders /, "order ")
      .replace(/^refunds create$/, "refund")}`;
  return actor.replace(/^worker:/, "The app, ").replace(/[-_]/g, " ");
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
  const format = new Intl.RelativeTimeFormat(safeLocale(locale), { numeric: "auto" });
  const abs = Math.abs(seconds);
  if (abs < 45) return format.format(0, "second");
  if (abs < 45 * 60) return format.format(Math.round(seconds / 60), "minute");
  if (abs < 22 * 3600) return format.format(Math.round(seconds / 3600), "hour");
  if (abs < 26 * 86400) return format.format(Math.round(seconds / 86400), "day");
  if (abs < 320 * 86400) return format.format(Math.round(seconds / (30 * 86400)), "month");
  return format.format(Math.round(seconds / (365 * 86400)), "year");
}
