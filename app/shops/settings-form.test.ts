import { describe, expect, it } from "vitest";
import { parsePreferencesForm } from "./settings-form.server";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries({ deliveryType: "now", codType: "7_days", ...fields }))
    data.set(k, v);
  return data;
};

describe("the hold while booking", () => {
  it("is saved with fulfilment on confirmation, which releases it", () => {
    const { patch, errors } = parsePreferencesForm(
      form({ holdWhileBooking: "on", fulfilOnConfirm: "on" }),
    );
    expect(errors).toEqual({});
    expect(patch).toMatchObject({ holdWhileBooking: true, fulfilOnConfirm: true });
    expect(
      parsePreferencesForm(form({ holdWhileBooking: "off", fulfilOnConfirm: "off" })).patch
        .holdWhileBooking,
    ).toBe(false);
  });

  it("is refused without fulfilment on confirmation: nothing would release it but staff", () => {
    expect(
      parsePreferencesForm(form({ holdWhileBooking: "on", fulfilOnConfirm: "off" })).errors
        .holdWhileBooking,
    ).toMatch(/^The hold is released when the app fulfils the order with tracking/);
  });
});
