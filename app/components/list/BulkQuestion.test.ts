import { describe, expect, it } from "vitest";
import { wordsIn } from "../../i18n/i18n.server";
import { bulkQuestion, type BulkRow } from "./BulkQuestion";

const id = wordsIn("id");
const en = wordsIn("en");

const ready = (courier: string, charge: number): BulkRow => ({
  actions: ["confirm", "cancel"],
  booked: false,
  charge,
  currency: "IDR",
  status: { courier },
});
const booked: BulkRow = {
  actions: ["cancel"],
  booked: true,
  charge: 19000,
  currency: "IDR",
  status: { courier: "JNE Reguler" },
};
const withCourier: BulkRow = { ...booked, actions: [] };

describe("the question before a bulk action", () => {
  it("booking: how many, with which couriers, the total the service charges, and what is left out", () => {
    const rows = [
      ready("JNE Reguler", 19000),
      ready("JNE Reguler", 19000),
      ready("SiCepat Reguler", 21000),
      booked,
    ];
    const asked = bulkQuestion("confirm", rows, id.t, id.locale);
    expect(asked.title).toBe("Pesan kurir untuk 3 pengiriman?");
    expect(asked.body).toEqual([
      "Kurir: JNE Reguler ×2, SiCepat Reguler ×1. Layanan pengiriman menagih ongkir Rp59.000 seluruhnya saat kurir dipesan.",
      "1 pengiriman yang dipilih belum siap dipesan: dilewati.",
    ]);
    expect(asked.action).toBe("Pesan kurir");
    expect(bulkQuestion("confirm", rows.slice(0, 1), en.t, en.locale).title).toBe(
      "Book 1 shipment?",
    );
    // Nothing to book: nothing offered but going back.
    expect(bulkQuestion("confirm", [booked], id.t, id.locale)).toMatchObject({
      body: ["Tidak ada pengiriman terpilih yang siap dipesan."],
      action: null,
    });
  });

  it("cancelling: what was charged, what was not, and what the courier already has", () => {
    const asked = bulkQuestion(
      "cancel",
      [booked, ready("JNE Reguler", 19000), withCourier],
      en.t,
      en.locale,
    );
    expect(asked.title).toBe("Cancel 2 shipments?");
    expect(asked.body).toEqual([
      "1 is booked: its courier will not come, and what was charged at booking is refunded or not as the shipping service's policy says.",
      "1 is not booked yet: nothing was charged for it.",
      "1 is already with the courier or ended: it cannot be cancelled and is left as it is.",
    ]);
    expect(asked.destructive).toBe(true);
    expect(bulkQuestion("cancel", [withCourier], id.t, id.locale).action).toBeNull();
  });
});
