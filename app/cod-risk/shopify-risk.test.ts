import { describe, expect, it } from "vitest";
import { said } from "../i18n/said";
import { scoreCodRisk } from "./rules";
import { MOST_FACTS, shopifyRiskInput } from "./shopify-risk";

/** A high risk as create-draft keeps it: a buyer whose two COD parcels came back, no house number. */
const high = {
  ...scoreCodRisk({
    buyer: { delivered: 0, returned: 2, earlierOrders: 2, codOrdersLastDay: 0 },
    area: {
      postal: { code: "60271", parcels: 40, returned: 5 },
      city: { name: "surabaya", parcels: 300, returned: 36 },
      shop: { parcels: 1000, returned: 120 },
    },
    usualCod: 180_000,
    order: {
      cod: 185_000,
      currency: "IDR",
      phone: "+6281234567890",
      phoneKind: "mobile",
      address: [{ kind: "noHouseNumber", said: said("codRiskNoHouseNumber") }],
    },
  }),
  at: "2026-11-30T02:00:00.000Z",
};

describe("shopifyRiskInput: the COD risk as Shopify's order risk assessment", () => {
  it("a high risk: HIGH, where it comes from, then each reason in Indonesian as a negative fact", () => {
    expect(high.level).toBe("high");
    const input = shopifyRiskInput("5012345", high)!;
    expect(input.orderId).toBe("gid://shopify/Order/5012345");
    expect(input.riskLevel).toBe("HIGH");
    expect(input.facts[0]).toEqual({
      description: `Dinilai ParcelBridge dari riwayat paket COD toko ini (skor ${high.score})`,
      sentiment: "NEUTRAL",
    });
    expect(input.facts.slice(1).map((f) => f.sentiment)).toEqual(
      high.reasons.map(() => "NEGATIVE"),
    );
    expect(input.facts.map((f) => f.description).join(" | ")).toContain(
      "2 dari 2 paket COD pembeli ini sebelumnya kembali tanpa dibayar",
    );
    expect(input.facts.map((f) => f.description).join(" | ")).not.toMatch(/codRisk|\{\{/);
  });

  it("medium is MEDIUM; the buyer's 'always hold' mark is a fact; low writes nothing", () => {
    expect(shopifyRiskInput("1", { ...high, level: "medium" })!.riskLevel).toBe("MEDIUM");
    expect(shopifyRiskInput("1", { ...high, mark: "held" })!.facts[1]).toEqual({
      description: "Pembeli ini Anda tandai untuk selalu ditahan",
      sentiment: "NEGATIVE",
    });
    expect(shopifyRiskInput("1", { ...high, level: "low" })).toBeNull();
  });

  it("never more facts than Shopify keeps", () => {
    const many = { ...high, reasons: Array.from({ length: 30 }, () => high.reasons[0]!) };
    expect(shopifyRiskInput("1", many)!.facts).toHaveLength(MOST_FACTS);
  });
});
