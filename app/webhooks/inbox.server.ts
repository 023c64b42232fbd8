import { eq, sql } from "drizzle-orm";
import type { Queryable as Db } from "../db/client.server";
import { webhookInbox } from "../db/schema";
import type { VerifiedDelivery } from "./verify.server";

export interface Delivery {
  webhookId: string;
  eventId?: string | null;
  shop: string;
  topic: string;
  resourceId?: string | null;
  triggeredAt?: Date | null;
  /** What later work needs; compliance topics record ids only, never personal data. */
  payload: unknown;
}

/** The delivery a verified webhook describes (ids and dates as verification read them from Shopify's headers). */
export function deliveryOf(
  verified: VerifiedDelivery,
  resourceId: string | null,
  payload: unknown,
): Delivery {
  const { webhookId, eventId, shop, topic, triggeredAt } = verified;
  return { webhookId, eventId, shop, topic, resourceId, triggeredAt, payload };
}

/**
 * Records a webhook delivery before any work is done. Returns `duplicate: true` when the same
 * delivery id was recorded before (Shopify redelivers): the caller answers 200 and does nothing.
 * Throws when the database cannot record it, so the route answers 5xx and Shopify retries.
 */
export async function recordDelivery(
  db: Db,
  delivery: Delivery,
): Promise<{ id: number; duplicate: boolean; processed: boolean }> {
  const inserted = await db
    .insert(webhookInbox)
    .values({
      webhookId: delivery.webhookId,
      eventId: delivery.eventId ?? null,
      shop: delivery.shop,
      topic: delivery.topic,
      resourceId: delivery.resourceId ?? null,
      triggeredAt: delivery.triggeredAt ?? null,
      payload: delivery.payload,
    })
    .onConflictDoNothing({ target: webhookInbox.webhookId })
    .returning({ id: webhookInbox.id });
  if (inserted[0]) return { id: inserted[0].id, duplicate: false, processed: false };
  const [existing] = await db
    .select({ id: webhookInbox.id, status: webhookInbox.status })
    .from(webhookInbox)
    .where(eq(webhookInbox.webhookId, delivery.webhookId));
  if (!existing) throw new Error(`Webhook ${delivery.webhookId} neither inserted nor found`);
  // A delivery whose first processing failed is not a duplicate: let the redelivery do the work.
  return {
    id: existing.id,
    duplicate: existing.status !== "failed",
    processed: existing.status === "processed",
  };
}

export async function markDelivery(
  db: Db,
  webhookId: string,
  status: "processed" | "failed",
  error?: string,
): Promise<void> {
  await db
    .update(webhookInbox)
    .set({ status, error: error ?? null, processedAt: status === "processed" ? sql`now()` : null })
    .where(eq(webhookInbox.webhookId, webhookId));
}
