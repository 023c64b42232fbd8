import { describe, expect, it } from "vitest";
import { inFlight } from "./in-flight";

const at = (status: string, fields: { problem?: string; waybillId?: string } = {}) => ({
  status,
  problem: fields.problem ?? null,
  waybillId: fields.waybillId ?? null,
});

describe("work in flight, which a page follows without a reload", () => {
  it("a request not yet taken up, a draft being made, a waybill to come", () => {
    expect(inFlight(at("draft_ready"), "confirm_requested")).toBe(true);
    expect(inFlight(at("confirmed", { waybillId: "CGK1" }), "cancel_requested")).toBe(true);
    expect(inFlight(at("confirmed"), "confirmed")).toBe(true);
    expect(inFlight(at("pending"), "recorded")).toBe(true);
  });

  it("nothing once it settled, a problem waits for the merchant, or drafting is the merchant's", () => {
    expect(inFlight(at("confirmed", { waybillId: "CGK1" }), "confirmed")).toBe(false);
    expect(inFlight(at("draft_ready"), "draft_created")).toBe(false);
    expect(inFlight(at("pending", { problem: "No phone" }), "problem")).toBe(false);
    expect(inFlight(at("pending"), "recorded", { drafting: false })).toBe(false);
    expect(inFlight(at("delivered", { waybillId: "CGK1" }), "synced")).toBe(false);
  });
});
