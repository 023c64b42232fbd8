import { describe, expect, it } from "vitest";
import { SHIPMENT_STATUSES } from "./states";
import {
  actorName,
  describeStatus,
  firstSentence,
  eventChange,
  eventTitle,
  exactTime,
  formatMoney,
  localeOf,
  relativeTime,
  statusLabel,
} from "./wording";

describe("statuses in words", () => {
  it("every status the app knows has a label of its own, not its code", () => {
    for (const status of SHIPMENT_STATUSES) {
      const label = statusLabel(status);
      expect(label, status).not.toContain("_");
      // A code of several words gets a sentence of its own ("picking_up" is not "Picking up").
      if (status.includes("_"))
        expect(label.toLowerCase(), status).not.toBe(status.replace(/_/g, " "));
    }
    expect(new Set(SHIPMENT_STATUSES.map(statusLabel)).size).toBe(SHIPMENT_STATUSES.length);
  });

  it("a ready draft names the courier and the price in rupiah", () => {
    const words = describeStatus(
      {
        status: "draft_ready",
        courierCompany: "jne",
        courierType: "reg",
        price: "34000.00",
        currency: "IDR",
      },
      "id-ID",
    );
    expect(words).toEqual({
      label: "Ready to book",
      group: "waiting",
      sentence: "Ready to book: JNE REG, Rp34.000",
      courier: "JNE REG",
      price: "Rp34.000",
    });
  });

  it("a booking names its waybill, or says the waybill is still to come", () => {
    expect(
      describeStatus({
        status: "confirmed",
        waybillId: "CGK123",
        courierCompany: "sicepat",
        courierType: "reg",
      }).sentence,
    ).toBe("Booked: waybill CGK123 with SICEPAT REG");
    expect(
      describeStatus({ status: "confirmed", courierCompany: "gojek", courierType: "instant" })
        .sentence,
    ).toMatch(/^Booked with GOJEK INSTANT: the waybill comes/);
  });

  it("a problem wins over the status; waiting for payment is said as such", () => {
    expect(
      describeStatus({
        status: "draft_ready",
        problem: "The order has no shipping address. Add one.",
      }),
    ).toMatchObject({ label: "Needs attention", group: "attention" });
    const waiting = describeStatus({
      status: "draft_ready",
      awaitingPayment: true,
      decision: "waiting for payment: bank transfer pending",
    });
    expect(waiting).toMatchObject({
      label: "Waiting for payment",
      group: "waiting",
      sentence: "Waiting for payment: bank transfer pending",
    });
  });

  it("a hold in Shopify is said with its reason, before a payment awaited; once booked it no longer shows", () => {
    const hold = "On hold in Shopify at Gudang Jakarta (High risk of fraud)";
    expect(
      describeStatus({ status: "draft_ready", shopifyHold: hold, awaitingPayment: true }),
    ).toMatchObject({
      label: "On hold in Shopify",
      group: "waiting",
      sentence:
        "On hold in Shopify at Gudang Jakarta (High risk of fraud): booked once the hold is released",
    });
    expect(describeStatus({ status: "confirmed", shopifyHold: hold, waybillId: "W1" }).label).toBe(
      "Booked",
    );
    expect(eventTitle({ actor: "worker:update", type: "fulfillment_order_moved" })).toBe(
      "Moved to another location in Shopify",
    );
  });

  it("ended shipments say why", () => {
    expect(describeStatus({ status: "not_required", decision: "local pickup" })).toMatchObject({
      label: "No shipment needed",
      group: "ended",
      sentence: "No shipment needed: local pickup",
    });
    expect(describeStatus({ status: "delivered", waybillId: "W1" }).group).toBe("done");
    expect(describeStatus({ status: "return_in_transit" }).group).toBe("attention");
  });
});

describe("money", () => {
  it("is formatted in the shop's currency and the reader's locale, whole amounts without decimals", () => {
    expect(formatMoney(34000, "IDR", "id-ID")).toBe("Rp34.000");
    expect(formatMoney("1250000.00", "IDR", "en-US")).toBe("Rp1,250,000");
    expect(formatMoney(12.5, "USD", "en-US")).toBe("$12.50");
    expect(formatMoney(null, "IDR")).toBeNull();
    expect(formatMoney(5, "NOT-A-CODE", "en-US")).toBe("NOT-A-CODE 5");
  });

  it("takes the locale from the browser's Accept-Language, Indonesian when there is none or it is nonsense", () => {
    expect(localeOf("en-US,en;q=0.9")).toBe("en-US");
    expect(localeOf(null)).toBe("id-ID");
    expect(localeOf("*")).toBe("id-ID");
    expect(localeOf("not a locale!")).toBe("id-ID");
  });
});

describe("problems in short", () => {
  it("keeps the first sentence, capitalised and bounded", () => {
    expect(
      firstSentence(
        "No phone number for the recipient (shipping address, customer or order). Add a phone number.",
      ),
    ).toBe("No phone number for the recipient (shipping address, customer or order).");
    expect(firstSentence("waiting for payment: bank transfer pending")).toBe(
      "Waiting for payment: bank transfer pending",
    );
    expect(firstSentence("x".repeat(300))).toHaveLength(140);
    expect(firstSentence(null)).toBeNull();
  });
});

describe("timeline in words", () => {
  it("says what happened and who did it", () => {
    expect(
      eventTitle({ actor: "worker:sync-status", type: "synced", from: "confirmed", to: "picked" }),
    ).toBe("Picked up");
    expect(
      eventChange({ actor: "worker:sync-status", type: "synced", from: "confirmed", to: "picked" }),
    ).toBe("Booked → Picked up");
    expect(
      eventChange({
        actor: "worker:update",
        type: "draft_updated",
        from: "draft_ready",
        to: "draft_ready",
      }),
    ).toBeNull();
    expect(eventTitle({ actor: "worker:create-draft", type: "draft_created" })).toBe(
      "Draft made at the shipping service",
    );
    expect(actorName("webhook:orders/paid")).toBe("Shopify: order paid");
    expect(actorName("worker:sync-status")).toBe("The shipping service");
    expect(actorName("merchant")).toBe("You or your staff");
  });

  it("says when, relative and exact (Western Indonesian Time)", () => {
    const now = new Date("2026-11-23T08:00:00Z");
    expect(relativeTime(new Date("2026-11-23T07:57:00Z"), now)).toBe("3 minutes ago");
    expect(relativeTime(new Date("2026-11-22T08:00:00Z"), now)).toBe("yesterday");
    expect(exactTime(new Date("2026-11-23T08:05:00Z"))).toBe("23 Nov 2026, 15:05 WIB");
  });
});
