import { describe, expect, it } from "vitest";
import { wordsIn } from "../i18n/i18n.server";
import type { Order } from "../shipping/contract";
import { serviceWords } from "./service-words";

const id = wordsIn("id");

const order = (over: Partial<Order>): Order => ({
  id: "6512c0ffee0000000000abcd",
  status: "confirmed",
  price: 27500,
  courier: {
    company: "jne",
    type: "reg",
    shipment_fee: 19000,
    insurance: {
      amount: 385000,
      fee: 1000,
      note: null,
      amount_currency: "IDR",
      fee_currency: "IDR",
    },
    tracking_id: null,
    waybill_id: "CGK123",
    driver_name: null,
    driver_phone: null,
    driver_photo_url: null,
    driver_plate_number: null,
    link: null,
    routing_code: null,
  },
  destination: {
    cash_on_delivery: { amount: 385000, fee: 7500, amount_currency: "IDR" } as never,
  },
  ...over,
});

describe("what the service says, in words", () => {
  it("states what makes up the price when more than the courier's fee does", () => {
    const view = serviceWords({ kind: "order", order: order({}) }, "IDR", id);
    expect(view.price).toBe("Rp27.500");
    expect(view.fees).toEqual([
      "Ongkir kurir: Rp19.000",
      "Biaya asuransi: Rp1.000",
      "Biaya COD: Rp7.500",
    ]);
    expect(view.pickup).toBe("Kurir menjemput paket secepatnya: siapkan paket dan labelnya.");
  });

  it("says the price once when it is the courier's fee alone", () => {
    const plain = order({
      price: 19000,
      destination: null,
      courier: { ...order({}).courier!, insurance: null },
    });
    expect(serviceWords({ kind: "order", order: plain }, "IDR", id).fees).toEqual([]);
  });

  it("tells a drop-off, a scheduled pickup and the driver; nothing once the courier has the parcel", () => {
    const dropOff = order({ origin: { collection_method: "drop_off" } as never });
    expect(serviceWords({ kind: "order", order: dropOff }, "IDR", id).pickup).toBe(
      "Antar sendiri paket ke agen JNE REG terdekat: kurir tidak menjemput.",
    );
    const scheduled = order({
      status: "allocated",
      delivery: { type: "scheduled", datetime: "2026-11-28T03:00:00Z" } as never,
      courier: {
        ...order({}).courier!,
        driver_name: "Budi Santoso",
        driver_phone: "081299990000",
        driver_plate_number: "B 1234 XYZ",
      },
    });
    const view = serviceWords({ kind: "order", order: scheduled }, "IDR", {
      ...id,
      timeZone: "Asia/Jakarta",
    });
    expect(view.pickup).toMatch(/^Kurir menjemput paket: 28 Nov 2026, 10[.:]00 WIB$/);
    expect(view.driver).toBe("Kurir yang menjemput: Budi Santoso (081299990000, B 1234 XYZ)");
    const picked = serviceWords({ kind: "order", order: order({ status: "picked" }) }, "IDR", id);
    expect([picked.pickup, picked.driver]).toEqual([null, null]);
  });
});
