import { db } from "../db/index.server";
import { byDeadline, Late } from "../platform/deadline";
import { getEnv } from "../platform/env.server";
import type { HeaderGetter } from "../platform/http.server";
import { producerConnection } from "../jobs/queues.server";
import { logger } from "../platform/logger.server";
import { inEnglish, said } from "../i18n/said";
import { ratesAnswers } from "../platform/metrics.server";
import { shopifyAdminGraphql } from "../admin-api/gateway.server";
import { ServiceRateLimiter } from "../shipping/limiter.server";
import { shopifyLocations } from "../shops/shopify-locations.server";
import { verifyShopifySignature, WebhookRejected } from "../webhooks/verify.server";
import { rateRequestSchema } from "./offer";
import { recordRatesProblem } from "./problems.server";
import { quoteCheckout, type QuoteDeps } from "./quote.server";

/**
 * POST /carrier-service/rates: Shopify asks for the checkout's rates (the carrier service the app
 * registers, carrier-service.server.ts). Signed like a webhook; answered within
 * CHECKOUT_RATES_DEADLINE_MS. What each answer means to Shopify (DeliveryCarrierService, "special
 * conditions" and "server-side caching"):
 * - 200 with rates: the checkout shows them.
 * - 200 with no rates: "this request cannot be handled", kept by Shopify for 15 minutes; said
 *   only when the parcel genuinely cannot be shipped as offered (rates off, no offered courier
 *   serves the route, nothing to ship, another currency).
 * - 503: the app could not price it now (the service down or late with nothing cached, Redis or
 *   the database slow or down, the shop's key or origin missing, a bug): Shopify shows the
 *   merchant's backup rates and asks again after 30 seconds.
 * - 401 unsigned, 400 not a rate request, 403 not this shop's checkout (another shop's callback
 *   token or location): refused, and Shopify falls back to the backup rates too.
 * Served ahead of Remix by server.ts (like the order webhooks) and by the Remix route in development.
 */
export { CARRIER_SERVICE_PATH } from "./offer";

export interface RateAnswer {
  status: number;
  body: unknown;
}

let deps: QuoteDeps | undefined;
/** The production dependencies of a quote: the app's database, Redis, limiter and Admin API. */
export function productionDeps(): QuoteDeps {
  const env = getEnv();
  deps ??= {
    db,
    redis: producerConnection(),
    limiter: new ServiceRateLimiter(producerConnection(), env.QUEUE_PREFIX),
    env,
    shopifyLocations: async (shop) =>
      (await shopifyLocations(shopifyAdminGraphql, shop)).map((l) => ({
        id: l.id,
        address1: l.address.address1 ?? null,
        zip: l.address.zip ?? null,
      })),
  };
  return deps;
}

/** `token`: the `token` parameter of the request's URL (the shop's callback token). */
export async function answerRateRequest(
  rawBody: string,
  header: HeaderGetter,
  token: string | null = null,
  quoteDeps: QuoteDeps = productionDeps(),
): Promise<RateAnswer> {
  const started = Date.now();
  const env = getEnv();
  let shop: string;
  try {
    shop = verifyShopifySignature(rawBody, header, env.SHOPIFY_API_SECRET);
  } catch (error) {
    if (error instanceof WebhookRejected) {
      ratesAnswers.inc({ outcome: "refused" });
      return { status: error.status, body: { error: error.message } };
    }
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    ratesAnswers.inc({ outcome: "refused" });
    return { status: 400, body: { error: "The body is not JSON" } };
  }
  const parsed = rateRequestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    ratesAnswers.inc({ outcome: "refused" });
    return {
      status: 400,
      body: { error: `Not a rate request: ${issue?.path.join(".")}: ${issue?.message}` },
    };
  }
  // The quote is due a little before the deadline, so that the answer is written and sent by it.
  const deadlineAt = started + env.CHECKOUT_RATES_DEADLINE_MS - 100;
  const log = logger.child({ shop, route: "carrier-service" });
  try {
    // Whatever is slow (the database, Redis), the answer is due by the deadline.
    const quote = await byDeadline(
      quoteCheckout(quoteDeps, shop, parsed.data.rate, { deadlineAt, token }),
      deadlineAt + 50,
    );
    const ms = Date.now() - started;
    const { outcome } = quote;
    // The logs and Shopify read the reason in English; the settings card in the merchant's words.
    const reason = quote.reason ? inEnglish(quote.reason) : null;
    if (outcome === "cache" || outcome === "service")
      log.debug({ ms, outcome, rates: quote.rates.length }, "rates at checkout");
    else {
      log.info({ ms, outcome, reason }, "rates at checkout");
      if (quote.reason)
        void recordRatesProblem(quoteDeps.redis, env.QUEUE_PREFIX, shop, quote.reason);
    }
    ratesAnswers.inc({
      outcome:
        quote.rates.length > 0 || outcome === "failed" || outcome === "refused" ? outcome : "none",
    });
    if (outcome === "failed") return { status: 503, body: { error: reason } };
    if (outcome === "refused") return { status: 403, body: { error: reason } };
    return { status: 200, body: { rates: quote.rates } };
  } catch (error) {
    if (error instanceof Late) {
      log.warn(
        { ms: Date.now() - started },
        "rates at checkout: no answer by the deadline; answered 503 (backup rates)",
      );
      void recordRatesProblem(quoteDeps.redis, env.QUEUE_PREFIX, shop, said("ratesDeadline"));
    } else
      log.error(
        { err: (error as Error).message },
        "rates at checkout failed; answered 503 (backup rates)",
      );
    ratesAnswers.inc({ outcome: error instanceof Late ? "late" : "error" });
    return {
      status: 503,
      body: {
        error: error instanceof Late ? "rates were not ready by the deadline" : "rates failed",
      },
    };
  }
}
