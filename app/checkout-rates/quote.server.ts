import type { RedisConnection } from "../platform/redis.server";
import { said, type Said } from "../i18n/said";
import { byDeadline, Late } from "../platform/deadline";
import { whenReady } from "../platform/redis.server";
import type { Queryable } from "../db/client.server";
import type { Env } from "../platform/env.server";
import { createShippingClient } from "../shipping/client.server";
import type { RatesRequest } from "../shipping/contract";
import { ShippingError } from "../shipping/errors";
import type { ServiceRateLimiter } from "../shipping/limiter.server";
import { parseShopSettings, type CheckoutRates } from "../shops/settings";
import { acceptsRateRequest } from "../shops/callback-token.server";
import { getShop, shippingApiKeyOf } from "../shops/shops.server";
import {
  coordinatesOf,
  couriersToAsk,
  offeredRates,
  parcelOf,
  postalCodeOf,
  valueBand,
  weightBandKg,
  type RateRequest,
  type ServicePrice,
  type ShopifyRate,
} from "./offer";
import { originFor, type OriginLocation } from "./origin";
import { pricesCacheKey, readPrices } from "./prices-cache.server";
import { RatesBusy, servicePrices } from "./service-prices.server";
import { cachedLocations } from "./shop-locations.server";

/**
 * The checkout's rates for one request, always by a deadline: the service's prices for the
 * parcel's origin, destination postal code, weight band and couriers come from a shared cache
 * (Redis) when a fresh answer is there, else from one call to the service's rates operation (one
 * per key at a time in this process: identical requests wait for the same call), paced by the
 * same per-key limiter as the worker. Whatever the service does, the answer comes by the
 * deadline: a late or failed call answers from an older cached answer when there is one, else
 * fails (the callback answers an error status: Shopify's backup rates); a late call still fills
 * the cache for the next request. This module decides;
 * the cache is prices-cache.server.ts, the call service-prices.server.ts, the shop's Shopify
 * locations shop-locations.server.ts, one call per key single-flight.ts.
 */

/**
 * How a quote came about. With rates: `cache`, `service`, `stale`. Without: `none`, the parcel
 * genuinely cannot be shipped as offered (rates off, no courier serves the route, nothing to
 * ship, another currency), which Shopify may keep for 15 minutes; `failed`, the app could not
 * price it now (service down or slow, Redis down, the shop's key or origin missing), answered with
 * an error status so that Shopify shows the merchant's backup rates and asks again in 30 seconds;
 * `refused`, a request that is not this shop's checkout (another shop's token or location).
 */
export type QuoteOutcome = "cache" | "service" | "stale" | "none" | "failed" | "refused";

export interface Quote {
  rates: ShopifyRate[];
  outcome: QuoteOutcome;
  /** Why there are no rates, or why they are older than the cache's freshness, as a message. */
  reason: Said | null;
  /** The pickup location's name the parcel was priced from, or the origin postal code. */
  origin: string | null;
}

type QuoteEnv = Pick<
  Env,
  | "ENCRYPTION_KEY"
  | "SHIPPING_API_BASE_URL"
  | "SHIPPING_API_TIMEOUT_MS"
  | "CHECKOUT_RATES_CACHE_SECONDS"
  | "QUEUE_PREFIX"
>;

export interface QuoteDeps {
  db: Queryable;
  redis: RedisConnection;
  limiter: ServiceRateLimiter;
  env: QuoteEnv;
  /** The shop's own Shopify locations (address), read from Shopify; cached here. */
  shopifyLocations: (shop: string) => Promise<OriginLocation[]>;
  now?: () => number;
  fetch?: typeof fetch;
}

/** The part of the time left that reading Shopify's locations (on a cold cache) may take. */
const LOCATIONS_SHARE = 0.25;

const without =
  (outcome: "none" | "failed" | "refused") =>
  (reason: Said, origin: string | null = null): Quote => ({ rates: [], outcome, reason, origin });
const none = without("none");
const failed = without("failed");
const refused = without("refused");

export interface QuoteOptions {
  /** Epoch ms by which the answer is due. */
  deadlineAt: number;
  /**
   * The callback token of the request's URL (app/shops/callback-token.server.ts): it must be the
   * shop's. Not for the preview, which the merchant asks for from the settings.
   */
  token?: string | null;
  /** The settings page's preview: prices even when rates at checkout are off, with an offer not saved yet, from the default pickup. */
  preview?: { offer: CheckoutRates };
}

