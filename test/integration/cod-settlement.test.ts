import { describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { db } from "#app/db/index.server.ts";
import { shipmentEvents, shipments } from "#app/db/schema.ts";
import { QUEUES } from "#app/jobs/definitions.ts";
import { enqueue, getQueue } from "#app/jobs/queues.server.ts";
import { FakeShopifyOrders, fakeAdminGraphql, SHOPIFY_ORDERS } from "#fakes/shopify/fake-admin.ts";
import { ORDER_MARK_AS_PAID } from "#app/admin-api/operations/order-settlement.ts";
import {
  adminLog,
  afterBookingStack,
  reconcileLostJob,
  shipmentJobsSettled,
} from "../helpers/after-booking.ts";
import { freshOrder, shipmentOf } from "../helpers/pipeline.ts";

/**
 * After the booking, for cash on delivery: a parcel in trouble is put in front of the merchant with
 * the customer's WhatsApp and the cash at stake, and a delivered COD parcel's order is marked paid
 * in Shopify once. The real webhook route, worker, database, Redis and the sandbox over HTTP (whose
 * control moves the parcel as a courier would); Shopify's Admin API is the fake, which keeps each
 * order's payment state and refuses to mark paid an order that owes nothing.
 */
const stack = afterBookingStack({ label: "cod", clockStart: Date.UTC(2026, 10, 21, 1, 0, 0) });
const { log, clock } = stack;
const bookedOrder = stack.booked;
const courierMoves = stack.moves;
const settled = shipmentJobsSettled;

const markedPaid = (shop: string) => log.markedPaid!.filter((m) => m.shop === shop);
const timeline = (shipmentId: string) =>
  db
    .select()
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, shipmentId))
    .orderBy(asc(shipmentEvents.id));

describe("a delivered cash-on-delivery parcel's order is marked paid in Shopify", () => {
  it("picked, on its way, delivered: one orderMarkAsPaid, after the delivery, and the timeline says so", async () => {
    const { shop, order, shipment } = await bookedOrder("cod");
    expect((shipment.contents as { cod: number }).cod).toBe(404000);
    // The service's fee for collecting it (3 %, at least Rp2.500), kept from the booking.
    expect(shipment.codFee).toBe("12120.00");
    await courierMoves(shop, shipment, "picked");
    await courierMoves(shop, shipment, "dropping_off");
    expect(markedPaid(shop)).toEqual([]);
    await courierMoves(shop, shipment, "delivered");

    expect(markedPaid(shop)).toEqual([{ shop, orderId: String(order.id), amount: "404000.00" }]);
    // A status change alone leaves Shopify's tracking as it is (the waybill did not change).
    expect(log.trackingUpdates.filter((t) => t.shop === shop)).toEqual([]);
    // And the customer heard each step once, in order.
    expect(log.fulfillmentEvents!.filter((e) => e.shop === shop).map((e) => e.status)).toEqual([
      "CONFIRMED",
      "CARRIER_PICKED_UP",
      "IN_TRANSIT",
      "DELIVERED",
    ]);
    expect(SHOPIFY_ORDERS.byShop.get(shop)!.get(String(order.id))!.financial_status).toBe("paid");
    const after = (await shipmentOf(db, shop, order.id))!;
    expect(after.codSettlement).toBe("marked_paid");
    expect(after.deliveredAt?.toISOString()).toBe(new Date(clock.ms).toISOString());
    expect(after.problem).toBeNull();
    const marked = (await timeline(shipment.id)).filter((e) => e.type === "cod_marked_paid");
    expect(marked.map((e) => e.message)).toEqual([
      "Marked paid in Shopify: the courier collected Rp404.000",
    ]);
  });

  it("the same delivery heard again, and an old `picked` after it, mark nothing more", async () => {
    const { shop, shipment } = await bookedOrder("cod");
    await courierMoves(shop, shipment, "delivered");
    expect(markedPaid(shop)).toHaveLength(1);
    // The same event again (a replayed webhook, the poll), and a job run again.
    await enqueue.syncStatus(shop, shipment.id);
    await settled();
    await getQueue(QUEUES.shipments).add("settle-cod", { shop, shipmentId: shipment.id });
    await settled();
    const events = log.fulfillmentEvents!.filter((e) => e.shop === shop).length;
    await courierMoves(shop, shipment, "picked");
    expect(markedPaid(shop)).toHaveLength(1);
    expect(log.fulfillmentEvents!.filter((e) => e.shop === shop)).toHaveLength(events);
    const after = (await shipmentOf(db, shop, shipment.orderId))!;
    expect(after.status).toBe("delivered");
    expect(after.codSettlement).toBe("marked_paid");
  });

  it("an order paid by hand in Shopify meanwhile is not marked again", async () => {
    const { shop, order, shipment } = await bookedOrder("cod");
    const held = SHOPIFY_ORDERS.byShop.get(shop)!.get(String(order.id))!;
    held.financial_status = "paid";
    held.total_outstanding = "0.00";
    await courierMoves(shop, shipment, "delivered");
    expect(markedPaid(shop)).toEqual([]);
    const after = (await shipmentOf(db, shop, order.id))!;
    expect(after.codSettlement).toBe("already_paid");
    expect(after.problem).toBeNull();
    const settledEvent = (await timeline(shipment.id)).find((e) => e.type === "cod_settled");
    expect(settledEvent?.message).toContain("payment status paid");
  });

  it("a prepaid parcel is not marked; with the setting off a COD one is not either", async () => {
    const prepaid = await bookedOrder("multi-item");
    await courierMoves(prepaid.shop, prepaid.shipment, "delivered");
    expect(markedPaid(prepaid.shop)).toEqual([]);
    expect((await shipmentOf(db, prepaid.shop, prepaid.order.id))!.codSettlement).toBeNull();

    const off = await bookedOrder("cod", { markCodPaid: false });
    await courierMoves(off.shop, off.shipment, "delivered");
    expect(markedPaid(off.shop)).toEqual([]);
    expect((await shipmentOf(db, off.shop, off.order.id))!.codSettlement).toBe("off");
  });

  it("a delivered COD shipment whose job was lost is settled by reconciliation", async () => {
    const { shop, order, shipment } = await bookedOrder("cod");
    // The delivery recorded, its settle-cod job lost (as after Redis lost its data).
    const counts = await reconcileLostJob(shipment.id, { status: "delivered" });
    expect(counts.settleCod).toBe(1);
    await settled();
    expect((await shipmentOf(db, shop, order.id))!.codSettlement).toBe("marked_paid");
    expect(markedPaid(shop)).toHaveLength(1);
  });

  it("a shop that has not granted the permission gets a problem naming it", async () => {
    const { shop, order, shipment } = await bookedOrder("cod");
    // Installed with orders read-only: Shopify refuses orderMarkAsPaid (write_orders).
    SHOPIFY_ORDERS.revoke(shop, "write_orders");
    await courierMoves(shop, shipment, "delivered");
    expect(markedPaid(shop)).toEqual([]);
    const after = (await shipmentOf(db, shop, order.id))!;
    expect(after.codSettlement).toBe("refused");
    expect(after.problemKinds).toEqual(["shopify"]);
    expect(after.problem).toContain("write_orders");
    expect(after.problem).toContain("Access denied for orderMarkAsPaid field");
  });
});

