import { describe, expect, it } from "vitest";
import { adminSchema } from "../admin-api/admin-schema";
import type { GraphQLEnumType } from "graphql";
import { ORDER_STATUSES } from "../shipping/codes";
import { decide, eventCity, recordedEntries, shopifyEventStatus } from "./fulfillment-events";

describe("the courier's progress as Shopify fulfillment events", () => {
  it("maps every status of the service to one of Shopify's, or to none for a cancellation", () => {
    const shopify = (adminSchema().getType("FulfillmentEventStatus") as GraphQLEnumType)
      .getValues()
      .map((v) => v.name);
    const mapped = Object.fromEntries(
      ORDER_STATUSES.map((s) => [s, shopifyEventStatus(s, null, "reg")]),
    );
    expect(mapped).toEqual({
      confirmed: "CONFIRMED",
      scheduled: "CONFIRMED",
      allocated: "CONFIRMED",
      picking_up: "CONFIRMED",
      picked: "CARRIER_PICKED_UP",
      on_hold: "DELAYED",
      dropping_off: "IN_TRANSIT",
      delivered: "DELIVERED",
      cancelled: null,
      return_in_transit: "FAILURE",
      returned: "FAILURE",
      rejected: "FAILURE",
      disposed: "FAILURE",
      courier_not_found: "FAILURE",
    });
    // Every one is a status Shopify's 2026-10 schema has.
    for (const status of Object.values(mapped)) if (status) expect(shopify).toContain(status);
  });

  it("says 'out for delivery' only for the last mile: an instant courier, or a note that says so", () => {
    expect(shopifyEventStatus("dropping_off", "Item is on the way to the customer.", "reg")).toBe(
      "IN_TRANSIT",
    );
    expect(shopifyEventStatus("dropping_off", null, "instant")).toBe("OUT_FOR_DELIVERY");
    expect(shopifyEventStatus("dropping_off", null, "same_day")).toBe("OUT_FOR_DELIVERY");
    expect(
      shopifyEventStatus("dropping_off", "Paket sedang diantar ke alamat penerima", "reg"),
    ).toBe("OUT_FOR_DELIVERY");
    expect(shopifyEventStatus("dropping_off", "With courier for delivery", "reg")).toBe(
      "OUT_FOR_DELIVERY",
    );
    // A sorting centre on the way is not the last mile.
    expect(shopifyEventStatus("dropping_off", "Tiba di gudang sortir Surabaya", "reg")).toBe(
      "IN_TRANSIT",
    );
  });

  it("tells a failed attempt from a delay by the courier's note", () => {
    expect(shopifyEventStatus("on_hold", "Penerima tidak di tempat", "reg")).toBe(
      "ATTEMPTED_DELIVERY",
    );
    expect(shopifyEventStatus("on_hold", "Delivery attempt failed: address not found", "reg")).toBe(
      "ATTEMPTED_DELIVERY",
    );
    expect(shopifyEventStatus("on_hold", "Shipment is on hold.", "reg")).toBe("DELAYED");
    expect(shopifyEventStatus("on_hold", "Cuaca buruk, pengiriman tertunda", "reg")).toBe(
      "DELAYED",
    );
  });

  it("records the history in the order it happened, one key per entry, without the note in the key", () => {
    const history = [
      { status: "picked", note: "Diambil kurir", updated_at: "2026-11-20T03:00:00Z" },
      { status: "confirmed", note: "Order confirmed", updated_at: "2026-11-20T01:00:00+00:00" },
      { status: "dropping_off", note: null, updated_at: "2026-11-21T08:00:00Z" },
      { status: "allocated", note: "no time", updated_at: null },
    ];
    const read = new Date("2026-11-22T00:00:00Z");
    const entries = recordedEntries(history, "reg", read);
    expect(
      entries.map((e) => [e.serviceStatus, e.shopifyStatus, e.happenedAt.toISOString()]),
    ).toEqual([
      ["confirmed", "CONFIRMED", "2026-11-20T01:00:00.000Z"],
      ["picked", "CARRIER_PICKED_UP", "2026-11-20T03:00:00.000Z"],
      ["dropping_off", "IN_TRANSIT", "2026-11-21T08:00:00.000Z"],
    ]);
    // Read again (the same time written another way): the same keys.
    const again = recordedEntries(
      [{ status: "confirmed", note: "Order confirmed", updated_at: "2026-11-20T01:00:00.000Z" }],
      "reg",
      read,
    );
    expect(again[0]!.entryKey).toBe(entries[0]!.entryKey);
    expect(entries[1]!.entryKey).not.toContain("Diambil");
    // The same status at another time, or with another note, is another entry.
    expect(
      recordedEntries([{ ...history[1]!, note: "Order confirmed again" }], "reg", read)[0]!
        .entryKey,
    ).not.toBe(entries[0]!.entryKey);
  });

  it("an entry the courier dates after the app read it happened when it was read, its key unchanged", () => {
    const ahead = { status: "delivered", note: "Diterima", updated_at: "2026-11-30T02:00:00Z" };
    const read = new Date("2026-11-29T09:00:00Z");
    const [first] = recordedEntries([ahead], "reg", read);
    expect(first).toMatchObject({ happenedAt: read, clamped: true });
    // Read again later (still ahead): the same row, and the time it was first read is kept there.
    const [again] = recordedEntries([ahead], "reg", new Date("2026-11-29T10:00:00Z"));
    expect(again!.entryKey).toBe(first!.entryKey);
    // Once the courier's time has come, it is the courier's.
    const [after] = recordedEntries([ahead], "reg", new Date("2026-12-01T00:00:00Z"));
    expect(after).toMatchObject({ happenedAt: new Date(ahead.updated_at), clamped: false });
  });

  it("sends in order, never back: nothing older than an event sent, nothing after the delivery", () => {
    const at = (h: number) => new Date(Date.UTC(2026, 10, 20, h));
    const none = { latestHappenedAt: null, delivered: false };
    expect(decide({ happenedAt: at(1), shopifyStatus: "CONFIRMED" }, none)).toEqual({ send: true });
    expect(
      decide(
        { happenedAt: at(1), shopifyStatus: "CARRIER_PICKED_UP" },
        { latestHappenedAt: at(2), delivered: false },
      ),
    ).toEqual({ send: false, reason: "older than an event already sent" });
    expect(
      decide(
        { happenedAt: at(9), shopifyStatus: "IN_TRANSIT" },
        { latestHappenedAt: at(5), delivered: true },
      ),
    ).toEqual({ send: false, reason: "after the delivery" });
    expect(decide({ happenedAt: at(3), shopifyStatus: null }, none)).toEqual({
      send: false,
      reason: "no Shopify status for it",
    });
    // The same time as the latest sent is not older: two entries of one minute both go.
    expect(
      decide(
        { happenedAt: at(2), shopifyStatus: "ATTEMPTED_DELIVERY" },
        { latestHappenedAt: at(2), delivered: false },
      ),
    ).toEqual({ send: true });
  });

  it("places the last mile and the delivery in the customer's city, nothing else", () => {
    expect(eventCity("DELIVERED", "Kota Bandung")).toBe("Kota Bandung");
    expect(eventCity("ATTEMPTED_DELIVERY", "Kota Bandung")).toBe("Kota Bandung");
    expect(eventCity("CARRIER_PICKED_UP", "Kota Bandung")).toBeNull();
  });
});
