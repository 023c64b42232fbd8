import { inEnglish, said, type Said } from "../i18n/said";
import type { Db } from "../db/client.server";
import { parseExactJson } from "./exact-json";
import {
  orderPayloadSchema,
  refundPayloadSchema,
  type ShopifyOrder,
  type ShopifyRefundPayload,
} from "./payload";
import { ADMIN_ORDER_TOPIC, ORDER_PAYLOAD_TOPICS } from "./sources";

/**
 * The app's copies of store orders, all rows of webhook_inbox: the webhooks' payloads and the
 * orders read through Admin GraphQL. The newest state is the one with the latest `updated_at` of
 * the order itself (deliveries arrive in any order, hours late); refunds delivered after that
 * state are applied on top of it.
 */

export type LatestOrder =
  | { order: ShopifyOrder; updatedAt: Date | null; reason?: never }
  | { order: null; updatedAt?: never; reason: string; said: Said };

/**
 * The order's own updated_at of an inbox row, as a timestamp (webhooks write local offsets,
 * GraphQL writes UTC: compared as text they would sort wrong), or null when it is missing or not
 * a timestamp PostgreSQL can cast.
 */
const updatedAtOf = (alias: string) =>
  `CASE WHEN ${alias}.payload->>'updated_at' ~ '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$' THEN (${alias}.payload->>'updated_at')::timestamptz END`;

const LATEST_ORDER = `
  SELECT
    w.payload::text AS payload,
    (SELECT json_agg(r.payload ORDER BY r.id)::text FROM webhook_inbox r
      WHERE r.shop = $1 AND r.resource_id = $2 AND r.topic = 'refunds/create' AND r.payload IS NOT NULL) AS refunds
  FROM webhook_inbox w
  WHERE w.shop = $1 AND w.resource_id = $2 AND w.topic = ANY($3::text[]) AND w.payload IS NOT NULL
  ORDER BY ${updatedAtOf("w")} DESC NULLS LAST,
    w.triggered_at DESC NULLS LAST, w.id DESC
  LIMIT 1`;

const LATEST_ORDER_VERIFIED = `
  WITH verified AS (
    UPDATE shipments SET order_verified_at = now()
    WHERE id = $4 AND shop = $1 AND order_verified_at IS NULL
  )
  ${LATEST_ORDER}`;

/**
 * Refunds Shopify delivered on their own (refunds/create) that the order state does not include
 * yet: their units leave the order.
 */
export function applyLaterRefunds(
  order: ShopifyOrder,
  refunds: readonly ShopifyRefundPayload[],
): ShopifyOrder {
  const known = new Set((order.refunds ?? []).map((r) => r.id).filter(Boolean));
  const later = refunds.filter((r) => !r.id || !known.has(r.id));
  if (later.length === 0) return order;
  const units = new Map<string, number>();
  for (const refund of later)
    for (const r of refund.refund_line_items)
      units.set(r.line_item_id, (units.get(r.line_item_id) ?? 0) + r.quantity);
  return {
    ...order,
    refunds: [
      ...(order.refunds ?? []),
      ...later.map(({ order_id: _orderId, ...refund }) => refund),
    ],
    line_items: order.line_items.map((line) => {
      const gone = units.get(line.id);
      if (!gone) return line;
      // current_quantity and fulfillable_quantity of this state predate the refund.
      return {
        ...line,
        ...(line.current_quantity !== null && line.current_quantity !== undefined
          ? { current_quantity: Math.max(0, line.current_quantity - gone) }
          : {}),
        ...(line.fulfillable_quantity !== null && line.fulfillable_quantity !== undefined
          ? { fulfillable_quantity: Math.max(0, line.fulfillable_quantity - gone) }
          : {}),
      };
    }),
  };
}

/**
 * The newest state of a store order the app holds, read in full. An order that is not in the
 * documented shape comes back with the first offending field, for the merchant to see.
 */
const unreadable = (message: Said) => ({
  order: null,
  reason: inEnglish(message),
  said: message,
});

