import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { NavMenu } from "@shopify/app-bridge-react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import adminStyles from "../styles/admin.css?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { useTranslation } from "react-i18next";
import { shopifyAdminGraphql } from "../admin-api/gateway.server";
import { ScopesBanner } from "../components/ScopesBanner";
import { UnsavedChangesProvider } from "../ui/unsaved/UnsavedChanges";
import { db } from "../db/index.server";
import { getEnv } from "../platform/env.server";
import { enqueue } from "../jobs/queues.server";
import { logger } from "../platform/logger.server";
import { languageOf } from "../i18n/i18n.server";
import { polarisTranslations } from "../i18n/polaris";
import { authenticate } from "../shopify.server";
import { configuredScopes, scopesToApprove } from "../shops/access-grant.server";

// Polaris first: the app's stylesheet sets one of Polaris's own variables (the typeface) after it.
// Inter's Latin file (what Indonesian text needs) is fetched with the stylesheets, not after them,
// so the text is rarely drawn twice.
export const links = () => [
  { rel: "stylesheet", href: polarisStyles },
  { rel: "stylesheet", href: adminStyles },
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const env = getEnv();
  const language = await languageOf(request);
  return {
    apiKey: env.SHOPIFY_API_KEY,
    polaris: polarisTranslations(language),
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
  const { apiKey, polaris, scopesToApprove } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <AppProvider isEmbeddedApp apiKey={apiKey} i18n={polaris}>
      {/* Landmarks: the app's menu (App Bridge shows it in the admin's side bar), and one main
          region holding every page (screen readers jump to it; axe-core's `region` rule). */}
      <nav aria-label={t("nav.label")}>
        <NavMenu>
          <Link to="/app" rel="home">
            {t("nav.shipments")}
          </Link>
          <Link to="/app/cod">{t("nav.cod")}</Link>
          <Link to="/app/costs">{t("nav.costs")}</Link>
          <Link to="/app/couriers">{t("nav.couriers")}</Link>
          <Link to="/app/settings">{t("nav.settings")}</Link>
          <Link to="/app/failed">{t("nav.failed")}</Link>
        </NavMenu>
      </nav>
      <main>
        <ScopesBanner missing={scopesToApprove} />
        <UnsavedChangesProvider>
          <Outlet />
        </UnsavedChangesProvider>
      </main>
    </AppProvider>
  );
}

// Shopify needs Remix to catch thrown responses (auth redirects) and add its headers.
export function ErrorBoundary() {
  return boundary.error(useRouteError());
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
