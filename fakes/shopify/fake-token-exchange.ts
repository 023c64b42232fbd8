import { jwtVerify } from "jose";

/**
 * Shopify's token exchange (`POST https://{shop}/admin/oauth/access_token`, grant type
 * `urn:ietf:params:oauth:grant-type:token-exchange`) as its documentation describes it
 * (https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/token-exchange):
 * the app's client id and secret, and the merchant's session token (an ID token App Bridge gave
 * the app) as the subject token, for an offline access token of the shop. "If your session token
 * is expired or otherwise invalid, then the token exchange request fails with an HTTP status code
 * of 400 Bad Request", with `invalid_subject_token`: a token that does not verify with the app's
 * secret, has expired, was issued for another app or another shop, or names a shop the app is not
 * installed on (Shopify issues session tokens only to installed apps; an uninstall revokes them).
 *
 * Only the offline token is exchanged here: the app asks for no online token
 * (app/shopify.server.ts), and the fake answers that request 400 `invalid_request`.
 */

export interface TokenExchangeApp {
  apiKey: string;
  apiSecret: string;
}

export type ExchangeAnswer = { status: number; body: Record<string, unknown> };

const GRANT_TYPE = "urn:ietf:params:oauth:grant-type:token-exchange";
const ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token";
const OFFLINE = "urn:shopify:params:oauth:token-type:offline-access-token";

const refused = (error: string, description: string): ExchangeAnswer => ({
  status: error === "invalid_client" ? 401 : 400,
  body: { error, error_description: description },
});

/**
 * The answer to one exchange request for `shop`. `installedToken`: the shop's access token while
 * the app is installed (the one the fake's Admin API accepts), null otherwise; `scopes`: what the
 * shop granted.
 */
export async function exchangeToken(
  app: TokenExchangeApp,
  shop: string,
  body: Record<string, unknown>,
  installedToken: string | null,
  scopes: readonly string[],
): Promise<ExchangeAnswer> {
  if (body.client_id !== app.apiKey || body.client_secret !== app.apiSecret)
    return refused("invalid_client", "Client authentication failed");
  if (body.grant_type !== GRANT_TYPE || body.subject_token_type !== ID_TOKEN)
    return refused("invalid_request", "grant_type or subject_token_type is not supported");
  if ((body.requested_token_type ?? OFFLINE) !== OFFLINE)
    return refused("invalid_request", "only offline access tokens are exchanged here");
  const subject = typeof body.subject_token === "string" ? body.subject_token : "";
  try {
    const { payload } = await jwtVerify(subject, new TextEncoder().encode(app.apiSecret), {
      algorithms: ["HS256"],
      audience: app.apiKey,
      clockTolerance: 5,
    });
    if (typeof payload.dest !== "string" || new URL(payload.dest).hostname !== shop)
      return refused("invalid_subject_token", "The session token was issued for another shop");
  } catch {
    return refused("invalid_subject_token", "The session token is invalid or has expired");
  }
  if (!installedToken)
    return refused("invalid_subject_token", "The app is not installed on this shop");
  return {
    status: 200,
    body: {
      access_token: installedToken,
      scope: scopes.join(","),
      // Expiring offline tokens (the app asks with `expiring: 1`): an hour, refreshable for 90 days.
      expires_in: 3600,
      refresh_token: `shprt_${installedToken.slice(6)}`,
      refresh_token_expires_in: 90 * 24 * 3600,
    },
  };
}