export async function quoteCheckout(
  deps: QuoteDeps,
  shop: string,
  rate: RateRequest,
  options: QuoteOptions,
): Promise<Quote> {
  const now = deps.now ?? Date.now;
  const row = await getShop(deps.db, shop);
  if (!row?.installed) return none(said("ratesNotInstalled"));
  if (!options.preview && !row.carrierServiceId) return none(said("ratesOff"));
  // A signed body replayed under another shop's header: that shop's token is not in its URL.
  if (!options.preview && !acceptsRateRequest(row, options.token ?? null))
    return refused(said("ratesForeignToken"));
  const apiKey = shippingApiKeyOf(row, deps.env.ENCRYPTION_KEY);
  if (!apiKey) return failed(said("ratesNoKey"));
  const settings = parseShopSettings(row.settings);
  const offer = options.preview?.offer ?? settings.checkoutRates;
  if (rate.currency.toUpperCase() !== "IDR")
    return none(said("ratesCurrency", { currency: rate.currency }));
  const parcel = parcelOf(rate);
  if (parcel.grams <= 0 && rate.items.every((i) => i.requires_shipping === false))
    return none(said("ratesNothingToShip"));

  // A connection still being made (the process's first request) is waited for, briefly.
  if (!(await whenReady(deps.redis, Math.min(options.deadlineAt - 200 - now(), 1_000))))
    return failed(said("ratesRedisDown"));
  const origin = options.preview
    ? { pickup: settings.pickup, via: "default pickup" as const }
    : originFor(
        settings,
        rate.origin,
        await cachedLocations(deps, shop, now() + (options.deadlineAt - now()) * LOCATIONS_SHARE),
      );
  if (origin.via === "none of the shop's locations") return refused(said("ratesForeignOrigin"));
  const originPostal = origin.pickup?.postalCode ?? postalCodeOf(rate.origin);
  const originPoint =
    origin.pickup?.latitude !== undefined && origin.pickup.longitude !== undefined
      ? { latitude: origin.pickup.latitude, longitude: origin.pickup.longitude }
      : null;
  const originName =
    origin.pickup?.contactName ?? (originPostal !== null ? String(originPostal) : null);
  if (originPostal === null && !originPoint) return failed(said("ratesNoOriginPostal"));
  const destinationPostal = postalCodeOf(rate.destination);
  const destinationPoint = coordinatesOf(rate.destination);
  if (destinationPostal === null && !destinationPoint)
    return none(said("ratesNoDestinationPostal"), originName);
  const couriers = couriersToAsk(offer, Boolean(originPoint && destinationPoint));
  if (couriers.length === 0)
    return none(
      said(offer.services.length === 0 ? "ratesNoCourierChosen" : "ratesInstantOnly"),
      originName,
    );

  const weight = weightBandKg(parcel.grams) * 1000;
  const insured = settings.insurance ? valueBand(parcel.value) : null;
  const request: RatesRequest = {
    ...(originPostal !== null ? { origin_postal_code: originPostal } : {}),
    ...(originPoint && destinationPoint
      ? { origin_latitude: originPoint.latitude, origin_longitude: originPoint.longitude }
      : {}),
    ...(destinationPostal !== null ? { destination_postal_code: destinationPostal } : {}),
    ...(originPoint && destinationPoint
      ? {
          destination_latitude: destinationPoint.latitude,
          destination_longitude: destinationPoint.longitude,
        }
      : {}),
    couriers: couriers.join(","),
    // The goods' value prices only insurance: declared (by its band) only then, so one answer serves every cart of the band.
    items: [{ name: "Parcel", value: insured ?? 0, quantity: 1, weight }],
    ...(insured !== null ? { courier_insurance: insured } : {}),
  };
  const cacheSeconds = deps.env.CHECKOUT_RATES_CACHE_SECONDS;
  const key = pricesCacheKey(deps.env.QUEUE_PREFIX, apiKey, request);
  const cached = cacheSeconds > 0 ? await readPrices(deps.redis, key) : null;
  const priced = (prices: ServicePrice[], outcome: QuoteOutcome, reason: Said | null): Quote => {
    const rates = offeredRates(prices, offer, parcel, new Date(now()));
    return {
      rates,
      outcome,
      reason: rates.length === 0 ? (reason ?? said("ratesNoCourierServes")) : reason,
      origin: originName,
    };
  };
  if (cached && now() - cached.at < cacheSeconds * 1000)
    return priced(cached.prices, "cache", null);

  const client = createShippingClient({
    baseUrl: row.shippingBaseUrl ?? deps.env.SHIPPING_API_BASE_URL,
    apiKey,
    timeoutMs: deps.env.SHIPPING_API_TIMEOUT_MS,
    retries: 0,
    fetch: deps.fetch,
  });
  const call = servicePrices({
    client,
    limiter: deps.limiter,
    redis: deps.redis,
    apiKey,
    request,
    key,
    cacheSeconds,
    deadlineAt: options.deadlineAt,
    now,
  });
  try {
    return priced(await byDeadline(call, options.deadlineAt, now), "service", null);
  } catch (error) {
    const reason =
      error instanceof Late
        ? said("ratesServiceLate")
        : error instanceof RatesBusy
          ? said("ratesKeyBusy")
          : error instanceof ShippingError
            ? said("ratesServiceFailed", { detail: error.message })
            : said("ratesUnreadable", { detail: (error as Error).message });
    if (cached)
      return priced(
        cached.prices,
        "stale",
        said("ratesStale", { reason, seconds: Math.round((now() - cached.at) / 1000) }),
      );
    return failed(reason, originName);
  }
}
