import { z } from "zod";
import { FULFILLMENT_ORDER_ORDER_QUERY } from "../admin-api/operations/fulfillment-orders";
import { adminAnswer } from "../admin-api/request";

/**
 * Shopify's fulfillment-order lifecycle webhooks (shopify.app.toml): a fulfillment order was
 * routed, split, merged, moved to another location, cancelled, held or released. Their bodies
 * name fulfillment orders only (never the store order, nor any personal data); the worker reads
 * the order's fulfillment orders from the Admin API and brings the order's shipments in line with
 * them (worker/processors/fulfillment-change.ts).
 *
 * What a body tells beyond Shopify's current state is which fulfillment order took over from which
 * (`successors`): a move, a merge, a cancellation with a replacement, a split whose original could
 * not be split in place. A shipment whose fulfillment order is gone follows its successor.
 */
export const FULFILLMENT_ORDER_TOPICS = [
  "fulfillment_orders/order_routing_complete",
  "fulfillment_orders/split",
  "fulfillment_orders/merged",
  "fulfillment_orders/moved",
  "fulfillment_orders/cancelled",
  "fulfillment_orders/placed_on_hold",
  "fulfillment_orders/hold_released",
] as const;
export type FulfillmentOrderTopic = (typeof FULFILLMENT_ORDER_TOPICS)[number];

export interface FulfillmentOrderEvent {
  /** Every fulfillment order the body names (gids), the one it is about first. */
  ids: string[];
  /** [gone, successor] pairs: the successor carries what the gone one had. */
  successors: [string, string][];
}

const GID = /^gid:\/\/shopify\/FulfillmentOrder\/\d+$/;
/** A fulfillment order's id as a gid; the merge intents name theirs by number. */
const foId = z.union([
  z.string().regex(GID),
  z
    .union([z.number().int().positive(), z.string().regex(/^\d+$/)])
    .transform((n) => `gid://shopify/FulfillmentOrder/${n}`),
]);
const ref = z.object({ id: foId }).nullish().catch(null);

const bodySchema = z.object({
  fulfillment_order: ref,
  original_fulfillment_order: ref,
  moved_fulfillment_order: ref,
  remaining_fulfillment_order: ref,
  replacement_fulfillment_order: ref,
  fulfillment_order_merges: z.object({ fulfillment_order: ref }).nullish().catch(null),
  merge_intents: z
    .array(z.object({ fulfillment_order_id: foId }).nullable().catch(null))
    .nullish()
    .catch(null),
});

/** The fulfillment orders a lifecycle body names; throws when it names none (not the documented shape). */
export function readFulfillmentOrderEvent(
  topic: FulfillmentOrderTopic,
  body: unknown,
): FulfillmentOrderEvent {
  const parsed = bodySchema.safeParse(body ?? {});
  if (!parsed.success)
    throw new Error(`${topic}: ${parsed.error.issues[0]?.message ?? "not an object"}`);
  const b = parsed.data;
  const successors: [string, string][] = [];
  const follow = (gone?: string | null, next?: string | null) => {
    if (gone && next && gone !== next) successors.push([gone, next]);
  };
  let main: (string | null | undefined)[];
  switch (topic) {
    case "fulfillment_orders/moved":
      follow(b.original_fulfillment_order?.id, b.moved_fulfillment_order?.id);
      main = [b.original_fulfillment_order?.id, b.moved_fulfillment_order?.id];
      break;
    case "fulfillment_orders/merged": {
      const merged = b.fulfillment_order_merges?.fulfillment_order?.id;
      const intents = (b.merge_intents ?? []).flatMap((i) => (i ? [i.fulfillment_order_id] : []));
      for (const gone of intents) follow(gone, merged);
      main = [merged, ...intents];
      break;
    }
    case "fulfillment_orders/split":
    case "fulfillment_orders/cancelled":
      // The replacement stands in for an original Shopify could not split (or cancelled) in place.
      follow(b.fulfillment_order?.id, b.replacement_fulfillment_order?.id);
      main = [
        b.fulfillment_order?.id,
        b.replacement_fulfillment_order?.id,
        b.remaining_fulfillment_order?.id,
      ];
      break;
    default:
      main = [b.fulfillment_order?.id, b.remaining_fulfillment_order?.id];
  }
  const ids = [...new Set(main.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) throw new Error(`${topic}: the body names no fulfillment order`);
  return { ids, successors };
}

/** The order id (numeric, as text) of a FulfillmentOrderOrder answer; null when the shop has no such fulfillment order. */
export function parseFulfillmentOrderOrder(body: unknown): string | null {
  const gid = adminAnswer(FULFILLMENT_ORDER_ORDER_QUERY, body).fulfillmentOrder?.orderId;
  return gid ? (/^gid:\/\/shopify\/Order\/(\d+)$/.exec(gid)?.[1] ?? null) : null;
}
