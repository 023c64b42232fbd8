import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { database } from "#app/db/index.server.ts";
import type { LabelSnapshot } from "#app/db/json-columns.ts";
import { labelWords } from "#app/labels/label-words.ts";
import { PICKUP_SENDER } from "../fixtures/labels.ts";
import { testStack } from "../helpers/stack.ts";

testStack();

/**
 * Migration 0030 gives labels kept before the booking day was their day, from the shipment's
 * "confirmed" timeline line. Its statement runs here as written, on temporary copies of the
 * tables (a session's temporary tables come first in PostgreSQL's search path), and the label
 * the app then prints is read.
 */
const statement = fs
  .readFileSync("drizzle/0030_label_booked_at.sql", "utf8")
  .replace(/^\s*--.*$/gm, "")
  .trim();

const kept: LabelSnapshot = {
  sender: PICKUP_SENDER,
  receiver: { ...PICKUP_SENDER, name: "Siti Aminah" },
  shipper: null,
  routingCode: null,
  items: [{ name: "Kopi Gayo 250g", quantity: 1, grams: 260 }],
  cod: null,
  currency: "IDR",
};

describe("migration 0030's backfill", () => {
  it("dates a kept label by its booking's timeline line, and leaves alone what it cannot know", async () => {
    const client = await database.pool.connect();
    try {
      await client.query(
        `CREATE TEMP TABLE "shipments" (LIKE public."shipments" INCLUDING DEFAULTS)`,
      );
      await client.query(
        `CREATE TEMP TABLE "shipment_events" (LIKE public."shipment_events" INCLUDING DEFAULTS)`,
      );
      const insert = async (order: string, label: LabelSnapshot | null) => {
        const { rows } = await client.query<{ id: string }>(
          `INSERT INTO "shipments" ("shop", "order_id", "reference_id", "label") VALUES ('a.myshopify.com', $1, $1, $2) RETURNING "id"`,
          [order, label === null ? null : JSON.stringify(label)],
        );
        return rows[0]!.id;
      };
      const event = (id: string, type: string, at: string) =>
        client.query(
          `INSERT INTO "shipment_events" ("shipment_id", "shop", "actor", "type", "created_at") VALUES ($1, 'a.myshopify.com', 'worker:confirm', $2, $3)`,
          [id, type, at],
        );
      const old = await insert("old", kept);
      await event(old, "received", "2026-11-26T10:00:00Z");
      // Booked at 23:30 WIB on the 26th; booked again later (a second line) counts the first.
      await event(old, "confirmed", "2026-11-26T16:30:00Z");
      await event(old, "confirmed", "2026-11-28T01:00:00Z");
      const dated = await insert("dated", { ...kept, bookedAt: "2026-11-20T03:00:00.000Z" });
      await event(dated, "confirmed", "2026-11-21T03:00:00Z");
      const unbooked = await insert("unbooked", kept);
      await event(unbooked, "received", "2026-11-26T10:00:00Z");
      await insert("unlabelled", null);

      await client.query(statement);

      const { rows } = await client.query<{ order_id: string; label: LabelSnapshot | null }>(
        `SELECT "order_id", "label" FROM "shipments" ORDER BY "order_id"`,
      );
      const label = Object.fromEntries(rows.map((r) => [r.order_id, r.label]));
      expect(Date.parse(label.old!.bookedAt!)).toBe(Date.parse("2026-11-26T16:30:00Z"));
      expect(label.dated!.bookedAt).toBe("2026-11-20T03:00:00.000Z");
      expect(label.unbooked).toEqual(kept);
      expect(label.unlabelled).toBeNull();
      // The label prints the day in the shop's zone.
      const row = {
        id: old,
        orderId: "old",
        orderName: "#1001",
        waybillId: "JT0012345678",
        courierCompany: "jne",
        courierType: "reg",
      };
      expect(labelWords({ ...row, label: label.old! }, "Toko").bookedOn).toBe("26 Nov 2026");
      expect(
        labelWords({ ...row, label: label.old! }, "Toko", undefined, "Asia/Jayapura").bookedOn,
      ).toBe("27 Nov 2026");
      expect(labelWords({ ...row, label: label.unbooked! }, "Toko").bookedOn).toBeNull();
    } finally {
      await client
        .query(`DROP TABLE IF EXISTS pg_temp."shipments", pg_temp."shipment_events"`)
        .catch(() => undefined);
      client.release();
    }
  });
});
