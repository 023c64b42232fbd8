import { describe, expect, it } from "vitest";
import { courierRuleSchema, type CourierRule } from "../../shops/courier-rules";
import { checkRules } from "./check";
import { ruleMatches } from "./match";
import { provinceCode } from "../../shipping/provinces";

const rule = (name: string, when: object, then: object = { kind: "hold" }): CourierRule =>
  courierRuleSchema.parse({ name, when, then });

const offered = new Set(["jne/reg", "jnt/ez"]);

describe("courier rules checked before saving", () => {
  it("refuses an unknown service, an empty range, a province that is none and a name used twice", () => {
    const findings = checkRules(
      [
        rule("A", {}, { kind: "service", company: "jnt", type: "ez" }),
        rule(
          "B",
          { grams: { min: 5000, max: 1000 } },
          { kind: "service", company: "xyz", type: "reg" },
        ),
        rule("a", { provinces: ["ZZ"] }),
      ],
      offered,
    );
    expect(
      findings.filter((f) => f.refuses).map((f) => [f.kind, f.number, f.detail ?? f.other]),
    ).toEqual([
      ["unknownService", 2, "xyz reg"],
      ["emptyRange", 2, "grams"],
      ["unknownProvince", 3, "ZZ"],
      ["sameName", 3, 1],
    ]);
  });

  it("warns of a rule an earlier one always takes first, not of one it only overlaps", () => {
    const cod = { payment: "cod", provinces: ["PA", "PB"] };
    const findings = checkRules(
      [
        rule("COD ke Papua", cod, { kind: "service", company: "jnt", type: "ez" }),
        rule("COD ke Jayapura", { ...cod, provinces: ["PA"], cities: ["Kota Jayapura"] }),
        rule("Berat ke Papua", { provinces: ["PA"], grams: { min: 5000, max: null } }),
        rule("Terbaik", { payment: "prepaid" }, { kind: "best", minRate: 80 }),
        rule("Prabayar", { payment: "prepaid", value: { min: 100000, max: 200000 } }),
      ],
      offered,
    );
    expect(findings).toEqual([{ kind: "shadowed", number: 2, other: 1, refuses: false }]);
  });
});

describe("a parcel against a rule's conditions", () => {
  const facts = {
    province: "PA",
    city: "Kota Jayapura",
    cod: true,
    grams: 860,
    value: 385_000,
    productTypes: new Set(["apparel"]),
    tags: new Set(["batik"]),
  };
  it("meets every condition it sets; cities compare without Kota or Kabupaten", () => {
    expect(ruleMatches(rule("r", { provinces: ["PA"], cities: ["jayapura"] }).when, facts)).toBe(
      true,
    );
    expect(ruleMatches(rule("r", { payment: "prepaid" }).when, facts)).toBe(false);
    expect(ruleMatches(rule("r", { grams: { min: 1000, max: null } }).when, facts)).toBe(false);
    expect(ruleMatches(rule("r", { value: { min: null, max: 400000 } }).when, facts)).toBe(true);
    expect(
      ruleMatches(rule("r", { productTypes: ["Apparel"], tags: ["BATIK", "kopi"] }).when, facts),
    ).toBe(true);
    expect(ruleMatches(rule("r", { tags: ["kopi"] }).when, facts)).toBe(false);
  });

  it("reads provinces by Shopify's code or any of their names", () => {
    expect(provinceCode("East Java")).toBe("JI");
    expect(provinceCode("Provinsi Jawa Timur")).toBe("JI");
    expect(provinceCode("Jakarta", "JK")).toBe("JK");
    expect(provinceCode("Daerah Istimewa Yogyakarta")).toBe("YO");
    expect(provinceCode("Sumatra Utara")).toBe("SU");
    expect(provinceCode("Ontario", null)).toBeUndefined();
  });
});
