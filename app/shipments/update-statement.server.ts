import { getTableColumns, getTableName, SQL, type Column } from "drizzle-orm";
import { escapeIdentifier as quoteName } from "pg";
import type { RawStatement } from "../db/raw-statement.server";
import { shipments, type Shipment } from "../db/schema";

/**
 * The statement of a shipment's state change (updateShipment in ./shipments.server.ts), written
 * out once per shape (the patch's columns, with or without the inbox mark) instead of through
 * drizzle's builder on every change: the row updated if its version is the one read, the
 * timeline event written from the updated row, and optionally the order's deliveries marked
 * processed, in one statement.
 */

/** The order's deliveries of these topics to mark processed by the same statement. */
export interface InboxMark {
  shop: string;
  orderId: string;
  topics: readonly string[];
}

/** Marks an order's received deliveries of the topics processed; `$first…$first+2`: shop, order, topics. */
export function inboxMarkText(first: number): string {
  return `UPDATE webhook_inbox SET status = 'processed', processed_at = now(), error = NULL
    WHERE shop = $${first} AND resource_id = $${first + 1} AND topic = ANY($${first + 2}::text[])
      AND status = 'received'`;
}

export const inboxMarkValues = (mark: InboxMark): unknown[] => [
  mark.shop,
  mark.orderId,
  mark.topics,
];

const TABLE = quoteName(getTableName(shipments));
const COLUMNS = getTableColumns(shipments) as Record<string, Column>;
/** The columns a patch may set, in the table's order (the statement's text follows it). */
const SETTABLE = Object.keys(COLUMNS).filter(
  (key) => !["id", "shop", "orderId", "version", "createdAt", "updatedAt"].includes(key),
);
const VERSION = quoteName(COLUMNS.version!.name);
const ID = quoteName(COLUMNS.id!.name);
const UPDATED_AT = quoteName(COLUMNS.updatedAt!.name);

export interface ShipmentChange {
  current: Shipment;
  /** Column values by property name (undefined: not changed). */
  set: Readonly<Partial<typeof shipments.$inferInsert>>;
  /** `said`: the message's kinds and values as JSON text (app/i18n/said.ts). */
  event: {
    actor: string;
    type: string;
    message: string | null;
    said: string | null;
    data: string | null;
  };
  also?: InboxMark;
}

const statements = new Map<string, RawStatement>();

/** The statement and its values for a change: the text is built the first time its shape is seen. */
export function shipmentUpdate(change: ShipmentChange): {
  statement: RawStatement;
  values: unknown[];
} {
  const keys: string[] = [];
  const values: unknown[] = [];
  for (const key of SETTABLE) {
    const value = (change.set as Readonly<Record<string, unknown>>)[key];
    if (value === undefined) continue;
    if (value instanceof SQL)
      throw new Error(`A shipment's ${key} must be set to a value, not an SQL expression`);
    keys.push(key);
    values.push(value === null ? null : COLUMNS[key]!.mapToDriverValue(value));
  }
  const { current, event, also } = change;
  values.push(current.id, current.version);
  values.push(event.actor, event.type, current.status, event.message, event.said, event.data);
  if (also) values.push(...inboxMarkValues(also));
  const shape = `${keys.join(",")}|${also ? "inbox" : ""}`;
  let statement = statements.get(shape);
  if (!statement) {
    statement = {
      text: updateText(keys, Boolean(also)),
      name: `pb_shipment_update_${statements.size + 1}`,
    };
    statements.set(shape, statement);
  }
  return { statement, values };
}

function updateText(keys: readonly string[], withInbox: boolean): string {
  const set = keys.map((key, i) => `${quoteName(COLUMNS[key]!.name)} = $${i + 1}`);
  let n = keys.length;
  const id = ++n;
  const version = ++n;
  const event = [++n, ++n, ++n, ++n, ++n, ++n];
  const inbox = withInbox ? `, also AS (${inboxMarkText(n + 1)})` : "";
  return `WITH updated AS (
    UPDATE ${TABLE} SET ${[...set, `${VERSION} = ${VERSION} + 1`, `${UPDATED_AT} = now()`].join(", ")}
    WHERE ${ID} = $${id} AND ${VERSION} = $${version} RETURNING *),
  event AS (
    INSERT INTO shipment_events (shipment_id, shop, actor, type, from_status, to_status, message, said, data)
    SELECT id, shop, $${event[0]}, $${event[1]}, $${event[2]}, status, $${event[3]}, $${event[4]}::jsonb, $${event[5]}::jsonb
      FROM updated)${inbox}
  SELECT * FROM updated`;
}
