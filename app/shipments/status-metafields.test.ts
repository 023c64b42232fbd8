import { describe, expect, it } from "vitest";
import { SHIPMENT_STATUSES } from "./states";
import {
  orderShippingStatus,
  STATUS_DEFINITIONS,
  statusMetafields,
  type ShipmentForStatus,
} from "./status-metafields";

const part = (
  n: number,
  status: string,
  extra: Partial<ShipmentForStatus> = {},
): ShipmentForStatus => ({
  part: n,
  status,
  shopifyLocationName: null,
  courierCompany: null,
  courierType: null,
  waybillId: null,
  trackingUrl: null,
  ...extra,
});

describe("the order's shipping status", () => {
  it("is the one shipment's status", () => {
    expect(orderShippingStatus([part(1, "picking_up")])).toBe("picking_up");
  });

  it("is the least advanced part's: the order is delivered when every parcel is", () => {
    expect(orderShippingStatus([part(1, "delivered"), part(2, "dropping_off")])).toBe(
      "dropping_off",
    );
    expect(orderShippingStatus([part(1, "delivered"), part(2, "draft_ready")])).toBe("draft_ready");
    expect(orderShippingStatus([part(1, "delivered"), part(2, "delivered")])).toBe("delivered");
  });

  it("is not delivered when another parcel ended otherwise (returned, cancelled)", () => {
    expect(orderShippingStatus([part(1, "delivered"), part(2, "returned")])).toBe("returned");
    expect(orderShippingStatus([part(1, "cancelled"), part(2, "delivered")])).toBe("cancelled");
  });

  it("leaves out parts not required (another fulfillment service's) unless every part is", () => {
    expect(orderShippingStatus([part(1, "confirmed"), part(2, "not_required")])).toBe("confirmed");
    expect(orderShippingStatus([part(1, "not_required")])).toBe("not_required");
    expect(orderShippingStatus([])).toBeNull();
  });

  it("is always one of the definition's choices, whatever two parts' statuses are", () => {
    const choices = JSON.parse(
      STATUS_DEFINITIONS.find((d) => d.key === "status")!.validations.find(
        (v) => v.name === "choices",
      )!.value,
    ) as string[];
    for (const a of SHIPMENT_STATUSES)
      for (const b of SHIPMENT_STATUSES)
        expect(choices).toContain(orderShippingStatus([part(1, a), part(2, b)]));
  });
});

describe("the status metafields' values", () => {
  it("say each part's status, location, courier and tracking in JSON, in part order, and the order's status", () => {
    const values = statusMetafields("4501", [
      part(2, "picked", {
        shopifyLocationName: "Gudang Surabaya",
        courierCompany: "sicepat",
        courierType: "reg",
        waybillId: "SCP1",
        trackingUrl: "https://track.example/SCP1",
      }),
      part(1, "confirmed", {
        shopifyLocationName: "Gudang Jakarta",
        courierCompany: "jne",
        courierType: "reg",
        waybillId: "JNE1",
      }),
    ]);
    expect(values.map((m) => [m.ownerId, m.namespace, m.key, m.type])).toEqual([
      ["gid://shopify/Order/4501", "parcelbridge", "status", "single_line_text_field"],
      ["gid://shopify/Order/4501", "parcelbridge", "shipments", "json"],
    ]);
    expect(values[0]!.value).toBe("confirmed");
    expect(JSON.parse(values[1]!.value)).toEqual([
      {
        part: 1,
        status: "confirmed",
        location: "Gudang Jakarta",
        courier: "jne",
        service: "reg",
        waybill: "JNE1",
        tracking_url: null,
      },
      {
        part: 2,
        status: "picked",
        location: "Gudang Surabaya",
        courier: "sicepat",
        service: "reg",
        waybill: "SCP1",
        tracking_url: "https://track.example/SCP1",
      },
    ]);
  });

  it("are none for an order without shipments", () => {
    expect(statusMetafields("1", [])).toEqual([]);
  });

  it("live in a namespace other apps can read: not the app-reserved one", () => {
    const [status] = statusMetafields("1", [part(1, "confirmed")]);
    expect(status!.namespace).not.toMatch(/^(\$app|app--)/);
  });
});
