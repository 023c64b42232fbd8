import type { shops } from "../db/schema";
import { eventsUrlFor, previousTokenUntil, type TokenFacts } from "./callback-token.server";
import { getEnv } from "../platform/env.server";

/** What the settings page's events URL card shows: the URL, and what still answers beside it. */
export interface EventsCardFacts {
  url: string;
  /** Until when the URL before the last new one is still accepted (ISO), or null. */
  previousUntil: string | null;
  /** Until when rate requests without a token are still answered (a carrier service registered before tokens; ISO), or null. */
  tokenlessUntil: string | null;
  /** Rates at checkout still wait for Shopify to take the current URL. */
  ratesPending: boolean;
  /** When the service last reached the shop's events URL (ISO, to the minute), or null: never. */
  reachedAt: string | null;
}

export function eventsCardFacts(
  row: TokenFacts & Pick<typeof shops.$inferSelect, "carrierServiceId" | "serviceEventsAt">,
  token: string,
  now = new Date(),
): EventsCardFacts {
  const tokenless =
    row.carrierCallbackTokenHash === null &&
    row.carrierTokenlessUntil !== null &&
    row.carrierTokenlessUntil > now
      ? row.carrierTokenlessUntil
      : null;
  return {
    url: eventsUrlFor(getEnv().SHOPIFY_APP_URL, token),
    previousUntil: previousTokenUntil(row, now)?.toISOString() ?? null,
    tokenlessUntil: tokenless?.toISOString() ?? null,
    ratesPending:
      row.carrierServiceId !== null && row.carrierCallbackTokenHash !== row.callbackTokenHash,
    reachedAt: row.serviceEventsAt?.toISOString() ?? null,
  };
}
