import { beforeAll, describe, expect, it } from "vitest";
import { said } from "#app/i18n/said.ts";
import { and, eq, getTableColumns, type Column } from "drizzle-orm";
import { db } from "#app/db/index.server.ts";
import { shipmentEvents, shipments, webhookInbox, type Shipment } from "#app/db/schema.ts";
import { claimFulfillmentOrder, updateShipment } from "#app/shipments/shipments.server.ts";
import { problemOf } from "#app/shipments/problem-kinds.ts";
import { recordInstall } from "#app/shops/shops.server.ts";
import { testStack } from "../helpers/stack.ts";

const SHOP = "shipment-update.myshopify.com";

beforeAll(async () => {
  await recordInstall(db, SHOP);
});
testStack();

/**
 * A shipment's state change is a statement the app writes out itself (app/shipments/update-
 * statement.server.ts), not drizzle's builder. Its oracle here is drizzle's own UPDATE: every
 * column a patch can set, of every type the table has (text, enumerated text, integer, boolean,
 * numeric, timestamps, jsonb, text[]), must end as drizzle would store and read it.
 */
const COLUMNS = getTableColumns(shipments) as Record<string, Column>;
const NOT_PATCHED = new Set([
  "id",
  "shop",
  "orderId",
  "version",
  "createdAt",
  "updatedAt",
  // Unique per order (attempt, part) and per shop (reference): each row keeps its own.
  "referenceId",
  "attempt",
  "part",
  // Set by a recorded COD payout (app/cod/payouts.server.ts), never by a patch.
  "codPayoutId",
]);
const PATCHABLE = Object.keys(COLUMNS).filter((key) => !NOT_PATCHED.has(key));

/** A value of the column's own type, different for each column. */
function valueFor(key: string, column: Column): unknown {
  if (column.enumValues?.length) return column.enumValues.at(-1);
  switch (column.columnType) {
    case "PgText":
      return `${key} — Jl. Kaliurang Km 5 "No. 12", Sleman`;
    case "PgInteger":
      return 7;
    case "PgBoolean":
      return true;
    case "PgNumeric":
      return "185000.50";
    case "PgTimestamp":
      return new Date(Date.UTC(2026, 10, 26, 10, 11, 12, 345));
    case "PgJsonb":
      return { key, ids: ["gid://shopify/Fulfillment/1"], amount: 185000, nested: { ok: true } };
    case "PgArray":
      return ["courier", "address"];
    default:
      throw new Error(`No test value for ${key} (${column.columnType})`);
  }
}

let next = 0;
async function newShipment(): Promise<Shipment> {
  next += 1;
  const [row] = await db
    .insert(shipments)
    .values({
      shop: SHOP,
      orderId: `${Date.now()}${next}`,
      referenceId: `update-${Date.now()}-${next}`,
      status: "pending",
    })
    .returning();
  return row!;
}

const without = (row: Shipment) => {
  const { id: _id, orderId: _o, referenceId: _r, updatedAt: _u, createdAt: _c, ...rest } = row;
  return rest;
};

async function byDrizzle(current: Shipment, patch: Record<string, unknown>): Promise<Shipment> {
  const [row] = await db
    .update(shipments)
    .set({ ...patch, version: current.version + 1 })
    .where(eq(shipments.id, current.id))
    .returning();
  return row!;
}

const EVENT = {
  actor: "test",
  type: "order_updated" as const,
  message: said("verbatim", { text: "every column" }),
  data: { n: 1 },
};

