import { describe, expect, it } from "vitest";
import type { Pricing } from "../../shipping/contract";
import type { LaneFigures } from "../figures";
import { offersOf, pickOffer } from "./pick";

const price = (code: string, type: string, p: number, range: string, cod = true, unit = "days") =>
  ({
    courier_code: code,
    courier_service_code: type,
    price: p,
    shipment_duration_range: range,
    shipment_duration_unit: unit,
    available_for_cash_on_delivery: cod,
  }) as Pricing;

const record = (rate: number, of: number) =>
  ({ firstAttempt: { value: of >= 10 ? rate : null, of } }) as LaneFigures;

describe("the service a rule's action picks", () => {
  const pricing = [
    price("jne", "reg", 34000, "2 - 3"),
    price("jne", "oke", 28000, "3 - 6", false),
    price("sicepat", "best", 50000, "1 - 1"),
    price("anteraja", "same_day", 90000, "6 - 8", true, "hours"),
    price("jnt", "ez", 33500, "2 - 3"),
  ];
  it("cheapest and fastest among those that collect cash for a COD parcel", () => {
    const cod = offersOf(pricing, true);
    expect(pickOffer({ kind: "cheapest" }, cod, new Map())?.offer.company).toBe("jnt");
    expect(pickOffer({ kind: "cheapest" }, offersOf(pricing, false), new Map())?.offer.type).toBe(
      "oke",
    );
    expect(pickOffer({ kind: "fastest" }, cod, new Map())?.offer.type).toBe("same_day");
  });

  it("best record: the highest first-attempt rate at the minimum, from enough parcels", () => {
    const offers = offersOf(pricing, true);
    const records = new Map([
      ["jne/reg", record(0.82, 40)],
      ["jnt/ez", record(0.9, 9)],
      ["sicepat/best", record(0.86, 12)],
    ]);
    expect(pickOffer({ kind: "best", minRate: 80 }, offers, records)).toMatchObject({
      offer: { company: "sicepat", type: "best" },
      rate: 0.86,
      of: 12,
    });
    expect(pickOffer({ kind: "best", minRate: 90 }, offers, records)).toBeNull();
  });
});
