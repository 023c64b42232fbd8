/**
 * The extension's logic, free of UI: what the app's API answered → what the block shows and
 * which buttons it offers. Kept pure so it is unit-tested without the admin.
 */
export type Action =
  | "create"
  | "confirm"
  | "cancel"
  | "retry"
  // A COD order held for its risk: the buyer confirmed, book anyway, ask to pay first, cancel.
  | "cod_confirmed"
  | "cod_anyway"
  | "cod_invoice"
  | "cod_cancel";

/**
 * The admin's translator (`shopify.i18n.translate`, over locales/*.json): a key and its values, in
 * the language Shopify chose for the merchant. Counts pick the `one` / `other` form.
 */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** What the app's API answers for an order's shipment (app/routes/api.orders.$orderId.shipment.tsx). */
export interface ShipmentSummary {
  id: string;
  /** Which of the order's shipments (one per Shopify location it ships from), and that location. */
  part?: number;
  location?: string | null;
  status: string;
  /** The shipment in the app's own words (app/shipments/status-words.ts), in the admin's locale. */
  words: {
    label: string;
    group: StatusGroup;
    sentence: string;
    courier: string | null;
    price: string | null;
  };
  problem: string | null;
  courier: { company: string; type: string | null } | null;
  /** The pickup location the parcel leaves from, once drafted. */
  origin: string | null;
  waybill: string | null;
  trackingUrl: string | null;
  price: number | null;
  currency: string | null;
  updatedAt: string;
  actions: Action[];
  /** After the booking (absent from answers of app versions before it): the customer's WhatsApp while a call can help. */
  whatsapp?: string | null;
  /** The cash on delivery and what became of it in Shopify, in words. */
  cod?: string | null;
  /** What became of a parcel that came back, in words. */
  returned?: string | null;
  /** Its label: whether there is one to print (a waybill, not cancelled) and when it was last printed. */
  label?: { printable: boolean; printedAt: string | null };
  /** Customers' returns of the parcel: what became of each; `bookable` while its pickup can be booked. */
  returns?: { title: string; sentence: string; bookable: boolean }[];
  /** A COD order's risk of coming back unpaid, in the app's words (app/cod-risk/risk-words.ts). */
  codRisk?: CodRiskSummary | null;
}

/** A medium or high COD risk, or an order held for it: its words and, held, the money at stake. */
export interface CodRiskSummary {
  level: "low" | "medium" | "high";
  title: string;
  reasons: string[];
  whatsapp: string | null;
  held: { since: string; marked: boolean; stake: string[] } | null;
  mark: "trusted" | "held" | null;
  /** Which of the order's keys the mark was found by, in words. */
  markMatched?: string | null;
  cod: string | null;
  /** What the buyer did from the order's link, and when, in words. */
  buyerAnswer?: string | null;
}

type StatusGroup = "attention" | "waiting" | "in_progress" | "done" | "ended";
/** Polaris web components' badge tones: problems red, waits yellow, on the way blue, delivered green, ended grey. */
export type BadgeTone = "critical" | "caution" | "info" | "success" | "neutral";
const TONES: Record<StatusGroup, BadgeTone> = {
  attention: "critical",
  waiting: "caution",
  in_progress: "info",
  done: "success",
  ended: "neutral",
};

export interface BlockView {
  heading: string;
  tone: BadgeTone;
  sentence: string;
  lines: string[];
  tracking: { label: string; url: string } | null;
  /** The customer's WhatsApp chat, to call before the courier sends the parcel back. */
  call: string | null;
  /** The app's print page for this shipment's label (an `app:` link opens it in the admin). */
  print: { href: string; label: string } | null;
  /** A customer's return waiting for its courier pickup: the shipment's page quotes and books it. */
  returnPickup: { href: string; label: string } | null;
  buttons: { action: Action; label: string; destructive: boolean }[];
  /** A COD order's risk: its title and reasons (and, held, since when and what is at stake). */
  risk: { tone: "critical" | "warning"; title: string; lines: string[] } | null;
}

/** The block's views: one per shipment of the order, each titled when the order ships from several locations. */
export function describeShipments(
  shipments: ShipmentSummary[],
  t: Translate,
): (BlockView & { id: string | null; title: string | null })[] {
  if (shipments.length === 0) return [{ ...describeShipment(null, t), id: null, title: null }];
  return shipments.map((s, i) => ({
    ...describeShipment(s, t),
    id: s.id,
    title:
      shipments.length > 1
        ? s.location
          ? t("block.partAt", { part: i + 1, count: shipments.length, location: s.location })
          : t("block.part", { part: i + 1, count: shipments.length })
        : null,
  }));
}

