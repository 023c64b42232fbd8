import crypto from "node:crypto";
import { LRUCache } from "lru-cache";
import type { CourierNames } from "../../shipments/courier-names";
import type { CourierRule } from "../../shops/courier-rules";
import type { ShopSettings } from "../../shops/settings";
import type { RulesPreviewRead } from "./preview.server";

/**
 * The rules page's preview as its loads show it, kept a minute per shop and set of rules: a load
 * reads the shop's latest orders (and Shopify's products when a rule reads product facts) once a
 * minute at most, however often the page is opened or reloaded. A preview the merchant asks for
 * (the page's "Pratinjau", a save) is read afresh. Kept in this process, for at most
 * PREVIEW_CACHE_SHOPS shops (the least recently shown go first); a read that fails is not kept.
 */
export const PREVIEW_CACHE_MS = 60_000;
const PREVIEW_CACHE_SHOPS = 1_000;

const kept = new LRUCache<string, { key: string; read: Promise<RulesPreviewRead> }>({
  max: PREVIEW_CACHE_SHOPS,
  ttl: PREVIEW_CACHE_MS,
});

/** What the preview is read from besides the orders: the rules, the settings, the services. */
const keyOf = (rules: readonly CourierRule[], settings: ShopSettings, names: CourierNames) =>
  crypto
    .createHash("sha256")
    .update(JSON.stringify([rules, settings, [...names.services.keys()]]))
    .digest("base64url");

/** The shop's kept preview of these rules, or `read` it now and keep it. */
export function keptPreview(
  shop: string,
  rules: readonly CourierRule[],
  settings: ShopSettings,
  names: CourierNames,
  read: () => Promise<RulesPreviewRead>,
): Promise<RulesPreviewRead> {
  const key = keyOf(rules, settings, names);
  const entry = kept.get(shop);
  if (entry?.key === key) return entry.read;
  const fresh = read();
  kept.set(shop, { key, read: fresh });
  fresh.catch(() => {
    if (kept.get(shop)?.read === fresh) kept.delete(shop);
  });
  return fresh;
}
