import { describe, expect, it } from "vitest";
import { SHIPMENT_STATUSES } from "./states";
import {
  actorName,
  dayOf,
  describeStatus,
  firstSentence,
  eventChange,
  eventTitle,
  exactTime,
  formatMoney,
  relativeTime,
  statusLabel,
} from "./status-words";
import { wordsIn } from "../i18n/i18n.server";

const en = wordsIn("en");
const id = wordsIn("id");

describe("statuses in words", () => {
  it("every status the app knows has a label of its own, not its code", () => {
    for (const status of SHIPMENT_STATUSES) {
      const label = statusLabel(status, en.t);
      expect(label, status).not.toContain("_");
      // A code of several words gets a sentence of its own ("picking_up" is not "Picking up").
      if (status.includes("_"))
        expect(label.toLowerCase(), status).not.toBe(status.replace(/_/g, " "));
    }
    expect(new Set(SHIPMENT_STATUSES.map((s) => statusLabel(s, en.t))).size).toBe(
      SHIPMENT_STATUSES.length,
    );
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
      { t: en.t, locale: "id-ID" },
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
      describeStatus(
        {
          status: "confirmed",
          waybillId: "CGK123",
          courierCompany: "sicepat",
          courierType: "reg",
        },
        en,
      ).sentence,
    ).toBe("Booked: waybill CGK123 with SICEPAT REG");
    expect(
      describeStatus({ status: "confirmed", courierCompany: "gojek", courierType: "instant" }, en)
        .sentence,
    ).toMatch(/^Booked with GOJEK INSTANT: the waybill comes/);
  });

  it("a problem wins over the status; waiting for payment is said as such", () => {
    expect(
      describeStatus(
        {
          status: "draft_ready",
          problem: "The order has no shipping address. Add one.",
        },
        en,
      ),
    ).toMatchObject({ label: "Needs attention", group: "attention" });
    const waiting = describeStatus(
      {
        status: "draft_ready",
        awaitingPayment: true,
        decision: "waiting for payment: bank transfer pending",
      },
      en,
    );
    expect(waiting).toMatchObject({
      label: "Waiting for payment",
      group: "waiting",
      sentence: "Waiting for payment: bank transfer pending",
    });
  });

  it("a hold in Shopify is said with its reason, before a payment awaited; once booked it no longer shows", () => {
    const hold = "On hold in Shopify at Gudang Jakarta (High risk of fraud)";
    expect(
      describeStatus({ status: "draft_ready", shopifyHold: hold, awaitingPayment: true }, en),
    ).toMatchObject({
      label: "On hold in Shopify",
      group: "waiting",
      sentence:
        "On hold in Shopify at Gudang Jakarta (High risk of fraud): booked once the hold is released",
    });
    expect(
      describeStatus({ status: "confirmed", shopifyHold: hold, waybillId: "W1" }, en).label,
    ).toBe("Booked");
    expect(eventTitle({ actor: "worker:update", type: "fulfillment_order_moved" }, en.t)).toBe(
      "Moved to another location in Shopify",
    );
  });

  it("ended shipments say why", () => {
    expect(describeStatus({ status: "not_required", decision: "local pickup" }, en)).toMatchObject({
      label: "No shipment needed",
      group: "ended",
      sentence: "No shipment needed: local pickup",
    });
    expect(describeStatus({ status: "delivered", waybillId: "W1" }, en).group).toBe("done");
    expect(describeStatus({ status: "return_in_transit" }, en).group).toBe("attention");
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
      eventTitle(
        { actor: "worker:sync-status", type: "synced", from: "confirmed", to: "picked" },
        en.t,
      ),
    ).toBe("Picked up");
    expect(
      eventChange(
        { actor: "worker:sync-status", type: "synced", from: "confirmed", to: "picked" },
        en.t,
      ),
    ).toBe("Booked → Picked up");
    expect(
      eventChange(
        {
          actor: "worker:update",
          type: "draft_updated",
          from: "draft_ready",
          to: "draft_ready",
        },
        en.t,
      ),
    ).toBeNull();
    expect(eventTitle({ actor: "worker:create-draft", type: "draft_created" }, en.t)).toBe(
      "Draft made at the shipping service",
    );
    expect(actorName("webhook:orders/paid", en.t)).toBe("Shopify: order paid");
    expect(actorName("worker:sync-status", en.t)).toBe("The shipping service");
    expect(actorName("merchant", en.t)).toBe("You or your staff");
  });

  it("says when, relative and exact (Western Indonesian Time)", () => {
    const now = new Date("2026-11-23T08:00:00Z");
    expect(relativeTime(new Date("2026-11-23T07:57:00Z"), now)).toBe("3 minutes ago");
    expect(relativeTime(new Date("2026-11-22T08:00:00Z"), now)).toBe("yesterday");
    expect(exactTime(new Date("2026-11-23T08:05:00Z"), { locale: "en-GB" })).toBe(
      "23 Nov 2026, 15:05 WIB",
    );
  });
});

