import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { shipmentEvents, shipments, type Shipment } from "../db/schema";

/** Shipments data access. Every query names the shop, except lookups by the service's own ids. */

export interface ShipmentEventInput {
  actor: string;
  type: string;
  message?: string | null;
  data?: unknown;
}

export async function getShipment(db: Queryable, shop: string, id: string): Promise<Shipment | null> {
  const [row] = await db.select().from(shipments).where(and(eq(shipments.shop, shop), eq(shipments.id, id)));
  return row ?? null;
}

export async function getShipmentByOrder(db: Queryable, shop: string, orderId: string): Promise<Shipment | null> {
  const [row] = await db.select().from(shipments).where(and(eq(shipments.shop, shop), eq(shipments.orderId, orderId)));
  return row ?? null;
}

/** The service's order ids are random and global, so an event can be matched without a shop. */
export async function getShipmentByShippingOrderId(db: Queryable, shippingOrderId: string): Promise<Shipment | null> {
  const [row] = await db.select().from(shipments).where(eq(shipments.shippingOrderId, shippingOrderId));
  return row ?? null;
}

export type ShipmentPatch = Partial<Omit<typeof shipments.$inferInsert, "id" | "shop" | "orderId" | "version" | "createdAt">>;

/**
 * Applies a change if nobody changed the shipment since it was read (optimistic concurrency on
 * `version`), and writes the event in the same transaction. Returns the new row, or null when
 * the shipment moved on meanwhile: the caller re-reads and decides again.
 */
export async function updateShipment(db: Queryable, current: Shipment, patch: ShipmentPatch, event: ShipmentEventInput): Promise<Shipment | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(shipments)
      .set({ ...patch, version: sql`${shipments.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(shipments.id, current.id), eq(shipments.version, current.version)))
      .returning();
    if (!row) return null;
    await tx.insert(shipmentEvents).values(eventRow(row, event, current.status));
    return row;
  });
}

/** Records an event that changes nothing on the shipment itself. */
export async function addShipmentEvent(db: Queryable, shipment: Shipment, event: ShipmentEventInput): Promise<void> {
  await db.insert(shipmentEvents).values(eventRow(shipment, event, shipment.status));
}

function eventRow(shipment: Shipment, event: ShipmentEventInput, fromStatus: string) {
  return {
    shipmentId: shipment.id,
    shop: shipment.shop,
    actor: event.actor,
    type: event.type,
    fromStatus,
    toStatus: shipment.status,
    message: event.message ?? null,
    data: event.data ?? null,
  };
}

export async function shipmentTimeline(db: Queryable, shop: string, shipmentId: string) {
  return db
    .select()
    .from(shipmentEvents)
    .where(and(eq(shipmentEvents.shop, shop), eq(shipmentEvents.shipmentId, shipmentId)))
    .orderBy(shipmentEvents.id);
}
