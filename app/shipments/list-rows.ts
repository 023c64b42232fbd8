import { storedText } from "../i18n/said";
import { httpUrlOrNull } from "../platform/http-url";
import type { listShipments } from "./list.server";
import { availableActions, unbooked } from "./available";
import { inFlight } from "./in-flight";
import { OUTBOUND_STATUSES } from "./states";
import { whatsappLink } from "./trouble";
import {
  dayOf,
  describeStatus,
  exactTime,
  firstSentence,
  formatMoney,
  orderTitle,
  relativeTime,
  valueWords,
  type Speech,
} from "./status-words";

const OUTBOUND: ReadonlySet<string> = new Set(OUTBOUND_STATUSES);

export type ListRow = Awaited<ReturnType<typeof listShipments>>["rows"][number];

/**
 * The shipments list's rows as the page shows them: words, not codes; every status, amount and
 * time written in the reader's locale and the shop's zone (bench/admin-list.ts times it for a
 * page of 50).
 */
export function listRowWords(
  rows: readonly ListRow[],
  speech: Speech,
  now: Date,
  { drafting = true }: { drafting?: boolean } = {},
) {
  const { t, locale } = speech;
  const words = valueWords(speech);
  return rows.map((r) => ({
    id: r.id,
    orderName: orderTitle(r, t),
    attempt: r.attempt,
    // The order date, in the shop's zone ("27 Nov 2026").
    ordered: dayOf(r.orderCreatedAt ?? r.createdAt, speech),
    origin: r.originName,
    destination: r.destinationCity,
    customer: r.destinationName,
    // How the customer pays: the COD the courier collects, or nothing at the door.
    payment: r.cod
      ? t("list.cod", { amount: formatMoney(r.cod, r.currency, speech.locale) })
      : t("list.prepaid"),
    status: describeStatus(r, speech),
    // What a bulk action can do to it, and what booking it costs (the question before a bulk action).
    actions: availableActions(r),
    booked: !unbooked(r.status),
    charge: r.price === null ? null : Number(r.price),
    currency: r.currency,
    // Its draft being made, or its waybill still to come: the list follows it (useLiveWhile).
    inFlight: inFlight(r, null, { drafting }),
    waybill: r.waybillId,
    // Whether its label is printed, said only while that matters: booked, with a waybill, and not
    // yet delivered or coming back (a delivered parcel's label is long on its box).
    label:
      r.waybillId && OUTBOUND.has(r.status)
        ? {
            printed: r.labelPrintedAt
              ? {
                  relative: relativeTime(r.labelPrintedAt, now, locale),
                  exact: exactTime(r.labelPrintedAt, speech),
                }
              : null,
          }
        : null,
    trackingUrl: httpUrlOrNull(r.trackingUrl),
    updated: {
      relative: relativeTime(r.updatedAt, now, locale),
      exact: exactTime(r.updatedAt, speech),
    },
    // The problem in short (its first sentence); the whole text is on the shipment's page.
    note: firstSentence(
      storedText(r.problem, r.problemSaid, t, words) ??
        storedText(r.decision, r.decisionSaid, t, words),
    ),
    isProblem: r.problem !== null,
    // A parcel in trouble: the customer's WhatsApp, to call before the courier sends it back.
    whatsapp: r.problemKinds.includes("delivery") ? whatsappLink(r.destinationPhone) : null,
  }));
}
