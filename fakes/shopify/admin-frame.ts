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

/**
 * App Bridge as the app's pages need it, as a script: `shopify.idToken()` and `shopify.config`,
 * and, given a fixed `token`, the app's own fetches sent with it (App Bridge adds the session token
 * to them). Given a `tokenUrl` instead, tokens come from there (the local admin mints them; its
 * proxy adds them to requests). Inside a frame, it does what the admin does with the app's
 * `<ui-nav-menu>`: hides it and hands its links to the parent, which shows them as its side bar,
 * and tells the parent where the app is (after each client-side navigation) and its toasts.
 */
export function appBridgeStandIn(o: {
  shop: string;
  apiKey: string;
  token?: string;
  tokenUrl?: string;
}): string {
  return `(() => {
    const fixed = ${JSON.stringify(o.token ?? null)};
    const tokenUrl = ${JSON.stringify(o.tokenUrl ?? null)};
    let minted = null;
    const idToken = async () => {
      if (fixed) return fixed;
      if (!minted || minted.at < Date.now() - 5 * 60_000)
        minted = { at: Date.now(), token: fetch(tokenUrl, { cache: "no-store" }).then((r) => r.text()) };
      return minted.token;
    };
    const framed = window.parent !== window;
    const tell = (message) => {
      if (framed) window.parent.postMessage({ source: "app-bridge-stand-in", ...message }, location.origin);
    };
    window.shopify = {
      idToken,
      config: { apiKey: ${JSON.stringify(o.apiKey)}, shop: ${JSON.stringify(o.shop)} },
      toast: { show: (message) => tell({ type: "toast", message: String(message) }) },
      loading() {},
    };
    if (fixed) {
      const original = window.fetch.bind(window);
      window.fetch = (input, init = {}) => {
        const url = new URL(typeof input === "string" ? input : input.url, location.href);
        if (url.origin !== location.origin) return original(input, init);
        const headers = new Headers(init.headers || (typeof input === "string" ? undefined : input.headers));
        headers.set("authorization", "Bearer " + fixed);
        return original(input, { ...init, headers });
      };
    }
    if (!framed) return;
    // Shown by the admin, not in the app's frame: an empty shadow root hides the menu's links
    // without touching the page React hydrates.
    customElements.define(
      "ui-nav-menu",
      class extends HTMLElement {
        connectedCallback() {
          if (!this.shadowRoot) this.attachShadow({ mode: "open" });
        }
      },
    );
    const where = () => tell({ type: "location", href: location.pathname + location.search });
    for (const method of ["pushState", "replaceState"]) {
      const original = history[method].bind(history);
      history[method] = (...args) => {
        const result = original(...args);
        where();
        return result;
      };
    }
    addEventListener("popstate", where);
    addEventListener("DOMContentLoaded", () => {
      const menu = document.querySelector("ui-nav-menu");
      const items = menu
        ? [...menu.querySelectorAll("a")].map((a) => ({
            href: a.getAttribute("href"),
            label: a.textContent.trim(),
          }))
        : [];
      tell({ type: "nav", items });
      where();
    });
  })();`;
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
