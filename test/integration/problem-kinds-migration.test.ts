import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { database } from "#app/db/index.server.ts";
import { mappingProblem, problemOf, type Problem } from "#app/shipments/problem-kinds.ts";
import { ShippingAuthenticationError, ShippingValidationError } from "#app/shipping/errors.ts";
import {
  ShippingNotConfiguredError,
  ShopNotInstalledError,
} from "#app/shops/shipping-client.server.ts";
import type { MappingProblem } from "#app/orders/map-types.ts";
import { said } from "#app/i18n/said.ts";
import { merchantProblem } from "#worker/shared/shipment-context.ts";
import { testStack } from "../helpers/stack.ts";

testStack();

/**
 * Migration 0008 gives the problems written before kinds existed their kinds from the texts. Its
 * UPDATE statements run here, as written, on temporary copies of the tables (a session's temporary
 * tables come first in PostgreSQL's search path), on the texts the app's own writers produce: the
 * kind the backfill finds must be the kind the writer gives today.
 */
const statements = fs
  .readFileSync("drizzle/0008_problem_kinds_origin.sql", "utf8")
  .split("--> statement-breakpoint")
  .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
  .filter((s) => s.startsWith("UPDATE"));

const code = (c: MappingProblem["code"], blocking = true): MappingProblem => ({
  code: c,
  message: `m ${c}`,
  said: said("verbatim", { text: `m ${c}. f.` }),
  fix: "f",
  blocking,
});

describe("migration 0008's backfill", () => {
  it("files every problem the app writes under the kind its writer gives it, the rest under other", async () => {
    expect(statements).toHaveLength(2);
    const written: { problem: Problem; problems?: MappingProblem[] }[] = [
      { problem: merchantProblem(new ShopNotInstalledError("shop.myshopify.com"))! },
      { problem: merchantProblem(new ShippingNotConfiguredError("shop.myshopify.com"))! },
      {
        problem: merchantProblem(
          new ShippingAuthenticationError("Invalid API key", { status: 401 }),
        )!,
      },
      {
        problem: merchantProblem(
          new ShippingValidationError("Invalid destination_postal_code", {
            status: 400,
            field: "destination_postal_code",
          }),
        )!,
      },
      { problem: problemOf("setup", said("unverifiedOrder")) },
      // Mapping problems: the kinds of the blocking codes kept in "problems", warnings left out.
      (() => {
        const problems = [
          code("no_destination_phone"),
          code("zero_weight"),
          code("weightless_line", false),
        ];
        return { problem: mappingProblem(problems.filter((p) => p.blocking)), problems };
      })(),
      (() => {
        const problems = [code("no_pickup_location")];
        return { problem: mappingProblem(problems), problems };
      })(),
      // The processors' own texts (worker/processors: confirm, cancel, update, create-draft, create-fulfillment).
      {
        problem: problemOf(
          "service",
          said("verbatim", {
            text: "The draft no longer exists at the shipping service: retry to create a new one",
          }),
        ),
      },
      {
        problem: problemOf(
          "service",
          said("verbatim", {
            text: "A draft with reference 1001-a2 already exists at the shipping service, but it did not say which: find it there, then retry",
          }),
        ),
      },
      {
        problem: problemOf(
          "after_booking",
          said("verbatim", {
            text: "The store order was cancelled, but the parcel is already picked: it cannot be cancelled at the service. Contact the courier to stop or return it.",
          }),
        ),
      },
      {
        problem: problemOf(
          "after_booking",
          said("verbatim", {
            text: "Changed in Shopify after the shipment was booked: the shipping address. The courier has the booked version …",
          }),
        ),
      },
      {
        problem: problemOf(
          "courier",
          said("verbatim", {
            text: "The draft has no courier. Choose a courier on the shipment's page, then confirm.",
          }),
        ),
      },
      {
        problem: problemOf(
          "shopify",
          // As the app wrote it then (today's text says "fulfillment").
          said("verbatim", {
            text: "Shopify refused the fulfilment: Fulfillment order 1 is closed",
          }),
        ),
      },
      {
        problem: problemOf(
          "order",
          said("verbatim", {
            text: "The recipient's personal data was removed at the customer's request: the app no longer books this order",
          }),
        ),
      },
      {
        problem: problemOf(
          "order",
          said("verbatim", {
            text: "The store order's data is missing (redacted, or never received: import it from the shipments page)",
          }),
        ),
      },
      { problem: problemOf("other", said("verbatim", { text: "Something nobody here wrote" })) },
    ];
    const client = await database.pool.connect();
    try {
      await client.query(`CREATE TEMP TABLE "shops" (LIKE public."shops" INCLUDING DEFAULTS)`);
      await client.query(
        `CREATE TEMP TABLE "shipments" (LIKE public."shipments" INCLUDING DEFAULTS)`,
      );
      await client.query(
        `INSERT INTO "shops" ("shop", "settings") VALUES ('a.myshopify.com', $1)`,
        [
          JSON.stringify({
            pickup: {
              locationId: "loc-1",
              contactName: "Gudang Sleman",
              contactPhone: "0812",
              address: "Jl. Kaliurang",
            },
          }),
        ],
      );
      for (const [i, w] of written.entries()) {
        await client.query(
          `INSERT INTO "shipments" ("shop", "order_id", "reference_id", "problem", "problems") VALUES ('a.myshopify.com', $1, $1, $2, $3)`,
          [String(i), w.problem.problem, JSON.stringify(w.problems ?? [])],
        );
      }
      await client.query(
        `INSERT INTO "shipments" ("shop", "order_id", "reference_id", "draft_order_id") VALUES ('a.myshopify.com', 'drafted', 'drafted', 'd-1'), ('a.myshopify.com', 'undrafted', 'undrafted', NULL)`,
      );
      for (const statement of statements) await client.query(statement);

      const { rows } = await client.query<{ order_id: string; problem_kinds: string[] }>(
        `SELECT "order_id", "problem_kinds" FROM "shipments" WHERE "problem" IS NOT NULL ORDER BY "order_id"::int`,
      );
      expect(rows.map((r) => [...r.problem_kinds].sort())).toEqual(
        written.map((w) => [...w.problem.problemKinds].sort()),
      );
      const origins = await client.query(
        `SELECT "order_id", "origin_location_id", "origin_name" FROM "shipments" WHERE "order_id" IN ('drafted', 'undrafted') ORDER BY "order_id"`,
      );
      // Only a drafted shipment left from somewhere: the default pickup of the time.
      expect(origins.rows).toEqual([
        { order_id: "drafted", origin_location_id: "loc-1", origin_name: "Gudang Sleman" },
        { order_id: "undrafted", origin_location_id: null, origin_name: null },
      ]);
    } finally {
      await client
        .query(`DROP TABLE IF EXISTS pg_temp."shipments", pg_temp."shops"`)
        .catch(() => undefined);
      client.release();
    }
  });
});
