import { z } from "zod";
import { forgetAdminSession } from "../admin-api/sessions.server";
import { enqueue } from "../jobs/queues.server";
import { getShop, recordUninstall, redactCustomer, redactShop } from "../shops/shops.server";
import { customersDataRequestSchema, customersRedactSchema } from "./compliance";
import { removeBuyerMarks } from "../cod-risk/marks.server";
import type { InlineWebhookHandler } from "./inline-intake.server";
import {
  recordApprovedReturn,
  recordReturnEnded,
  shippedShipmentOf,
} from "../returns/pickups.server";

const scopesSchema = z.object({ current: z.array(z.string()) });

/** The returns topics' bodies: the return's id, and its order (`order.id`, or `order_id` on close). */
const returnSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  order: z.looseObject({ id: z.union([z.number(), z.string()]) }).nullish(),
  order_id: z.union([z.number(), z.string()]).nullish(),
});
/** What the inbox keeps of a returns delivery: the return's and its order's ids. */
const recordReturn: InlineWebhookHandler["record"] = ({ payload }) => {
  const parsed = returnSchema.parse(payload);
  return {
    resourceId: String(parsed.id),
    payload: { returnId: parsed.id, orderId: orderOf(parsed) },
  };
};
const orderOf = (r: z.infer<typeof returnSchema>): string | null => {
  const id = r.order?.id ?? r.order_id;
  return id === null || id === undefined ? null : String(id);
};

/**
 * The topics whose whole work is a few writes to the app's own database, done in the same
 * transaction as the delivery's inbox record (inline-intake.server.ts).
 */
export const INLINE_TOPICS = {
  /** Sessions deleted, shop marked uninstalled; its data is kept until shop/redact. */
  "app/uninstalled": {
    record: () => ({ payload: null }),
    apply: async (tx, { shop }) => {
      await recordUninstall(tx, shop);
      // This process's kept token is dead too (the others learn from Shopify's 401).
      forgetAdminSession(shop);
    },
  },

  /**
   * The shop's grant changed: Shopify is asked what it granted (the refresh-grant job,
   * worker/processors/refresh-grant.ts), and the courier progress that waited for a scope then
   * goes out. The body's `current` is kept in the inbox for the record and never used: the body
   * names no shop, and the shop header is not signed.
   */
  "app/scopes_update": {
    record: ({ payload }) => ({ payload: { current: scopesSchema.parse(payload).current } }),
    apply: async () => {},
    after: async ({ shop }) => {
      await enqueue.refreshGrant(shop);
    },
  },

  /**
   * A customer asks for their data (compliance). Recorded in the inbox with ids only; the merchant
   * answers the customer from the shipments of the listed orders (app pages). Nothing is sent to
   * anyone from here.
   */
  "customers/data_request": {
    record: ({ payload }) => {
      const parsed = customersDataRequestSchema.parse(payload);
      return {
        resourceId: parsed.customer?.id ?? null,
        payload: {
          customerId: parsed.customer?.id ?? null,
          ordersRequested: parsed.orders_requested,
          dataRequestId: parsed.data_request?.id ?? null,
        },
      };
    },
    apply: async () => {},
  },

  /** Removes that customer's personal data from the shop's shipments (compliance). */
  "customers/redact": {
    record: ({ payload }) => {
      const parsed = customersRedactSchema.parse(payload);
      return {
        resourceId: parsed.customer?.id ?? null,
        payload: {
          customerId: parsed.customer?.id ?? null,
          ordersToRedact: parsed.orders_to_redact,
        },
      };
    },
    apply: async (tx, { shop, payload }) => {
      const parsed = customersRedactSchema.parse(payload);
      const customerId = parsed.customer?.id ?? null;
      const redacted = await redactCustomer(tx, shop, customerId, parsed.orders_to_redact);
      // The merchant's marks on this buyer (trusted, always held) go with their data.
      await removeBuyerMarks(tx, shop, { customerId, ...redacted });
    },
  },

  /**
   * 48 hours after uninstall: removes everything of the shop (compliance). Only for a shop that
   * is not installed: Shopify sends it after an uninstall, so for an installed shop it is a replay
   * (recorded, not acted on).
   */
  "shop/redact": {
    record: () => ({ payload: null }),
    refuse: async (tx, { shop }) =>
      (await getShop(tx, shop))?.installed
        ? "the shop is installed: shop/redact comes only after an uninstall"
        : null,
    apply: (tx, { shop }) => redactShop(tx, shop),
  },

  /**
   * A customer's return approved in Shopify (or made open by the merchant): kept against the
   * order's booked shipment, where the merchant books its courier pickup. A redelivery adds nothing.
   */
  "returns/approve": {
    record: recordReturn,
    /** Only at a shop that booked a parcel of that order: anything else is recorded, not kept. */
    refuse: async (tx, { shop, payload }) => {
      const orderId = orderOf(returnSchema.parse(payload));
      return orderId && (await shippedShipmentOf(tx, shop, orderId))
        ? null
        : "the shop booked no parcel of this order: there is nothing of it to pick up";
    },
    apply: async (tx, { shop, payload }) => {
      const parsed = returnSchema.parse(payload);
      const orderId = orderOf(parsed);
      if (orderId) await recordApprovedReturn(tx, shop, parsed.id, orderId);
    },
  },
  /** Declined before any booking: nothing is booked for it. */
  "returns/decline": {
    record: recordReturn,
    apply: (tx, { shop, payload }) =>
      recordReturnEnded(tx, shop, returnSchema.parse(payload).id, "declined"),
  },
  /** Closed before any booking (processed or given up in Shopify): nothing is booked for it. */
  "returns/close": {
    record: recordReturn,
    apply: (tx, { shop, payload }) =>
      recordReturnEnded(tx, shop, returnSchema.parse(payload).id, "closed"),
  },
} satisfies Record<string, InlineWebhookHandler>;
