import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import { shipments, shops } from "#app/db/schema.ts";
import { costReport } from "#app/costs/report.server.ts";
import { uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

testStack();

/**
 * The costs page's totals are kept by a trigger on `shipments` (migration 0033) as parcels are
 * booked, re-priced, brought back, cancelled and deleted; whatever the writes, they equal the
 * booked parcels summed straight from `shipments`. PostgreSQL, as the app runs it.
 */
const HOUR = 3_600_000;
const at = Date.UTC(2026, 10, 23, 3, 15);

async function straightSums(shop: string) {
  const result = await db.execute(sql`
    SELECT coalesce(courier_company, '') AS courier,
           count(*)::int AS parcels, coalesce(sum(shipping_charged), 0)::float8 AS charged,
           count(shipping_charged)::int AS charged_parcels, sum(quoted_price)::float8 AS quoted,
           coalesce(sum(price), 0)::float8 AS paid,
           coalesce(sum(greatest(price - coalesce(return_fee, 0) - quoted_price, 0)), 0)::float8 AS surcharges,
           (count(*) FILTER (WHERE price - coalesce(return_fee, 0) > quoted_price))::int AS surcharged,
           coalesce(sum(return_fee), 0)::float8 AS return_fees,
           (count(*) FILTER (WHERE return_fee > 0))::int AS returned,
           coalesce(sum(cod_fee), 0)::float8 AS cod_fees,
           coalesce(sum(insurance_fee), 0)::float8 AS insurance_fees
    FROM shipments WHERE shop = ${shop} AND quoted_price IS NOT NULL AND status <> 'cancelled'
    GROUP BY 1 ORDER BY 1`);
  return (Array.isArray(result) ? result : result.rows) as Record<string, unknown>[];
}

async function keptSums(shop: string) {
  const result = await db.execute(sql`
    SELECT courier, sum(parcels)::int AS parcels, sum(charged)::float8 AS charged,
           sum(charged_parcels)::int AS charged_parcels, sum(quoted)::float8 AS quoted,
           sum(paid)::float8 AS paid, sum(surcharges)::float8 AS surcharges,
           sum(surcharged)::int AS surcharged, sum(return_fees)::float8 AS return_fees,
           sum(returned)::int AS returned, sum(cod_fees)::float8 AS cod_fees,
           sum(insurance_fees)::float8 AS insurance_fees
    FROM shipping_cost_hours WHERE shop = ${shop}
    GROUP BY 1 HAVING sum(parcels) > 0 ORDER BY 1`);
  return (Array.isArray(result) ? result : result.rows) as Record<string, unknown>[];
}

describe("the costs page's totals, kept as parcels change", () => {
  it("equal the booked parcels summed, through bookings, re-weighs, returns, cancellations, courier changes and deletes", async () => {
    const shop = uniqueShop("costhours");
    await db.insert(shops).values({ shop });
    const row = (n: number, over: Partial<typeof shipments.$inferInsert> = {}) => ({
      shop,
      orderId: String(880_000 + n),
      referenceId: `costs-${shop}-${n}`,
      status: "pending",
      createdAt: new Date(at + n * 20 * 60_000),
      courierCompany: n % 2 ? "jne" : "sicepat",
      courierType: "reg",
      ...over,
    });
    const rows = await db
      .insert(shipments)
      .values([
        row(1, { price: "20000", shippingCharged: "18000" }),
        row(2, { status: "confirmed", quotedPrice: "19000", price: "19000", codFee: "3000" }),
        row(3, { status: "confirmed", quotedPrice: "25000", price: "25000", insuranceFee: "2500" }),
        row(4, {
          status: "confirmed",
          quotedPrice: "22000",
          price: "22000",
          shippingCharged: "22000",
        }),
        row(5, { status: "confirmed", quotedPrice: "30000", price: "30000" }),
      ])
      .returning({ id: shipments.id });
    const id = (n: number) => rows[n - 1]!.id;
    const set = (n: number, patch: Partial<typeof shipments.$inferInsert>) =>
      db
        .update(shipments)
        .set(patch)
        .where(eq(shipments.id, id(n)));
    // A draft booked: its quote comes; a re-weigh; a return and its fee; the customer's
    // shipping read again; a cancellation, undone by nothing; a courier changed; a delete.
    await set(1, { status: "confirmed", quotedPrice: "20000" });
    await set(2, { price: "38000" });
    await set(3, { status: "return_in_transit", price: "47500", returnFee: "22500" });
    await set(4, { shippingCharged: "15000" });
    await set(5, { status: "cancelled" });
    await set(1, { courierCompany: "anteraja" });
    await set(4, { createdAt: new Date(at + 30 * HOUR) });
    await db.delete(shipments).where(eq(shipments.id, id(2)));
    await set(1, { status: "delivered" });
    expect(await keptSums(shop)).toEqual(await straightSums(shop));
    expect((await keptSums(shop)).map((r) => [r.courier, r.parcels])).toEqual([
      ["anteraja", 1],
      ["jne", 1],
      ["sicepat", 1],
    ]);

    // The page reads them by week and courier in the shop's zone.
    const report = await costReport(db, shop, 30, new Date(at + 2 * 24 * HOUR), "Asia/Jakarta");
    expect(report.totals).toMatchObject({
      parcels: 3,
      charged: 33000,
      chargedParcels: 2,
      quoted: 67000,
      paid: 89500,
      returnFees: 22500,
      returned: 1,
      surcharges: 0,
      insuranceFees: 2500,
      margin: 33000 - 89500,
    });

    // The shop deleted: its parcels and their totals go with it, without a trace.
    await db.delete(shops).where(eq(shops.shop, shop));
    expect(await keptSums(shop)).toEqual([]);
  });
});
