import { db } from "../db/index.server";
import { byDeadline, Late } from "../platform/deadline";
import { getEnv } from "../platform/env.server";
import type { HeaderGetter } from "../platform/http.server";
import { producerConnection } from "../jobs/queues.server";
import { logger } from "../platform/logger.server";
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
 * CHECKOUT_RATES_DEADLINE_MS, always 200 with `{rates}` once the signature holds: a service
 * outage, a slow Shopify or Redis, or a bug answers no rates rather than an error. Only a request
 * Shopify did not sign (401) or a signed body that is not a rate request (400) is refused.
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
    if (quote.outcome === "none" || quote.outcome === "stale") {
      log.info({ ms, outcome: quote.outcome, reason: quote.reason }, "rates at checkout");
      if (quote.reason)
        void recordRatesProblem(quoteDeps.redis, env.QUEUE_PREFIX, shop, quote.reason);
    } else
      log.debug({ ms, outcome: quote.outcome, rates: quote.rates.length }, "rates at checkout");
    ratesAnswers.inc({ outcome: quote.rates.length > 0 ? quote.outcome : "none" });
    return { status: 200, body: { rates: quote.rates } };
  } catch (error) {
    if (error instanceof Late) {
      log.warn(
        { ms: Date.now() - started },
        "rates at checkout: no answer by the deadline; answered no rates",
      );
      void recordRatesProblem(
        quoteDeps.redis,
        env.QUEUE_PREFIX,
        shop,
        "the answer was not ready by the deadline (database or Redis slow)",
      );
    } else
      log.error({ err: (error as Error).message }, "rates at checkout failed; answered no rates");
    ratesAnswers.inc({ outcome: error instanceof Late ? "late" : "error" });
    return { status: 200, body: { rates: [] } };
  }
}