export async function latestOrder(
  db: Db,
  shop: string,
  orderId: string,
  options: {
    /**
     * A shipment of the order whose owner the caller has just checked (worker/shared/order-owner.ts):
     * its `order_verified_at` is recorded by the same statement, when not recorded yet.
     */
    verified?: string;
  } = {},
): Promise<LatestOrder> {
  // Named: each connection has PostgreSQL parse them once (every draft reads its order).
  const result = await db.$client.query<{ payload: string; refunds: string | null }>(
    options.verified
      ? {
          name: "pb_latest_order_verified",
          text: LATEST_ORDER_VERIFIED,
          values: [shop, orderId, ORDER_PAYLOAD_TOPICS, options.verified],
        }
      : {
          name: "pb_latest_order",
          text: LATEST_ORDER,
          values: [shop, orderId, ORDER_PAYLOAD_TOPICS],
        },
  );
  const row = result.rows[0];
  if (!row) return unreadable(said("orderDataMissing"));
  const parsed = orderPayloadSchema.safeParse(parseExactJson(row.payload));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return unreadable(
      said("orderUnreadable", {
        path: issue?.path.join(".") || "(order)",
        issue: issue?.message ?? "invalid",
      }),
    );
  }
  const refunds = row.refunds
    ? ((parseExactJson(row.refunds) as unknown[]) ?? []).flatMap((r) => {
        const refund = refundPayloadSchema.safeParse(r);
        return refund.success ? [refund.data] : [];
      })
    : [];
  const order = applyLaterRefunds(parsed.data, refunds);
  const updatedAt =
    order.updated_at && !Number.isNaN(Date.parse(order.updated_at))
      ? new Date(order.updated_at)
      : null;
  return { order, updatedAt };
}

/** The updated_at (epoch ms) of the newest copy the app holds of each order; 0 when undated. */
export async function newestCopies(
  db: Db,
  shop: string,
  orderIds: string[],
): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const result = await db.$client.query<{ resource_id: string; updated_ms: string | null }>(
    `SELECT w.resource_id, extract(epoch FROM max(${updatedAtOf("w")})) * 1000 AS updated_ms
     FROM webhook_inbox w WHERE w.shop = $1 AND w.resource_id = ANY($2::text[]) AND w.payload IS NOT NULL
     GROUP BY w.resource_id`,
    [shop, orderIds],
  );
  return new Map(result.rows.map((r) => [r.resource_id, r.updated_ms ? Number(r.updated_ms) : 0]));
}

/**
 * Stores an order read through Admin GraphQL like a delivery (topic admin/order), once per
 * version of the order (its updated_at). Returns true when this version was new.
 */
export async function recordAdminOrder(
  db: Db,
  shop: string,
  payload: Record<string, unknown>,
): Promise<boolean> {
  const orderId = String(payload.id);
  const result = await db.$client.query({
    text: `INSERT INTO webhook_inbox (webhook_id, shop, topic, resource_id, triggered_at, payload, status, processed_at)
           VALUES ($1, $2, $3, $4, now(), $5::jsonb, 'processed', now())
           ON CONFLICT (webhook_id) DO NOTHING`,
    values: [
      `admin-order-${shop}-${orderId}-${String(payload.updated_at ?? "")}`,
      shop,
      ADMIN_ORDER_TOPIC,
      orderId,
      JSON.stringify(payload),
    ],
  });
  return (result.rowCount ?? 0) > 0;
}

/**
 * The newest state of the shop's latest `limit` orders the app made shipments for, newest first
 * (the courier rules' preview): one statement, the orders by their first shipment, each order's
 * copies by the inbox's shop-and-resource index. An order whose copy is not in the documented
 * shape is left out; refunds delivered on their own are not applied.
 */
export async function recentOrders(db: Db, shop: string, limit: number): Promise<ShopifyOrder[]> {
  const result = await db.$client.query<{ payload: string }>({
    name: "pb_recent_orders",
    text: `
      WITH recent AS (
        SELECT s.order_id, s.created_at FROM shipments s
        WHERE s.shop = $1 AND s.part = 1 AND s.attempt = 1
        ORDER BY s.created_at DESC LIMIT $2
      )
      SELECT latest.payload FROM recent
      CROSS JOIN LATERAL (
        SELECT w.payload::text AS payload FROM webhook_inbox w
        WHERE w.shop = $1 AND w.resource_id = recent.order_id AND w.topic = ANY($3::text[])
          AND w.payload IS NOT NULL
        ORDER BY ${updatedAtOf("w")} DESC NULLS LAST, w.triggered_at DESC NULLS LAST, w.id DESC
        LIMIT 1
      ) latest
      ORDER BY recent.created_at DESC`,
    values: [shop, limit, ORDER_PAYLOAD_TOPICS],
  });
  return result.rows.flatMap((row) => {
    const parsed = orderPayloadSchema.safeParse(parseExactJson(row.payload));
    return parsed.success ? [parsed.data] : [];
  });
}
