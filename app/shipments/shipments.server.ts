import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db, Queryable } from "../db/client.server";
import { shipmentEvents, shipments, type Shipment } from "../db/schema";
import { runRaw } from "../db/raw-statement.server";
import type { Problem } from "./problem-kinds";
import { shipmentUpdate, type InboxMark } from "./update-statement.server";

import type { EventType } from "./event-types";
import { inEnglish, said, saidList, type Said } from "../i18n/said";

/** Shipments data access. Every query names the shop, except lookups by the service's own ids. */

export interface ShipmentEventInput {
  actor: string;
  /** Its kind: one the timeline has words for. */
  type: EventType;
  /** What happened, as data (said in the reader's language); its English is kept beside it. */
  message?: Said | readonly Said[] | null;
  data?: unknown;
}

/** Shopify's hold on the shipment's fulfillment order, as it is stored (null: not held). */
export const holdPatch = (hold: Said | null) => ({
  shopifyHold: hold ? inEnglish(hold) : null,
  shopifyHoldSaid: hold ? [hold] : null,
});

/** An event's message as it is stored: the English sentence and the messages' kinds and values. */
export function eventMessage(message: Said | readonly Said[] | null | undefined): {
  message: string | null;
  said: Said[] | null;
} {
  if (!message) return { message: null, said: null };
  return { message: inEnglish(message), said: saidList(message) };
}

export async function getShipment(
  db: Queryable,
  shop: string,
  id: string,
): Promise<Shipment | null> {
  const hot = hotReads(db);
  const [row] = hot
    ? await hot.byId.execute({ shop, id })
    : await db
        .select()
        .from(shipments)
        .where(and(eq(shipments.shop, shop), eq(shipments.id, id)));
  return row ?? null;
}

/** One of the order's current shipments (part 1 unless named): that part's latest attempt. */
export async function getShipmentByOrder(
  db: Queryable,
  shop: string,
  orderId: string,
  part = 1,
): Promise<Shipment | null> {
  const hot = hotReads(db);
  const [row] = hot
    ? await hot.byOrderPart.execute({ shop, orderId, part })
    : await db
        .select()
        .from(shipments)
        .where(
          and(eq(shipments.shop, shop), eq(shipments.orderId, orderId), eq(shipments.part, part)),
        )
        .orderBy(desc(shipments.attempt))
        .limit(1);
  return row ?? null;
}

/**
 * The order's current shipments, part 1 first: the latest attempt of each part (an order shipped
 * from two locations has two).
 */
export async function currentShipments(
  db: Queryable,
  shop: string,
  orderId: string,
): Promise<Shipment[]> {
  return latestAttempts(await orderShipments(db, shop, orderId));
}

/**
 * A shipment (by id, whichever attempt) and its order's current shipments, in one statement: for a
 * job that changes the shipment and then writes the order's state to Shopify from all of them.
 */
export async function shipmentWithOrder(
  db: Queryable,
  shop: string,
  id: string,
): Promise<{ shipment: Shipment | null; current: Shipment[] }> {
  const hot = hotReads(db);
  const rows = hot
    ? await hot.withOrder.execute({ shop, id })
    : await db
        .select()
        .from(shipments)
        .where(and(eq(shipments.shop, shop), eq(shipments.orderId, orderOfShipment(shop, id))))
        .orderBy(shipments.part, desc(shipments.attempt));
  return { shipment: rows.find((r) => r.id === id) ?? null, current: latestAttempts(rows) };
}

/** The order of a shipment, as SQL (a subquery). */
const orderOfShipment = (shop: unknown, id: unknown) =>
  sql`(SELECT ${shipments.orderId} FROM ${shipments} WHERE ${shipments.shop} = ${shop} AND ${shipments.id} = ${id})`;

/** The latest attempt of each part, part 1 first, from rows ordered by part, newest attempt first. */
function latestAttempts(rows: readonly Shipment[]): Shipment[] {
  const latest = new Map<number, Shipment>();
  for (const row of rows) if (!latest.has(row.part)) latest.set(row.part, row);
  return [...latest.values()].sort((a, b) => a.part - b.part);
}

