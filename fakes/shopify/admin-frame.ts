import type { BrowserContextOptions, Page } from "playwright-core";

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
 * adds it to the app's own fetches (as App Bridge does), everything else (fonts) empty.
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
      body: `(() => {
        const token = ${JSON.stringify(token)};
        window.shopify = { idToken: async () => token, config: { apiKey: ${JSON.stringify(apiKey)}, shop: ${JSON.stringify(shop)} }, toast: { show() {} }, loading() {} };
        const original = window.fetch.bind(window);
        window.fetch = (input, init = {}) => {
          const url = new URL(typeof input === "string" ? input : input.url, location.href);
          if (url.origin !== location.origin) return original(input, init);
          const headers = new Headers(init.headers || (typeof input === "string" ? undefined : input.headers));
          headers.set("authorization", "Bearer " + token);
          return original(input, { ...init, headers });
        };
      })();`,
    });
  });
}

/**
 * A document URL as the admin opens it: embedded, with shop, host, the session token and the
 * admin's language; a query in `pathname` ("/app?tab=attention") goes along.
 */
export function embeddedUrl(
  base: string,
  pathname: string,
  { shop, token, locale }: { shop: string; token: string; locale: string },
): string {
  const [path, query] = pathname.split("?");
  const host = Buffer.from(`admin.shopify.com/store/${shop.split(".")[0]}`).toString("base64");
  return `${base}${path}?embedded=1&shop=${shop}&host=${host}&id_token=${token}&locale=${locale}${query ? `&${query}` : ""}`;
}
