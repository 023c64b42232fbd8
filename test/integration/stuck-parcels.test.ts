import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import { executedRows } from "#app/db/client.server.ts";
import { fulfillmentEvents, shipments } from "#app/db/schema.ts";
import { enqueue } from "#app/jobs/queues.server.ts";
import * as shipmentPage from "#app/routes/app.shipments.$id/route.tsx";
import { sessionStorage } from "#app/shopify.server.ts";
import { recordInstall } from "#app/shops/shops.server.ts";
import { findStuck } from "#worker/processors/find-stuck.ts";
import { afterBookingStack, eventTypesOf, shipmentJobsSettled } from "../helpers/after-booking.ts";
import { shipmentOf } from "../helpers/pipeline.ts";
import {
  INDONESIAN,
  offlineSession,
  routeData,
  sessionTokenRequest,
  uniqueShop,
} from "../helpers/shopify.ts";

/**
 * A parcel that stops moving after pickup (the sandbox's `stalled` journey): silent past its
 * lane's usual time it is marked stuck, Shopify hears once that it is delayed, and the courier's
 * next scan clears it. Through the worker, the sandbox over HTTP and the fake Shopify over HTTP;
 * the finder runs days later on its own clock (`now`), as it would in production.
 */
const stack = afterBookingStack({
  label: "stuck",
  clockStart: Date.UTC(2026, 10, 26, 1, 0, 0),
  stepMs: 3_600_000,
});
const DAY = 24 * 3_600_000;
const deps = () => ({ db, enqueue });
const later = (days: number) => new Date(Date.now() + days * DAY);

const delayedEvents = (shipmentId: string) =>
  db
    .select()
    .from(fulfillmentEvents)
    .where(
      and(
        eq(fulfillmentEvents.shipmentId, shipmentId),
        eq(fulfillmentEvents.shopifyStatus, "DELAYED"),
      ),
    );

