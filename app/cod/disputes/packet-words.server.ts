import type { Db } from "../../db/client.server";
import { db as defaultDb } from "../../db/index.server";
import { wordsIn } from "../../i18n/i18n.server";
import { DEFAULT_TIME_ZONE } from "../../platform/zoned-time";
import { keptShopName, parseShopSettings } from "../../shops/settings";
import { getShop } from "../../shops/shops.server";
import type { PacketWords } from "./packet-rows";

/**
 * What a dispute's packet is written with: Indonesian (the service reads it, whatever language
 * the merchant reads the admin in), the shop's time zone as kept (no call to Shopify), and the
 * shop's name as its labels print it (else its myshopify name).
 */
export async function packetWords(
  shop: string,
  db: Db = defaultDb,
): Promise<{ words: PacketWords; shopName: string }> {
  const row = await getShop(db, shop);
  const { t, locale } = wordsIn("id");
  const settings = parseShopSettings(row?.settings);
  return {
    words: { t, locale, timeZone: row?.ianaTimezone ?? DEFAULT_TIME_ZONE },
    shopName: keptShopName(settings, shop),
  };
}
