/**
 * Where the app's copies of a store order come from. Every copy is a row of webhook_inbox, so
 * one reader (the newest by the order's own updated_at) serves them all, and redaction finds
 * them all.
 */

/** An order read through Admin GraphQL (import, reconciliation, an edit), stored like a delivery. */
export const ADMIN_ORDER_TOPIC = "admin/order";

/** Topics whose payload is the whole order. */
export const ORDER_PAYLOAD_TOPICS = [
  "orders/create",
  "orders/updated",
  "orders/paid",
  "orders/cancelled",
  ADMIN_ORDER_TOPIC,
] as const;

/** Every topic whose payload holds order data (for redaction). */
export const ORDER_DATA_TOPICS = [
  ...ORDER_PAYLOAD_TOPICS,
  "orders/edited",
  "refunds/create",
] as const;
