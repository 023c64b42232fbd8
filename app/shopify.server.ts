import "@shopify/shopify-app-remix/adapters/node";
import { ApiVersion, AppDistribution, shopifyApp } from "@shopify/shopify-app-remix/server";
import { DrizzleSessionStoragePostgres } from "@shopify/shopify-app-session-storage-drizzle";
import { SealedSessionStorage } from "./admin-api/sealed-sessions.server";
import { forgetAdminSession } from "./admin-api/session-store";
import { ADMIN_API_VERSION } from "./admin-api/version";
import { db } from "./db/index.server";
import { sessionTable } from "./db/schema";
import { getEnv } from "./platform/env.server";
import { logger } from "./platform/logger.server";
import { producerConnection } from "./jobs/queues.server";
import { recordInstall } from "./shops/shops.server";
import { configuredScopes } from "./shops/access-grant.server";
import { takeShopRequest, tooManyRequests } from "./shops/request-rate.server";
import { wordsFor } from "./i18n/i18n.server";

const env = getEnv();

/** The newest Admin API version @shopify/shopify-api 15 knows (the same as ADMIN_API_VERSION). */
export const API_VERSION = ApiVersion.October26;
if ((API_VERSION as string) !== ADMIN_API_VERSION)
  throw new Error(`API_VERSION ${API_VERSION} and ADMIN_API_VERSION ${ADMIN_API_VERSION} differ`);

/**
 * The app's one shopifyApp(). Embedded, Shopify-managed installation with token exchange
 * (no OAuth redirects), offline sessions stored in PostgreSQL/PGlite through Drizzle.
 */
const shopify = shopifyApp({
  apiKey: env.SHOPIFY_API_KEY,
  apiSecretKey: env.SHOPIFY_API_SECRET,
  apiVersion: API_VERSION,
  scopes: configuredScopes(env.SCOPES),
  appUrl: env.SHOPIFY_APP_URL,
  authPathPrefix: "/auth",
  // Shopify's Drizzle adapter, its tokens sealed at rest (admin-api/sealed-sessions.server.ts).
  sessionStorage: new SealedSessionStorage(
    new DrizzleSessionStoragePostgres(db, sessionTable),
    () => env.ENCRYPTION_KEY,
  ),
  distribution: AppDistribution.AppStore,
  future: {
    unstable_newEmbeddedAuthStrategy: true,
    expiringOfflineAccessTokens: true,
  },
  hooks: {
    afterAuth: async ({ session }) => {
      await recordInstall(db, session.shop);
      // A new token: the one this process kept is replaced at the next Admin API call.
      forgetAdminSession(session.shop);
      logger.info({ shop: session.shop }, "shop authenticated");
    },
  },
  ...(env.SHOP_CUSTOM_DOMAIN ? { customShopDomains: [env.SHOP_CUSTOM_DOMAIN] } : {}),
});

export default shopify;
export const addDocumentResponseHeaders = shopify.addDocumentResponseHeaders;
/** Methods that read: a route's loader. Every other method is an action, and counts. */
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Shopify's authentication, then the shop's request rate (shops/request-rate.server.ts) for the
 * requests that count: past it, a 429 with Retry-After is thrown (with the CORS headers the admin
 * extensions need to read it) before the route does anything.
 */
async function authenticated(request: Request, counts: boolean) {
  const context = await shopify.authenticate.admin(request);
  if (counts) {
    const wait = await takeShopRequest(
      producerConnection(),
      env.QUEUE_PREFIX,
      context.session.shop,
      {
        perMinute: env.SHOP_REQUEST_RATE,
        burst: env.SHOP_REQUEST_BURST,
      },
    );
    if (wait > 0) throw context.cors(tooManyRequests(wait, (await wordsFor(request)).t));
  }
  return context;
}

/**
 * `admin`: Shopify's authentication; an action (a POST, PUT, DELETE…) counts in the shop's rate.
 * `meteredAdmin`: for a route whose loading costs (more than one page of data read, the shipping
 * service or Shopify called, a file built): its loads count too. The route says so itself, so
 * whatever spelling of its path Remix matched (case, escapes, repeated slashes), it is metered.
 */
export const authenticate = {
  ...shopify.authenticate,
  admin: ((request: Request) =>
    authenticated(request, !READS.has(request.method))) as typeof shopify.authenticate.admin,
  meteredAdmin: ((request: Request) =>
    authenticated(request, true)) as typeof shopify.authenticate.admin,
};
export const unauthenticated = shopify.unauthenticated;
export const login = shopify.login;
export const registerWebhooks = shopify.registerWebhooks;
export const sessionStorage = shopify.sessionStorage;
