import type { AdminGraphql } from "../admin-api/request";
import { CarrierServiceRefused, enableCarrierService } from "./carrier-service.server";
import type { SecretKeys } from "../secrets/crypto.server";
import type { Db } from "../db/client.server";
import { logger } from "../platform/logger.server";
import {
  CALLBACK_TOKEN_GRACE_MS,
  endPreviousCallbackToken,
  eventsUrlFor,
  rotateCallbackToken,
} from "../shops/callback-token.server";
import { getShop } from "../shops/shops.server";

/** A moment as the settings page states it (the shop's own time zone comes with issue 52's work). */
const stated = (at: Date) => at.toUTCString();

/**
 * The merchant's "Make a new URL" (after a leak): a new callback token for the shop; the old one
 * keeps working for the service's events for CALLBACK_TOKEN_GRACE_MS. The shop's carrier service,
 * when rates at checkout are on, is registered again at once with the new token in its URL; if
 * Shopify cannot be reached now, the worker's carrier-callbacks job does it within 15 minutes (the
 * old token answers rates meanwhile). Refused, in words, while an older URL is still accepted.
 */
export async function rotateShopCallbacks(
  db: Db,
  keys: SecretKeys,
  graphql: AdminGraphql,
  shop: string,
  appUrl: string,
): Promise<{ ok: boolean; message: string; url?: string }> {
  const rotation = await rotateCallbackToken(db, keys, shop);
  if ("refusedUntil" in rotation)
    return {
      ok: false,
      message: `No new URL was made: the URL before the current one still works until ${stated(rotation.refusedUntil)}, and a new one now would stop the current one, which you may have pasted already. Paste the current URL in your shipping service's dashboard, then choose "End the old URL now"; after that you can make a new one.`,
    };
  const url = eventsUrlFor(appUrl, rotation.token);
  const hours = CALLBACK_TOKEN_GRACE_MS / 3600_000;
  const paste = `New events URL made: paste it in your shipping service's dashboard, in place of the old one, which keeps working for ${hours} hours (or until you end it here).`;
  const row = await getShop(db, shop);
  if (!row?.carrierServiceId) return { ok: true, message: paste, url };
  try {
    await enableCarrierService(db, keys, graphql, shop, appUrl, row.carrierServiceId);
    return { ok: true, message: `${paste} Rates at checkout already use the new one.`, url };
  } catch (error) {
    logger.warn(
      { shop, err: (error as Error).message },
      "carrier service not registered again after a token rotation; the worker retries",
    );
    const why = error instanceof CarrierServiceRefused ? ` (${error.message})` : "";
    return {
      ok: true,
      message: `${paste} Shopify could not be told the new rates URL now${why}: the app retries every 15 minutes, and the old one answers rates meanwhile.`,
      url,
    };
  }
}

/**
 * The merchant's "End the old URL now" (the old one leaked): the previous token, and rate requests
 * without any token, are refused from now on. If Shopify has not taken the new rates URL yet,
 * rates at checkout stop until it does, and the message says so.
 */
export async function endOldCallbacks(
  db: Db,
  shop: string,
): Promise<{ ok: boolean; message: string }> {
  const before = await getShop(db, shop);
  if (!(await endPreviousCallbackToken(db, shop)))
    return { ok: true, message: "There is no old URL to end: only the current one works." };
  const pending =
    before?.carrierServiceId && before.carrierCallbackTokenHash !== before.callbackTokenHash;
  return {
    ok: true,
    message: pending
      ? "The old URL no longer works. Shopify has not taken the new rates URL yet: checkout shows no rates from this app until it does (the app retries every 15 minutes)."
      : "The old URL no longer works: only the current one is accepted.",
  };
}
