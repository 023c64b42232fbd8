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
} from "../shipping/for-shop.server";
import { parseShopSettings, type ShopSettings } from "./settings";
import { getShop } from "./shops.server";

export const SHOP_CACHE_MS = 5_000;

export interface ShopFacts {
  settings: ShopSettings;
  /** The shop's shipping client and key, or why it has none (not installed, no key). */
  access: ShippingAccess | ShippingNotConfiguredError;
}

const kept = new Map<string, { at: number; facts: Promise<ShopFacts> }>();

/** The shop's settings and shipping access, from this process's cache or read once. */
export function shopFacts(db: Db, env: ShippingEnv, shop: string): Promise<ShopFacts> {
  const entry = kept.get(shop);
  if (entry && Date.now() - entry.at <= SHOP_CACHE_MS) return entry.facts;
  const facts = loadFacts(db, env, shop);
  kept.set(shop, { at: Date.now(), facts });
  // A failed read is not kept: the next job reads again.
  facts.catch(() => {
    if (kept.get(shop)?.facts === facts) kept.delete(shop);
  });
  return facts;
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

/** Drops the shop's kept facts (its settings, key or installation changed in this process). */
export function forgetShop(shop: string): void {
  kept.delete(shop);
}
