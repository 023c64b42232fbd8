import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import { shipments, shops } from "#app/db/schema.ts";
import { enqueue } from "#app/jobs/queues.server.ts";
import * as couriersPage from "#app/routes/app.couriers/route.tsx";
import * as shipmentPage from "#app/routes/app.shipments.$id/route.tsx";
import { sessionStorage } from "#app/shopify.server.ts";
import { courierPerformance } from "#app/couriers/record.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { playJourney } from "#sandbox/journeys.ts";
import { CATALOGUE } from "#sandbox/catalogue.ts";
import { sideJson } from "#sandbox/shipment-json.ts";
import { afterBookingStack, shipmentJobsSettled } from "../helpers/after-booking.ts";
import { setUpShop, shipmentOf } from "../helpers/pipeline.ts";
import { undraftedCodParcel } from "../helpers/unbooked-orders.ts";
import { draftBody, liveKey } from "../helpers/sandbox.ts";
import {
  INDONESIAN as indonesian,
  routeData as call,
  offlineSession,
  sessionTokenRequest,
  uniqueShop,
} from "../helpers/shopify.ts";

/**
 * Which courier delivers: the figures of a seeded history computed by hand and read through the
 * couriers page's route in Bahasa Indonesia; a parcel's pickup, failed attempt and delivery kept
 * through the worker and the sandbox over HTTP; the kept figures equal to the parcels counted
 * straight whatever the writes; and each service's record beside it in a draft's courier choice.
 */
