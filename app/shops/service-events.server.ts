import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { shops } from "../db/schema";

/**
 * When the shipping service last reached a shop's events URL (`shops.service_events_at`): its
 * registration ping when the merchant saved the URL in the service's dashboard, or any event. The
 * setup guide's events step is done once it is set (app/shops/setup-guide.ts), and the settings'
 * events card says when it last did. Kept to the minute: a busy shop's hundreds of events a minute
 * write it at most once a minute.
 */
export const SERVICE_EVENTS_PRECISION_MS = 60_000;

/** Whether a call at `now` moves the shop's last-reached time on (none yet, or older than a minute). */
function reachedIsNews(last: Date | null, now: Date): boolean {
  return last === null || now.getTime() - last.getTime() >= SERVICE_EVENTS_PRECISION_MS;
}

/**
 * Notes that the service reached the shop's events URL at `now`, when that is news (one statement,
 * which also leaves a time another request moved on in the meantime as it is).
 */
export async function noteServiceReached(
  db: Queryable,
  shop: string,
  last: Date | null,
  now = new Date(),
): Promise<void> {
  if (!reachedIsNews(last, now)) return;
  await db
    .update(shops)
    .set({ serviceEventsAt: now })
    .where(
      and(
        eq(shops.shop, shop),
        or(
          isNull(shops.serviceEventsAt),
          lt(shops.serviceEventsAt, new Date(now.getTime() - SERVICE_EVENTS_PRECISION_MS)),
        ),
      ),
    );
}
