import { PICKUP_SENDER } from "#test/fixtures/labels.ts";
import { describe, expect, it } from "vitest";
import type { LabelSnapshot } from "../db/json-columns";
import { pickupDraft, pickupLines, type CustomerReturn } from "./pickups.server";

const label: LabelSnapshot = {
  sender: PICKUP_SENDER,
  receiver: {
    name: "Siti Aminah",
    phone: "6281298765432",
    address: "Jl. Tunjungan No. 5, Lantai 2, Surabaya",
    district: "Genteng",
    city: "Surabaya",
    province: "Jawa Timur",
    postalCode: "60271",
  },
  shipper: null,
  routingCode: null,
  items: [
    { name: "Batik Shirt - M / Blue", quantity: 2, grams: 300 },
    { name: "Kopi Gayo 250g", quantity: 1, grams: 260 },
  ],
  cod: 404000,
  currency: "IDR",
};

const found = (names: [string | null, number][]): CustomerReturn => ({
  id: "gid://shopify/Return/1",
  name: "#1001-R1",
  status: "OPEN",
  order: { id: "gid://shopify/Order/1" },
  reverseFulfillmentOrders: {
    pageInfo: { hasNextPage: false, endCursor: null },
    nodes: [
      {
        id: "gid://shopify/ReverseFulfillmentOrder/1",
        lineItems: {
          pageInfo: { hasNextPage: false, endCursor: null },
          nodes: names.map(([name, quantity], i) => ({
            id: `gid://shopify/ReverseFulfillmentOrderLineItem/${i + 1}`,
            totalQuantity: quantity,
            fulfillmentLineItem: name
              ? { lineItem: { id: `gid://shopify/LineItem/${i + 1}`, name, sku: null } }
              : null,
          })),
        },
        reverseDeliveries: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [] },
      },
    ],
  },
});

const contents = {
  items: [{ name: "Batik Shirt - M / Blue", sku: "BTK", quantity: 2, value: 150000 }],
  ordered: [],
  cod: 404000,
  insurance: null,
};

describe("a customer's return as a pickup", () => {
  it("carries the returned lines at the original items' weights and values; an unknown item at the parcel's average unit", () => {
    const what = pickupLines(
      found([
        ["Batik Shirt - M / Blue", 1],
        ["Gift wrap", 1],
      ]),
      { label, contents },
    );
    expect(what?.reverseFulfillmentOrderId).toBe("gid://shopify/ReverseFulfillmentOrder/1");
    expect(what?.lines).toEqual([
      {
        reverseLineId: "gid://shopify/ReverseFulfillmentOrderLineItem/1",
        name: "Batik Shirt - M / Blue",
        quantity: 1,
        grams: 300,
        value: 150000,
      },
      // (2 × 300 + 260) / 3 units
      {
        reverseLineId: "gid://shopify/ReverseFulfillmentOrderLineItem/2",
        name: "Gift wrap",
        quantity: 1,
        grams: 287,
        value: 0,
      },
    ]);
    expect(pickupLines(found([]), { label, contents })).toBe(null);
  });

  it("goes from the customer to the pickup location it left from, non-COD, at the chosen courier", () => {
    const lines = pickupLines(found([["Kopi Gayo 250g", 1]]), { label, contents })!.lines;
    const draft = pickupDraft(
      label,
      lines,
      { company: "jne", type: "reg" },
      {
        referenceId: "return-1",
        returnName: "#1001-R1",
        orderName: "#1001",
      },
    );
    expect(draft).toMatchObject({
      origin_contact_name: "Siti Aminah",
      origin_postal_code: 60271,
      destination_contact_name: "Gudang Toko Maju",
      destination_postal_code: 12430,
      courier_company: "jne",
      courier_type: "reg",
      reference_id: "return-1",
      items: [{ name: "Kopi Gayo 250g", quantity: 1, weight: 260, value: 0 }],
    });
    expect(draft).not.toHaveProperty("destination_cash_on_delivery");
  });
});
