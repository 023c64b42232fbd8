import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { database, db } from "#app/db/index.server.ts";
import { shipments } from "#app/db/schema.ts";
import { wordsIn } from "#app/i18n/i18n.server.ts";
import { inEnglish, joinedSaid, said, storedText } from "#app/i18n/said.ts";
import { NO_COURIER_NAMES, courierNamesOf } from "#app/shipments/courier-names.ts";
import {
  addShipmentEvent,
  shipmentTimeline,
  updateShipment,
} from "#app/shipments/shipments.server.ts";
import { valueWords } from "#app/shipments/status-words.ts";
import { pickupProblem } from "#app/returns/pickup-problem.ts";
import { recordInstall } from "#app/shops/shops.server.ts";
import { uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

testStack();

const id = wordsIn("id");
const en = wordsIn("en");
const couriers = courierNamesOf([
  {
    courier_code: "sicepat",
    courier_name: "SiCepat",
    courier_service_code: "reg",
    courier_service_name: "Reguler",
  },
]);

/**
 * A timeline entry is stored as data (its messages' kinds and values) beside the English sentence
 * the app always kept, and said in the reader's language when the shipment's page shows it:
 * couriers by the service's names, money in the reader's locale, Shopify's words quoted.
 */
describe("timeline messages", () => {
  it("an entry written as data reads in Indonesian, with the courier's name and money in the locale", async () => {
    const shop = uniqueShop("timeline");
    await recordInstall(db, shop);
    const [row] = await db
      .insert(shipments)
      .values({ shop, orderId: "9001", referenceId: `tl-${shop}`, status: "draft_ready" })
      .returning();
    const chosen = said("courierChosenPrice", {
      courier: { courier: "sicepat", service: "reg" },
      price: { amount: 34000, currency: "IDR" },
    });
    const updated = await updateShipment(
      db,
      row!,
      { courierCompany: "sicepat", courierType: "reg" },
      { actor: "merchant", type: "courier_chosen", message: chosen },
    );
    await addShipmentEvent(db, updated!, {
      actor: "worker:fulfillment-events",
      type: "fulfillment_event_refused",
      message: said("progressNotTaken", { detail: "Fulfillment is already delivered" }),
    });
    const [first, second] = await shipmentTimeline(db, shop, row!.id);
    // The English sentence is kept as before (logs, exports), the kinds and values beside it.
    expect(first!.message).toBe("Courier SICEPAT REG, price Rp34.000");
    expect(first!.said).toEqual([chosen]);
    const inId = valueWords({ locale: id.locale, couriers });
    expect(storedText(first!.message, first!.said, id.t, inId)).toBe(
      "Kurir SiCepat Reguler, ongkir Rp34.000",
    );
    expect(
      storedText(first!.message, first!.said, en.t, valueWords({ locale: en.locale, couriers })),
    ).toBe("Courier SiCepat Reguler, price Rp34.000");
    // Without the couriers list, codes in capitals.
    expect(
      storedText(
        first!.message,
        first!.said,
        id.t,
        valueWords({ locale: id.locale, couriers: NO_COURIER_NAMES }),
      ),
    ).toBe("Kurir SICEPAT REG, ongkir Rp34.000");
    // Shopify's own words stay as they came, quoted, inside the Indonesian sentence.
    expect(storedText(second!.message, second!.said, id.t, inId)).toBe(
      'Shopify tidak menerima kabar perjalanan paket ("Fulfillment is already delivered"); kabar dikirim lagi bersama kabar berikutnya',
    );
  });

  it("migration 0026 gives the entries written before their kinds their messages; any other text stays as written", async () => {
    const statements = fs
      .readFileSync("drizzle/0026_event_messages.sql", "utf8")
      .split("--> statement-breakpoint")
      .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
      .filter((s) => s.startsWith("UPDATE"));
    expect(statements.length).toBeGreaterThan(5);
    const client = await database.pool.connect();
    const old = [
      "Cancellation requested",
      "Store order #1042 received",
      "Order 5f1c2a, waybill pending",
      "Order 5f1c2a, waybill JP1234567890",
      "Fulfilled in Shopify with JP1234567890, customer notified",
      "Shipment 2 of the order: the items Shopify assigned to Gudang Surabaya, reference shop-1042-2",
      inEnglish(said("noDestinationPhone")),
      "A sentence nobody here wrote",
    ];
    try {
      await client.query(
        `CREATE TEMP TABLE "shipment_events" (LIKE public."shipment_events" INCLUDING DEFAULTS)`,
      );
      for (const message of old)
        await client.query(
          `INSERT INTO "shipment_events" ("shipment_id", "shop", "actor", "type", "message") VALUES (gen_random_uuid(), 'm.myshopify.com', 'test', 'synced', $1)`,
          [message],
        );
      for (const statement of statements) await client.query(statement);
      const { rows } = await client.query<{ message: string; said: unknown }>(
        `SELECT "message", "said" FROM "shipment_events" ORDER BY "id"`,
      );
      const read = rows.map((r) =>
        storedText(r.message, r.said, id.t, valueWords({ locale: id.locale })),
      );
      expect(read).toEqual([
        "Pembatalan diminta",
        "Pesanan #1042 diterima dari toko",
        "Resi muncul setelah diterbitkan kurir",
        "Resi JP1234567890",
        "Dipenuhi di Shopify dengan resi JP1234567890, pembeli diberi tahu",
        "Pengiriman ke-2 dari pesanan ini: barang yang ditetapkan Shopify ke Gudang Surabaya",
        expect.stringMatching(/^Tidak ada nomor HP/),
        "A sentence nobody here wrote",
      ]);
      // A text whose English changed is written as today's English, so the two agree.
      expect(rows[4]!.message).toBe(
        "Fulfilled in Shopify with waybill JP1234567890, customer notified",
      );
      expect(rows[7]!.said).toBeNull();
    } finally {
      await client.query(`DROP TABLE IF EXISTS pg_temp."shipment_events"`);
      client.release();
    }
  });
  it("an entry kept with its status change in its message says the change once: the change line has it", async () => {
    const shop = uniqueShop("timeline");
    await recordInstall(db, shop);
    const [row] = await db
      .insert(shipments)
      .values({ shop, orderId: "9002", referenceId: `tl2-${shop}`, status: "delivered" })
      .returning();
    // As sync-status wrote a change before its message stopped repeating the status.
    const status = said("syncStatus", {
      from: { status: "dropping_off" },
      to: { status: "delivered" },
    });
    const waybill = said("syncWaybill", { from: "JP1", to: "JP2" });
    await addShipmentEvent(db, row!, {
      actor: "worker:sync-status",
      type: "synced",
      message: joinedSaid([status, waybill]),
    });
    await addShipmentEvent(db, row!, {
      actor: "worker:sync-status",
      type: "synced",
      message: status,
    });
    const [both, only] = await shipmentTimeline(db, shop, row!.id);
    const words = valueWords({ locale: id.locale });
    expect(storedText(both!.message, both!.said, id.t, words)).toBe(
      "status dalam perjalanan ke pembeli → terkirim; resi JP1 → JP2",
    );
    expect(storedText(both!.message, both!.said, id.t, words, "syncStatus")).toBe("resi JP1 → JP2");
    expect(storedText(only!.message, only!.said, id.t, words, "syncStatus")).toBeNull();
    // A message of several sentences reads as before: one after another, not joined by ";".
    const story = [
      said("draftNoCourier"),
      said("draftPrice", { price: { amount: 38000, currency: "IDR" } }),
    ];
    await addShipmentEvent(db, row!, {
      actor: "worker:create-draft",
      type: "draft_created",
      message: story,
    });
    const [, , drafted] = await shipmentTimeline(db, shop, row!.id);
    expect(storedText(drafted!.message, drafted!.said, id.t, words, "syncStatus")).toBe(
      "Draf dibuat tanpa kurir. Ongkir Rp38.000.",
    );
  });
});

describe("return pickup problems", () => {
  it("migration 0027 gives a refused pickup written before its kind its message, in Indonesian", async () => {
    const statements = fs
      .readFileSync("drizzle/0027_pickup_problem_said.sql", "utf8")
      .split("--> statement-breakpoint")
      .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
      .filter((s) => s.startsWith("UPDATE"));
    const client = await database.pool.connect();
    try {
      await client.query(
        `CREATE TEMP TABLE "return_pickups" (LIKE public."return_pickups" INCLUDING DEFAULTS)`,
      );
      const old = [
        "The return is declined in Shopify: nothing was booked",
        "Shopify no longer has this return: nothing was booked",
        "Booked, but Shopify refused the tracking on the return: Tracking number is invalid",
      ];
      for (const [n, problem] of old.entries())
        await client.query(
          `INSERT INTO "return_pickups" ("shop", "shopify_return_id", "order_id", "status", "problem") VALUES ('m.myshopify.com', $1, '1', 'refused', $2)`,
          [`gid://shopify/Return/${n}`, problem],
        );
      for (const statement of statements) await client.query(statement);
      const { rows } = await client.query<{ problem: string; problem_said: unknown }>(
        `SELECT "problem", "problem_said" FROM "return_pickups" ORDER BY "shopify_return_id"`,
      );
      expect(rows.map((r) => storedText(r.problem, r.problem_said, id.t))).toEqual([
        "Retur ini ditolak di Shopify: tidak ada yang dipesan",
        "Retur ini sudah tidak ada di Shopify: tidak ada yang dipesan",
        // Not one of the fixed messages: as it was written.
        old[2],
      ]);
    } finally {
      await client.query(`DROP TABLE IF EXISTS pg_temp."return_pickups"`);
      client.release();
    }
  });

  it("a pickup refused now is kept as data: Shopify's words quoted in the Indonesian sentence", () => {
    const stored = pickupProblem(
      said("pickupTrackingRefused", { detail: "Tracking number is invalid" }),
    );
    expect(stored.problem).toBe(
      "Booked, but Shopify refused the tracking on the return: Tracking number is invalid",
    );
    expect(storedText(stored.problem, stored.problemSaid, id.t)).toBe(
      'Sudah dipesan, tetapi Shopify menolak nomor resi pada retur: "Tracking number is invalid"',
    );
    expect(pickupProblem(null)).toEqual({ problem: null, problemSaid: null });
  });
});
