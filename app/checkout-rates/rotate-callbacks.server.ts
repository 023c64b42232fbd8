import type { TFunction } from "i18next";
import { exactTime, type Speech } from "../shipments/status-words";
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
  speech: Speech,
): Promise<{ ok: boolean; message: string; url?: string }> {
  const { t } = speech;
  const rotation = await rotateCallbackToken(db, keys, shop);
  if ("refusedUntil" in rotation)
    return {
      ok: false,
      message: t("events.refused", { until: exactTime(rotation.refusedUntil, speech) }),
    };
  const url = eventsUrlFor(appUrl, rotation.token);
  const hours = CALLBACK_TOKEN_GRACE_MS / 3600_000;
  const paste = t("events.made", { hours });
  const row = await getShop(db, shop);
  if (!row?.carrierServiceId) return { ok: true, message: paste, url };
  try {
    await enableCarrierService(db, keys, graphql, shop, appUrl, row.carrierServiceId);
    return { ok: true, message: `${paste} ${t("events.ratesUseNew")}`, url };
  } catch (error) {
    logger.warn(
      { shop, err: (error as Error).message },
      "carrier service not registered again after a token rotation; the worker retries",
    );
    const why = error instanceof CarrierServiceRefused ? ` ("${error.message}")` : "";
    return {
      ok: true,
      message: `${paste} ${t("events.ratesLater", { why })}`,
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
  t: TFunction,
): Promise<{ ok: boolean; message: string }> {
  const before = await getShop(db, shop);
  if (!(await endPreviousCallbackToken(db, shop))) return { ok: true, message: t("events.noOld") };
  const pending =
    before?.carrierServiceId && before.carrierCallbackTokenHash !== before.callbackTokenHash;
  return {
    ok: true,
    message: pending ? t("events.endedPending") : t("events.ended"),
  };
}
