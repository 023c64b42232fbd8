import { describe, expect, it } from "vitest";
import { HIGH_FROM, MEDIUM_FROM, scoreCodRisk, type RiskFacts } from "./rules";

/** A buyer of a shop with a year of COD parcels, 12 % back, to a city like any other. */
const facts = (patch: {
  buyer?: Partial<RiskFacts["buyer"]>;
  area?: Partial<RiskFacts["area"]>;
  usualCod?: number | null;
  order?: Partial<RiskFacts["order"]>;
}): RiskFacts => ({
  buyer: { delivered: 0, returned: 0, earlierOrders: 1, codOrdersLastDay: 0, ...patch.buyer },
  area: {
    postal: { code: "60271", parcels: 40, returned: 5 },
    city: { name: "surabaya", parcels: 300, returned: 36 },
    shop: { parcels: 1000, returned: 120 },
    ...patch.area,
  },
  usualCod: patch.usualCod === undefined ? 180_000 : patch.usualCod,
  order: {
    cod: 185_000,
    currency: "IDR",
    phone: "+6281234567890",
    address: "Jl. Darmo Permai III No. 12",
    postalCode: "60271",
    ...patch.order,
  },
});
const keys = (f: RiskFacts) => scoreCodRisk(f).reasons.map((r) => r.key);

describe("scoreCodRisk: the shop's own history, in words", () => {
  it("a known buyer to an ordinary place with a good address: low, nothing to say", () => {
    expect(scoreCodRisk(facts({}))).toEqual({ score: 0, level: "low", reasons: [] });
  });

  it("a buyer whose two earlier COD parcels both came back: high, and says so with the counts", () => {
    const risk = scoreCodRisk(facts({ buyer: { returned: 2 } }));
    expect(risk.level).toBe("high");
    expect(risk.score).toBeGreaterThanOrEqual(HIGH_FROM);
    expect(risk.reasons[0]).toEqual({
      key: "codRiskBuyerReturns",
      values: { returned: 2, earlier: 2 },
    });
  });

  it("one return of one: high; one of three: a small nudge; two paid and none back: trusted", () => {
    expect(scoreCodRisk(facts({ buyer: { returned: 1 } })).level).toBe("high");
    const mostlyPaid = scoreCodRisk(facts({ buyer: { returned: 1, delivered: 2 } }));
    expect(mostlyPaid.level).toBe("low");
    expect(mostlyPaid.score).toBeGreaterThan(0);
    // A proven buyer outweighs a weak address.
    const proven = scoreCodRisk(
      facts({ buyer: { delivered: 3 }, order: { address: "Jl. Mawar" } }),
    );
    expect(proven.score).toBe(0);
    expect(proven.reasons.map((r) => r.key)).toEqual(["codRiskBuyerPaid", "codRiskShortAddress"]);
  });

  it("a burst of COD orders from one phone in a day: high; one other order that day: medium", () => {
    const burst = facts({ buyer: { earlierOrders: 2, codOrdersLastDay: 2 } });
    expect(scoreCodRisk(burst)).toEqual({
      score: 60,
      level: "high",
      reasons: [{ key: "codRiskSameDay", values: { orders: 2 } }],
    });
    const again = facts({ buyer: { earlierOrders: 1, codOrdersLastDay: 1 } });
    expect(scoreCodRisk(again).level).toBe("medium");
    // … and a new phone with a landline's number and no house number: high.
    const fresh = facts({
      buyer: { earlierOrders: 0, codOrdersLastDay: 1 },
      order: { phone: "+62215551234", address: "Perumahan Griya Indah blok C" },
    });
    expect(keys(fresh)).toEqual([
      "codRiskSameDayOne",
      "codRiskNotMobile",
      "codRiskFirstOrder",
      "codRiskNoHouseNumber",
    ]);
    expect(scoreCodRisk(fresh).level).toBe("high");
  });

  it("the phone: none, or not an Indonesian mobile, each said", () => {
    expect(keys(facts({ order: { phone: null } }))).toEqual(["codRiskNoPhone"]);
    expect(scoreCodRisk(facts({ order: { phone: "+62215551234" } })).reasons).toEqual([
      { key: "codRiskNotMobile", values: { phone: "+62215551234" } },
    ]);
    expect(keys(facts({ order: { phone: "+6285712345678" } }))).toEqual([]);
  });

  it("a destination that returns far more than the shop counts; a few parcels there do not", () => {
    const risky = facts({ area: { postal: { code: "98511", parcels: 60, returned: 24 } } });
    expect(scoreCodRisk(risky).reasons).toEqual([
      {
        key: "codRiskAreaPostal",
        values: { area: "98511", returned: 24, parcels: 60, shopRate: 12 },
      },
    ]);
    expect(scoreCodRisk(risky).score).toBe(30);
    // Two of three back: shrunk toward the city's 12 %, not enough to say anything.
    expect(keys(facts({ area: { postal: { code: "98511", parcels: 3, returned: 2 } } }))).toEqual(
      [],
    );
    // A new shop (too few parcels of its own) measures against 12 %.
    const young = facts({
      area: {
        postal: { code: "98511", parcels: 25, returned: 10 },
        city: null,
        shop: { parcels: 25, returned: 10 },
      },
    });
    expect(keys(young)).toEqual(["codRiskAreaPostal"]);
    // Without a postal code, the city by its name.
    const city = facts({
      area: { postal: null, city: { name: "Jayapura", parcels: 60, returned: 24 } },
    });
    expect(scoreCodRisk(city).reasons).toEqual([
      {
        key: "codRiskArea",
        values: { area: "Jayapura", returned: 24, parcels: 60, shopRate: 12 },
      },
    ]);
  });

  it("a COD amount far above the shop's usual: said with both amounts; unknown usual: nothing", () => {
    const big = facts({ order: { cod: 600_000 } });
    expect(scoreCodRisk(big).reasons).toEqual([
      {
        key: "codRiskHighValue",
        values: {
          amount: { amount: 600_000, currency: "IDR" },
          usual: { amount: 180_000, currency: "IDR" },
        },
      },
    ]);
    expect(keys(facts({ order: { cod: 600_000 }, usualCod: null }))).toEqual([]);
  });

  it("the address's weaknesses count at most 15 points together", () => {
    const risk = scoreCodRisk(facts({ order: { address: "Gg. Buntu", postalCode: null } }));
    expect(risk.reasons.map((r) => r.key)).toEqual(["codRiskNoPostalCode", "codRiskShortAddress"]);
    expect(risk.score).toBe(15);
    expect(risk.level).toBe("low");
    expect(MEDIUM_FROM).toBeGreaterThan(15);
  });
});
