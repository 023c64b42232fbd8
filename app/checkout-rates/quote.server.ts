import crypto from "node:crypto";
import type { Redis } from "ioredis";
import { byDeadline, Late } from "../deadline";
import { whenReady } from "../redis.server";
import type { Queryable } from "../db/client.server";
import type { Env } from "../env.server";
import { createShippingClient } from "../shipping/client.server";
import { CODES, type RatesRequest } from "../shipping/contract";
import { ShippingError, ShippingValidationError } from "../shipping/errors";
import type { ServiceRateLimiter } from "../shipping/limiter.server";
import { parseShopSettings, type CheckoutRates } from "../shops/settings";
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

/**
 * The checkout's rates for one request, always by a deadline: the service's prices for the
 * parcel's origin, destination postal code, weight band and couriers come from a shared cache
 * (Redis) when a fresh answer is there, else from one call to the service's rates operation (one
 * per key at a time in this process: identical requests wait for the same call), paced by the
 * same per-key limiter as the worker. Whatever the service does, the answer comes by the
 * deadline: a late or failed call answers from an older cached answer when there is one, else
 * with no rates; a late call still fills the cache for the next request.
 */

export type QuoteOutcome = "cache" | "service" | "stale" | "none";

export interface Quote {
  rates: ShopifyRate[];
  outcome: QuoteOutcome;
  /** Why there are no rates, or why they are older than the cache's freshness. */
  reason: string | null;
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
  redis: Redis;
  limiter: ServiceRateLimiter;
  env: QuoteEnv;
  /** The shop's own Shopify locations (address), read from Shopify; cached here. */
  shopifyLocations: (shop: string) => Promise<OriginLocation[]>;
  now?: () => number;
  fetch?: typeof fetch;
}

/** Older answers are kept this long, to answer when the service fails or is late. */
const STALE_SECONDS = 3600;
/** The shop's Shopify locations are read again after this long. */
const LOCATIONS_SECONDS = 900;
/** The part of the time left that reading Shopify's locations (on a cold cache) may take. */
const LOCATIONS_SHARE = 0.25;
/** After Shopify failed to give a shop's locations, requests do not wait for them again for this long. */
const LOCATIONS_RETRY_MS = 60_000;
const locationsFailedAt = new Map<string, number>();
/** The time left for the service's answer after waiting for a slot of the key's rates limit. */
const CALL_BUDGET_MS = 600;

interface CachedPrices {
  at: number;
  prices: ServicePrice[];
}

const inflight = new Map<string, Promise<unknown>>();
/** One call per key at a time in this process: later identical requests wait for the first. */
function shared<T>(key: string, work: () => Promise<T>): Promise<T> {
  const running = inflight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const started = work().finally(() => inflight.delete(key));
  inflight.set(key, started);
  return started;
}

const none = (reason: string, origin: string | null = null): Quote => ({
  rates: [],
  outcome: "none",
  reason,
  origin,
});

export interface QuoteOptions {
  /** Epoch ms by which the answer is due. */
  deadlineAt: number;
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
  if (!row?.installed) return none("the app is not installed in this shop");
  if (!options.preview && !row.carrierServiceId) return none("rates at checkout are off");
  const apiKey = shippingApiKeyOf(row, deps.env.ENCRYPTION_KEY);
  if (!apiKey) return none("the shop has no shipping API key");
  const settings = parseShopSettings(row.settings);
  const offer = options.preview?.offer ?? settings.checkoutRates;
  if (rate.currency.toUpperCase() !== "IDR")
    return none(`the service prices in rupiah (IDR); this checkout is in ${rate.currency}`);
  const parcel = parcelOf(rate);
  if (parcel.grams <= 0 && rate.items.every((i) => i.requires_shipping === false))
    return none("nothing in the cart needs shipping");

