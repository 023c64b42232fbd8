import { isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { adminSchema } from "../admin-api/admin-schema";
import { COURIER_NAMES, SHOPIFY_TRACKING_COMPANIES, trackingInput } from "./tracking-company";

/** Shopify's list of tracking companies it builds links for, as its 2026-10 Admin schema documents it. */
function shopifyTrackingCompanies(): string[] {
  const type = adminSchema().getType("FulfillmentTrackingInfo");
  if (!isObjectType(type)) throw new Error("FulfillmentTrackingInfo is not in the schema");
  const description = type.getFields().company?.description ?? "";
  const names: string[] = [];
  for (const line of description.split("\n")) {
    const any = /^\s*\* (?!\*\*)(.+?)\s*$/.exec(line);
    if (any) names.push(any[1]!);
    const country = /^\s*\* \*\*[^*]+\*\*: (.+)$/.exec(line);
    if (country) names.push(...country[1]!.split(",").map((n) => n.trim()));
  }
  return names;
}

describe("tracking company in Shopify", () => {
  const listed = shopifyTrackingCompanies();

  it("reads Shopify's list from the schema", () => {
    expect(listed.length).toBeGreaterThan(100);
    expect(listed).toContain("NinjaVan");
    expect(listed).toContain("DHL eCommerce Asia");
  });

  it("sends Shopify's own name, exactly as listed, for the couriers Shopify knows", () => {
    for (const name of Object.values(SHOPIFY_TRACKING_COMPANIES))
      expect(listed, name).toContain(name);
  });

  it("misses none of the service's couriers that Shopify lists under another spelling", () => {
    const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
    const shopify = new Set(listed.map(squash));
    for (const [code, name] of Object.entries(COURIER_NAMES)) {
      if (shopify.has(squash(name)) || shopify.has(squash(code)))
        expect(
          SHOPIFY_TRACKING_COMPANIES[code],
          `${code} (${name}) is on Shopify's list`,
        ).toBeDefined();
    }
  });

  it("for Shopify's couriers, the name alone (Shopify makes the link); for others, the courier's name and the service's page", () => {
    expect(
      trackingInput({
        courierCompany: "ninja",
        waybillId: "NLIDAP123",
        trackingUrl: "https://track.example/x",
      }),
    ).toEqual({ company: "NinjaVan", number: "NLIDAP123" });
    expect(
      trackingInput({
        courierCompany: "sicepat",
        waybillId: "0026123",
        trackingUrl: "https://track.example/y",
      }),
    ).toEqual({ company: "SiCepat", number: "0026123", url: "https://track.example/y" });
    expect(
      trackingInput({
        courierCompany: "JNE",
        waybillId: "CGK1",
        trackingUrl: "javascript:alert(1)",
      }),
    ).toEqual({ company: "JNE", number: "CGK1" });
    expect(
      trackingInput({ courierCompany: "kurirku", waybillId: "K1", trackingUrl: null }),
    ).toEqual({ company: "KURIRKU", number: "K1" });
  });
});
