import type { Queryable } from "../db/client.server";
import type { Env } from "../platform/env.server";
import { getShop, shippingApiKeyOf } from "./shops.server";
import { createShippingClient, type ShippingClient } from "../shipping/client.server";

/** The shop has not saved a shipping API key yet: the merchant must finish set-up. */
export class ShippingNotConfiguredError extends Error {
  override name = "ShippingNotConfiguredError";
}

/**
 * A shipping client for one shop: its own key (decrypted here, never logged) and its own base URL
 * when it set one, else SHIPPING_API_BASE_URL.
 */
export async function shippingClientForShop(
  db: Queryable,
  env: ShippingEnv,
  shop: string,
  options: { fetch?: typeof fetch } = {},
): Promise<ShippingClient> {
  return (await shippingAccessForShop(db, env, shop, options)).client;
}

export type ShippingEnv = Pick<
  Env,
  "ENCRYPTION_KEY" | "SHIPPING_API_BASE_URL" | "SHIPPING_API_TIMEOUT_MS"
>;

/** The shop does not have the app installed (uninstalled, redacted, never installed): nothing is done on its key. */
export class ShopNotInstalledError extends ShippingNotConfiguredError {
  override name = "ShopNotInstalledError";
}

/** A shop's shipping client and the key it uses (the worker's rate limiter needs the key's identity). */
export interface ShippingAccess {
  client: ShippingClient;
  apiKey: string;
}

/** The client and the key it uses, from the shop's row read now. */
export async function shippingAccessForShop(
  db: Queryable,
  env: ShippingEnv,
  shop: string,
  options: { fetch?: typeof fetch } = {},
): Promise<ShippingAccess> {
  return shippingAccessOf(await getShop(db, shop), env, shop, options);
}

/**
 * The client and the key from a shop row already read (app/shops/shop-cache.server.ts keeps one);
 * throws ShopNotInstalledError or ShippingNotConfiguredError when the shop has none.
 */
export function shippingAccessOf(
  row: Awaited<ReturnType<typeof getShop>>,
  env: ShippingEnv,
  shop: string,
  options: { fetch?: typeof fetch } = {},
): ShippingAccess {
  // Work queued before an uninstall (or a delivery replayed for another shop) books nothing.
  if (!row?.installed) throw new ShopNotInstalledError(`${shop} does not have the app installed`);
  const apiKey = shippingApiKeyOf(row, env.ENCRYPTION_KEY);
  if (!apiKey)
    throw new ShippingNotConfiguredError(
      `${shop} has no shipping API key; set one in the app's settings`,
    );
  const client = createShippingClient({
    baseUrl: row?.shippingBaseUrl ?? env.SHIPPING_API_BASE_URL,
    apiKey,
    timeoutMs: env.SHIPPING_API_TIMEOUT_MS,
    fetch: options.fetch,
  });
  return { client, apiKey };
}