  // A connection still being made (the process's first request) is waited for, briefly.
  if (!(await whenReady(deps.redis, Math.min(options.deadlineAt - 200 - now(), 1_000))))
    return none("Redis (the cache and the key's rates limit) is not reachable");
  const origin = options.preview
    ? { pickup: settings.pickup, via: "default pickup" as const }
    : originFor(
        settings,
        rate.origin,
        await cachedLocations(deps, shop, now() + (options.deadlineAt - now()) * LOCATIONS_SHARE),
      );
  const originPostal = origin.pickup?.postalCode ?? postalCodeOf(rate.origin);
  const originPoint =
    origin.pickup?.latitude !== undefined && origin.pickup.longitude !== undefined
      ? { latitude: origin.pickup.latitude, longitude: origin.pickup.longitude }
      : null;
  const originName =
    origin.pickup?.contactName ?? (originPostal !== null ? String(originPostal) : null);
  if (originPostal === null && !originPoint)
    return none("the origin has no postal code and no pickup location matches it");
  const destinationPostal = postalCodeOf(rate.destination);
  const destinationPoint = coordinatesOf(rate.destination);
  if (destinationPostal === null && !destinationPoint)
    return none("the destination has no 5-digit postal code", originName);
  const couriers = couriersToAsk(offer, Boolean(originPoint && destinationPoint));
  if (couriers.length === 0)
    return none(
      offer.services.length === 0
        ? "no courier service is chosen for the checkout"
        : "only instant couriers are offered, and they need both sides' coordinates",
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
  const key = cacheKey(deps.env.QUEUE_PREFIX, apiKey, request);
  const cached = cacheSeconds > 0 ? await readCache(deps.redis, key) : null;
  const priced = (prices: ServicePrice[], outcome: QuoteOutcome, reason: string | null): Quote => {
    const rates = offeredRates(prices, offer, parcel, new Date(now()));
    return {
      rates,
      outcome,
      reason: rates.length === 0 ? (reason ?? "no offered courier serves this route") : reason,
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
  const call = shared(key, async (): Promise<ServicePrice[]> => {
    // A slot so late that the call could not answer by the deadline is not taken (it would only delay others).
    const wait = await deps.limiter.reserveWithin(
      apiKey,
      "rates",
      options.deadlineAt - now() - CALL_BUDGET_MS,
    );
    if (wait === null) throw new RatesBusy();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    let prices: ServicePrice[];
    try {
      const answer = await client.getRates(request);
      prices = answer.pricing.map(servicePrice);
    } catch (error) {
      // No courier for this route, or a postal code the service does not know: an answer, kept like one.
      if (!(
        error instanceof ShippingValidationError &&
        (error.code === CODES.ratesNoCourier || error.code === CODES.ratesInvalidPostalCode)
      ))
        throw error;
      prices = [];
    }
    if (cacheSeconds > 0)
      await writeCache(
        deps.redis,
        key,
        { at: now(), prices },
        Math.max(cacheSeconds, STALE_SECONDS),
      ).catch(() => undefined);
    return prices;
  });
  try {
    return priced(await byDeadline(call, options.deadlineAt, now), "service", null);
  } catch (error) {
    const reason =
      error instanceof Late
        ? "the shipping service did not answer in time"
        : error instanceof RatesBusy
          ? "the key's rates limit is in use by other requests"
          : error instanceof ShippingError
            ? `the shipping service failed: ${error.message}`
            : `rates could not be read: ${(error as Error).message}`;
    if (cached)
      return priced(
        cached.prices,
        "stale",
        `${reason}; prices from ${Math.round((now() - cached.at) / 1000)} s ago`,
      );
    return none(reason, originName);
  }
}

class RatesBusy extends Error {}

function servicePrice(p: {
  company: string;
  courier_code: string;
  courier_service_code: string;
  courier_name?: string | null;
  courier_service_name?: string | null;
  description?: string | null;
  price: number;
  shipment_duration_range?: string | null;
  shipment_duration_unit?: string | null;
}): ServicePrice {
  return {
    company: (p.courier_code || p.company).toLowerCase(),
    type: p.courier_service_code.toLowerCase(),
    courierName: p.courier_name ?? p.courier_code.toUpperCase(),
    serviceName: p.courier_service_name ?? p.courier_service_code.toUpperCase(),
    description: p.description ?? "",
    price: p.price,
    durationRange: p.shipment_duration_range ?? null,
    durationUnit: p.shipment_duration_unit ?? null,
  };
}

/** Per key (prices may differ between accounts; the key itself is hashed), and per request asked. */
function cacheKey(prefix: string, apiKey: string, request: RatesRequest): string {
  const digest = crypto
    .createHash("sha256")
    .update(apiKey)
    .update("\0")
    .update(JSON.stringify(request))
    .digest("hex")
    .slice(0, 32);
  return `${prefix}:checkout-rates:${digest}`;
}

async function readCache(redis: Redis, key: string): Promise<CachedPrices | null> {
  try {
    const raw = await redis.get(key);
    return raw ? (JSON.parse(raw) as CachedPrices) : null;
  } catch {
    // Redis down: price without the cache.
    return null;
  }
}

async function writeCache(
  redis: Redis,
  key: string,
  value: CachedPrices,
  seconds: number,
): Promise<void> {
  await redis.set(key, JSON.stringify(value), "EX", seconds);
}

/** The shop's Shopify locations from the cache, else from Shopify if it answers by `by`; null when neither. */
async function cachedLocations(
  deps: QuoteDeps,
  shop: string,
  by: number,
): Promise<OriginLocation[] | null> {
  const key = `${deps.env.QUEUE_PREFIX}:checkout-rates:locations:${shop}`;
  try {
    const raw = await deps.redis.get(key);
    if (raw) return JSON.parse(raw) as OriginLocation[];
  } catch {
    return null;
  }
  const now = deps.now ?? Date.now;
  const failedAt = locationsFailedAt.get(shop);
  if (failedAt !== undefined && now() - failedAt < LOCATIONS_RETRY_MS) return null;
  const read = shared(key, async () => {
    try {
      const locations = await deps.shopifyLocations(shop);
      locationsFailedAt.delete(shop);
      await deps.redis
        .set(key, JSON.stringify(locations), "EX", LOCATIONS_SECONDS)
        .catch(() => undefined);
      return locations;
    } catch (error) {
      locationsFailedAt.set(shop, now());
      throw error;
    }
  });
  try {
    return await byDeadline(read, by, now);
  } catch {
    return null;
  }
}

/** Forget a shop's cached Shopify locations (the merchant connected or changed one). */
export async function forgetShopLocations(
  redis: Redis,
  prefix: string,
  shop: string,
): Promise<void> {
  await redis.del(`${prefix}:checkout-rates:locations:${shop}`).catch(() => undefined);
}

/** A sample parcel to a postal code (and coordinates), as the settings page's preview asks. */
export function sampleRateRequest(sample: {
  postalCode: string;
  latitude: number | null;
  longitude: number | null;
  grams: number;
  value: number;
}): RateRequest {
  return {
    origin: {},
    destination: {
      country: "ID",
      postal_code: sample.postalCode,
      latitude: sample.latitude,
      longitude: sample.longitude,
    },
    items: [
      {
        name: "Sample parcel",
        quantity: 1,
        grams: sample.grams,
        price: Math.round(sample.value * 100),
        requires_shipping: true,
      },
    ],
    currency: "IDR",
  };
}
