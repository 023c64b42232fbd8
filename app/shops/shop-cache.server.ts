/**
 * A shop's row, settings and shipping client, kept in the process for SHOP_CACHE_MS: a worker
 * reads them for every job, and they change when a merchant saves the settings, a few times in a
 * shop's life. The shipping key is decrypted once per load, not per job.
 *
 * A change made through app/shops/shops.server.ts drops the shop's entry in the process that made
 * it (`forgetShop`): it takes effect there at once, and in every other process (the worker, when
 * the merchant saved in the web process) within SHOP_CACHE_MS. An uninstall reaches a worker the
 * same way: its jobs for the shop stop within SHOP_CACHE_MS.
 */
import type { Db } from "../db/client.server";
import {
  ShippingNotConfiguredError,
  shippingAccessOf,
  type ShippingAccess,
  type ShippingEnv,
} from "./shipping-client.server";
import { parseShopSettings, type ShopSettings } from "./settings";
import { freshEntry, keepEntry } from "./shop-cache-store";
import { getShop } from "./shops.server";

export interface ShopFacts {
  settings: ShopSettings;
  /** The shop's shipping client and key, or why it has none (not installed, no key). */
  access: ShippingAccess | ShippingNotConfiguredError;
}

/** The shop's settings and shipping access, from this process's cache or read once. */
export function shopFacts(db: Db, env: ShippingEnv, shop: string): Promise<ShopFacts> {
  return freshEntry<ShopFacts>(shop) ?? keepEntry(shop, loadFacts(db, env, shop));
}

async function loadFacts(db: Db, env: ShippingEnv, shop: string): Promise<ShopFacts> {
  const row = await getShop(db, shop);
  const settings = parseShopSettings(row?.settings);
  try {
    return { settings, access: shippingAccessOf(row, env, shop) };
  } catch (error) {
    // Not installed, or no key: the job makes it the shipment's problem (kept like the rest).
    if (error instanceof ShippingNotConfiguredError) return { settings, access: error };
    throw error;
  }
}