describe("in Bahasa Indonesia, in the shop's zone", () => {
  it("statuses, sentences and the timeline read as an Indonesian seller writes them", () => {
    expect(
      describeStatus(
        {
          status: "draft_ready",
          courierCompany: "jne",
          courierType: "reg",
          price: 34000,
          currency: "IDR",
        },
        id,
      ),
    ).toEqual({
      label: "Siap dipesan",
      group: "waiting",
      sentence: "Siap dipesan: JNE REG, Rp34.000",
      courier: "JNE REG",
      price: "Rp34.000",
    });
    expect(describeStatus({ status: "confirmed", waybillId: "CGK1" }, id).sentence).toBe(
      "Sudah dipesan: resi CGK1",
    );
    expect(
      eventChange(
        { actor: "worker:sync-status", type: "synced", from: "confirmed", to: "picked" },
        id.t,
      ),
    ).toBe("Sudah dipesan → Sudah dijemput kurir");
    expect(actorName("webhook:orders/paid", id.t)).toBe("Shopify: pesanan dibayar");
    expect(actorName("merchant", id.t)).toBe("Anda atau staf Anda");
    const now = new Date("2026-11-23T08:00:00Z");
    expect(relativeTime(new Date("2026-11-23T07:57:00Z"), now, id.locale)).toBe(
      "3 menit yang lalu",
    );
    expect(relativeTime(new Date("2026-11-22T08:00:00Z"), now, id.locale)).toBe("kemarin");
  });

  it("times in WIB, WITA or WIT as the shop's zone is; other zones by their own abbreviation", () => {
    const at = new Date("2026-11-23T08:05:00Z");
    const inZone = (timeZone: string) => exactTime(at, { locale: "en-GB", timeZone });
    expect(inZone("Asia/Jakarta")).toBe("23 Nov 2026, 15:05 WIB");
    expect(inZone("Asia/Pontianak")).toBe("23 Nov 2026, 15:05 WIB");
    expect(inZone("Asia/Makassar")).toBe("23 Nov 2026, 16:05 WITA");
    expect(inZone("Asia/Jayapura")).toBe("23 Nov 2026, 17:05 WIT");
    expect(inZone("Europe/London")).toBe("23 Nov 2026, 08:05 GMT");
    // A zone Intl does not know (a stored value gone wrong) reads in the service's own zone.
    expect(inZone("Mars/Olympus")).toBe("23 Nov 2026, 15:05 WIB");
    expect(exactTime(at, { locale: "id-ID", timeZone: "Asia/Makassar" })).toMatch(/16\.05 WITA$/);
    // Past midnight in Makassar and not yet in Jakarta: the day is the shop's.
    const late = new Date("2026-11-23T16:30:00Z");
    expect(dayOf(late, { locale: "en-GB", timeZone: "Asia/Jakarta" })).toBe("23 Nov 2026");
    expect(dayOf(late, { locale: "en-GB", timeZone: "Asia/Makassar" })).toBe("24 Nov 2026");
  });
});
