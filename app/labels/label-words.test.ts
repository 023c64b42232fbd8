import { NO_COURIER_NAMES, courierNamesOf } from "../shipments/courier-names";
import { parcelWords } from "../shipments/parcel-words";
import { wordsIn } from "../i18n/i18n.server";
import { describe, expect, it } from "vitest";
import { PICKUP_SENDER } from "#test/fixtures/labels.ts";
import { labelWords, maskedPhone, weightWords } from "./label-words";

const row = {
  id: "s1",
  orderId: "5123456789",
  orderName: null as string | null,
  waybillId: "JT0012345678",
  courierCompany: "jne",
  courierType: "reg",
  label: {
    sender: PICKUP_SENDER,
    receiver: { ...PICKUP_SENDER, name: "Siti Aminah" },
    shipper: null,
    routingCode: null,
    items: [
      { name: "Batik Shirt - M / Blue", quantity: 2, grams: 300 },
      { name: "Kopi Gayo 250g", quantity: 1, grams: 260 },
    ],
    cod: 404000,
    currency: "IDR",
  },
};

describe("what a label says", () => {
  it("names the order by its name, else by its id (the label adds the word Order)", () => {
    expect(labelWords({ ...row, orderName: "#1001" }, "Toko").orderName).toBe("#1001");
    expect(labelWords(row, "Toko").orderName).toBe("5123456789");
  });

  it("weighs the parcel in Indonesian notation, says the COD and the courier", () => {
    const view = labelWords(row, "Toko");
    expect(view.weight).toBe("860 g");
    expect(weightWords(1250)).toBe("1,25 kg");
    expect(view.cod?.replace(/\s/g, "")).toBe("Rp404.000");
    expect(view.courier).toBe("JNE REG");
    // As the shipping service's couriers list names it, when the list is at hand.
    const names = courierNamesOf([
      {
        courier_code: "jne",
        courier_name: "JNE",
        courier_service_code: "reg",
        courier_service_name: "Reguler",
      },
    ]);
    expect(labelWords(row, "Toko", names).courier).toBe("JNE Reguler");
    expect(view.contents).toEqual(["2 × Batik Shirt - M / Blue", "1 × Kopi Gayo 250g"]);
  });

  it("prints the weight the parcel is charged by, as its page says it (some items by their size)", () => {
    // What the draft carried: the shirts' size (30 × 25 × 4 cm: 500 g each by volume) is kept.
    const contents = {
      items: [
        {
          name: "Batik Shirt - M / Blue",
          sku: null,
          quantity: 2,
          value: 175000,
          weight: 300,
          dimensions: { length: 30, width: 25, height: 4 },
        },
        { name: "Kopi Gayo 250g", sku: null, quantity: 1, value: 54000, weight: 260 },
      ],
      ordered: [],
      cod: 404000,
      insurance: null,
    };
    expect(labelWords({ ...row, contents }, "Toko").weight).toBe("1,26 kg");
    const page = parcelWords(
      { contents, label: row.label, currency: "IDR" },
      { ...wordsIn("id"), couriers: NO_COURIER_NAMES },
    )!;
    expect(page.weight).toBe("Berat ditagih: 1,26 kg");
  });

  it("dates the booking in the shop's zone, counts the value, says the insurance, the buyer's ongkir and the note", () => {
    const booked = {
      ...row,
      // What the buyer paid at checkout; the service charges the merchant more (its price below,
      // with the COD fee): that is not the buyer's figure and is not printed.
      shippingCharged: "19000.00",
      label: {
        ...row.label,
        items: [
          { name: "Batik Shirt - M / Blue", quantity: 2, grams: 300, value: 175000 },
          { name: "Kopi Gayo 250g", quantity: 1, grams: 260, value: 54000 },
        ],
        // 23:30 WIB on the 26th is already the 27th in Makassar (WITA).
        bookedAt: "2026-11-26T16:30:00.000Z",
        price: 50120,
        insured: 404000,
        note: "Titip di pos satpam",
      },
    };
    const view = labelWords(booked, "Toko", undefined, "Asia/Makassar");
    expect(view.bookedOn).toBe("27 Nov 2026");
    expect(labelWords(booked, "Toko", undefined, "Asia/Jakarta").bookedOn).toBe("26 Nov 2026");
    expect(view.declaredValue?.replace(/\s/g, "")).toBe("Rp404.000");
    expect(String(view.insured).replace(/\s/g, "")).toBe("Rp404.000");
    expect(view.shippingCost?.replace(/\s/g, "")).toBe("Rp19.000");
    expect(labelWords({ ...booked, shippingCharged: "0.00" }, "Toko").shippingCost).toBe("Gratis");
    expect(view.note).toBe("Titip di pos satpam");
    expect(view.pieces).toBe("1/1");
    // Not insured is said as such (false), unlike a label kept before insurance was (null).
    const uninsured = { ...booked, label: { ...booked.label, insured: 0 } };
    expect(labelWords(uninsured, "Toko").insured).toBe(false);
  });

  it("leaves the ongkir out and hides the buyer's phone as the shop's settings ask", () => {
    const charged = { ...row, shippingCharged: "19000.00" };
    const phone = "+6281234567890";
    const withPhone = {
      ...charged,
      label: { ...row.label, receiver: { ...row.label.receiver, phone } },
    };
    const plain = labelWords(withPhone, "Toko");
    expect(plain.shippingCost?.replace(/\s/g, "")).toBe("Rp19.000");
    expect(plain.receiver.phone).toBe(phone);
    const shows = { shippingCost: false, maskPhone: true };
    const kept = labelWords(withPhone, "Toko", undefined, undefined, shows);
    expect(kept.shippingCost).toBeNull();
    expect(kept.receiver.phone).toBe("+6281******890");
    // The sender's own phone stays whole: the courier calls the shop.
    expect(kept.sender.phone).toBe(PICKUP_SENDER.phone);
    expect(maskedPhone("0812-3456-7890")).toBe("0812-****-*890");
    expect(maskedPhone("12345")).toBe("***45");
    expect(maskedPhone(null)).toBeNull();
  });

  it("gives a large destination code when the service gives no routing code", () => {
    expect(labelWords(row, "Toko").destinationCode).toBe("JAKARTA SELATAN 12430");
    const routed = { ...row, label: { ...row.label, routingCode: "CGK10112" } };
    expect(labelWords(routed, "Toko").destinationCode).toBeNull();
    // A label kept before these facts were: none of them printed, nothing made up.
    const old = labelWords(row, "Toko");
    expect([old.bookedOn, old.shippingCost, old.declaredValue, old.insured, old.note]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
