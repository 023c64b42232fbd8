import type { ItemCategory } from "../shipping/codes";

/**
 * Item categories without busywork: Shopify's Standard Product Taxonomy (`product.category`,
 * e.g. "Apparel & Accessories > Clothing > Shirts & Tops") says what most products are. The
 * service uses the category to assign couriers (instant couriers care about food) and pickup
 * times. More specific paths are listed before their verticals; the first prefix that matches
 * wins. The shop's own product-type mapping overrides all of this; `others` is the last resort.
 */
const BY_TAXONOMY_PATH: readonly [prefix: string, category: ItemCategory][] = [
  ["Food, Beverages & Tobacco > Food Items > Frozen Desserts & Novelties", "frozen_food"],
  ["Food, Beverages & Tobacco > Food Items", "food_and_drink"],
  ["Food, Beverages & Tobacco", "food_and_drink"],
  ["Apparel & Accessories", "fashion"],
  ["Luggage & Bags", "fashion"],
  ["Electronics", "electronic"],
  ["Cameras & Optics", "electronic"],
  ["Health & Beauty > Personal Care > Cosmetics", "beauty"],
  ["Health & Beauty > Personal Care", "beauty"],
  ["Health & Beauty > Health Care", "healthcare"],
  ["Health & Beauty", "healthcare"],
  ["Sporting Goods > Outdoor Recreation", "outdoor_gear"],
  ["Sporting Goods", "outdoor_gear"],
  ["Home & Garden", "home_accessories"],
  ["Furniture", "home_accessories"],
  ["Toys & Games", "hobby"],
  ["Arts & Entertainment > Hobbies & Creative Arts > Collectibles", "collection"],
  ["Arts & Entertainment", "hobby"],
  ["Media", "hobby"],
  ["Vehicles & Parts", "sparepart"],
  ["Hardware", "sparepart"],
];

/** The item category for a taxonomy path ("A > B > C"), or null when none fits. */
export function categoryFromTaxonomy(fullName: string | null | undefined): ItemCategory | null {
  if (!fullName) return null;
  const path = fullName.trim();
  for (const [prefix, category] of BY_TAXONOMY_PATH) {
    if (path === prefix || path.startsWith(`${prefix} >`)) return category;
  }
  return null;
}
