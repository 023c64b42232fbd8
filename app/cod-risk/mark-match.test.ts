import { describe, expect, it } from "vitest";
import { markThatCounts, type KeptMark } from "./mark-match";

const siti = { phone: "+6281234567890", email: "siti@example.com", customerId: "9101" };
const dewi = { phone: "+6285711112222", email: "dewi@example.com", customerId: null };
const kept = (mark: KeptMark["mark"], keys: Partial<KeptMark>): KeptMark => ({
  mark,
  phone: null,
  email: null,
  customerId: null,
  ...keys,
});

describe("markThatCounts", () => {
  it("a risky buyer typing a trusted buyer's e-mail as a guest is not trusted", () => {
    // Siti is trusted; Dewi checks out as a guest with Siti's e-mail and her own phone.
    const guest = { phone: dewi.phone, email: siti.email, customerId: null };
    expect(markThatCounts(guest, [kept("trusted", siti)])).toBeNull();
  });

  it("a trust found on one key never overrides a hold found on another", () => {
    const guest = { phone: dewi.phone, email: siti.email, customerId: null };
    const found = [kept("trusted", siti), kept("held", { phone: dewi.phone })];
    expect(markThatCounts(guest, found)).toEqual({ mark: "held", keys: ["phone"] });
  });

  it("trusted counts on the Shopify customer id, whatever the phone and e-mail typed", () => {
    const newPhone = { ...siti, phone: "+6289900001111" };
    expect(markThatCounts(newPhone, [kept("trusted", siti)])).toEqual({
      mark: "trusted",
      keys: ["customer", "email"],
    });
  });

  it("trusted counts for a guest when every key the order carries is the marked buyer's", () => {
    const guest = { phone: dewi.phone, email: dewi.email, customerId: null };
    expect(markThatCounts(guest, [kept("trusted", dewi)])).toEqual({
      mark: "trusted",
      keys: ["phone", "email"],
    });
    // The same phone with another e-mail: not every key is hers.
    expect(
      markThatCounts({ ...guest, email: "lain@example.com" }, [kept("trusted", dewi)]),
    ).toBeNull();
  });

  it("held counts on any one key", () => {
    const guest = { phone: "+6281300000000", email: dewi.email, customerId: null };
    expect(markThatCounts(guest, [kept("held", dewi)])).toEqual({ mark: "held", keys: ["email"] });
  });

  it("nothing shared, nothing counts", () => {
    expect(markThatCounts(siti, [kept("held", dewi)])).toBeNull();
    expect(markThatCounts(siti, [])).toBeNull();
  });
});
