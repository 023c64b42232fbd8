import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "../shipping/codes";
import { canMove, isShipmentStatus, type ShipmentStatus } from "./states";

describe("shipment statuses", () => {
  it("are the service's 14 order statuses plus ours; in_transit is not one of them", () => {
    expect(ORDER_STATUSES).toHaveLength(14);
    expect(isShipmentStatus("in_transit")).toBe(false);
    expect(isShipmentStatus("dropping_off")).toBe(true);
  });

  it("move forward only; nothing leaves a terminal status", () => {
    expect(canMove("picked", "dropping_off")).toBe(true);
    expect(canMove("dropping_off", "picked")).toBe(false);
    expect(canMove("delivered", "returned")).toBe(false);
    expect(canMove("draft_ready", "draft_placed")).toBe(true);
  });

  it("a row left with a status no longer listed (written by an older version) is never stuck", () => {
    const legacy = "in_transit" as ShipmentStatus;
    expect(canMove(legacy, "dropping_off")).toBe(true);
    expect(canMove(legacy, "delivered")).toBe(true);
  });
});
