import { describe, expect, it } from "vitest";
import { keepUnchanged } from "./useStableRows";

describe("rows kept across a live list's reloads", () => {
  it("keeps the same object for a row whose content did not change, takes the new one otherwise", () => {
    const before = [
      { id: "a", status: { label: "Dipesan" }, waybill: null },
      { id: "b", status: { label: "Dikirim" }, waybill: "CGK1" },
    ];
    const reloaded = [
      { id: "c", status: { label: "Draf" }, waybill: null },
      { id: "a", status: { label: "Dipesan" }, waybill: "CGK2" },
      { id: "b", status: { label: "Dikirim" }, waybill: "CGK1" },
    ];
    const kept = keepUnchanged(before, reloaded);
    expect(kept).toEqual(reloaded);
    expect(kept[0]).toBe(reloaded[0]); // new
    expect(kept[1]).toBe(reloaded[1]); // its waybill came
    expect(kept[2]).toBe(before[1]); // unchanged: the row drawn before
  });
});
