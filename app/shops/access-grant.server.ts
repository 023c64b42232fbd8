import { and, eq } from "drizzle-orm";
import { missingScopes } from "../admin-api/access-scopes";
import { GRANTED_SCOPES_QUERY } from "../admin-api/operations/shop";
import { adminRequest, type AdminGraphql } from "../admin-api/request";
import type { Queryable as Db } from "../db/client.server";
import { fulfillmentEvents, sessionTable } from "../db/schema";
import type { enqueue as enqueueFns } from "../jobs/queues.server";
import type { Logger } from "../platform/logger.server";

/**
 * What the shop granted the app, against what the app asks for (SCOPES, as shopify.app.toml
 * requests it). A shop installed before the app asked for a scope keeps working without it until
 * the merchant approves it (Shopify asks when the app is next opened); what needed it waits:
 * the courier's progress is kept `pending` (worker/processors/fulfillment-events.ts) and goes out,
 * in order and once, when the grant arrives, whichever way the app learns of it first:
 * - Shopify's `app/scopes_update` delivery (app/webhooks/inline-topics.server.ts), which queues
 *   the refresh-grant job (worker/processors/refresh-grant.ts): Shopify is asked for the grant,
 *   the delivery's body is never taken for it;
 * - an admin page loaded while the stored grant lacks a scope: Shopify is asked for the grant
 *   (`currentAppInstallation`), the stored copy may be behind it.
 */

/** A scope the app asks for and the shop has not granted (its purpose: `scopes.purpose.<scope>`). */
export interface MissingScope {
  scope: string;
}

const described = (scopes: readonly string[]): MissingScope[] => scopes.map((scope) => ({ scope }));

/** The scopes the app is configured to ask for (SCOPES: a comma-separated list). */
export const configuredScopes = (scopes: string): string[] =>
  scopes
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** Keeps the stored sessions' copy of the grant in step with Shopify's (each session of the shop). */
export async function recordGrant(db: Db, shop: string, granted: readonly string[]): Promise<void> {
  await db
    .update(sessionTable)
    .set({ scope: granted.join(",") })
    .where(eq(sessionTable.shop, shop));
}

/**
 * The shop's courier progress that waited for a grant: each shipment with an entry still pending
 * gets its fulfillment-events job (one per shipment; the job sends its entries in order, once).
 * How many shipments were queued.
 */
export async function releaseWaitingProgress(
  db: Db,
  enqueue: Pick<typeof enqueueFns, "fulfillmentEvents">,
  shop: string,
): Promise<number> {
  const waiting = await db
    .selectDistinct({ shipmentId: fulfillmentEvents.shipmentId })
    .from(fulfillmentEvents)
    .where(and(eq(fulfillmentEvents.shop, shop), eq(fulfillmentEvents.state, "pending")));
  for (const { shipmentId } of waiting) await enqueue.fulfillmentEvents(shop, shipmentId);
  return waiting.length;
}

/** What Shopify says the shop granted the app now (`currentAppInstallation`: no scope needed). */
export async function grantedScopes(graphql: AdminGraphql, shop: string): Promise<string[]> {
  const { currentAppInstallation } = await adminRequest(graphql, shop, GRANTED_SCOPES_QUERY, {});
  return currentAppInstallation.accessScopes.map((s) => s.handle);
}

export interface GrantDeps {
  db: Db;
  graphql: AdminGraphql;
  enqueue: Pick<typeof enqueueFns, "fulfillmentEvents">;
  logger: Logger;
}

/**
 * At an admin page's load: the scopes the shop still has to approve, with what each is for.
 * Nothing is asked of Shopify while the stored grant covers every scope (the usual case). When it
 * lacks one, Shopify says what is granted now; a scope granted since (its `app/scopes_update` not
 * in yet) releases the waiting progress and is then recorded. Shopify unreachable: the stored
 * grant is the answer, and the next load asks again.
 */
export async function scopesToApprove(
  deps: GrantDeps,
  shop: string,
  required: readonly string[],
  stored: string | undefined,
): Promise<MissingScope[]> {
  const missing = missingScopes(required, stored);
  if (missing.length === 0) return [];
  let granted: string[];
  try {
    granted = await grantedScopes(deps.graphql, shop);
  } catch (error) {
    deps.logger.warn(
      { shop, err: error instanceof Error ? error.message : String(error) },
      "could not read the shop's grant from Shopify; the stored one is shown",
    );
    return described(missing);
  }
  const still = missingScopes(required, granted);
  if (still.length < missing.length) {
    // Queued before the grant is recorded: if queueing fails, the next load finds it missing again.
    await releaseWaitingProgress(deps.db, deps.enqueue, shop);
    await recordGrant(deps.db, shop, granted);
    deps.logger.info(
      { shop, granted: missing.filter((s) => !still.includes(s)) },
      "scopes granted",
    );
  }
  return described(still);
}
