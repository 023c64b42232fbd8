import { describe, expect, it } from "vitest";
import { deliveryFields, openDays, openTimes, slotProblem } from "./pickup-slots";

// Monday 30 November 2026, 14.20 WIB (07.20 UTC).
const now = new Date("2026-11-30T07:20:00Z");

describe("pickup slots (WIB)", () => {
  it("today offers the hours at least an hour ahead; the week after it every hour", () => {
    expect(openTimes("2026-11-30", now)).toEqual(["16:00"]);
    expect(openTimes("2026-12-01", now)).toHaveLength(8);
    expect(openDays(now)).toEqual([
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
      "2026-12-06",
    ]);
    // At 15.30 WIB nothing is left today: the week starts tomorrow.
    expect(openDays(new Date("2026-11-30T08:30:00Z"))[0]).toBe("2026-12-01");
  });

  it("a slot that passed, is past the week, or is not on the list is refused", () => {
    expect(slotProblem({ date: "2026-11-30", time: "15:00" }, now)).toBe("passed");
    expect(slotProblem({ date: "2026-12-07", time: "10:00" }, now)).toBe("tooFar");
    expect(slotProblem({ date: "2026-12-01", time: "10:30" }, now)).toBe("format");
    expect(slotProblem({ date: "2026-02-30", time: "10:00" }, now)).toBe("format");
    expect(slotProblem({ date: "2026-12-06", time: "16:00" }, now)).toBeNull();
  });

  it("the draft carries the parcel's slot while it is ahead, else the shop's default", () => {
    const slot = { date: "2026-12-01", time: "09:00" };
    expect(deliveryFields(slot, "now", now)).toEqual({
      delivery_type: "scheduled",
      delivery_date: "2026-12-01",
      delivery_time: "09:00",
    });
    const later = new Date("2026-12-01T03:00:00Z");
    expect(deliveryFields(slot, "now", later)).toEqual({ delivery_type: "now" });
    // A shop that books ahead: tomorrow (WIB) at 10.00, even late in the UTC day.
    expect(deliveryFields(null, "scheduled", new Date("2026-11-30T20:00:00Z"))).toEqual({
      delivery_type: "scheduled",
      delivery_date: "2026-12-02",
      delivery_time: "10:00",
    });
  });
});
