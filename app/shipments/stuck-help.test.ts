import { describe, expect, it } from "vitest";
import { stuckHelp } from "./stuck-help";

const parcel = {
  problemKinds: ["stuck"],
  orderName: "#3102",
  orderId: "995101",
  waybillId: "CGK8000995101",
  courierCompany: "jne",
  courierType: "reg",
  destinationName: "Rina Marlina",
  destinationPhone: "081377002233",
  destinationAddress: "Jl. Pettarani No. 12",
  destinationCity: "Makassar",
  destinationPostalCode: "90222",
  originName: "Gudang Toko Maju",
  pickedUpAt: new Date("2026-11-25T03:00:00Z"),
  contents: { items: [{ name: "Kopi Gayo 250g", quantity: 2, value: 85_000 }], cod: 170_000 },
  currency: "IDR",
  bookedAt: "2026-11-24T09:30:00Z",
};
const speech = { timeZone: "Asia/Makassar" };

describe("stuckHelp", () => {
  it("writes the buyer's message and the courier's facts in Indonesian, in the shop's zone", () => {
    const help = stuckHelp(
      parcel,
      { at: new Date("2026-11-25T10:00:00Z"), note: "Paket diberangkatkan dari hub JAKARTA" },
      speech,
    )!;
    expect(help.whatsapp).toMatch(/^https:\/\/wa\.me\/6281377002233\?text=/);
    expect(decodeURIComponent(help.whatsapp!.split("?text=")[1]!)).toBe(
      "Halo Kak Rina Marlina, mohon maaf, paket pesanan #3102 (JNE REG, resi CGK8000995101) belum bergerak beberapa hari ini. Kami sedang menanyakannya ke kurir dan akan segera mengabari Kakak. Terima kasih atas kesabarannya 🙏",
    );
    expect(help.facts.split("\n")).toEqual([
      "Mohon bantu lacak paket ini: tidak ada pemindaian sejak 25 Nov 2026, 18.00 WITA.",
      "Resi: CGK8000995101",
      "Kurir: JNE REG",
      "Pesanan: #3102",
      "Dipesan: 24 Nov 2026, 17.30 WITA",
      "Dijemput: 25 Nov 2026, 11.00 WITA",
      'Pemindaian terakhir: 25 Nov 2026, 18.00 WITA, "Paket diberangkatkan dari hub JAKARTA"',
      "Dikirim dari: Gudang Toko Maju",
      "Alamat tujuan: Jl. Pettarani No. 12, Makassar, 90222",
      "Penerima: Rina Marlina",
      "Isi paket: 2x Kopi Gayo 250g",
      "Nilai barang: Rp170.000",
      "COD ditagih ke pembeli: Rp170.000",
    ]);
  });

  it("says nothing for a parcel that is not stuck; without a phone, only the facts", () => {
    expect(stuckHelp({ ...parcel, problemKinds: ["delivery"] }, null, speech)).toBeNull();
    const help = stuckHelp({ ...parcel, destinationPhone: null }, null, speech)!;
    expect(help.whatsapp).toBeNull();
    expect(help.facts.split("\n")[0]).toBe(
      "Mohon bantu lacak paket ini: sudah beberapa hari tidak ada pemindaian.",
    );
  });
});
