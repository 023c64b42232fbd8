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
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { shops } from "../db/schema";
import { decryptSecret } from "../crypto.server";
import type { Env } from "../env.server";
import { createShippingClient, type ShippingClient } from "../shipping/client.server";
import { ShippingNotConfiguredError, ShopNotInstalledError } from "../shipping/for-shop.server";
import { parseShopSettings, type ShopSettings } from "./settings";

export const SHOP_CACHE_MS = 5_000;

type ShippingEnv = Pick<
  Env,
  "ENCRYPTION_KEY" | "SHIPPING_API_BASE_URL" | "SHIPPING_API_TIMEOUT_MS"
>;

export interface ShopFacts {
  settings: ShopSettings;
  /** The shop's shipping client and key, or why it has none (not installed, no key). */
  access: { client: ShippingClient; apiKey: string } | ShippingNotConfiguredError;
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
  const [row] = await db.select().from(shops).where(eq(shops.shop, shop));
  const settings = parseShopSettings(row?.settings);
  // Work queued before an uninstall (or a delivery replayed for another shop) books nothing.
  if (!row?.installed)
    return {
      settings,
      access: new ShopNotInstalledError(`${shop} does not have the app installed`),
    };
  const apiKey = row.shippingApiKeyEncrypted
    ? decryptSecret(row.shippingApiKeyEncrypted, env.ENCRYPTION_KEY, shop)
    : null;
  if (!apiKey)
    return {
      settings,
      access: new ShippingNotConfiguredError(
        `${shop} has no shipping API key; set one in the app's settings`,
      ),
    };
  const client = createShippingClient({
    baseUrl: row.shippingBaseUrl ?? env.SHIPPING_API_BASE_URL,
    apiKey,
    timeoutMs: env.SHIPPING_API_TIMEOUT_MS,
  });
  return { settings, access: { client, apiKey } };
}

/** Drops the shop's kept facts (its settings, key or installation changed in this process). */
export function forgetShop(shop: string): void {
  kept.delete(shop);
}