/** Every shipment the order has had, by part, newest attempt first (its history). */
export async function orderShipments(
  db: Queryable,
  shop: string,
  orderId: string,
): Promise<Shipment[]> {
  const hot = hotReads(db);
  if (hot) return hot.ofOrder.execute({ shop, orderId });
  return db
    .select()
    .from(shipments)
    .where(and(eq(shipments.shop, shop), eq(shipments.orderId, orderId)))
    .orderBy(shipments.part, desc(shipments.attempt));
}

/**
 * The reads every shipment job makes (by id, by order and part, the order's shipments), built
 * once per database as named prepared statements: drizzle builds their SQL once instead of on
 * every call, and each connection has PostgreSQL parse them once. Inside a transaction the
 * ordinary query runs (a prepared query belongs to the database handle it was made on).
 */
const preparedReads = new WeakMap<object, ReturnType<typeof prepareReads>>();

function prepareReads(db: Db) {
  const shop = sql.placeholder("shop");
  const orderId = sql.placeholder("orderId");
  return {
    byId: db
      .select()
      .from(shipments)
      .where(and(eq(shipments.shop, shop), eq(shipments.id, sql.placeholder("id"))))
      .prepare("pb_shipment_by_id"),
    byOrderPart: db
      .select()
      .from(shipments)
      .where(
        and(
          eq(shipments.shop, shop),
          eq(shipments.orderId, orderId),
          eq(shipments.part, sql.placeholder("part")),
        ),
      )
      .orderBy(desc(shipments.attempt))
      .limit(1)
      .prepare("pb_shipment_by_order_part"),
    ofOrder: db
      .select()
      .from(shipments)
      .where(and(eq(shipments.shop, shop), eq(shipments.orderId, orderId)))
      .orderBy(shipments.part, desc(shipments.attempt))
      .prepare("pb_shipments_of_order"),
    withOrder: db
      .select()
      .from(shipments)
      .where(
        and(
          eq(shipments.shop, shop),
          eq(shipments.orderId, orderOfShipment(shop, sql.placeholder("id"))),
        ),
      )
      .orderBy(shipments.part, desc(shipments.attempt))
      .prepare("pb_shipment_with_order"),
  };
}

function hotReads(db: Queryable): ReturnType<typeof prepareReads> | null {
  if (!("$client" in db)) return null;
  let reads = preparedReads.get(db);
  if (!reads) {
    reads = prepareReads(db);
    preparedReads.set(db, reads);
  }
  return reads;
}

/**
 * Another shipment of the order (part n, attempt 1) for one of its fulfillment orders, found while
 * drafting part 1. Null when that part exists already (the unique index decides).
 */
export async function addOrderPart(
  db: Queryable,
  first: Shipment,
  part: {
    part: number;
    referenceId: string;
    fulfillmentOrderId: string;
    shopifyLocationId: string | null;
    shopifyLocationName: string;
  },
  actor: string,
): Promise<Shipment | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(shipments)
      .values({
        shop: first.shop,
        orderId: first.orderId,
        orderName: first.orderName,
        customerId: first.customerId,
        part: part.part,
        attempt: 1,
        referenceId: part.referenceId,
        status: "pending",
        financialStatus: first.financialStatus,
        fulfillmentOrderId: part.fulfillmentOrderId,
        shopifyLocationId: part.shopifyLocationId,
        shopifyLocationName: part.shopifyLocationName,
        // The order's owner was checked for part 1; the parts are the same order.
        orderVerifiedAt: first.orderVerifiedAt,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await tx.insert(shipmentEvents).values({
      shipmentId: row.id,
      shop: row.shop,
      actor,
      type: "recorded",
      toStatus: "pending",
      ...eventMessage(
        said("partRecorded", {
          part: part.part,
          location: part.shopifyLocationName,
          reference: part.referenceId,
        }),
      ),
    });
    return row;
  });
}

/**
 * Starts the order's next shipment after a cancelled one: a new row (attempt n+1, its own
 * reference_id) in `pending`, with both timelines saying so. Returns null when another attempt
 * was started meanwhile (the unique index on shop, order and attempt decides).
 */