describe("a parcel in trouble", () => {
  it("a failed attempt puts it under needs attention with the courier's note, WhatsApp and the COD; it leaves when the parcel moves on", async () => {
    const { shop, order, shipment } = await bookedOrder("cod");
    await courierMoves(shop, shipment, "picked");
    await courierMoves(shop, shipment, "on_hold", "Gagal kirim: penerima tidak di tempat");
    const held = (await shipmentOf(db, shop, order.id))!;
    expect(held.status).toBe("on_hold");
    expect(held.problemKinds).toEqual(["delivery"]);
    // The fixture's phone 0812-9876-5432, as the customer's WhatsApp.
    expect(held.problem).toBe(
      'The courier could not deliver the parcel: "Gagal kirim: penerima tidak di tempat". Call Siti Aminah on +6281298765432 (WhatsApp https://wa.me/6281298765432) before it is sent back; Rp404.000 cash on delivery at stake.',
    );
    await courierMoves(shop, shipment, "dropping_off");
    const moving = (await shipmentOf(db, shop, order.id))!;
    expect(moving.problem).toBeNull();
    expect(moving.problemKinds).toEqual([]);
    const types = (await timeline(shipment.id)).map((e) => e.type);
    expect(types).toContain("delivery_trouble");
    expect(types).toContain("delivery_resumed");
  });

  it("a failed attempt told while the courier still carries it counts too; another problem is left as it is", async () => {
    const { shop, order, shipment } = await bookedOrder("cod");
    await courierMoves(
      shop,
      shipment,
      "dropping_off",
      "Delivery attempt failed: address not found",
    );
    const trouble = (await shipmentOf(db, shop, order.id))!;
    expect(trouble.problemKinds).toEqual(["delivery"]);
    expect(trouble.problem).toContain("address not found");
    // The courier delivers on the second try: the trouble is gone, the COD is settled.
    await courierMoves(shop, shipment, "delivered");
    const done = (await shipmentOf(db, shop, order.id))!;
    expect(done.problem).toBeNull();
    expect(done.codSettlement).toBe("marked_paid");

    const other = await bookedOrder("cod");
    await db
      .update(shipments)
      .set({ problem: "Shopify refused the fulfillment: x", problemKinds: ["shopify"] })
      .where(and(eq(shipments.id, other.shipment.id), eq(shipments.shop, other.shop)));
    await courierMoves(
      other.shop,
      other.shipment,
      "on_hold",
      "Paket ditahan: alamat tidak lengkap",
    );
    const kept = (await shipmentOf(db, other.shop, other.order.id))!;
    expect(kept.problem).toBe("Shopify refused the fulfillment: x");
    expect(kept.problemKinds).toEqual(["shopify"]);
  });
});

describe("the fake Admin API refuses what Shopify refuses", () => {
  it("a second orderMarkAsPaid, and one on an order the shop does not have", async () => {
    const orders = new FakeShopifyOrders();
    const order = freshOrder("cod");
    orders.put("refuse.myshopify.com", order);
    const fakeLog = adminLog();
    const graphql = fakeAdminGraphql([], fakeLog, orders);
    const mark = (id: number) =>
      graphql("refuse.myshopify.com", ORDER_MARK_AS_PAID, {
        input: { id: `gid://shopify/Order/${id}` },
      }) as Promise<{
        data: { orderMarkAsPaid: { order: unknown; userErrors: { message: string }[] } };
      }>;
    expect((await mark(order.id)).data.orderMarkAsPaid.userErrors).toEqual([]);
    expect((await mark(order.id)).data.orderMarkAsPaid.userErrors[0]?.message).toBe(
      "Order cannot be marked as paid.",
    );
    expect((await mark(order.id + 1)).data.orderMarkAsPaid.order).toBeNull();
    expect(fakeLog.markedPaid).toHaveLength(1);
  });
});
