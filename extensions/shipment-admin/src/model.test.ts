import { describe, expect, it } from "vitest";
import { bulkSummary, describeShipment, formatPrice, orderIdFromGid, statusLabel, type ShipmentSummary } from "./model";

const base: ShipmentSummary = {
  id: "s1",
  status: "draft_ready",
  problem: null,
  courier: { company: "jne", type: "reg" },
  waybill: null,
  trackingUrl: null,
  price: 34000,
  currency: "IDR",
  updatedAt: "2026-11-22T00:00:00Z",
  actions: ["confirm", "cancel"],
};

describe("order block view", () => {
  it("offers the actions the app allows, cancel marked destructive", () => {
    const view = describeShipment(base);
    expect(view).toMatchObject({ heading: "Draft ready", tone: "warning", tracking: null });
    expect(view.lines).toEqual(["Courier: JNE reg", "Price: IDR 34,000"]);
    expect(view.buttons).toEqual([
      { action: "confirm", label: "Confirm shipment", destructive: false },
      { action: "cancel", label: "Cancel shipment", destructive: true },
    ]);
  });

  it("shows waybill with its tracking link, delivered as success, problems as critical", () => {
    expect(describeShipment({ ...base, status: "delivered", waybill: "CGK1", trackingUrl: "https://t/x", actions: [] })).toMatchObject({ tone: "success", tracking: { label: "CGK1", url: "https://t/x" }, buttons: [] });
    const stuck = describeShipment({ ...base, status: "pending", problem: "No phone", courier: null, price: null, actions: ["create", "retry", "cancel"] });
    expect(stuck.tone).toBe("critical");
    expect(stuck.lines).toEqual(["Needs attention: No phone"]);
    expect(stuck.buttons.map((b) => b.label)).toEqual(["Create shipment", "Retry", "Cancel shipment"]);
  });

  it("explains an order the app never received", () => {
    expect(describeShipment(null)).toMatchObject({ heading: "No shipment", buttons: [{ action: "create", label: "Create shipment" }] });
  });
});

describe("helpers", () => {
  it("labels, prices, ids, bulk summaries", () => {
    expect(statusLabel("picking_up")).toBe("Picking up");
    expect(formatPrice(null, "IDR")).toBeNull();
    expect(orderIdFromGid("gid://shopify/Order/42")).toBe("42");
    expect(bulkSummary([])).toBe("No orders selected");
    expect(bulkSummary([{ orderId: "1", ok: true, message: "queued" }])).toBe("1 shipment queued");
    expect(bulkSummary([{ orderId: "1", ok: true, message: "queued" }, { orderId: "2", ok: false, message: "Not received by the app" }])).toBe("1 queued, 1 not: #2 (Not received by the app)");
  });
});
