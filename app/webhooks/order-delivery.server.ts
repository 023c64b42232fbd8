import type pg from "pg";
import type { ShipmentStatus } from "../shipments/states";
import type { Delivery } from "./inbox.server";

export interface OrderDelivery extends Omit<Delivery, "payload"> {
  resourceId: string;
  /** The order as Shopify sent it (JSON text), kept for the worker. */
  rawPayload: string;
  orderName: string | null;
  customerId: string | null;
  referenceId: string;
  /** The status a shipment created by this delivery starts in. */
  initialStatus: ShipmentStatus;
  actor: string;
  message: string;
  /**
   * False for deliveries that are not the order itself (orders/edited, refunds/create): they are
   * recorded, but a shipment row is made only from an order payload.
   */
  createShipment?: boolean;
}

export interface RecordedOrderDelivery {
  /** Recorded before: redelivered by Shopify (the inbox row's status then says how far it got). */
  duplicate: boolean;
  earlierStatus: "received" | "processed" | "failed" | null;
  /** This delivery created the order's shipment row. */
  created: boolean;
  shipmentStatus: string | null;
  draftOrderId: string | null;
  autoCreateDrafts: boolean;
  /**
   * The shop has the app installed. Deliveries for any other shop (uninstalled, never installed,
   * redacted) are recorded for audit, without the payload, and do nothing else.
   */
  installed: boolean;
}

/**
 * Records an order webhook delivery and the order's shipment row (with its first timeline event,
 * and the shop's row) in one statement, so one round trip to the database is the whole
 * acknowledgement's database cost. A single statement is atomic: either all of it is recorded
 * or none, and Shopify retries. A redelivery (same delivery id) inserts nothing and reports what
 * it found.
 *
 * The payload is not stored for an order whose customer's data was redacted (customers/redact),
 * nor for one the shop's Admin API disowned (worker/shared/order-owner.ts), nor for a shop that does not have the app installed: such a delivery is recorded as processed,
 * saying why, makes no shipment and no shop row (the shop/redact tombstone stays as it is).
 *
 * The final SELECT reads the statement's snapshot, which does not contain the rows the CTEs
 * insert (hence the coalesces), nor rows committed by a concurrent statement for the same order
 * while this one waited on its unique index: then `shipmentStatus` is null and the caller reads
 * the row again.
 */
export async function recordOrderDelivery(
  pool: Pick<pg.Pool, "query">,
  d: OrderDelivery,
): Promise<RecordedOrderDelivery> {
  const result = await pool.query<{
    delivery_id: string | null;
    earlier_status: RecordedOrderDelivery["earlierStatus"];
    created_status: string | null;
    existing_status: string | null;
    existing_draft: string | null;
    auto_create: string | null;
    installed: boolean;
  }>({
    // Named: parsed and planned once per connection (on embedded PGlite too, whose server keeps
    // each connection's statements apart).
    name: "record-order-delivery",
    text: RECORD_ORDER_DELIVERY,
    values: [
      d.webhookId,
      d.eventId ?? null,
      d.shop,
      d.topic,
      d.resourceId,
      d.triggeredAt ? d.triggeredAt.toISOString() : null,
      d.rawPayload,
      d.orderName,
      d.customerId,
      d.referenceId,
      d.initialStatus,
      d.actor,
      d.message,
      d.createShipment !== false,
    ],
  });
  const row = result.rows[0];
  if (!row) throw new Error(`Recording delivery ${d.webhookId} returned nothing`);
  return {
    duplicate: row.delivery_id === null,
    earlierStatus: row.earlier_status,
    created: row.created_status !== null,
    shipmentStatus: row.created_status ?? row.existing_status,
    draftOrderId: row.created_status !== null ? null : row.existing_draft,
    autoCreateDrafts: row.auto_create !== "false",
    installed: row.installed,
  };
}

const RECORD_ORDER_DELIVERY = `
  WITH shop_now AS (
    SELECT EXISTS (SELECT 1 FROM shops WHERE shop = $3 AND installed) AS installed
  ), delivery AS (
    INSERT INTO webhook_inbox (webhook_id, event_id, shop, topic, resource_id, triggered_at, payload, status, error, processed_at)
    SELECT $1, $2, $3, $4, $5, $6::timestamptz,
      -- An order whose customer's data was redacted never has it stored again, nor one the shop's
      -- Admin API said is not the shop's (disowned); nor does a shop without the app.
      CASE WHEN NOT installed OR EXISTS (SELECT 1 FROM shipments WHERE shop = $3 AND order_id = $5 AND (redacted_at IS NOT NULL OR disowned_at IS NOT NULL)) THEN NULL ELSE $7::jsonb END,
      CASE WHEN installed THEN 'received' ELSE 'processed' END,
      CASE WHEN installed THEN NULL ELSE 'The app is not installed on this shop: recorded, not acted on' END,
      CASE WHEN installed THEN NULL ELSE now() END
    FROM shop_now
    ON CONFLICT (webhook_id) DO NOTHING
    RETURNING id
  ), created AS (
    INSERT INTO shipments (shop, order_id, order_name, customer_id, reference_id, status)
    SELECT $3, $5, $8, $9, $10, $11 FROM shop_now WHERE installed AND EXISTS (SELECT 1 FROM delivery) AND $14::boolean
    -- No conflict target: concurrent deliveries of one order meet on either unique index
    -- ((shop, order_id, attempt) or (shop, reference_id), which derives from it).
    ON CONFLICT DO NOTHING
    RETURNING id, status
  ), first_event AS (
    INSERT INTO shipment_events (shipment_id, shop, actor, type, to_status, message)
    SELECT id, $3, $12, 'recorded', status, $13 FROM created
  )
  SELECT
    (SELECT id FROM delivery)::text AS delivery_id,
    (SELECT status FROM webhook_inbox WHERE webhook_id = $1) AS earlier_status,
    (SELECT status FROM created) AS created_status,
    s.status AS existing_status,
    s.draft_order_id AS existing_draft,
    (SELECT settings->>'autoCreateDrafts' FROM shops WHERE shop = $3) AS auto_create,
    (SELECT installed FROM shop_now) AS installed
  FROM (SELECT 1) AS one
  LEFT JOIN LATERAL (
    -- The order's current shipment: its latest attempt.
    SELECT status, draft_order_id FROM shipments WHERE shop = $3 AND order_id = $5 ORDER BY attempt DESC LIMIT 1
  ) s ON true
`;
