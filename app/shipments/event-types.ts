/**
 * The kinds of entry a shipment's timeline holds. Every writer of an event names one of them
 * (ShipmentEventInput's \`type\`), and each has its headline in every language at \`event.<type>\`
 * (app/i18n/texts.test.ts holds them to it), so no entry reads as a code.
 */
export const EVENT_TYPES = [
  "recorded",
  "draft_created",
  "draft_updated",
  "draft_deleted",
  "courier_chosen",
  "confirmed",
  "confirm_refused",
  "confirm_skipped",
  "waiting_for_payment",
  "paid",
  "create_requested",
  "confirm_requested",
  "cancel_requested",
  "rebook_requested",
  "cancelled",
  "shipped_again",
  "problem",
  "order_updated",
  "edit_pending",
  "changed_after_booking",
  "synced",
  "fulfilled",
  "fulfillment_skipped",
  "fulfillment_refused",
  "fulfillment_event_refused",
  "fulfillment_waiting",
  "delivery_trouble",
  "delivery_resumed",
  "cod_marked_paid",
  "cod_settled",
  "cod_refused",
  "return_recorded",
  "restocked",
  "order_closed",
  "return_left",
  "return_by_hand",
  "return_refused",
  "shopify_skipped",
  "redacted",
  "disowned",
  "fulfillment_order",
  "fulfillment_order_moved",
  "on_hold",
  "hold_released",
  "held_while_booking",
  "booking_hold_released",
  "not_required",
  "label_printed",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

const KNOWN: ReadonlySet<string> = new Set(EVENT_TYPES);
export const isEventType = (value: string): value is EventType => KNOWN.has(value);
