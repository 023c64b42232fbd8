import { describe, expect, it } from "vitest";
import { estimatedDelivery, estimateFor } from "./estimate";

const booked = new Date("2026-11-24T03:00:00Z");

describe("the courier's delivery estimate", () => {
  it("the booking plus the duration range's upper end, in days or hours", () => {
    expect(estimatedDelivery(booked, "2 - 3", "days")?.toISOString()).toBe(
      "2026-11-27T03:00:00.000Z",
    );
    expect(estimatedDelivery(booked, "1 - 3", "hours")?.toISOString()).toBe(
      "2026-11-24T06:00:00.000Z",
    );
    expect(estimatedDelivery(booked, "1", "day")?.toISOString()).toBe("2026-11-25T03:00:00.000Z");
  });

  it("none without a usable duration", () => {
    expect(estimatedDelivery(booked, null, "days")).toBeNull();
    expect(estimatedDelivery(booked, "2 - 3", null)).toBeNull();
    expect(estimatedDelivery(booked, "2 - 3", "weeks")).toBeNull();
    expect(estimatedDelivery(booked, "soon", "days")).toBeNull();
  });

  it("a service of the couriers list, by its codes in any case", () => {
    const list = [
      {
        courier_code: "jne",
        courier_service_code: "reg",
        shipment_duration_range: "2 - 3",
        shipment_duration_unit: "days",
      },
    ];
    expect(estimateFor(list, "JNE", "REG", booked)?.toISOString()).toBe("2026-11-27T03:00:00.000Z");
    expect(estimateFor(list, "jne", "yes", booked)).toBeNull();
    expect(estimateFor(null, "jne", "reg", booked)).toBeNull();
  });
});
