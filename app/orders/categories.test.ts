import { describe, expect, it } from "vitest";
import { categoryFromTaxonomy } from "./categories";

describe("item categories from Shopify's Standard Product Taxonomy", () => {
  it.each([
    ["Apparel & Accessories > Clothing > Shirts & Tops", "fashion"],
    ["Food, Beverages & Tobacco > Beverages > Coffee", "food_and_drink"],
    ["Food, Beverages & Tobacco > Food Items > Frozen Desserts & Novelties", "frozen_food"],
    ["Electronics > Communications > Telephony > Mobile Phones", "electronic"],
    ["Health & Beauty > Personal Care > Cosmetics > Makeup", "beauty"],
    ["Health & Beauty > Health Care > First Aid", "healthcare"],
    ["Home & Garden > Decor > Vases", "home_accessories"],
    ["Vehicles & Parts > Vehicle Parts & Accessories", "sparepart"],
    ["Sporting Goods > Outdoor Recreation > Camping & Hiking", "outdoor_gear"],
    ["Toys & Games > Puzzles", "hobby"],
    ["Electronics", "electronic"],
  ])("%s → %s", (path, category) => {
    expect(categoryFromTaxonomy(path)).toBe(category);
  });

  it("no category, or one that fits none, is null (the shop's mapping or `others` decides)", () => {
    expect(categoryFromTaxonomy(null)).toBeNull();
    expect(categoryFromTaxonomy("Business & Industrial > Retail")).toBeNull();
    expect(categoryFromTaxonomy("Electronics Plus")).toBeNull();
  });
});
