import { describe, expect, it } from "vitest";
import { PICKUP_TEXT_LIMITS } from "./pickup-limits";
import { parsePickupForm, parsePreferencesForm } from "./settings-form.server";
import { parseShopSettings } from "./settings";
import { wordsIn } from "../i18n/i18n.server";

const en = wordsIn("en");

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries({ deliveryType: "now", codType: "7_days", ...fields }))
    data.set(k, v);
  return data;
};

describe("the hold while booking", () => {
  it("is saved with fulfillment on confirmation, which releases it", () => {
    const { patch, errors } = parsePreferencesForm(
      form({ holdWhileBooking: "on", fulfillOnConfirm: "on" }),
      en.t,
    );
    expect(errors).toEqual({});
    expect(patch).toMatchObject({ holdWhileBooking: true, fulfillOnConfirm: true });
    expect(
      parsePreferencesForm(form({ holdWhileBooking: "off", fulfillOnConfirm: "off" }), en.t).patch
        .holdWhileBooking,
    ).toBe(false);
  });

  it("is refused without fulfillment on confirmation: nothing would release it but staff", () => {
    expect(
      parsePreferencesForm(form({ holdWhileBooking: "on", fulfillOnConfirm: "off" }), en.t).errors
        .holdWhileBooking,
    ).toMatch(/^The hold is released when the app fulfills the order with tracking/);
  });
});

describe("the re-weigh threshold", () => {
  const id = wordsIn("id");
  it("takes rupiah as merchants type them, 0 for every rise, and the default when left empty", () => {
    const of = (value: string) =>
      parsePreferencesForm(form({ reweighProblemAbove: value }), id.t).patch.reweighProblemAbove;
    expect(of("10000")).toBe(10_000);
    expect(of("10.000")).toBe(10_000);
    expect(of("0")).toBe(0);
    expect(of("")).toBe(5_000);
  });

  it("refuses what is not a whole number of rupiah, in the merchant's words", () => {
    for (const value of ["-1", "5000,5", "lima ribu", "20000000"])
      expect(
        parsePreferencesForm(form({ reweighProblemAbove: value }), id.t).errors.reweighProblemAbove,
        value,
      ).toBe("Isi angka rupiah bulat dari 0 sampai 10.000.000");
  });
});

describe("insurance from a goods value", () => {
  const id = wordsIn("id");
  it("takes rupiah as merchants type them, and none (every parcel) when left empty", () => {
    const of = (value: string) =>
      parsePreferencesForm(form({ insurance: "on", insuranceFrom: value }), id.t).patch;
    expect(of("500.000")).toMatchObject({ insurance: true, insuranceFrom: 500_000 });
    expect(of("")).toMatchObject({ insurance: true, insuranceFrom: null });
    expect(
      parsePreferencesForm(form({ insuranceFrom: "lima ratus ribu" }), id.t).errors.insuranceFrom,
    ).toBe("Isi angka rupiah bulat, atau kosongkan");
  });
});

describe("a page loaded before a setting was renamed", () => {
  it("saves the box it posts under the setting's former name as today's setting", () => {
    const { patch, errors } = parsePreferencesForm(
      form({ holdWhileBooking: "on", fulfilOnConfirm: "on" }),
      en.t,
    );
    expect(errors).toEqual({});
    expect(patch).toMatchObject({ holdWhileBooking: true, fulfillOnConfirm: true });
    expect(patch).not.toHaveProperty("fulfilOnConfirm");
    expect(parsePreferencesForm(form({}), en.t).patch.fulfillOnConfirm).toBe(false);
  });
});

describe("a pickup location's texts, which every label prints", () => {
  const pickup = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries({
      contactName: "Gudang Batik Sekar",
      contactPhone: "081234567890",
      address: "Jl. Laweyan No. 12, Surakarta",
      postalCode: "57148",
      ...fields,
    }))
      data.set(k, v);
    return parsePickupForm(data, en.t);
  };

  it("are refused past their length, in words, field by field", () => {
    expect(pickup({}).errors).toEqual({});
    const { pickup: saved, errors } = pickup({
      address: "A".repeat(6_000),
      contactName: "B".repeat(101),
      contactPhone: "0".repeat(31),
      note: "C".repeat(201),
    });
    expect(saved).toBeNull();
    expect(errors).toEqual({
      address: `At most ${PICKUP_TEXT_LIMITS.address} characters`,
      contactName: `At most ${PICKUP_TEXT_LIMITS.contactName} characters`,
      contactPhone: `At most ${PICKUP_TEXT_LIMITS.contactPhone} characters`,
      note: `At most ${PICKUP_TEXT_LIMITS.note} characters`,
    });
  });

  it("saved before the limits, are read back cut to them (the shop's settings still open)", () => {
    const settings = parseShopSettings({
      pickup: {
        contactName: "B".repeat(500),
        contactPhone: "0812",
        address: "A".repeat(6_000),
        note: "C".repeat(900),
      },
    });
    expect(settings.pickup!.address).toHaveLength(PICKUP_TEXT_LIMITS.address);
    expect(settings.pickup!.contactName).toHaveLength(PICKUP_TEXT_LIMITS.contactName);
    expect(settings.pickup!.note).toHaveLength(PICKUP_TEXT_LIMITS.note);
  });
});
