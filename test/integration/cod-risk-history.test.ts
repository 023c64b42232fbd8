import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import { shipments } from "#app/db/schema.ts";
import { addressKey, readRiskHistory } from "#app/cod-risk/history.server.ts";
import { recordInstall } from "#app/shops/shops.server.ts";
import { uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * The COD risk's history, read in one statement from shipments as the worker leaves them, on
 * PostgreSQL: the buyer by phone, e-mail, Shopify customer or door, and by what those shipments
 * name; outcomes by postal code, city and shop; another shop's parcels and a redacted buyer's
 * never count.
 */
testStack();

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const at = new Date("2026-11-20T05:00:00Z");
const BUYER = "+6281111111111";

let n = 0;
const parcel = (
  shop: string,
  p: {
    phone?: string | null;
    email?: string | null;
    customerId?: string | null;
    cod: number | null;
    outcome?: "delivered" | "returned" | "delivered then returned";
    daysAgo: number;
    postal?: string;
    city?: string;
    orderId?: string;
    address?: string;
  },
) => {
  n += 1;
  const placed = new Date(at.getTime() - p.daysAgo * DAY);
  const ended = new Date(placed.getTime() + 4 * DAY);
  return {
    shop,
    orderId: p.orderId ?? String(800_000 + n),
    referenceId: `risk-${shop}-${n}`,
    status:
      p.outcome === undefined ? "confirmed" : p.outcome === "delivered" ? "delivered" : "returned",
    orderCreatedAt: placed,
    destinationPhone: p.phone === undefined ? null : p.phone,
    destinationEmail: p.email ?? null,
    customerId: p.customerId ?? null,
    destinationAddress: p.address ?? null,
    destinationPostalCode: p.postal ?? "60271",
    destinationCity: p.city ?? "Surabaya",
    contents: { items: [], ordered: [], cod: p.cod, insurance: null },
    deliveredAt: p.outcome?.startsWith("delivered") ? ended : null,
    returnedAt: p.outcome?.endsWith("returned") ? new Date(ended.getTime() + 5 * DAY) : null,
  };
};

describe("readRiskHistory", () => {
  it("counts this buyer's COD outcomes by phone, e-mail or customer, and the destination's", async () => {
    const shop = uniqueShop("risk");
    const other = uniqueShop("risk-other");
    await recordInstall(db, shop);
    await recordInstall(db, other);
    await db.insert(shipments).values([
      // The buyer: paid once (known by customer id), back twice (by phone, then by e-mail alone).
      parcel(shop, { customerId: "55", cod: 150_000, outcome: "delivered", daysAgo: 60 }),
      parcel(shop, { phone: BUYER, cod: 150_000, outcome: "returned", daysAgo: 40 }),
      parcel(shop, {
        phone: "+6289999999999",
        email: "Siti@Example.com",
        cod: 90_000,
        outcome: "returned",
        daysAgo: 20,
      }),
      // Paid for and then sent back by the customer: delivered (paid), not "back unpaid".
      parcel(shop, {
        phone: BUYER,
        cod: 80_000,
        outcome: "delivered then returned",
        daysAgo: 15,
      }),
      // Prepaid: an earlier order, no COD outcome.
      parcel(shop, { phone: BUYER, cod: null, outcome: "delivered", daysAgo: 10 }),
      // Another COD order three hours ago, still on its way.
      parcel(shop, { phone: BUYER, cod: 120_000, daysAgo: 3 / 24 }),
      // The order being assessed is not its own history.
      parcel(shop, { phone: BUYER, cod: 120_000, daysAgo: 0, orderId: "900" }),
      // A redacted row of the buyer's (customers/redact): no phone, e-mail or address any more,
      // and not theirs though Shopify's customer id stays on it.
      {
        ...parcel(shop, { customerId: "55", cod: 70_000, outcome: "returned", daysAgo: 30 }),
        redactedAt: at,
      },
      // Other buyers: a remote postal code where 6 of 10 came back; one more delivered in the city.
      ...Array.from({ length: 10 }, (_, i) =>
        parcel(shop, {
          phone: `+62812000000${10 + i}`,
          cod: 100_000,
          outcome: i < 6 ? "returned" : "delivered",
          daysAgo: 30 + i,
          postal: "99351",
          city: "Jayapura",
        }),
      ),
      parcel(shop, {
        phone: "+6281200000099",
        cod: 100_000,
        outcome: "delivered",
        daysAgo: 5,
        city: "JAYAPURA",
        postal: "99111",
      }),
      // Older than a year: out of the destination's and the shop's rates.
      parcel(shop, {
        phone: "+6281200000098",
        cod: 100_000,
        outcome: "returned",
        daysAgo: 400,
        postal: "99351",
        city: "Jayapura",
      }),
      // The same buyer at another shop: never this shop's history.
      parcel(other, { phone: BUYER, cod: 100_000, outcome: "returned", daysAgo: 30 }),
    ]);

    const history = await readRiskHistory(
      db,
      shop,
      "900",
      { phone: BUYER, email: "siti@example.com ", customerId: "55", address: null },
      { postalCode: "99351", city: "Jayapura" },
      at,
    );
    expect(history.buyer).toEqual({
      delivered: 2,
      returned: 2,
      earlierOrders: 6,
      codOrdersLastDay: 1,
    });
    // With an outcome within the year, the buyer's own left out (their history, not the
    // destination's): the redacted parcel and 11 others.
    expect(history.area).toEqual({
      postal: { code: "99351", parcels: 10, returned: 6 },
      city: { name: "Jayapura", parcels: 11, returned: 6 },
      shop: { parcels: 12, returned: 7 },
    });
    // Fewer than 20 COD orders: the shop's usual amount is not known yet.
    expect(history.usualCod).toBeNull();

    // A buyer the shop has never seen, with no phone: nothing of anyone else's.
    const stranger = await readRiskHistory(
      db,
      shop,
      "901",
      { phone: null, email: null, customerId: null, address: null },
      { postalCode: null, city: null },
      at,
    );
    expect(stranger.buyer).toEqual({
      delivered: 0,
      returned: 0,
      earlierOrders: 0,
      codOrdersLastDay: 0,
    });
    expect(stranger.area.postal).toBeNull();
    expect(stranger.area.city).toBeNull();
  });

  it("the shop's usual COD amount: the median of its latest COD orders", async () => {
    const shop = uniqueShop("risk-usual");
    await recordInstall(db, shop);
    await db
      .insert(shipments)
      .values(
        Array.from({ length: 25 }, (_, i) =>
          parcel(shop, { phone: `+6281300000${100 + i}`, cod: 100_000 + i * 1_000, daysAgo: i }),
        ),
      );
    const history = await readRiskHistory(
      db,
      shop,
      "1",
      { phone: null, email: null, customerId: null, address: null },
      { postalCode: null, city: null },
      at,
    );
    expect(history.usualCod).toBe(112_000);
  });

  it("knows one buyer across their phones, e-mails, customer and door, one step from the order", async () => {
    const shop = uniqueShop("risk-keys");
    await recordInstall(db, shop);
    const DOOR = "Jl. Kenanga No. 7 RT 03/RW 02, Surabaya, Jawa Timur, 60271, Indonesia";
    const OLD = "+6281300000001";
    await db.insert(shipments).values([
      // The order's door written otherwise, with the buyer's old number: back.
      parcel(shop, {
        phone: OLD,
        address: "JL KENANGA NO 7 RT 03 / RW 02, SURABAYA, JAWA TIMUR, 60271, INDONESIA",
        cod: 100_000,
        outcome: "returned",
        daysAgo: 50,
      }),
      // The old number at another address, with an e-mail and an account: back.
      parcel(shop, {
        phone: OLD,
        email: "dewi@example.com",
        customerId: "77",
        address: "Jl. Melati 3, Sidoarjo",
        cod: 100_000,
        outcome: "returned",
        daysAgo: 40,
      }),
      // Two steps away (the e-mail found on the shipment above, another number): not known.
      parcel(shop, {
        phone: "+6281300000002",
        email: "dewi@example.com",
        cod: 100_000,
        outcome: "returned",
        daysAgo: 30,
      }),
      // Someone else at another door.
      parcel(shop, {
        phone: "+6281300000003",
        address: "Jl. Kenanga No. 9, Surabaya",
        cod: 100_000,
        outcome: "delivered",
        daysAgo: 30,
      }),
    ]);
    const keys = { phone: "+6281399999999", email: null, customerId: null };
    const history = await readRiskHistory(
      db,
      shop,
      "950",
      { ...keys, address: addressKey(DOOR) },
      { postalCode: "60271", city: "Surabaya" },
      at,
    );
    expect(history.buyer).toMatchObject({ returned: 2, delivered: 0, earlierOrders: 2 });
    // Their parcels are not the place's: two left of four.
    expect(history.area.shop).toEqual({ parcels: 2, returned: 1 });
    // Without the door nothing of theirs is known.
    const unknown = await readRiskHistory(
      db,
      shop,
      "950",
      { ...keys, address: null },
      { postalCode: "60271", city: "Surabaya" },
      at,
    );
    expect(unknown.buyer).toMatchObject({ returned: 0, earlierOrders: 0 });
  });
});
