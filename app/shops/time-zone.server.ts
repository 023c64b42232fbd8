import { eq } from "drizzle-orm";
import { SHOP_TIME_ZONE_QUERY } from "../admin-api/operations/shop";
import { adminRequest, type AdminGraphql } from "../admin-api/request";
import type { Queryable } from "../db/client.server";
import { shops } from "../db/schema";
import { byDeadline } from "../platform/deadline";
import { perShopKept } from "../platform/shops-kept";
import { DEFAULT_TIME_ZONE, safeTimeZone } from "../platform/zoned-time";

/** How long a page waits for Shopify to name the shop's zone before writing times in WIB. */
const ASK_DEADLINE_MS = 1_500;
/** After Shopify could not say, how long pages write WIB without asking again. */
const ASK_AGAIN_MS = 10 * 60_000;

/** Zones already read, per process: a shop's zone is read from the database once per process. */
const known = perShopKept<string>();
/** Shops Shopify could not name the zone of, and when to ask again (no page waits twice). */
const unanswered = perShopKept<number>();

/**
 * The shop's time zone (Shopify's `shop.ianaTimezone`: "Asia/Makassar"), which the admin writes
 * every time in. Kept in `shops.iana_timezone`: read from Shopify once, at the shop's first admin
 * page (right after the install; a shop installed before reads it at its next), never again.
 * Shopify silent within 1.5 s: WIB, and no page of that shop waits for it again for 10 minutes; a
 * zone Intl does not know reads as WIB too.
 */
export async function shopTimeZone(
  deps: { db: Queryable; graphql: AdminGraphql },
  shop: string,
): Promise<string> {
  const kept = known.get(shop);
  if (kept) return kept;
  const [row] = await deps.db
    .select({ zone: shops.ianaTimezone })
    .from(shops)
    .where(eq(shops.shop, shop));
  if (!row?.zone && (unanswered.get(shop) ?? 0) > Date.now()) return DEFAULT_TIME_ZONE;
  const zone = row?.zone ?? (await askShopify(deps, shop));
  if (!zone) {
    unanswered.set(shop, Date.now() + ASK_AGAIN_MS);
    return DEFAULT_TIME_ZONE;
  }
  const safe = safeTimeZone(zone);
  known.set(shop, safe);
  return safe;
}

async function askShopify(
  deps: { db: Queryable; graphql: AdminGraphql },
  shop: string,
): Promise<string | null> {
  try {
    const answer = await byDeadline(
      adminRequest(deps.graphql, shop, SHOP_TIME_ZONE_QUERY, {}),
      Date.now() + ASK_DEADLINE_MS,
    );
    const zone = answer.shop.ianaTimezone?.trim();
    if (!zone) return null;
    await deps.db.update(shops).set({ ianaTimezone: zone }).where(eq(shops.shop, shop));
    return zone;
  } catch {
    return null;
  }
}

/** Forget the zones read (tests; a reinstall reads it again). */
export function forgetTimeZones(): void {
  known.clear();
  unanswered.clear();
}
