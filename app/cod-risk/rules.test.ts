import { describe, expect, it } from "vitest";
import { adminAreas } from "../addresses/admin-areas.server";
import { checkAddress } from "../addresses/address-check";
import { phoneKind } from "../orders/phone";
import { HIGH_FROM, MEDIUM_FROM, scoreCodRisk, WEIGHTS, type RiskFacts } from "./rules";

/** The order as the assessment sees it: its phone read and its address checked for real. */
interface OrderPatch {
  cod?: number;
  phone?: string | null;
  street?: string;
  district?: string;
  zip?: string | null;
}

/** A buyer of a shop with a year of COD parcels, 12 % back, to a city like any other. */
const facts = (patch: {
  buyer?: Partial<RiskFacts["buyer"]>;
  area?: Partial<RiskFacts["area"]>;
  usualCod?: number | null;
  order?: OrderPatch;
}): RiskFacts => ({
  buyer: { delivered: 0, returned: 0, earlierOrders: 1, codOrdersLastDay: 0, ...patch.buyer },
  area: {
    postal: { code: "60271", parcels: 40, returned: 5 },
    city: { name: "surabaya", parcels: 300, returned: 36 },
    shop: { parcels: 1000, returned: 120 },
    ...patch.area,
  },
  usualCod: patch.usualCod === undefined ? 180_000 : patch.usualCod,
  order: orderFacts({
    cod: 185_000,
    phone: "+6281234567890",
    street: "Jl. Embong Malang No. 21",
    zip: "60271",
    ...patch.order,
  }),
});
const orderFacts = (o: OrderPatch): RiskFacts["order"] => ({
  cod: o.cod!,
  currency: "IDR",
  phone: o.phone ?? null,
  phoneKind: o.phone ? phoneKind(o.phone) : null,
  address: checkAddress(adminAreas(), {
    address1: o.street,
    address2: o.district,
    city: "Surabaya",
    province: "Jawa Timur",
    zip: o.zip,
  }),
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

  it("one return of one: held with one more sign; one of three: a nudge; two paid: trusted", () => {
    const oneOfOne = scoreCodRisk(facts({ buyer: { returned: 1 } }));
    expect(oneOfOne).toMatchObject({ score: WEIGHTS.returnsOutweigh, level: "medium" });
    expect(
      scoreCodRisk(facts({ buyer: { returned: 1 }, order: { phone: "+62215551234" } })).level,
    ).toBe("high");
    const mostlyPaid = scoreCodRisk(facts({ buyer: { returned: 1, delivered: 2 } }));
    expect(mostlyPaid.score).toBe(WEIGHTS.someReturns);
    expect(mostlyPaid.score).toBeLessThan(WEIGHTS.returnsOutweigh);
    // A proven buyer outweighs a weak address.
    const proven = scoreCodRisk(
      facts({ buyer: { delivered: 3 }, order: { street: "Jl. Mawar 5" } }),
    );
    expect(proven.score).toBe(0);
    expect(proven.reasons.map((r) => r.key)).toEqual(["codRiskBuyerPaid", "codRiskShortAddress"]);
  });

  it("a burst of COD orders from one phone in a day: high; one other order that day: medium", () => {
    const burst = facts({ buyer: { earlierOrders: 2, codOrdersLastDay: 2 } });
    expect(scoreCodRisk(burst)).toEqual({
      score: WEIGHTS.burst,
      level: "high",
      reasons: [{ key: "codRiskSameDay", values: { orders: 2 } }],
    });
    const again = facts({ buyer: { earlierOrders: 1, codOrdersLastDay: 1 } });
    expect(scoreCodRisk(again).level).toBe("medium");
    // … and a new phone with a landline's number and no house number: high.
    const fresh = facts({
      buyer: { earlierOrders: 0, codOrdersLastDay: 1 },
      order: { phone: "+62215551234", street: "Perumahan Griya Indah blok C" },
    });
    expect(keys(fresh).sort()).toEqual([
      "codRiskFirstOrder",
      "codRiskNoHouseNumber",
      "codRiskNotMobile",
      "codRiskSameDayOne",
    ]);
    expect(scoreCodRisk(fresh).level).toBe("high");
  });

  it("the phone: none, a fixed line, or a number that cannot exist, each said", () => {
    expect(keys(facts({ order: { phone: null } }))).toEqual(["codRiskNoPhone"]);
    expect(scoreCodRisk(facts({ order: { phone: "+62215551234" } })).reasons).toEqual([
      { key: "codRiskNotMobile", values: { phone: "+62215551234" } },
    ]);
    // Too short for any Indonesian mobile (0812 3456: 8 digits).
    expect(scoreCodRisk(facts({ order: { phone: "+628123456" } }))).toMatchObject({
      score: WEIGHTS.phoneInvalid,
      reasons: [{ key: "codRiskPhoneInvalid", values: { phone: "+628123456" } }],
    });
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

  it("the address's weaknesses: each said, counting at most WEIGHTS.addressMax together", () => {
    const risk = scoreCodRisk(facts({ order: { street: "Gg. Buntu", zip: null } }));
    expect(risk.reasons.map((r) => r.key).sort()).toEqual([
      "codRiskNoHouseNumber",
      "codRiskNoPostalCode",
      "codRiskShortAddress",
    ]);
    expect(risk.score).toBe(
      Math.min(
        WEIGHTS.addressMax,
        WEIGHTS.address.noHouseNumber + WEIGHTS.address.shortAddress + WEIGHTS.address.noPostalCode,
      ),
    );
  });

  it("a postal code outside the kecamatan named and no house number: high, both said", () => {
    const risk = scoreCodRisk(
      facts({
        buyer: { earlierOrders: 0 },
        order: { street: "Jl. Kedungdoro gang buntu", district: "Kec. Tegalsari", zip: "60271" },
      }),
    );
    expect(risk.level).toBe("high");
    expect(risk.reasons[0]!.key).toBe("codRiskPostalNotInDistrict");
    expect(risk.reasons.map((r) => r.key).sort()).toEqual([
      "codRiskFirstOrder",
      "codRiskNoHouseNumber",
      "codRiskPostalNotInDistrict",
    ]);
    expect(risk.score).toBe(
      Math.min(WEIGHTS.addressMax, WEIGHTS.address.areaMismatch + WEIGHTS.address.noHouseNumber) +
        WEIGHTS.firstOrder,
    );
    expect(MEDIUM_FROM).toBeLessThan(HIGH_FROM);
  });
});
