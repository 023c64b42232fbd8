import type pg from "pg";
import type { ShipmentStatus } from "../shipments/states";
import type { Delivery } from "./inbox.server";
import { inEnglish, type Said } from "../i18n/said";

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
  /** The first timeline entry's message (app/i18n/said.ts). */
  message: Said;
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
 * Records an order webhook delivery and the order's shipment row (with its first timeline event)
 * in one statement, so one round trip to the database is the whole acknowledgement's database
 * cost. A single statement is atomic: either all of it is recorded or none, and Shopify retries.
 * A redelivery (same delivery id) inserts nothing and reports what it found.
 */
export async function recordOrderDelivery(
  pool: Pick<pg.Pool, "query">,
  d: OrderDelivery,
): Promise<RecordedOrderDelivery> {
  const [recorded] = await recordOrderDeliveries(pool, [d]);
  if (!recorded) throw new Error(`Recording delivery ${d.webhookId} returned nothing`);
  return recorded;
}

/**
 * Records several order deliveries in one statement and one commit (a group commit: the
 * deliveries a flash sale sends together, order-delivery-group.server.ts), each exactly as if it
 * were recorded alone; the answers come in the deliveries' order. The deliveries must have
 * distinct delivery ids and be about distinct orders (throws otherwise): two deliveries of one
 * order go in two statements, one after the other (the group waits for the first's answer).
 *
 * The payload is not stored for an order whose customer's data was redacted (customers/redact),
 * nor for one the shop's Admin API disowned (worker/shared/order-owner.ts), nor for a shop that
 * does not have the app installed: such a delivery is recorded as processed, saying why, and makes
 * no shipment and no shop row (the shop/redact tombstone stays as it is).
 *
 * The final SELECT reads the statement's snapshot, which does not contain the rows the CTEs
 * insert (hence the joins on what they return), nor rows committed by a concurrent statement for
 * the same order while this one waited on its unique index: then `shipmentStatus` is null and the
 * caller reads the row again.
 */
export async function recordOrderDeliveries(
  pool: Pick<pg.Pool, "query">,
  deliveries: readonly OrderDelivery[],
): Promise<RecordedOrderDelivery[]> {
  if (deliveries.length === 0) return [];
  const ids = new Set(deliveries.map((d) => d.webhookId));
  const orders = new Set(deliveries.map(orderKeyOf));
  if (ids.size < deliveries.length || orders.size < deliveries.length)
    throw new Error("Deliveries recorded together must have distinct ids and orders");
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
    name: "record-order-deliveries",
    text: RECORD_ORDER_DELIVERIES,
    values: [deliveriesDocument(deliveries)],
  });
  if (result.rows.length !== deliveries.length)
    throw new Error(
      `Recording ${deliveries.length} deliveries returned ${result.rows.length} answers`,
    );
  return result.rows.map((row) => ({
    duplicate: row.delivery_id === null,
    earlierStatus: row.earlier_status,
    created: row.created_status !== null,
    shipmentStatus: row.created_status ?? row.existing_status,
    draftOrderId: row.created_status !== null ? null : row.existing_draft,
    autoCreateDrafts: row.auto_create !== "false",
    installed: row.installed,
  }));
}

/**
 * The deliveries as one JSON array, each payload in it as it arrived (the caller parsed it: it is
 * one JSON value), the rest as JSON.stringify writes it. One parameter, whatever the group's
 * size: the statement's plan does not depend on how many deliveries it carries (an array's
 * length would make PostgreSQL plan it again each time), and no payload is escaped again.
 */
function deliveriesDocument(deliveries: readonly OrderDelivery[]): string {
  const rows = deliveries.map((d, n) => {
    const fields = JSON.stringify({
      n,
      webhook_id: d.webhookId,
      event_id: d.eventId ?? null,
      shop: d.shop,
      topic: d.topic,
      resource_id: d.resourceId,
      triggered_at: d.triggeredAt ? d.triggeredAt.toISOString() : null,
      order_name: d.orderName,
      customer_id: d.customerId,
      reference_id: d.referenceId,
      initial_status: d.initialStatus,
      actor: d.actor,
      message: inEnglish(d.message),
      said: [d.message],
      create_shipment: d.createShipment !== false,
    });
    return `${fields.slice(0, -1)},"payload":${d.rawPayload}}`;
  });
  return `[${rows.join(",")}]`;
}

