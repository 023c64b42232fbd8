import { describe, expect, it } from "vitest";
import { sayIn } from "../i18n/said";
import { wordsIn } from "../i18n/i18n.server";
import { inTrouble, isOnlyTrouble, troubleProblem, whatsappLink } from "./trouble";

describe("whatsappLink: Indonesian numbers as WhatsApp writes them (62…)", () => {
  it.each([
    ["0812-9876-5432", "https://wa.me/6281298765432"],
    ["+62 812 9876 5432", "https://wa.me/6281298765432"],
    ["+62 0812 9876 5432", "https://wa.me/6281298765432"],
    ["62812.9876.5432", "https://wa.me/6281298765432"],
    ["812 9876 5432", "https://wa.me/6281298765432"],
    ["+60 12-345 6789", "https://wa.me/60123456789"],
  ])("%s → %s", (phone, link) => {
    expect(whatsappLink(phone)).toBe(link);
  });

  it("no number, or too short to be one: no link", () => {
    expect(whatsappLink(null)).toBeNull();
    expect(whatsappLink("")).toBeNull();
    expect(whatsappLink("12345")).toBeNull();
  });
});

describe("inTrouble", () => {
  it("held by the courier, whatever the note", () => {
    expect(inTrouble("on_hold", null)).toBe(true);
    expect(inTrouble("on_hold", "Menunggu jadwal pengiriman ulang")).toBe(true);
  });

  it("a failed attempt told on the way; not an ordinary note, nor after the journey ended", () => {
    expect(inTrouble("dropping_off", "Delivery attempt failed: receiver not at home")).toBe(true);
    expect(inTrouble("dropping_off", "Paket sedang diantar ke alamat penerima")).toBe(false);
    expect(inTrouble("delivered", "Delivered after a failed attempt")).toBe(false);
    expect(inTrouble("return_in_transit", "Gagal kirim, paket diretur")).toBe(false);
  });
});

describe("troubleProblem", () => {
  const facts = {
    status: "on_hold",
    note: "Shipment is on hold.",
    destinationName: "Budi Santoso",
    destinationPhone: "+6281234567890",
    cod: 250000,
    currency: "IDR",
  };

  it("names the courier's note, the customer's WhatsApp and the COD at stake", () => {
    const problem = troubleProblem(facts)!;
    expect(problem).toMatchObject({
      problem:
        'The courier is holding the parcel: "Shipment is on hold.". Call Budi Santoso on +6281234567890 (WhatsApp https://wa.me/6281234567890) before it is sent back; Rp250.000 cash on delivery at stake.',
      problemKinds: ["delivery"],
    });
    // The same, as the Indonesian admin says it; the courier's note quoted as the courier wrote it.
    expect(sayIn(problem.problemSaid, wordsIn("id").t)).toBe(
      'Kurir menahan paket: "Shipment is on hold.". Hubungi Budi Santoso di +6281234567890 (WhatsApp https://wa.me/6281234567890) sebelum paket diretur; COD Rp250.000 terancam tidak tertagih.',
    );
  });

  it("a prepaid parcel has no cash at stake; an order without a phone says so", () => {
    const text = troubleProblem({ ...facts, cod: null, destinationPhone: null })!.problem;
    expect(text).not.toContain("cash on delivery");
    expect(text).toContain("Reach Budi Santoso (the order has no phone number)");
  });

  it("none when the parcel moves on", () => {
    expect(troubleProblem({ ...facts, status: "dropping_off", note: "On the way" })).toBeNull();
  });

  it("isOnlyTrouble: only a problem of delivery trouble alone is the parcel's to clear", () => {
    expect(isOnlyTrouble(["delivery"])).toBe(true);
    expect(isOnlyTrouble(["delivery", "shopify"])).toBe(false);
    expect(isOnlyTrouble([])).toBe(false);
  });
});
