import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { NavMenu } from "@shopify/app-bridge-react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { shopifyAdminGraphql } from "../admin-api/gateway.server";
import { ScopesBanner } from "../components/ScopesBanner";
import { db } from "../db/index.server";
import { getEnv } from "../platform/env.server";
import { enqueue } from "../jobs/queues.server";
import { logger } from "../platform/logger.server";
import { authenticate } from "../shopify.server";
import { configuredScopes, scopesToApprove } from "../shops/access-grant.server";

export const links = () => [{ rel: "stylesheet", href: polarisStyles }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const env = getEnv();
  return {
    apiKey: env.SHOPIFY_API_KEY,
    // Scopes the shop has not approved yet (asks Shopify only while the stored grant lacks one).
    scopesToApprove: await scopesToApprove(
      { db, graphql: shopifyAdminGraphql, enqueue, logger },
      session.shop,
      configuredScopes(env.SCOPES),
      session.scope,
    ),
  };
};

export default function App() {
  const { apiKey, scopesToApprove } = useLoaderData<typeof loader>();
  return (
    <AppProvider isEmbeddedApp apiKey={apiKey}>
      <ScopesBanner missing={scopesToApprove} />
      <NavMenu>
        <Link to="/app" rel="home">
          Shipments
        </Link>
        <Link to="/app/cod">Cash on delivery</Link>
        <Link to="/app/settings">Settings</Link>
        <Link to="/app/failed">Failed work</Link>
      </NavMenu>
      <Outlet />
    </AppProvider>
  );
}

// Shopify needs Remix to catch thrown responses (auth redirects) and add its headers.
export function ErrorBoundary() {
  return boundary.error(useRouteError());
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
