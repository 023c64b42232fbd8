import { assertOutsideTransaction } from "../db/transaction-scope";
import { getEnv } from "../platform/env.server";
import { operationName, ShopNotConnectedError, type AdminGraphql } from "./request";
import { paced } from "./pacing";
import { adminSession, forgetAdminSession } from "./sessions.server";
import { ADMIN_API_VERSION } from "./version";

/**
 * The production AdminGraphql: a shop's Admin GraphQL API with its offline access token, the one
 * way the app and the worker reach Shopify's Admin API. One `fetch` per call: the token is kept per
 * shop (./sessions.server.ts) and no client object is built per call (building one through
 * `unauthenticated.admin` for each call cost more CPU than the call).
 *
 * - A shop without an offline session (uninstalled, never authenticated) is ShopNotConnectedError.
 * - A 401 loads the shop's session again and sends once more (another process may have stored a
 *   new token); refused again, the token is dead: ShopNotConnectedError.
 * - Each call has a deadline (SHOPIFY_ADMIN_TIMEOUT_MS, the answer read included): past it the call
 *   is abandoned with AdminTimeoutError, so a Shopify that never answers holds the job that asked
 *   for that long and no longer (the socket alone would wait minutes).
 * - Any other failure of the request itself (the network, a 5xx, an HTTP 429) is not retried here:
 *   it throws, and the job that asked retries with its backoff (one layer of retries, not two: with
 *   a client retrying too, a maintenance pass over many shops with Shopify unreachable took three
 *   times as long, and a worker's shutdown waited for it).
 * - Each call waits first until the shop's query-cost bucket holds what the query cost last time,
 *   as Shopify's last answer for the shop says (./pacing.ts): the gateway paces itself rather
 *   than being refused, and one shop's pace never holds another's calls back.
 * - A THROTTLED answer (the shop's query-cost bucket is empty) is retried after the time Shopify's
 *   cost figures say the bucket needs to refill for the query, at most THROTTLE_RETRIES times and
 *   never longer than MAX_THROTTLE_WAIT_MS at once; still throttled, the answer is given back and
 *   checkErrors throws AdminGraphqlError(throttled), which the job's own retry and backoff take.
 * - GraphQL errors come back as Shopify's answer (`errors`): the caller reads one shape, from here
 *   and from the fake Admin API alike.
 * - Never inside a database transaction (it would hold the transaction across the network).
 */
export const shopifyAdminGraphql: AdminGraphql = adminGateway(
  () => getEnv().SHOPIFY_ADMIN_TIMEOUT_MS,
);

/** The gateway with its deadline per call (ms), read at each call. */
export function adminGateway(deadlineMs: () => number): AdminGraphql {
  return paced(async (shop, document, variables) => {
    const ms = deadlineMs();
    try {
      return await send(shop, document, variables, AbortSignal.timeout(ms));
    } catch (error) {
      if (error instanceof DOMException && error.name === "TimeoutError")
        throw new AdminTimeoutError(
          `Shopify did not answer ${operationName(document) ?? "a query"} for ${shop} within ${ms} ms`,
        );
      throw error;
    }
  });
}

/** An Admin API call abandoned at its deadline: the job that made it retries with its backoff. */
export class AdminTimeoutError extends Error {
  override name = "AdminTimeoutError";
}

async function send(
  shop: string,
  document: string,
  variables: Record<string, unknown>,
  signal: AbortSignal,
): Promise<unknown> {
  assertOutsideTransaction("an Admin API call");
  const url = `https://${shop}/admin/api/${ADMIN_API_VERSION}/graphql.json`;
  const body = JSON.stringify({ query: document, variables });
  const post = async (reload: boolean) => {
    const { accessToken } = await adminSession(shop, reload);
    return fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        "x-shopify-access-token": accessToken,
        "user-agent": USER_AGENT,
      },
      body,
      signal,
    });
  };
  const once = async (): Promise<unknown> => {
    let response = await post(false);
    if (response.status === 401) {
      await response.body?.cancel();
      response = await post(true);
      if (response.status === 401) {
        await response.body?.cancel();
        forgetAdminSession(shop);
        throw new ShopNotConnectedError(`Shopify refused ${shop}'s access token`);
      }
    }
    if (!response.ok) {
      const text = (await response.text()).slice(0, 300);
      throw new Error(
        `Shopify answered HTTP ${response.status} to ${operationName(document) ?? "a query"}: ${text}`,
      );
    }
    return response.json();
  };
  return once();
}

const USER_AGENT = "parcelbridge (Shopify app; Admin GraphQL over fetch)";
