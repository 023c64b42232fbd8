import { describe, expect, it } from "vitest";
import { parcelRates } from "./parcel-rates.server";

const settings = {
  pickup: { contactName: "Gudang", contactPhone: "0812", address: "Jl. A", postalCode: 12430 },
  locations: [],
  locationLinks: {},
};
const contents = {
  items: [{ name: "Kemeja", sku: null, quantity: 1, value: 150_000, weight: 400 }],
  ordered: [],
  cod: null,
  insurance: null,
};
// Asked only when the shipment can be priced: these cases must not reach the service.
const client = {
  getRates: () => Promise.reject(new Error("the service was asked")),
};
const shipment = { contents, destinationPostalCode: "60271", shopifyLocationId: null };

describe("parcelRates: why a shipment without a draft is not priced", () => {
  it("names what it lacks, without asking the service", async () => {
    const noWeight = { ...contents, items: [{ ...contents.items[0]!, weight: undefined }] };
    expect(
      await parcelRates(client, settings, { ...shipment, contents: noWeight }, ["jne"]),
    ).toEqual({ unpriced: "items" });
    expect(await parcelRates(client, settings, { ...shipment, contents: null }, ["jne"])).toEqual({
      unpriced: "items",
    });
    expect(
      await parcelRates(client, settings, { ...shipment, destinationPostalCode: "6027" }, ["jne"]),
    ).toEqual({ unpriced: "destination" });
    expect(await parcelRates(client, { ...settings, pickup: null }, shipment, ["jne"])).toEqual({
      unpriced: "origin",
    });
  });
});
