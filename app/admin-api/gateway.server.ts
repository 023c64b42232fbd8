import { assertOutsideTransaction } from "../db/transaction-scope";
import { isThrottled, ShopNotConnectedError, type AdminGraphql } from "./request";

/**
 * The production AdminGraphql: a shop's Admin GraphQL API through its offline session
 * (unauthenticated.admin of @shopify/shopify-app-remix), the one way the app and the worker reach
 * Shopify's Admin API.
 *
 * - A shop without an offline session (uninstalled, never authenticated) is ShopNotConnectedError.
 * - A failure of the request itself (the network, a 5xx, an HTTP 429) is not retried here: it
 *   throws, and the job that asked retries with its backoff (one layer of retries, not two: with
 *   Shopify's client retrying too, a maintenance pass over many shops with Shopify unreachable
 *   took three times as long, and a worker's shutdown waited for it).
 * - A THROTTLED answer (the shop's query-cost bucket is empty) is retried after the time Shopify's
 *   cost figures say the bucket needs to refill for the query, at most THROTTLE_RETRIES times and
 *   never longer than MAX_THROTTLE_WAIT_MS at once; still throttled, the answer is given back and
 *   checkErrors throws AdminGraphqlError(throttled), which the job's own retry and backoff take.
 * - GraphQL errors come back as Shopify's answer (`errors`), which Shopify's client throws as
 *   GraphqlQueryError: the caller reads one shape, from here and from the fake Admin API alike.
 * - Never inside a database transaction (it would hold the transaction across the network).
 */
export const shopifyAdminGraphql: AdminGraphql = (shop, document, variables) =>
  send(shop, document, variables);

async function send(
  shop: string,
  document: string,
  variables: Record<string, unknown>,
): Promise<unknown> {
  assertOutsideTransaction("an Admin API call");
  const { unauthenticated } = await import("../shopify.server");
  const { SessionNotFoundError } = await import("@shopify/shopify-app-remix/server");
  const { GraphqlQueryError } = await import("@shopify/shopify-api");
  let admin;
  try {
    ({ admin } = await unauthenticated.admin(shop));
  } catch (error) {
    if (error instanceof SessionNotFoundError)
      throw new ShopNotConnectedError(`${shop} has no offline session`);
    throw error;
  }
  const once = async (): Promise<unknown> => {
    try {
      const response = await admin.graphql(document, { variables });
      return await response.json();
    } catch (error) {
      if (error instanceof GraphqlQueryError && error.body) return graphqlAnswer(error.body);
      throw error;
    }
  };
  return retryThrottled(once);
}

export const THROTTLE_RETRIES = 2;
export const MAX_THROTTLE_WAIT_MS = 10_000;

/** Shopify's client's thrown answer ({data, errors: {graphQLErrors}, extensions}) in GraphQL's own shape. */
export function graphqlAnswer(body: Record<string, unknown>): unknown {
  const errors = body.errors as { graphQLErrors?: unknown; message?: unknown } | undefined;
  return {
    data: body.data,
    errors: errors?.graphQLErrors ?? [{ message: String(errors?.message ?? "GraphQL error") }],
    extensions: body.extensions,
  };
}

/**
 * How long until the shop's bucket holds the query's cost again, from Shopify's answer
 * (extensions.cost: requestedQueryCost, throttleStatus.currentlyAvailable and restoreRate per
 * second); one second when the answer does not say.
 */
export function throttleWaitMs(body: unknown): number {
  const cost = (body as { extensions?: { cost?: Record<string, unknown> } } | null)?.extensions
    ?.cost;
  const status = cost?.throttleStatus as Record<string, unknown> | undefined;
  const requested = Number(cost?.requestedQueryCost);
  const available = Number(status?.currentlyAvailable);
  const restoreRate = Number(status?.restoreRate);
  if (![requested, available, restoreRate].every(Number.isFinite) || restoreRate <= 0) return 1000;
  const seconds = Math.max(0, requested - available) / restoreRate;
  return Math.min(MAX_THROTTLE_WAIT_MS, Math.max(100, Math.ceil(seconds * 1000)));
}

/** Sends, and sends again after the refill time while Shopify answers THROTTLED (at most THROTTLE_RETRIES more). */
export async function retryThrottled(
  send: () => Promise<unknown>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<unknown> {
  let body = await send();
  for (let retry = 0; retry < THROTTLE_RETRIES && isThrottled(body); retry++) {
    await sleep(throttleWaitMs(body));
    body = await send();
  }
  return body;
}
