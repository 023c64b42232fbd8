import { courierNamesOf } from "../shipments/courier-names";
import { describe, expect, it } from "vitest";
import { PICKUP_SENDER } from "#test/fixtures/labels.ts";
import { labelView, weightWords } from "./view";

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
    expect(labelView({ ...row, orderName: "#1001" }, "Toko").orderName).toBe("#1001");
    expect(labelView(row, "Toko").orderName).toBe("5123456789");
  });

  it("weighs the parcel in Indonesian notation, says the COD and the courier", () => {
    const view = labelView(row, "Toko");
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
    expect(labelView(row, "Toko", names).courier).toBe("JNE Reguler");
    expect(view.contents).toBe("2 × Batik Shirt - M / Blue, 1 × Kopi Gayo 250g");
  });
});
