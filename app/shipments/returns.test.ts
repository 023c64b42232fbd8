import { describe, expect, it } from "vitest";
import { isUnpaid, ownReturn, restockLines, returnableLines, type ShopifyReturn } from "./returns";

const ret = (
  id: string,
  status: string,
  lines: [lineId: string, fli: string, quantity: number, processable: number][],
): ShopifyReturn =>
  ({
    id,
    status,
    returnLineItems: {
      nodes: lines.map(([lineId, fli, quantity, processable]) => ({
        id: lineId,
        quantity,
        processableQuantity: processable,
        fulfillmentLineItem: { id: fli },
      })),
    },
    reverseFulfillmentOrders: {
      nodes: [
        {
          id: `${id}-rfo`,
          lineItems: {
            nodes: lines.map(([lineId, fli, quantity]) => ({
              id: `${lineId}-r`,
              totalQuantity: quantity,
              fulfillmentLineItem: { id: fli },
            })),
          },
        },
      ],
    },
  }) as ShopifyReturn;

describe("the shipment's return among the order's", () => {
  const ours = new Set(["fli-1", "fli-2"]);
  it("the recorded one by its id, else an open or closed one of the shipment's lines only", () => {
    const other = ret("r-other", "OPEN", [["l9", "fli-9", 1, 1]]);
    const mixed = ret("r-mixed", "OPEN", [
      ["l1", "fli-1", 1, 1],
      ["l9", "fli-9", 1, 1],
    ]);
    const declined = ret("r-declined", "DECLINED", [["l1", "fli-1", 1, 1]]);
    const mine = ret("r-mine", "CLOSED", [["l2", "fli-2", 2, 0]]);
    expect(ownReturn([other, mixed, declined, mine], ours, null)?.id).toBe("r-mine");
    expect(ownReturn([other, mine], ours, "r-other")?.id).toBe("r-other");
    expect(ownReturn([other, mixed], ours, null)).toBeNull();
  });
});

describe("what can still be returned", () => {
  it("the fulfillment's lines with a quantity left", () => {
    const returnable = [
      {
        fulfillment: { id: "f-1" },
        returnableFulfillmentLineItems: {
          nodes: [
            { quantity: 2, fulfillmentLineItem: { id: "fli-1" } },
            { quantity: 0, fulfillmentLineItem: { id: "fli-2" } },
          ],
        },
      },
      {
        fulfillment: { id: "f-2" },
        returnableFulfillmentLineItems: {
          nodes: [{ quantity: 1, fulfillmentLineItem: { id: "fli-3" } }],
        },
      },
    ];
    expect(returnableLines(returnable, "f-1")).toEqual([
      { fulfillmentLineItemId: "fli-1", quantity: 2 },
    ]);
    expect(returnableLines(returnable, "f-9")).toEqual([]);
  });
});

describe("restocking a return", () => {
  it("each line still to process, RESTOCKED at the location by its reverse line", () => {
    const r = ret("r", "OPEN", [
      ["l1", "fli-1", 2, 2],
      ["l2", "fli-2", 1, 0],
    ]);
    expect(restockLines(r, "gid://shopify/Location/1")).toEqual([
      {
        id: "l1",
        quantity: 2,
        dispositions: [
          {
            reverseFulfillmentOrderLineItemId: "l1-r",
            quantity: 2,
            dispositionType: "RESTOCKED",
            locationId: "gid://shopify/Location/1",
          },
        ],
      },
    ]);
  });

  it("unpaid: nothing was paid on the order", () => {
    expect(isUnpaid("PENDING")).toBe(true);
    expect(isUnpaid("PAID")).toBe(false);
    expect(isUnpaid("PARTIALLY_PAID")).toBe(false);
    expect(isUnpaid(null)).toBe(false);
  });
});