export async function startNextAttempt(
  db: Queryable,
  previous: Shipment,
  actor: string,
  referenceId: string,
): Promise<Shipment | null> {
  return db.transaction(async (tx) => {
    const attempt = previous.attempt + 1;
    const [row] = await tx
      .insert(shipments)
      .values({
        shop: previous.shop,
        orderId: previous.orderId,
        orderName: previous.orderName,
        customerId: previous.customerId,
        attempt,
        part: previous.part,
        fulfillmentOrderId: previous.fulfillmentOrderId,
        shopifyLocationId: previous.shopifyLocationId,
        shopifyLocationName: previous.shopifyLocationName,
        orderVerifiedAt: previous.orderVerifiedAt,
        referenceId,
        status: "pending",
        chosenCourier: previous.chosenCourier,
        financialStatus: previous.financialStatus,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await tx.insert(shipmentEvents).values([
      {
        shipmentId: previous.id,
        shop: previous.shop,
        actor,
        type: "shipped_again",
        fromStatus: previous.status,
        toStatus: previous.status,
        ...eventMessage(said("replacedByAttempt", { attempt })),
      },
      {
        shipmentId: row.id,
        shop: row.shop,
        actor,
        type: "recorded",
        toStatus: "pending",
        ...eventMessage(
          said("attemptRecorded", { attempt, previous: previous.attempt, reference: referenceId }),
        ),
      },
    ]);
    return row;
  });
}

/**
 * The fulfillment order a shipment without one ships (its location), claimed only while it has
 * none: whoever claims first wins. Not a versioned change (nothing decides on it concurrently).
 * The claimed row, or null when the shipment had one already.
 */
export async function claimFulfillmentOrder(
  db: Queryable,
  shipment: Shipment,
  fo: { id: string; locationId: string | null; locationName: string },
): Promise<Shipment | null> {
  const [row] = await runRaw(db, CLAIM_FULFILLMENT_ORDER, [
    fo.id,
    fo.locationId,
    fo.locationName,
    shipment.id,
  ]);
  return row ? shipmentFromRow(row) : null;
}

const CLAIM_FULFILLMENT_ORDER = {
  name: "pb_claim_fulfillment_order",
  text: `UPDATE shipments SET fulfillment_order_id = $1, shopify_location_id = $2, shopify_location_name = $3
    WHERE id = $4 AND fulfillment_order_id IS NULL RETURNING *`,
};

/** The service's order ids are random and global, so an event can be matched without a shop. */
/** The shop's shipment with that order at the shipping service. */
export async function getShipmentByShippingOrderId(
  db: Queryable,
  shop: string,
  shippingOrderId: string,
): Promise<Shipment | null> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.shippingOrderId, shippingOrderId), eq(shipments.shop, shop)));
  return row ?? null;
}

/** A change to a shipment's facts other than its problem. */
export type ShipmentFields = Partial<
  Omit<
    typeof shipments.$inferInsert,
    "id" | "shop" | "orderId" | "version" | "createdAt" | "problem" | "problemKinds"
  >
>;

/**
 * A change to a shipment. A problem is written with its kinds (`problemOf`, `mappingProblem`) or
 * cleared with `problem: null` (which clears its kinds too); a problem text without kinds does not
 * typecheck, so the list's filter by kind sees every problem.
 */
export type ShipmentPatch = ShipmentFields &
  (
    | { problem?: undefined; problemKinds?: undefined }
    | { problem: null; problemKinds?: undefined }
    | Problem
  );

/** The recipient's personal data on a shipment, blanked (customers/redact, an order disowned by its shop). */
export const NO_RECIPIENT = {
  destinationName: null,
  destinationPhone: null,
  destinationEmail: null,
  destinationAddress: null,
  destinationCity: null,
  destinationPostalCode: null,
  // The label's facts name the receiver too, and the COD risk's reasons their phone.
  label: null,
  codRisk: null,
  // What the buyer wrote on the held order's page.
  buyerAnswer: null,
} as const satisfies ShipmentPatch;

/**
 * Applies a change if nobody changed the shipment since it was read (optimistic concurrency on
 * `version`), and writes the event in the same statement (a data-modifying WITH: the event is
 * written only when the row was). Returns the new row, or null when the shipment moved on
 * meanwhile: the caller re-reads and decides again. One round trip to the database, where a
 * transaction of an UPDATE and an INSERT took four.
 */