/** The order a delivery is about, as one key (two deliveries of one order never share a statement). */
export function orderKeyOf(d: Pick<OrderDelivery, "shop" | "resourceId">): string {
  return `${d.shop}\n${d.resourceId}`;
}

// One row per delivery (`n`: its place in the document). Every row is about its own delivery id
// and its own order, so each row's inserts and reads meet no other row's. The row-by-row lookups
// are LATERAL with LIMIT: index probes whatever the number of rows the plan assumes (a plan made
// for many rows would otherwise hash whole tables).
const RECORD_ORDER_DELIVERIES = `
  WITH input AS (
    SELECT i.*, coalesce(sh.installed, false) AS installed, sh.auto_create, w.withheld
    FROM json_to_recordset($1::json) AS i(n int, webhook_id text, event_id text, shop text,
      topic text, resource_id text, triggered_at timestamptz, order_name text, customer_id text,
      reference_id text, initial_status text, actor text, message text, said jsonb,
      create_shipment boolean, payload jsonb)
    LEFT JOIN LATERAL (
      SELECT installed, settings->>'autoCreateDrafts' AS auto_create FROM shops
      WHERE shop = i.shop LIMIT 1
    ) sh ON true
    -- An order whose customer's data was redacted never has it stored again, nor one the shop's
    -- Admin API said is not the shop's (disowned).
    LEFT JOIN LATERAL (
      SELECT true AS withheld FROM shipments s
      WHERE s.shop = i.shop AND s.order_id = i.resource_id
        AND (s.redacted_at IS NOT NULL OR s.disowned_at IS NOT NULL)
      LIMIT 1
    ) w ON true
  ), delivery AS (
    INSERT INTO webhook_inbox (webhook_id, event_id, shop, topic, resource_id, triggered_at, payload, status, error, processed_at)
    SELECT webhook_id, event_id, shop, topic, resource_id, triggered_at,
      -- Nor does a shop without the app.
      CASE WHEN installed AND withheld IS NULL THEN payload END,
      CASE WHEN installed THEN 'received' ELSE 'processed' END,
      CASE WHEN installed THEN NULL ELSE 'The app is not installed on this shop: recorded, not acted on' END,
      CASE WHEN installed THEN NULL ELSE now() END
    FROM input
    ON CONFLICT (webhook_id) DO NOTHING
    RETURNING id, webhook_id
  ), created AS (
    INSERT INTO shipments (shop, order_id, order_name, customer_id, reference_id, status)
    SELECT i.shop, i.resource_id, i.order_name, i.customer_id, i.reference_id, i.initial_status
    FROM input i JOIN delivery d ON d.webhook_id = i.webhook_id
    WHERE i.installed AND i.create_shipment
    -- No conflict target: concurrent deliveries of one order meet on either unique index
    -- ((shop, order_id, attempt) or (shop, reference_id), which derives from it).
    ON CONFLICT DO NOTHING
    RETURNING id, shop, order_id, status
  ), first_event AS (
    INSERT INTO shipment_events (shipment_id, shop, actor, type, to_status, message, said)
    SELECT c.id, c.shop, i.actor, 'recorded', c.status, i.message, i.said
    FROM created c JOIN input i ON i.shop = c.shop AND i.resource_id = c.order_id
  )
  SELECT
    d.id::text AS delivery_id,
    earlier.status AS earlier_status,
    c.status AS created_status,
    s.status AS existing_status,
    s.draft_order_id AS existing_draft,
    i.auto_create,
    i.installed
  FROM input i
  LEFT JOIN delivery d ON d.webhook_id = i.webhook_id
  LEFT JOIN created c ON c.shop = i.shop AND c.order_id = i.resource_id
  LEFT JOIN LATERAL (
    SELECT status FROM webhook_inbox w WHERE w.webhook_id = i.webhook_id LIMIT 1
  ) earlier ON true
  LEFT JOIN LATERAL (
    -- The order's current shipment: its latest attempt.
    SELECT status, draft_order_id FROM shipments
    WHERE shop = i.shop AND order_id = i.resource_id ORDER BY attempt DESC LIMIT 1
  ) s ON true
  ORDER BY i.n
`;