describe("a shipment's state change", () => {
  it("stores every column type as drizzle does, through the pool and inside a transaction", async () => {
    const patch = Object.fromEntries(PATCHABLE.map((key) => [key, valueFor(key, COLUMNS[key]!)]));
    const [a, b, c] = [await newShipment(), await newShipment(), await newShipment()];

    const viaPool = await updateShipment(db, a, patch, EVENT);
    const viaTx = await db.transaction((tx) => updateShipment(tx, c, patch, EVENT));
    const oracle = await byDrizzle(b, patch);

    expect(viaPool).not.toBeNull();
    expect(without(viaPool!)).toEqual(without(oracle));
    expect(without(viaTx!)).toEqual(without(oracle));
    // As read back by drizzle, not only as the statement answered.
    const [reread] = await db.select().from(shipments).where(eq(shipments.id, a.id));
    expect(without(reread!)).toEqual(without(oracle));
    expect(viaPool!.version).toBe(a.version + 1);
    expect(viaPool!.updatedAt.getTime()).toBeGreaterThan(a.updatedAt.getTime() - 1);

    // And back to null, every nullable column.
    const nulls = Object.fromEntries(
      PATCHABLE.filter((key) => !COLUMNS[key]!.notNull).map((key) => [key, null]),
    );
    const cleared = await updateShipment(db, viaPool!, nulls, EVENT);
    // A problem cleared clears its kinds (ShipmentPatch).
    const clearedOracle = await byDrizzle(oracle, { ...nulls, problemKinds: [] });
    expect(cleared!.problemKinds).toEqual([]);
    expect(without(cleared!)).toEqual(without(clearedOracle));
  });

  it("writes its event from the row it changed, clears a problem's kinds with it, and changes nothing from a stale version", async () => {
    const shipment = await newShipment();
    const withProblem = await updateShipment(
      db,
      shipment,
      {
        status: "draft_ready",
        ...problemOf("courier", said("verbatim", { text: "Choose a courier" })),
      },
      {
        actor: "test",
        type: "problem",
        message: said("verbatim", { text: "Choose a courier" }),
        data: { code: 40002032 },
      },
    );
    expect(withProblem).toMatchObject({ status: "draft_ready", problemKinds: ["courier"] });
    const solved = await updateShipment(
      db,
      withProblem!,
      { problem: null },
      { actor: "test", type: "courier_chosen" },
    );
    expect(solved).toMatchObject({ problem: null, problemKinds: [], version: 2 });

    // A writer holding the first version changes nothing and writes no event.
    const stale = await updateShipment(
      db,
      withProblem!,
      { status: "cancelled" },
      { actor: "test", type: "cancelled" },
    );
    expect(stale).toBeNull();

    const events = await db
      .select()
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipmentId, shipment.id))
      .orderBy(shipmentEvents.id);
    expect(
      events.map((e) => [e.actor, e.type, e.fromStatus, e.toStatus, e.message, e.data]),
    ).toEqual([
      ["test", "problem", "pending", "draft_ready", "Choose a courier", { code: 40002032 }],
      ["test", "courier_chosen", "draft_ready", "draft_ready", null, null],
    ]);
    const [row] = await db.select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(row).toMatchObject({ status: "draft_ready", version: 2 });
  });

  it("marks the order's received deliveries of the topics processed, whether or not the shipment changes", async () => {
    const shipment = await newShipment();
    const delivery = (topic: string, n: number) => ({
      webhookId: `update-${shipment.id}-${n}`,
      shop: SHOP,
      topic,
      resourceId: shipment.orderId,
      status: "received" as const,
    });
    await db
      .insert(webhookInbox)
      .values([
        delivery("orders/create", 1),
        delivery("orders/updated", 2),
        delivery("refunds/create", 3),
      ]);
    const mark = { shop: SHOP, orderId: shipment.orderId, topics: ["orders/create"] };
    // A stale version: the shipment stays, the delivery is marked.
    const stale = { ...shipment, version: shipment.version + 5 };
    expect(await updateShipment(db, stale, { status: "cancelled" }, EVENT, mark)).toBeNull();
    const changed = await updateShipment(db, shipment, { status: "draft_ready" }, EVENT, {
      ...mark,
      topics: ["orders/updated"],
    });
    expect(changed?.status).toBe("draft_ready");

    const rows = await db
      .select({ topic: webhookInbox.topic, status: webhookInbox.status })
      .from(webhookInbox)
      .where(and(eq(webhookInbox.shop, SHOP), eq(webhookInbox.resourceId, shipment.orderId)))
      .orderBy(webhookInbox.topic);
    expect(rows).toEqual([
      { topic: "orders/create", status: "processed" },
      { topic: "orders/updated", status: "processed" },
      { topic: "refunds/create", status: "received" },
    ]);
  });

  it("claims a fulfillment order only for a shipment without one", async () => {
    const shipment = await newShipment();
    const fo = {
      id: "gid://shopify/FulfillmentOrder/11",
      locationId: "gid://shopify/Location/1",
      locationName: "Gudang Sleman",
    };
    const claimed = await claimFulfillmentOrder(db, shipment, fo);
    expect(claimed).toMatchObject({
      id: shipment.id,
      fulfillmentOrderId: fo.id,
      shopifyLocationId: fo.locationId,
      shopifyLocationName: "Gudang Sleman",
      version: shipment.version,
    });
    expect(claimed!.createdAt).toEqual(shipment.createdAt);
    const again = await claimFulfillmentOrder(db, shipment, {
      ...fo,
      id: "gid://shopify/FulfillmentOrder/12",
    });
    expect(again).toBeNull();
  });
});
