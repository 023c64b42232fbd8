import { describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { db } from "#app/db/index.server.ts";
import { fulfillmentEvents, shipments } from "#app/db/schema.ts";
import { enqueue } from "#app/jobs/queues.server.ts";
import { action as customersRedact } from "#app/routes/webhooks.customers.redact.tsx";
import { updateShopSettings } from "#app/shops/shops.server.ts";
import { SHOPIFY_ORDERS } from "#fakes/shopify/fake-admin.ts";
import { afterBookingStack, shipmentJobsSettled } from "../helpers/after-booking.ts";
import { deliverWebhook } from "../helpers/shopify.ts";

/**
 * The courier's progress reaches Shopify as fulfillment events: the real webhook route, worker,
 * database, Redis and the sandbox over HTTP (whose control moves the parcel as a courier would and
 * keeps the order's tracking history as the service does); Shopify's Admin API is the fake, which
 * keeps each fulfillment's events and refuses one on a fulfillment it does not have.
 */
// A clock the test moves: each status of the parcel happens a minute after the one before.
const stack = afterBookingStack({ label: "progress", clockStart: Date.UTC(2026, 10, 20, 1, 0, 0) });
const { log, clock } = stack;
const tick = () => (clock.ms += 60_000);
const settled = shipmentJobsSettled;
/** A COD order booked (and, with the shop's default, fulfilled) at the sandbox. */
const bookedCodOrder = (settings: { fulfillOnConfirm?: boolean } = {}) =>
  stack.booked("cod", settings);
/** The service moves the parcel on; the worker hears of it (as from an event or the poll). */
const courierMoves = stack.moves;

const eventsOf = (shop: string) => log.fulfillmentEvents!.filter((e) => e.shop === shop);
const serviceHistory = (key: string, shippingOrderId: string) =>
  stack.sandbox.service.account(key).orders.get(shippingOrderId)!.history;

describe("the courier's progress as Shopify fulfillment events", () => {
  it("a COD parcel picked, on its way, delivered: one event per status, in order, on its fulfillment", async () => {
    const { shop, key, shipment } = await bookedCodOrder();
    const fulfillmentId = (shipment.fulfillmentIds as string[])[0];
    expect(fulfillmentId).toBeDefined();
    await courierMoves(shop, shipment, "picked");
    await courierMoves(shop, shipment, "dropping_off");
    await courierMoves(shop, shipment, "delivered");

    const history = serviceHistory(key, shipment.shippingOrderId!);
    expect(history.map((h) => h.status)).toEqual([
      "confirmed",
      "picked",
      "dropping_off",
      "delivered",
    ]);
    const events = eventsOf(shop);
    expect(events.map((e) => e.status)).toEqual([
      "CONFIRMED",
      "CARRIER_PICKED_UP",
      "IN_TRANSIT",
      "DELIVERED",
    ]);
    // Each when the service says it happened, with the courier's note; the delivery in the customer's city.
    expect(events.map((e) => [e.fulfillmentId, e.happenedAt, e.message])).toEqual(
      history.map((h) => [fulfillmentId, h.updated_at, h.note]),
    );
    expect(events.at(-1)!.city).toBe(shipment.destinationCity);
    expect(shipment.destinationCity).toBeTruthy();
    // The courier's estimate on every event of the way, from the service's couriers list: the
    // booking (its first history entry) plus the service's longest duration; none on the delivery.
    const couriers = (await (
      await fetch(`${stack.sandbox.url}/v1/couriers`, { headers: { authorization: key } })
    ).json()) as {
      couriers: {
        courier_code: string;
        courier_service_code: string;
        shipment_duration_range: string;
        shipment_duration_unit: string;
      }[];
    };
    const service = couriers.couriers.find(
      (c) =>
        c.courier_code === shipment.courierCompany &&
        c.courier_service_code === shipment.courierType,
    )!;
    const longest = Math.max(...service.shipment_duration_range.match(/\d+/g)!.map(Number));
    const hours = service.shipment_duration_unit.startsWith("hour") ? longest : longest * 24;
    const expected = new Date(Date.parse(history[0]!.updated_at) + hours * 3_600_000).toISOString();
    expect(shipment.estimatedDeliveryAt?.toISOString()).toBe(expected);
    expect(events.map((e) => e.estimatedDeliveryAt)).toEqual([expected, expected, expected, null]);
  });

  it("a customer's redaction clears the courier's notes too (they may name who took the parcel)", async () => {
    const { shop, order, shipment } = await bookedCodOrder();
    await courierMoves(shop, shipment, "delivered", "Diterima oleh Ibu Sari (tetangga)");
    const notes = async () =>
      (
        await db
          .select({ note: fulfillmentEvents.note, key: fulfillmentEvents.entryKey })
          .from(fulfillmentEvents)
          .where(eq(fulfillmentEvents.shipmentId, shipment.id))
      ).map((r) => r.note);
    expect(await notes()).toContain("Diterima oleh Ibu Sari (tetangga)");
    expect(
      await deliverWebhook(customersRedact, {
        topic: "customers/redact",
        shop,
        body: {
          shop_id: 1,
          shop_domain: shop,
          customer: { id: 1, email: "sari@example.com", phone: null },
          orders_to_redact: [order.id],
        },
      }),
    ).toBe(200);
    expect(await notes()).toEqual([null, null]);
  });

  it("the same delivery reported again, an old status after it, or a late one: nothing more", async () => {
    const { shop, key, shipment } = await bookedCodOrder();
    await courierMoves(shop, shipment, "picked");
    await courierMoves(shop, shipment, "delivered");
    expect(eventsOf(shop).map((e) => e.status)).toEqual([
      "CONFIRMED",
      "CARRIER_PICKED_UP",
      "DELIVERED",
    ]);
    // The service's event for the delivery, replayed: the worker asks the service again.
    await enqueue.syncStatus(shop, shipment.id);
    await settled();
    // The history gains an entry dated before the delivery (a courier's scan uploaded late), and
    // a status after it (a stray scan).
    const history = serviceHistory(key, shipment.shippingOrderId!);
    history.push(
      {
        ...history[1]!,
        note: "Late scan at the hub",
        updated_at: new Date(clock.ms - 30_000).toISOString(),
      },
      {
        ...history[1]!,
        status: "dropping_off",
        note: "Stray scan",
        updated_at: new Date(tick()).toISOString(),
      },
    );
    await enqueue.syncStatus(shop, shipment.id);
    await settled();
    expect(eventsOf(shop).map((e) => e.status)).toEqual([
      "CONFIRMED",
      "CARRIER_PICKED_UP",
      "DELIVERED",
    ]);
    const rows = await db
      .select({ state: fulfillmentEvents.state, reason: fulfillmentEvents.reason })
      .from(fulfillmentEvents)
      .where(eq(fulfillmentEvents.shipmentId, shipment.id))
      .orderBy(asc(fulfillmentEvents.happenedAt));
    expect(rows.filter((r) => r.state === "skipped").map((r) => r.reason)).toEqual([
      "older than an event already sent",
      "after the delivery",
    ]);
    expect(rows.filter((r) => r.state === "sent")).toHaveLength(3);
  });

  it("progress before the fulfillment exists waits for it, then goes in order", async () => {
    const { shop, shipment } = await bookedCodOrder({ fulfillOnConfirm: false });
    expect(shipment.fulfillmentIds).toEqual([]);
    await courierMoves(shop, shipment, "picked");
    await courierMoves(shop, shipment, "on_hold", "Penerima tidak di tempat");
    expect(eventsOf(shop)).toEqual([]);
    // The merchant turns fulfillment on; the shipment is fulfilled (as a late waybill would have it).
    await updateShopSettings(db, shop, { fulfillOnConfirm: true });
    await enqueue.createFulfillment(shop, shipment.id, shipment.waybillId);
    await settled();
    expect(eventsOf(shop).map((e) => [e.status, e.message])).toEqual([
      ["CONFIRMED", "Order has been confirmed. Locating nearest driver to pick up."],
      ["CARRIER_PICKED_UP", "Item has been picked up and is on its way."],
      ["ATTEMPTED_DELIVERY", "Penerima tidak di tempat"],
    ]);
  });

  it("a send cut off before Shopify's answer is settled against Shopify's own list: never doubled, never lost", async () => {
    const { shop, shipment } = await bookedCodOrder();
    const fulfillmentId = (shipment.fulfillmentIds as string[])[0]!;
    const atShopify = () =>
      SHOPIFY_ORDERS.fulfillmentEvents.get(`${shop} ${fulfillmentId}`)!.map((e) => e.status);
    const cutOff = (serviceStatus: string) =>
      db
        .update(fulfillmentEvents)
        .set({ state: "sending", shopifyEventId: null, sentAt: null })
        .where(
          and(
            eq(fulfillmentEvents.shipmentId, shipment.id),
            eq(fulfillmentEvents.serviceStatus, serviceStatus),
          ),
        );
    await courierMoves(shop, shipment, "picked");
    // The run died after Shopify made CARRIER_PICKED_UP, before it was marked sent.
    await cutOff("picked");
    await courierMoves(shop, shipment, "dropping_off");
    expect(atShopify()).toEqual(["CONFIRMED", "CARRIER_PICKED_UP", "IN_TRANSIT"]);
    // The run died after claiming IN_TRANSIT, before Shopify had it.
    await cutOff("dropping_off");
    const list = SHOPIFY_ORDERS.fulfillmentEvents.get(`${shop} ${fulfillmentId}`)!;
    list.splice(list.length - 1, 1);
    await courierMoves(shop, shipment, "delivered");
    expect(atShopify()).toEqual(["CONFIRMED", "CARRIER_PICKED_UP", "IN_TRANSIT", "DELIVERED"]);
    const sent = await db
      .select()
      .from(fulfillmentEvents)
      .where(
        and(eq(fulfillmentEvents.shipmentId, shipment.id), eq(fulfillmentEvents.state, "sent")),
      );
    expect(sent).toHaveLength(4);
  });

  it("Shopify refuses an event (a fulfillment it does not have): the timeline says why; nothing is retried for ever", async () => {
    const { shop, shipment } = await bookedCodOrder();
    await db
      .update(shipments)
      .set({ fulfillmentIds: ["gid://shopify/Fulfillment/999999999"] })
      .where(eq(shipments.id, shipment.id));
    await courierMoves(shop, shipment, "picked");
    const rows = await db
      .select({ state: fulfillmentEvents.state, reason: fulfillmentEvents.reason })
      .from(fulfillmentEvents)
      .where(
        and(
          eq(fulfillmentEvents.shipmentId, shipment.id),
          eq(fulfillmentEvents.serviceStatus, "picked"),
        ),
      );
    expect(rows).toEqual([
      { state: "skipped", reason: "Shopify refused: Fulfillment does not exist." },
    ]);
  });
});