export function describeShipment(shipment: ShipmentSummary | null, t: Translate): BlockView {
  const label = (action: Action) => t(`block.actions.${action}`);
  if (!shipment) {
    return {
      heading: t("block.none"),
      tone: "neutral",
      sentence: t("block.notReceived"),
      lines: [],
      tracking: null,
      call: null,
      print: null,
      returnPickup: null,
      buttons: [{ action: "create", label: label("create"), destructive: false }],
      risk: null,
    };
  }
  const risk = shipment.codRisk ?? null;
  const held = risk?.held ?? null;
  const lines: string[] = [];
  // The sentence names courier and price while the shipment waits to be booked; after that, say them here.
  const { courier, price, sentence } = shipment.words;
  if (courier && !sentence.includes(courier)) lines.push(t("block.courier", { courier }));
  if (price && !sentence.includes(price)) lines.push(t("block.price", { price }));
  if (shipment.origin) lines.push(t("block.from", { origin: shipment.origin }));
  if (shipment.cod) lines.push(shipment.cod);
  if (shipment.returned) lines.push(shipment.returned);
  for (const r of shipment.returns ?? []) lines.push(`${r.title}: ${r.sentence}`);
  return {
    heading: shipment.words.label,
    tone: TONES[shipment.words.group] ?? "neutral",
    // Held for its COD risk, the banner says why and what is at stake: the sentence adds nothing.
    sentence: held ? "" : withoutHeading(sentence, shipment.words.label),
    lines,
    tracking: shipment.waybill
      ? { label: shipment.waybill, url: shipment.trackingUrl ?? "" }
      : null,
    // A held order's buyer is asked on WhatsApp to confirm (the message already written).
    call: [shipment.whatsapp, risk?.whatsapp].find((l) => l?.startsWith("https://wa.me/")) ?? null,
    print: shipment.label?.printable
      ? {
          href: `app:/app/labels?ids=${encodeURIComponent(shipment.id)}`,
          label: shipment.label.printedAt ? t("block.printAgain") : t("block.print"),
        }
      : null,
    returnPickup: shipment.returns?.some((r) => r.bookable)
      ? {
          href: `app:/app/shipments/${encodeURIComponent(shipment.id)}`,
          label: t("block.returnPickup"),
        }
      : null,
    // As the app answers them: for an order held for its COD risk, the merchant's decisions.
    buttons: shipment.actions.map((action) => ({
      action,
      label: label(action),
      destructive: action === "cancel" || action === "cod_cancel",
    })),
    risk: risk && {
      tone: risk.level === "high" || held ? "critical" : "warning",
      title: held ? t("block.held") : risk.title,
      lines: [
        ...(held ? [risk.title] : []),
        ...risk.reasons,
        ...(risk.buyerAnswer ? [risk.buyerAnswer] : []),
        ...(risk.mark ? [t(`block.mark.${risk.mark}`)] : []),
        ...(risk.mark && risk.markMatched ? [risk.markMatched] : []),
        ...(held ? [held.since, ...held.stake] : []),
      ],
    },
  };
}

/**
 * The sentence without the status the badge already shows: "Perlu tindakan: Tidak ada nomor HP
 * penerima" under the badge "Perlu tindakan" reads "Tidak ada nomor HP penerima".
 */
function withoutHeading(sentence: string, heading: string): string {
  if (!sentence.startsWith(`${heading}: `)) return sentence;
  const rest = sentence.slice(heading.length + 2);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

export interface BulkResult {
  orderId: string;
  ok: boolean;
  message: string;
}

export function bulkSummary(results: BulkResult[], t: Translate): string {
  const ok = results.filter((r) => r.ok).length;
  const failed = results.length - ok;
  if (results.length === 0) return t("bulk.none");
  return failed === 0
    ? t("bulk.queued", { count: ok })
    : t("bulk.someFailed", {
        ok,
        failed,
        reasons: results
          .filter((r) => !r.ok)
          .map((r) => `#${r.orderId} (${r.message})`)
          .join(", "),
      });
}

/** The order's numeric id from the admin's gid. */
export function orderIdFromGid(gid: string): string {
  return gid.replace(/^gid:\/\/shopify\/Order\//, "");
}

/** What booking or cancelling will do, asked in the block before anything is sent. */
export interface BlockQuestion {
  text: string;
  yes: string;
  no: string;
}

/**
 * The question before an action that spends money, cannot be undone or writes to the buyer
 * (booking, cancelling, booking a risky COD order anyway, e-mailing an invoice); null for one that
 * asks nothing (create, retry, the buyer confirmed).
 */
export function questionFor(
  action: Action,
  shipment: ShipmentSummary | null,
  t: Translate,
): BlockQuestion | null {
  if (!shipment) return null;
  const no = t("ask.no");
  const cod = shipment.codRisk?.cod ?? "";
  const stake = shipment.codRisk?.held?.stake ?? [];
  if (action === "cod_anyway")
    return {
      text: [t("ask.codAnyway", { cod }), ...stake.map((line) => `${line}.`)].join(" "),
      yes: t("ask.codAnywayYes"),
      no,
    };
  if (action === "cod_invoice")
    return { text: t("ask.codInvoice"), yes: t("ask.codInvoiceYes"), no };
  if (action === "cod_cancel") return { text: t("ask.codCancel"), yes: t("ask.codCancelYes"), no };
  if (action !== "confirm" && action !== "cancel") return null;
  const { courier, price } = shipment.words;
  if (action === "confirm")
    return {
      text: t("ask.confirm", {
        courier: courier ?? t("ask.noCourier"),
        price: price ?? t("ask.noPrice"),
      }),
      yes: t("ask.confirmYes"),
      no,
    };
  return {
    text: shipment.waybill
      ? t("ask.cancelBooked", { waybill: shipment.waybill, price: price ?? t("ask.noPrice") })
      : t("ask.cancelUnbooked"),
    yes: t("ask.cancelYes"),
    no,
  };
}

/** What the app answers before a bulk booking (`quote`): how many, which couriers, the total. */
export interface BulkQuote {
  ready: number;
  skipped: number;
  couriers: string;
  total: string | null;
}

/** The bulk action's question before booking: nothing is booked until the merchant presses again. */
export function quoteText(quote: BulkQuote, t: Translate): string[] {
  if (quote.ready === 0) return [t("bulk.nothingReady")];
  return [
    t("bulk.quote", { count: quote.ready, couriers: quote.couriers, total: quote.total ?? "" }),
    ...(quote.skipped > 0 ? [t("bulk.quoteSkipped", { count: quote.skipped })] : []),
  ];
}
