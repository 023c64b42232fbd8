import type { RedisConnection } from "../platform/redis.server";
import type { createShippingClient } from "../shipping/client.server";
import { CODES, type RatesRequest } from "../shipping/contract";
import { ShippingValidationError } from "../shipping/errors";
import type { ServiceRateLimiter } from "../shipping/limiter.server";
import type { ServicePrice } from "./offer";
import { STALE_SECONDS, writePrices } from "./prices-cache.server";
import { shared } from "./single-flight";

/**
 * One call to the service's rates operation for a checkout: one per request key at a time in
 * this process, paced by the same per-key limiter as the worker (a slot is taken only if it
 * leaves the call time to answer by the deadline), its answer cached for the next requests.
 */

/** The time left for the service's answer after waiting for a slot of the key's rates limit. */
const CALL_BUDGET_MS = 600;

/** No slot of the key's rates limit early enough to answer by the deadline. */
export class RatesBusy extends Error {}

export interface ServicePricesCall {
  client: ReturnType<typeof createShippingClient>;
  limiter: ServiceRateLimiter;
  redis: RedisConnection;
  apiKey: string;
  request: RatesRequest;
  /** The request's cache key (prices-cache.server.ts). */
  key: string;
  /** 0: not cached. */
  cacheSeconds: number;
  /** Epoch ms by which the answer is due. */
  deadlineAt: number;
  now: () => number;
}

export function servicePrices(call: ServicePricesCall): Promise<ServicePrice[]> {
  return shared(call.key, async () => {
    const wait = await call.limiter.reserveWithin(
      call.apiKey,
      "rates",
      call.deadlineAt - call.now() - CALL_BUDGET_MS,
    );
    // A slot so late that the call could not answer by the deadline is not taken (it would only delay others).
    if (wait === null) throw new RatesBusy();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    let prices: ServicePrice[];
    try {
      const answer = await call.client.getRates(call.request);
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
    if (call.cacheSeconds > 0)
      await writePrices(
        call.redis,
        call.key,
        { at: call.now(), prices },
        Math.max(call.cacheSeconds, STALE_SECONDS),
      ).catch(() => undefined);
    return prices;
  });
}

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
