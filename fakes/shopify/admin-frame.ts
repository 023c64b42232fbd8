import type { BrowserContextOptions, Page } from "playwright-core";
import { appBridgeStandIn } from "./app-bridge-stand-in.ts";

/**
 * The Shopify admin around the app's pages, as far as a browser outside it needs (the browser test
 * and bench:admin-ui): a merchant's browser, App Bridge stood in for, and the document URL the
 * admin opens.
 */

/**
 * An Indonesian merchant's browser (amounts read "Rp34.000"). Not headless by its user agent:
 * authenticate.admin answers 410 to bots, and headless Chromium says "HeadlessChrome".
 */
export const MERCHANT_BROWSER: BrowserContextOptions = {
  viewport: { width: 1280, height: 900 },
  locale: "id-ID",
  userAgent:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
};

export interface AdminIdentity {
  shop: string;
  apiKey: string;
  /** A session token (id_token) signed with the app's secret. */
  token: string;
}

/**
 * Shopify's CDN answered in the page: App Bridge as a script that hands out the session token and
 * adds it to the app's own fetches (as App Bridge does), anything else empty (the app asks the CDN
 * for nothing else: its typeface is its own).
 */
export async function standInAppBridge(page: Page, { shop, apiKey, token }: AdminIdentity) {
  await page.route("https://cdn.shopify.com/**", (route) => {
    const url = route.request().url();
    if (!url.includes("app-bridge"))
      return route.fulfill({
        contentType: url.endsWith(".css") ? "text/css" : "text/plain",
        body: "",
      });
    return route.fulfill({
      contentType: "application/javascript",
      body: appBridgeStandIn({ shop, apiKey, token }),
    });
  });
}

/** Who opens a document, as the admin says it: the shop, its session token, its language. */
export interface EmbeddedAs {
  shop: string;
  token: string;
  locale: string;
}

/**
 * The query the admin adds to every document it opens: embedded, shop, host, the session token
 * (`id_token`) and the admin's language, unless the URL names its own.
 */
export function addEmbeddedQuery(url: URL, { shop, token, locale }: EmbeddedAs): URL {
  const host = Buffer.from(`admin.shopify.com/store/${shop.split(".")[0]}`).toString("base64");
  url.searchParams.set("embedded", "1");
  url.searchParams.set("shop", shop);
  url.searchParams.set("host", host);
  url.searchParams.set("id_token", token);
  if (!url.searchParams.has("locale")) url.searchParams.set("locale", locale);
  return url;
}

/** A document URL as the admin opens it; a query in `pathname` ("/app?tab=attention") goes along. */
export function embeddedUrl(base: string, pathname: string, as: EmbeddedAs): string {
  return addEmbeddedQuery(new URL(pathname, base), as).href;
}
