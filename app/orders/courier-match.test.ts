import { describe, expect, it } from "vitest";
import { COURIERS } from "#test/helpers/couriers.ts";
import { matchShippingLine } from "./courier-match";

const match = (code: string | null, title: string | null = null) => {
  const found = matchShippingLine({ code, title }, COURIERS);
  return found ? `${found.company} ${found.type}` : null;
};

describe("the checkout's courier, against the service's couriers list", () => {
  it.each([
    // Merchants' own rate names.
    ["JNE REG", null, "jne reg"],
    ["JNE Reguler", null, "jne reg"],
    ["sicepat-best", null, "sicepat best"],
    [null, "J&T EZ", "jnt ez"],
    ["J&T Express", null, "jnt ez"],
    ["AnterAja Same Day", null, "anteraja same_day"],
    ["AnterAja Regular", null, "anteraja reg"],
    ["Ninja Xpress Standard", null, "ninja standard"],
    ["Lion Parcel REGPACK", null, "lion reg_pack"],
    ["GoSend Instant", null, "gojek instant"],
    // A rates app's code and title ("Courier - Service name").
    ["JNE - OKE", "JNE - Ongkos Kirim Ekonomis", "jne oke"],
    ["jneoke", "JNE - Ongkos Kirim Ekonomis", "jne oke"],
    ["JNE - REG", "JNE - Layanan Reguler", "jne reg"],
    ["SICEPAT - REG", null, "sicepat reg"],
    [null, "JNE City Courier - Yakin Esok Sampai", "jne yes"],
    [null, "TIKI - Over Night Service", "tiki ons"],
    // Our own rates at checkout: exact service codes.
    ["jne:yes", "JNE YES (1 day)", "jne yes"],
    ["tiki/eko", null, "tiki eko"],
  ])("%s / %s → %s", (code, title, expected) => {
    expect(match(code, title)).toBe(expected);
  });

  it.each([
    ["ongkos_kirim_ekonomis", null],
    ["JNE", null],
    ["JNE - Ongkos Kirim Super", null],
    ["POS - Paket Kilat Khusus", null],
    ["Standard", "Free shipping"],
    ["JNE / SiCepat REG", null],
    ["jne:hyperloop", null],
    ["SiCepat HALU", null],
  ])("%s / %s names no service on offer", (code, title) => {
    expect(match(code, title)).toBeNull();
  });

  it("says what matched, and matches nothing without a list", () => {
    expect(matchShippingLine({ code: "JNE - OKE", title: null }, COURIERS)?.via).toEqual({
      key: "viaCode",
      values: { value: "JNE - OKE" },
    });
    expect(matchShippingLine({ code: "JNE REG", title: null }, [])).toBeNull();
  });
});
