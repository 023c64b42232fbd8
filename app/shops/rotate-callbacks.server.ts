import type { AdminGraphql } from "../admin-api/request";
import {
  CarrierServiceRefused,
  enableCarrierService,
} from "../checkout-rates/carrier-service.server";
import type { Db } from "../db/client.server";
import { logger } from "../logger.server";
import {
  CALLBACK_TOKEN_GRACE_MS,
  eventsUrlFor,
  rotateCallbackToken,
} from "./callback-token.server";
import { getShop } from "./shops.server";

/**
 * The merchant's "new events URL" (after a leak): a new callback token for the shop; the old one
 * keeps working for CALLBACK_TOKEN_GRACE_MS. The shop's carrier service, when rates at checkout
 * are on, is registered again at once with the new token in its URL; if Shopify cannot be reached
 * now, the worker's carrier-callbacks job does it within 15 minutes (the old token still works).
 */
export async function rotateShopCallbacks(
  db: Db,
  graphql: AdminGraphql,
  shop: string,
  appUrl: string,
): Promise<{ ok: boolean; message: string; url: string }> {
  const token = await rotateCallbackToken(db, shop);
  const url = eventsUrlFor(appUrl, token);
  const hours = CALLBACK_TOKEN_GRACE_MS / 3600_000;
  const paste = `New events URL made: paste it in your shipping service's dashboard, in place of the old one, which keeps working for ${hours} hours.`;
  const row = await getShop(db, shop);
  if (!row?.carrierServiceId) return { ok: true, message: paste, url };
  try {
    await enableCarrierService(db, graphql, shop, appUrl, row.carrierServiceId);
    return { ok: true, message: `${paste} Rates at checkout already use the new one.`, url };
  } catch (error) {
    logger.warn(
      { shop, err: (error as Error).message },
      "carrier service not registered again after a token rotation; the worker retries",
    );
    const why = error instanceof CarrierServiceRefused ? ` (${error.message})` : "";
    return {
      ok: true,
      message: `${paste} Shopify could not be told the new rates URL now${why}: the app retries within 15 minutes, and the old one works meanwhile.`,
      url,
    };
  }
}
