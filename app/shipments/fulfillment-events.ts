import crypto from "node:crypto";
import type { FulfillmentEventStatus } from "../admin-api/types/admin.types";

export type { FulfillmentEventStatus };

/**
 * The courier's progress, told to Shopify: each status the shipping service reports for a booked
 * shipment becomes one fulfillment event on the shipment's fulfillment. Shopify shows them on the
 * order and its status page, and sends the customer its shipping-update messages from them (its
 * "out for delivery" and "delivered" messages go out when those events arrive), so the choice of
 * status is what the customer is told:
 *
 * | service status                                          | Shopify FulfillmentEventStatus                 |
 * | ------------------------------------------------------- | ---------------------------------------------- |
 * | confirmed, scheduled, allocated, picking_up             | CONFIRMED                                      |
 * | picked                                                  | CARRIER_PICKED_UP                              |
 * | dropping_off                                            | IN_TRANSIT; OUT_FOR_DELIVERY for an instant    |
 * |                                                         | courier or a note that says the last mile      |
 * | on_hold                                                 | ATTEMPTED_DELIVERY when the note tells of a    |
 * |                                                         | failed attempt, else DELAYED                   |
 * | delivered                                               | DELIVERED                                      |
 * | return_in_transit, returned, rejected, courier_not_found, disposed | FAILURE                             |
 * | cancelled                                               | none (the cancellation is its own flow)        |
 *
 * Events of the way carry the courier's estimate (shipments.estimated_delivery_at, estimate.ts).
 *
 * `dropping_off` covers the parcel's whole way to the customer at this service, often days: a
 * customer told "out for delivery" three days early is worse off than one told nothing, so only
 * what is surely the last mile says so.
 */
export function shopifyEventStatus(
  serviceStatus: string,
  note: string | null,
  courierType: string | null,
): FulfillmentEventStatus | null {
  switch (serviceStatus) {
    case "confirmed":
    case "scheduled":
    case "allocated":
    case "picking_up":
      return "CONFIRMED";
    case "picked":
      return "CARRIER_PICKED_UP";
    case "dropping_off":
      return isInstant(courierType) || LAST_MILE.test(note ?? "")
        ? "OUT_FOR_DELIVERY"
        : "IN_TRANSIT";
    case "on_hold":
      return isFailedAttempt(note) ? "ATTEMPTED_DELIVERY" : "DELAYED";
    case "delivered":
      return "DELIVERED";
    case "return_in_transit":
    case "returned":
    case "rejected":
    case "courier_not_found":
    case "disposed":
      return "FAILURE";
    default:
      return null;
  }
}

/** Instant and same-day services: the courier rides straight from pickup to the customer. */
const isInstant = (courierType: string | null) => /instant|same_?day/i.test(courierType ?? "");

/** Notes that say the parcel is with the courier for delivery today (English and Indonesian). */
const LAST_MILE =
  /out for delivery|with (the )?courier for delivery|last[- ]mile|(sedang|akan) diantar|dalam pengantaran|kurir menuju (alamat|penerima)|dibawa kurir/i;

/** Notes that tell of a delivery attempt that failed. */
const FAILED_ATTEMPT =
  /attempt|failed|unable to deliver|not at home|receiver (not|unavailable)|gagal|penerima tidak|tidak (ada )?di ?tempat|alamat tidak|rumah kosong|percobaan/i;

/** Whether a courier's note tells of a delivery attempt that failed (English or Indonesian). */
export const isFailedAttempt = (note: string | null | undefined): boolean =>
  FAILED_ATTEMPT.test(note ?? "");

/** Statuses at which the customer's parcel is, or was, with the courier near the customer. */
const AT_DESTINATION: ReadonlySet<FulfillmentEventStatus> = new Set([
  "OUT_FOR_DELIVERY",
  "ATTEMPTED_DELIVERY",
  "DELIVERED",
]);

/** One entry of the service's tracking history (an order's `courier.history`). */
export interface HistoryEntry {
  status: string;
  note?: string | null;
  updated_at?: string | null;
}

/** A history entry as recorded: its identity, its time, and what Shopify is told of it. */
export interface RecordedEntry {
  entryKey: string;
  serviceStatus: string;
  note: string | null;
  happenedAt: Date;
  shopifyStatus: FulfillmentEventStatus | null;
}

/**
 * The history's entries to record, in the order they happened: entries without a usable time are
 * left out (nothing could place them); the key is the entry's time, status and note, so the same
 * entry read again is the same row, and a status the courier reports twice at two times is two.
 *
 * An entry happened when the courier says, but never after `receivedAt` (when the app read it): a
 * courier's clock ahead of the app's (or a sandbox moved on) would otherwise put a delivery in
 * tomorrow's payout week. Such an entry is `clamped`; its key keeps the courier's own time, so
 * reading it again is still the same row.
 */
export function recordedEntries(
  history: readonly HistoryEntry[],
  courierType: string | null,
  receivedAt: Date,
): (RecordedEntry & { clamped: boolean })[] {
  return history
    .flatMap((h) => {
      const at = h.updated_at ? new Date(h.updated_at) : null;
      if (!at || Number.isNaN(at.getTime())) return [];
      const note = h.note?.trim() || null;
      const clamped = at.getTime() > receivedAt.getTime();
      return [
        {
          // The note by its hash: a courier's note may name the recipient, and redaction clears it.
          entryKey: `${at.toISOString()}|${h.status.slice(0, 40)}|${noteHash(note)}`,
          serviceStatus: h.status,
          note,
          happenedAt: clamped ? receivedAt : at,
          clamped,
          shopifyStatus: shopifyEventStatus(h.status, note, courierType),
        },
      ];
    })
    .sort((a, b) => a.happenedAt.getTime() - b.happenedAt.getTime());
}

/** What is already settled of a shipment's events: the latest sent, and whether it was the delivery. */
export interface SentSoFar {
  latestHappenedAt: Date | null;
  delivered: boolean;
}

/**
 * Whether a pending entry is sent or skipped, given what was sent before it (entries are decided
 * in the order they happened). Skipped: one with no Shopify status, one older than an event already
 * sent (it would move the order's displayed status back), and anything after the delivery.
 */
export function decide(
  entry: Pick<RecordedEntry, "happenedAt" | "shopifyStatus">,
  sent: SentSoFar,
): { send: true } | { send: false; reason: string } {
  if (!entry.shopifyStatus) return { send: false, reason: "no Shopify status for it" };
  if (sent.latestHappenedAt && entry.happenedAt < sent.latestHappenedAt)
    return { send: false, reason: "older than an event already sent" };
  if (sent.delivered) return { send: false, reason: "after the delivery" };
  return { send: true };
}

/** Where the event happened, when known: at the customer's city for the last mile and the delivery. */
export function eventCity(
  status: FulfillmentEventStatus,
  destinationCity: string | null,
): string | null {
  return AT_DESTINATION.has(status) ? destinationCity : null;
}

const noteHash = (note: string | null) =>
  note === null ? "" : crypto.createHash("sha256").update(note).digest("hex").slice(0, 16);