export async function updateShipment(
  db: Queryable,
  current: Shipment,
  patch: ShipmentPatch,
  event: ShipmentEventInput,
  /** The order's deliveries marked processed by the same statement, whether or not the shipment changes. */
  also?: InboxMark,
): Promise<Shipment | null> {
  const data = event.data === undefined || event.data === null ? null : JSON.stringify(event.data);
  const written = eventMessage(event.message);
  const { statement, values } = shipmentUpdate({
    current,
    set: withMessages(patch),
    event: {
      actor: event.actor,
      type: event.type,
      message: written.message,
      said: written.said ? JSON.stringify(written.said) : null,
      data,
    },
    also,
  });
  const [row] = await runRaw(db, statement, values);
  return row ? shipmentFromRow(row) : null;
}

/**
 * A patch as it is written: a cleared problem clears its kinds and its messages, and a problem or
 * a decision written as text alone (no messages) clears the messages of the one before, so a
 * reader never sees the former problem's words in place of the new one.
 */
function withMessages(patch: ShipmentPatch): Partial<typeof shipments.$inferInsert> {
  let set: Partial<typeof shipments.$inferInsert> = patch;
  if (patch.problem === null) set = { ...set, problemKinds: [], problemSaid: null };
  else if (patch.problem !== undefined && !("problemSaid" in patch))
    set = { ...set, problemSaid: null };
  if ("decision" in patch && !("decisionSaid" in patch)) set = { ...set, decisionSaid: null };
  if ("shopifyHold" in patch && !("shopifyHoldSaid" in patch))
    set = { ...set, shopifyHoldSaid: null };
  return set;
}

const SHIPMENT_COLUMNS = Object.entries(getTableColumns(shipments));

/** A shipments row as the database names it (a raw statement's answer), as drizzle reads it. */
function shipmentFromRow(raw: Record<string, unknown>): Shipment {
  const row: Record<string, unknown> = {};
  for (const [key, column] of SHIPMENT_COLUMNS) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as Shipment;
}

/** SQL: the shipment's courier collects cash on delivery (its draft's COD is above zero). */
export const carriesCod = sql`(${shipments.contents}->>'cod')::numeric > 0`;

/** A change decided from the shipment as it is: its patch and its timeline event. */
export type DecidedChange = { patch: ShipmentPatch; event: ShipmentEventInput } | null;

/**
 * Applies a change decided from the shipment as it is now, retrying (up to 5 times) when another
 * writer moved it meanwhile: the shipment is read again and `decide` asked again. `decide`
 * returning null leaves it as it is (that row is returned); null when the shipment is gone.
 * `first`: the row the caller holds already, decided on before any read. `also`: the order's
 * deliveries marked processed by each attempt's statement (see updateShipment).
 */
export async function updateDecided(
  db: Queryable,
  shop: string,
  shipmentId: string,
  decide: (current: Shipment) => DecidedChange,
  what: string,
  first?: Shipment,
  also?: InboxMark,
): Promise<Shipment | null> {
  let current = first ?? (await getShipment(db, shop, shipmentId));
  for (let i = 0; i < 5 && current; i++) {
    const change = decide(current);
    if (!change) return current;
    const updated = await updateShipment(db, current, change.patch, change.event, also);
    if (updated) return updated;
    current = await getShipment(db, shop, shipmentId);
  }
  if (!current) return null;
  throw new Error(`Shipment ${shipmentId} kept changing under ${what}`);
}

/** Records an event that changes nothing on the shipment itself. */
/** A timeline entry for the shipment as it is; its id. */
export async function addShipmentEvent(
  db: Queryable,
  shipment: Shipment,
  event: ShipmentEventInput,
): Promise<number> {
  const [added] = await db
    .insert(shipmentEvents)
    .values(eventRow(shipment, event, shipment.status))
    .returning({ id: shipmentEvents.id });
  return added!.id;
}

function eventRow(shipment: Shipment, event: ShipmentEventInput, fromStatus: string) {
  return {
    shipmentId: shipment.id,
    shop: shipment.shop,
    actor: event.actor,
    type: event.type,
    fromStatus,
    toStatus: shipment.status,
    ...eventMessage(event.message),
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
