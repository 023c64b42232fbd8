import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { database } from "#app/db/index.server.ts";
import { parseShopSettings } from "#app/shops/settings.ts";
import { testStack } from "../helpers/stack.ts";

testStack();

/**
 * Migration 0023 renames what was stored under the former word "fulfil": the shops' setting and
 * the timeline's entries. Its statements run here, as written, on temporary copies of the tables
 * (a session's temporary tables come first in PostgreSQL's search path).
 */
const statements = fs
  .readFileSync("drizzle/0023_fulfillment_words.sql", "utf8")
  .split("--> statement-breakpoint")
  .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
  .filter(Boolean);

describe("migration 0023", () => {
  it("renames the stored setting and timeline entries, and leaves everything else as it was", async () => {
    expect(statements).toHaveLength(3);
    const client = await database.pool.connect();
    try {
      await client.query(`CREATE TEMP TABLE "shops" (LIKE public."shops" INCLUDING DEFAULTS)`);
      await client.query(
        `CREATE TEMP TABLE "shipment_events" (LIKE public."shipment_events" INCLUDING DEFAULTS)`,
      );
      const settings = {
        "off.myshopify.com": { fulfilOnConfirm: false, autoConfirm: true },
        "on.myshopify.com": { fulfilOnConfirm: true },
        "both.myshopify.com": { fulfilOnConfirm: true, fulfillOnConfirm: false },
        "never.myshopify.com": { autoConfirm: false },
      };
      for (const [shop, value] of Object.entries(settings))
        await client.query(`INSERT INTO "shops" ("shop", "settings") VALUES ($1, $2)`, [
          shop,
          JSON.stringify(value),
        ]);
      const events = [
        ["worker:fulfil", "fulfil_waiting"],
        ["worker:fulfil", "fulfil_skipped"],
        ["worker:fulfil", "fulfil_refused"],
        ["worker:fulfil", "fulfilled"],
        ["worker:confirm", "confirmed"],
      ];
      for (const [actor, type] of events)
        await client.query(
          `INSERT INTO "shipment_events" ("shipment_id", "shop", "actor", "type", "message") VALUES (gen_random_uuid(), 'a.myshopify.com', $1, $2, 'm')`,
          [actor, type],
        );

      for (const statement of statements) await client.query(statement);

      const shops = await client.query<{ shop: string; settings: Record<string, unknown> }>(
        `SELECT "shop", "settings" FROM "shops" ORDER BY "shop"`,
      );
      expect(Object.fromEntries(shops.rows.map((r) => [r.shop, r.settings]))).toEqual({
        "both.myshopify.com": { fulfilOnConfirm: true, fulfillOnConfirm: false },
        "never.myshopify.com": { autoConfirm: false },
        "off.myshopify.com": { fulfillOnConfirm: false, autoConfirm: true },
        "on.myshopify.com": { fulfillOnConfirm: true },
      });
      // Both keys stored (written by the previous release after the migration): today's wins.
      expect(parseShopSettings(shops.rows[0]!.settings).fulfillOnConfirm).toBe(false);
      const timeline = await client.query<{ actor: string; type: string }>(
        `SELECT "actor", "type" FROM "shipment_events" ORDER BY "id"`,
      );
      expect(timeline.rows.map((r) => [r.actor, r.type])).toEqual([
        ["worker:create-fulfillment", "fulfillment_waiting"],
        ["worker:create-fulfillment", "fulfillment_skipped"],
        ["worker:create-fulfillment", "fulfillment_refused"],
        ["worker:create-fulfillment", "fulfilled"],
        ["worker:confirm", "confirmed"],
      ]);
    } finally {
      await client
        .query(`DROP TABLE IF EXISTS pg_temp."shipment_events", pg_temp."shops"`)
        .catch(() => undefined);
      client.release();
    }
  });
});
