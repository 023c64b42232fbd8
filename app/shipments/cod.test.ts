import { describe, expect, it } from "vitest";
import { codAmount, codTypeOf, expectedPayout, isCod, payoutDays } from "./cod";

describe("cash on delivery after the booking", () => {
  it("the COD a shipment's courier collects: its draft's, none for a prepaid one", () => {
    expect(codAmount({ contents: { cod: 385000 } })).toBe(385000);
    expect(codAmount({ contents: { cod: null } })).toBeNull();
    expect(codAmount({ contents: null })).toBeNull();
    expect(isCod({ contents: { cod: 0 } })).toBe(false);
  });

  it("the disbursement window: the draft's, else the shop's", () => {
    expect(codTypeOf({ contents: { cod: 1, codType: "3_days" } }, "7_days")).toBe("3_days");
    expect(codTypeOf({ contents: { cod: 1 } }, "5_days")).toBe("5_days");
    expect(payoutDays("7_days")).toBe(7);
  });

  it("the payout: the delivery plus the window's days", () => {
    const delivered = new Date("2026-11-20T09:30:00+07:00");
    expect(expectedPayout(delivered, "3_days").toISOString()).toBe("2026-11-23T02:30:00.000Z");
  });
});