describe("a parcel that stops moving", () => {
  it("is marked stuck past the service's estimate, Shopify told once, and cleared by the next scan", async () => {
    const { shop, order, shipment } = await stack.booked("cod");
    await sessionStorage.storeSession(offlineSession(shop));
    await stack.journey(shop, shipment, "stalled");
    const stalled = (await shipmentOf(db, shop, order.id))!;
    expect(stalled.status).toBe("dropping_off");
    // JNE Reguler says 2 - 3 days and the shop has no history on this lane: three days is usual.
    expect((await findStuck(deps(), later(2), shop)).stuck).toBe(0);
    expect((await shipmentOf(db, shop, order.id))!.problem).toBeNull();

    expect(await findStuck(deps(), later(4), shop)).toMatchObject({ stuck: 1 });
    await shipmentJobsSettled();
    const stuck = (await shipmentOf(db, shop, order.id))!;
    expect(stuck.problemKinds).toEqual(["stuck"]);
    expect(await eventTypesOf(shipment.id)).toContain("stuck");
    const told = () =>
      stack.log.fulfillmentEvents!.filter((e) => e.shop === shop && e.status === "DELAYED");
    expect(told()).toHaveLength(1);
    expect(await delayedEvents(shipment.id)).toHaveLength(1);
    // Said in Indonesian on its page, with the usual time it went past.
    const view = await routeData<Awaited<ReturnType<typeof shipmentPage.loader>>>(
      shipmentPage.loader,
      await sessionTokenRequest(`/app/shipments/${shipment.id}`, shop, INDONESIAN),
    );
    expect(JSON.stringify(view)).toMatch(
      /Paket tidak bergerak: tidak ada pemindaian kurir selama 4 hari, lebih lama dari biasanya \(3 hari menurut perkiraan layanan pengiriman\)/,
    );
    // What the seller does: the buyer's WhatsApp with the message written, and the parcel's facts
    // for the courier's customer service, its last scan with the courier's own note.
    const help = view as unknown as { whatsapp: string | null; stuckFacts: string | null };
    expect(help.whatsapp).toMatch(/^https:\/\/wa\.me\/62\d+\?text=/);
    expect(decodeURIComponent(help.whatsapp!.split("?text=")[1]!)).toContain(
      `resi ${stuck.waybillId}) belum bergerak beberapa hari ini`,
    );
    const facts = help.stuckFacts!.split("\n");
    expect(facts[0]).toMatch(/^Mohon bantu lacak paket ini: tidak ada pemindaian sejak \d/);
    expect(facts).toContain(`Resi: ${stuck.waybillId}`);
    expect(facts.find((l) => l.startsWith("Pemindaian terakhir: "))).toMatch(
      /^Pemindaian terakhir: .+, "Paket diberangkatkan dari hub [A-Z ]+"$/,
    );

    // The finder again, later: nothing new; Shopify was told once.
    expect((await findStuck(deps(), later(6), shop)).stuck).toBe(0);
    await shipmentJobsSettled();
    expect(told()).toHaveLength(1);
    expect(await delayedEvents(shipment.id)).toHaveLength(1);

    // The courier scans it again: moving, the problem gone.
    await stack.journey(shop, shipment, "delivered");
    const moving = (await shipmentOf(db, shop, order.id))!;
    expect(moving.status).toBe("delivered");
    expect(moving.problem).toBeNull();
    expect(await eventTypesOf(shipment.id)).toContain("moving_again");
  });

  it("goes by the lane's own usual time where the shop has enough parcels on it", async () => {
    const { shop, order, shipment } = await stack.booked("cod");
    // Twelve earlier parcels on this lane, delivered within 30 hours of pickup: 9 in 10 within 1,25 days.
    const picked = new Date(Date.now() - 10 * DAY);
    await db.insert(shipments).values(
      Array.from({ length: 12 }, (_, i) => ({
        shop,
        orderId: String(770_000 + i),
        referenceId: `lane-${shop}-${i}`,
        status: "delivered",
        createdAt: new Date(Date.now() - 11 * DAY),
        courierCompany: shipment.courierCompany,
        courierType: shipment.courierType,
        laneProvince: shipment.laneProvince,
        laneCity: shipment.laneCity,
        quotedPrice: "19000",
        price: "19000",
        pickedUpAt: picked,
        deliveredAt: new Date(picked.getTime() + (20 + i) * 3_600_000),
      })),
    );
    await stack.journey(shop, shipment, "stalled");
    expect(await findStuck(deps(), later(2), shop)).toMatchObject({ stuck: 1 });
    const stuck = (await shipmentOf(db, shop, order.id))!;
    expect(stuck.problemKinds).toEqual(["stuck"]);
    expect(stuck.problem).toContain(
      `for 9 in 10 of your parcels with this service to ${shipment.laneProvince}`,
    );
    expect(stuck.problem).toContain("longer than usual (1.3 days");
    expect(await delayedEvents(shipment.id)).toHaveLength(1);
  });

  it("one shop's many parcels not stuck yet never hide another shop's stuck one", async () => {
    // Shop A: 2,000 parcels silent two and a half days on ten-day lanes (not stuck yet); shop B:
    // one parcel silent two days on a one-day lane (stuck). Each parcel's latest scan recorded
    // then (the trigger makes it due a day after).
    const busy = uniqueShop("stuck-busy");
    const calm = uniqueShop("stuck-calm");
    await recordInstall(db, busy);
    await recordInstall(db, calm);
    const now = new Date();
    const seed = async (shop: string, count: number, silentDays: number, laneDays: number) => {
      const seen = new Date(now.getTime() - silentDays * DAY);
      const booked = new Date(seen.getTime() - DAY);
      await db.execute(sql`
        WITH made AS (
          INSERT INTO shipments (shop, order_id, reference_id, status, courier_company,
            courier_type, waybill_id, estimated_delivery_at, label)
          SELECT ${shop}, (9100000 + n)::text, ${shop} || '-' || n, 'dropping_off', 'jne', 'reg',
            'WB' || n, ${new Date(booked.getTime() + laneDays * DAY).toISOString()}::timestamptz,
            jsonb_build_object('bookedAt', ${booked.toISOString()}::text)
          FROM generate_series(1, ${count}) n
          RETURNING id, shop)
        INSERT INTO fulfillment_events (shipment_id, shop, entry_key, service_status,
          happened_at, shopify_status, state, created_at)
        SELECT id, shop, 'picked|' || id, 'picked', ${seen.toISOString()}::timestamptz,
          'IN_TRANSIT', 'sent', ${seen.toISOString()}::timestamptz
        FROM made`);
    };
    await seed(busy, 2_000, 2.5, 10);
    await seed(calm, 1, 2, 1);
    // One run, every shop's parcels together: the calm shop's stuck parcel is marked, and every
    // one of the busy shop's is looked at (500 a batch, shops in turn in each).
    expect(await findStuck(deps(), now)).toMatchObject({ stuck: 1 });
    const [marked] = await db
      .select({ kinds: shipments.problemKinds })
      .from(shipments)
      .where(eq(shipments.shop, calm));
    expect(marked!.kinds).toEqual(["stuck"]);
    // The busy shop's parcels are due again when their lanes would call them stuck; none is due now.
    const dueLater = await db.execute(sql`
      SELECT count(*)::int AS n FROM stuck_checks WHERE shop = ${busy} AND due_at > ${now.toISOString()}`);
    expect(executedRows(dueLater)[0]!.n).toBe(2_000);
    const due = await db.execute(sql`
      SELECT count(*)::int AS n FROM stuck_checks WHERE shop = ${busy} AND due_at <= ${now.toISOString()}`);
    expect(executedRows(due)[0]!.n).toBe(0);
    const busyMarked = await db
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(eq(shipments.shop, busy), sql`${shipments.problem} IS NOT NULL`));
    expect(busyMarked).toHaveLength(0);
  });

  it("a scan recorded while the finder runs keeps the parcel's check", async () => {
    // One parcel silent two days on a one-day lane, with its fulfillment. The courier's next scan
    // is recorded just after the finder marked it (here: when the finder queues Shopify's DELAYED
    // event), as a sync-status job running beside the finder would record it.
    const shop = uniqueShop("stuck-race");
    await recordInstall(db, shop);
    const now = new Date();
    const seen = new Date(now.getTime() - 2 * DAY);
    const booked = new Date(seen.getTime() - DAY);
    const [parcel] = executedRows(
      await db.execute(sql`
        INSERT INTO shipments (shop, order_id, reference_id, status, courier_company, courier_type,
          waybill_id, estimated_delivery_at, label, fulfillment_ids)
        VALUES (${shop}, '9300001', ${shop} || '-1', 'dropping_off', 'jne', 'reg', 'WB9300001',
          ${new Date(booked.getTime() + DAY).toISOString()}::timestamptz,
          jsonb_build_object('bookedAt', ${booked.toISOString()}::text),
          '["gid://shopify/Fulfillment/9300001"]'::jsonb)
        RETURNING id`),
    );
    const id = String(parcel!.id);
    const scan = (key: string, at: Date) =>
      db.execute(sql`
        INSERT INTO fulfillment_events (shipment_id, shop, entry_key, service_status,
          happened_at, shopify_status, state, created_at)
        VALUES (${id}, ${shop}, ${key}, 'dropping_off', ${at.toISOString()}::timestamptz,
          'IN_TRANSIT', 'pending', ${at.toISOString()}::timestamptz)`);
    await scan("picked|1", seen);
    const rescanned = new Date(now.getTime() - 60_000);
    const racing: typeof enqueue = {
      ...enqueue,
      fulfillmentEvents: async (_shop: string, shipmentId: string) => {
        if (shipmentId === id) await scan("dropping_off|2", rescanned);
        return null;
      },
    };
    expect(await findStuck({ db, enqueue: racing }, now, shop)).toMatchObject({ stuck: 1 });
    // The scan's check stands: due a day after it, so the parcel is looked at again if it goes
    // silent once more.
    const checks = executedRows(
      await db.execute(sql`SELECT due_at FROM stuck_checks WHERE shipment_id = ${id}`),
    );
    expect(checks).toHaveLength(1);
    expect(new Date(String(checks[0]!.due_at)).getTime()).toBe(rescanned.getTime() + DAY);
  });
});