const stack = afterBookingStack({
  label: "couriers",
  clockStart: Date.UTC(2026, 10, 25, 1, 0, 0),
  stepMs: 3_600_000,
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Row = typeof shipments.$inferInsert;

/**
 * J&T EZ to Papua, by hand: 13 booked parcels in the last 90 days (one more 120 days ago, one
 * cancelled). 8 delivered at the first attempt after 30, 36, 40, 48, 50, 54, 60 and 72 hours from
 * pickup; 2 delivered after a failed attempt, after 80 and 100 hours; 2 returned (their Rp40.000
 * return fee on top of the Rp45.000); 1 still on its way (to Merauke). Outcomes: 12. First attempt
 * 8/12 = 67 %, returned 2/12 = 17 %. Quarter days, rounded up: 5 6 7 8 9 9 10 12 14 17: the median
 * (5th of 10) 9 = 2,25 days, the 90th percentile (9th) 14 = 3,5 days. COD: 9 of 13 = 69 %.
 * JNE REG to Papua: 3 delivered, too few for any figure.
 */
async function seedHistory(shop: string, now: number) {
  const created = new Date(now - 2 * DAY);
  let n = 0;
  const row = (over: Partial<Row>): Row => {
    n += 1;
    return {
      shop,
      orderId: String(990_000 + n),
      referenceId: `lanes-${shop}-${n}`,
      status: "delivered",
      createdAt: created,
      courierCompany: "jnt",
      courierType: "ez",
      quotedPrice: "45000",
      price: "45000",
      laneProvince: "Papua",
      laneCity: "Jayapura",
      contents: { cod: null },
      ...over,
    };
  };
  const picked = new Date(now - DAY * 1.5);
  const delivered = (hours: number, over: Partial<Row> = {}) =>
    row({
      pickedUpAt: picked,
      deliveredAt: new Date(picked.getTime() + hours * HOUR),
      ...over,
    });
  const cod = { contents: { cod: 150000 } };
  await db.insert(shipments).values([
    ...[30, 36, 40, 48, 50, 54, 60, 72].map((h, i) => delivered(h, i < 7 ? cod : {})),
    delivered(80, { failedAttempts: 1, ...cod }),
    delivered(100, { failedAttempts: 1 }),
    ...[1, 2].map(() =>
      row({
        status: "returned",
        failedAttempts: 1,
        price: "85000",
        returnFee: "40000",
        pickedUpAt: picked,
        returnedAt: new Date(now - DAY),
        ...(n < 11 ? cod : {}),
      }),
    ),
    row({ status: "dropping_off", pickedUpAt: picked, laneCity: "Merauke" }),
    row({ status: "cancelled" }),
    delivered(40, { createdAt: new Date(now - 120 * DAY) }),
    ...[40, 44, 50].map((h) => delivered(h, { courierCompany: "jne", courierType: "reg" })),
  ]);
}

describe("courier performance from the shop's own parcels", () => {
  it("says a seeded history's figures as computed by hand, by province and by city, with too few said as such", async () => {
    const shop = uniqueShop("lanes");
    await db.insert(shops).values({ shop });
    await sessionStorage.storeSession(offlineSession(shop));
    await seedHistory(shop, Date.now());
    const page = await call<Awaited<ReturnType<typeof couriersPage.loader>>>(
      couriersPage.loader,
      await sessionTokenRequest("/app/couriers?days=90", shop, indonesian),
    );
    expect(page.days).toBe(90);
    // Not one figure from three parcels: said once beside them, a dash in each cell.
    const few = { value: "—", basis: "" };
    expect(page.lanes).toEqual([
      {
        key: "jnt/ez/Papua/",
        service: "JNT EZ",
        destination: "Papua",
        parcels: "13 paket",
        firstAttempt: { value: "67%", basis: "dari 12 paket" },
        returned: { value: "17%", basis: "dari 12 paket" },
        days: { value: "2,25 hari", basis: "9 dari 10 dalam 3,5 hari, dari 10 paket" },
        averagePrice: { value: "Rp45.000", basis: "dari 13 paket" },
        codShare: { value: "69%", basis: "dari 13 paket" },
      },
      {
        key: "jne/reg/Papua/",
        service: "JNE REG",
        destination: "Papua",
        parcels: "3 paket, belum cukup untuk dinilai",
        firstAttempt: few,
        returned: few,
        days: few,
        averagePrice: few,
        codShare: few,
      },
    ]);
    // The charts: the service with enough parcels, in percent and days; the other said under them.
    expect(page.charts.rates.map((s) => [s.name, s.data])).toEqual([
      ["Sampai di percobaan pertama (%)", [{ key: "JNT EZ", value: 67, text: "67%" }]],
      ["Kembali ke toko (%)", [{ key: "JNT EZ", value: 17, text: "17%" }]],
    ]);
    expect(page.charts.days.map((s) => s.data)).toEqual([
      [{ key: "JNT EZ", value: 2.25, text: "2,25 hari" }],
      [{ key: "JNT EZ", value: 3.5, text: "3,5 hari" }],
    ]);
    expect(page.charts.left).toBe(1);

    // By city: Jayapura has the 12 with an outcome, Merauke the one on its way.
    const byCity = await call<Awaited<ReturnType<typeof couriersPage.loader>>>(
      couriersPage.loader,
      await sessionTokenRequest("/app/couriers?days=90&by=city", shop, indonesian),
    );
    expect(
      byCity.lanes.map((l) => [l.service, l.destination, l.parcels, l.firstAttempt.value]),
    ).toEqual([
      ["JNT EZ", "Jayapura, Papua", "12 paket", "67%"],
      ["JNE REG", "Jayapura, Papua", "3 paket, belum cukup untuk dinilai", "—"],
      ["JNT EZ", "Merauke, Papua", "1 paket, belum cukup untuk dinilai", "—"],
    ]);
    // A year: the parcel of 120 days ago is counted too.
    const year = await courierPerformance(db, shop, 365, false);
    expect(year.lanes[0]).toMatchObject({ parcels: 14, days: { of: 11 } });
  });

  it("keeps a parcel's pickup, failed attempt and delivery as the courier reports them", async () => {
    const { shop, order, shipment } = await stack.booked("cod");
    const booked = (await shipmentOf(db, shop, order.id))!;
    expect(booked.laneProvince).toBe(booked.label!.receiver.province);
    expect(booked.laneProvince).toBeTruthy();
    expect(booked.laneCity).toBe(booked.label!.receiver.city);

    playJourney(stack.sandbox.service, shipment.shippingOrderId!, "failed_attempt", 60);
    await enqueue.syncStatus(shop, shipment.id);
    await shipmentJobsSettled();
    const held = (await shipmentOf(db, shop, order.id))!;
    expect(held.status).toBe("on_hold");
    expect(held.failedAttempts).toBe(1);
    expect(held.pickedUpAt).not.toBeNull();

    playJourney(stack.sandbox.service, shipment.shippingOrderId!, "delivered", 60);
    await enqueue.syncStatus(shop, shipment.id);
    await shipmentJobsSettled();
    const done = (await shipmentOf(db, shop, order.id))!;
    expect(done.status).toBe("delivered");
    expect(done.failedAttempts).toBe(1);
    // Picked up at the journey's third step, delivered four steps of an hour later.
    const hours = (done.deliveredAt!.getTime() - done.pickedUpAt!.getTime()) / HOUR;
    expect(hours).toBe(5);
    const kept = await courierPerformance(db, shop, 30, false, new Date(stack.clock.ms));
    expect(kept.lanes).toEqual([
      expect.objectContaining({
        courier: done.courierCompany,
        service: done.courierType,
        province: done.laneProvince,
        parcels: 1,
        firstAttempt: { value: null, of: 1 },
        returned: { value: null, of: 1 },
        days: { median: null, p90: null, of: 1 },
      }),
    ]);
    const rows = await db.execute(
      sql`SELECT transit_q, first_attempt, finished, cod FROM courier_lane_days WHERE shop = ${shop} AND parcels > 0`,
    );
    expect((Array.isArray(rows) ? rows : rows.rows)[0]).toEqual({
      transit_q: 1,
      first_attempt: 0,
      finished: 1,
      cod: 1,
    });
  });

  it("equal the booked parcels counted straight, through moves, courier changes, cancellations and deletes", async () => {
    const shop = uniqueShop("lanekeep");
    await db.insert(shops).values({ shop });
    const now = Date.now();
    await seedHistory(shop, now);
    const ids = (
      await db.select({ id: shipments.id }).from(shipments).where(eq(shipments.shop, shop))
    ).map((r) => r.id);
    const set = (i: number, patch: Partial<Row>) =>
      db.update(shipments).set(patch).where(eq(shipments.id, ids[i]!));
    await set(0, { failedAttempts: 2 });
    await set(1, { courierCompany: "sicepat", courierType: "reg" });
    await set(2, { status: "cancelled" });
    await set(3, { deliveredAt: new Date(now) });
    await set(4, { laneProvince: "Papua Barat", laneCity: "Manokwari" });
    await set(5, { contents: { cod: 99000 } });
    await set(6, { pickedUpAt: null });
    await set(12, { status: "delivered", deliveredAt: new Date(now) });
    await set(13, { status: "confirmed" });
    await set(8, { createdAt: new Date(now - 10 * DAY) });
    await db.delete(shipments).where(eq(shipments.id, ids[9]!));
    const straight = await db.execute(sql`
      SELECT coalesce(courier_company, '') AS courier, coalesce(courier_type, '') AS service,
             coalesce(lane_province, '') AS province, coalesce(lane_city, '') AS city,
             (created_at AT TIME ZONE 'UTC')::date::text AS day,
             CASE WHEN status = 'delivered' AND picked_up_at IS NOT NULL AND delivered_at IS NOT NULL
               THEN least(greatest(ceil(extract(epoch FROM delivered_at - picked_up_at) / 21600), 0), 240)::int
               ELSE -1 END AS transit_q,
             count(*)::int AS parcels,
             (count(*) FILTER (WHERE status IN ('delivered', 'return_in_transit', 'returned', 'disposed')))::int AS finished,
             (count(*) FILTER (WHERE status = 'delivered' AND failed_attempts = 0))::int AS first_attempt,
             (count(*) FILTER (WHERE status IN ('return_in_transit', 'returned', 'disposed')))::int AS returned,
             (count(*) FILTER (WHERE jsonb_typeof(contents->'cod') = 'number'))::int AS cod,
             sum(coalesce(price, 0) - coalesce(return_fee, 0))::float8 AS price
      FROM shipments WHERE shop = ${shop} AND quoted_price IS NOT NULL AND status <> 'cancelled'
      GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`);
    const kept = await db.execute(sql`
      SELECT courier, service, province, city, day::text AS day, transit_q, parcels, finished,
             first_attempt, returned, cod, price::float8 AS price
      FROM courier_lane_days WHERE shop = ${shop} AND parcels > 0
      ORDER BY 1, 2, 3, 4, 5, 6`);
    const rowsOf = (r: typeof kept) => (Array.isArray(r) ? r : r.rows);
    expect(rowsOf(kept)).toEqual(rowsOf(straight));
    expect(rowsOf(kept).length).toBeGreaterThan(5);
    // No row is left counting nothing but zeros and a lost parcel: every sum is back to its parcels.
    await db.delete(shops).where(eq(shops.shop, shop));
    expect(
      rowsOf(await db.execute(sql`SELECT 1 FROM courier_lane_days WHERE shop = ${shop}`)),
    ).toEqual([]);
  });

  it("shows each service on offer with its record for the draft's destination", async () => {
    const env = getEnv();
    const shop = uniqueShop("lanechoice");
    const key = liveKey("lanechoice");
    await setUpShop(db, env.ENCRYPTION_KEY, shop, key, stack.sandbox.url);
    await sessionStorage.storeSession(offlineSession(shop));
    const draft = stack.sandbox.service.drafts.create(
      key,
      draftBody({ reference_id: `ref-${shop}` }),
    );
    const province = sideJson(draft.spec.destination).province_name!;
    expect(province).toBe("Jawa Timur");
    await seedHistory(shop, Date.now());
    await db.update(shipments).set({ laneProvince: province }).where(eq(shipments.shop, shop));
    const [row] = await db
      .insert(shipments)
      .values({
        shop,
        orderId: "77",
        referenceId: `ref-${shop}`,
        status: "draft_placed",
        draftOrderId: draft.id,
      })
      .returning();
    const view = await call<Awaited<ReturnType<typeof shipmentPage.loader>>>(
      shipmentPage.loader,
      await sessionTokenRequest(`/app/shipments/${row!.id}`, shop, indonesian),
    );
    const jnt = view.rates.find((r) => r.company === "jnt" && r.type === "ez")!;
    expect(jnt.label).toMatch(/ · 67% sampai di percobaan pertama$/);
    expect(jnt.record).toBe(
      "Ke Jawa Timur, 90 hari terakhir: 67% sampai di percobaan pertama, 17% kembali (dari 12 paket); separuh sampai dalam 2,25 hari",
    );
    const jne = view.rates.find((r) => r.company === "jne" && r.type === "reg")!;
    expect(jne.record).toBe(
      "Ke Jawa Timur, 90 hari terakhir: baru 3 paket, belum cukup untuk dinilai",
    );
    expect(jne.label).not.toContain("percobaan");
    // The service's time in Indonesian ("2 - 3 days" at the service): "2–3 hari", "1 hari".
    expect(jne.label).toMatch(/^JNE Reguler: Rp[\d.]+, 2–3 hari$/);
    expect(view.rates.map((r) => r.label).join(" | ")).not.toMatch(/days|hours/);
    const other = view.rates.find((r) => r.company === "sicepat")!;
    expect(other.record).toBeNull();
    expect(view.recordDays).toBe(90);

    // No draft could be made: every service of the couriers list, named once, its time in
    // Indonesian ("Pos Indonesia" "Pos Reguler" at the service; "1 - 1" days; "6 - 8" hours).
    const [undrafted] = await db
      .insert(shipments)
      .values({ shop, orderId: "78", referenceId: `ref2-${shop}`, status: "pending" })
      .returning();
    const picker = await call<Awaited<ReturnType<typeof shipmentPage.loader>>>(
      shipmentPage.loader,
      await sessionTokenRequest(`/app/shipments/${undrafted!.id}`, shop, indonesian),
    );
    const label = (company: string, type: string) =>
      picker.rates.find((r) => r.company === company && r.type === type)?.label;
    expect(label("pos", "reg")).toBe("Pos Reguler (2–4 hari)");
    expect(label("jne", "jtr")).toBe("JNE Trucking (3–7 hari)");
    expect(label("jne", "yes")).toBe("JNE Yakin Esok Sampai (1 hari)");
    expect(label("anteraja", "same_day")).toBe("AnterAja Same Day (6–8 jam)");
    // It holds no items with weights: it cannot be priced, and the picker says why.
    expect(picker.unpriced).toBe(
      "Harga belum bisa dihitung: berat barangnya belum lengkap. Kurir mana pun bisa dipilih; harganya muncul setelah draf dibuat.",
    );

    // A COD parcel whose draft could not be made, from Jakarta to Surabaya: the services that can
    // carry it, each with this parcel's price from the service's rates, cheapest first; no
    // instant courier (another city), none without COD.
    const codParcel = await undraftedCodParcel(shop, "79");
    const priced = await call<Awaited<ReturnType<typeof shipmentPage.loader>>>(
      shipmentPage.loader,
      await sessionTokenRequest(`/app/shipments/${codParcel.id}`, shop, indonesian),
    );
    expect(priced.unpriced).toBeNull();
    expect(priced.rates.length).toBeGreaterThan(3);
    for (const rate of priced.rates) {
      const service = CATALOGUE.find(
        (s) => s.courierCode === rate.company && s.serviceCode === rate.type,
      )!;
      expect(service.cod, `${rate.label}: carries COD`).toBe(true);
      expect(service.instant, `${rate.label}: not instant`).toBe(false);
      expect(rate.price).toBeGreaterThan(0);
      expect(rate.label).toMatch(/^[^:]+: Rp[\d.]+(, [\d–]+ (hari|jam))?( · .+)?$/);
    }
    expect(priced.rates.map((r) => r.price)).toEqual(
      [...priced.rates.map((r) => r.price)].sort((a, b) => a - b),
    );
    expect(priced.rates.find((r) => r.company === "gojek")).toBeUndefined();
  });
});
