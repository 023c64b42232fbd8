import http from "node:http";
import type { AddressInfo } from "node:net";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { addEmbeddedQuery } from "./admin-frame.ts";
import { ADMIN_CHROME_SOURCE, ADMIN_WORDS } from "./admin-chrome.ts";
import { appBridgeStandIn } from "./app-bridge-stand-in.ts";

/**
 * The Shopify admin around the app, on this machine, for an ordinary browser (`npm run demo --
 * --serve`): a page that frames the app as the admin does (its menu in a side bar, the app in an
 * iframe, the admin's language, Indonesian or English), and in front of the app a proxy that does
 * what the admin and App Bridge do for it: every document the frame opens gets `embedded`, `shop`,
 * `host`, `locale` and a fresh session token (`id_token`) signed with the app's secret; every other
 * request the app's page makes gets the token as its bearer; App Bridge itself is stood in for
 * (fakes/shopify/app-bridge-stand-in.ts), the app's frame-ancestors policy names this origin, and
 * Shopify's CDN is never asked (there may be no internet). The app's save bar shows across the top
 * of this page, and while it shows, the side bar's links ask before leaving the app's page, as the
 * admin does (fakes/shopify/admin-chrome.ts).
 */

export interface LocalAdminOptions {
  /** The app's web server: "http://127.0.0.1:3190". */
  appUrl: string;
  shop: string;
  apiKey: string;
  apiSecret: string;
  /** 0: any free port. */
  port: number;
}

export interface LocalAdmin {
  /** Where a browser opens the admin: "http://127.0.0.1:3191/". */
  url: string;
  close(): Promise<void>;
}

const ADMIN_LANGUAGES = { id: "Bahasa Indonesia", en: "English" } as const;
type AdminLanguage = keyof typeof ADMIN_LANGUAGES;

const PREFIX = "/__admin";
const TOKEN_LIFETIME_MS = 50 * 60_000; // getJwt's tokens live an hour

const languageOf = (value: string | null | undefined): AdminLanguage =>
  value === "en" ? "en" : "id";

function cookie(req: http.IncomingMessage, name: string): string | null {
  const pair = (req.headers.cookie ?? "").split(/;\s*/).find((c) => c.startsWith(`${name}=`));
  return pair ? decodeURIComponent(pair.slice(name.length + 1)) : null;
}

/** The admin's page: a top bar with the shop and the language, the app's menu, the app's frame. */
function framePage(o: LocalAdminOptions, language: AdminLanguage, path: string): string {
  const words =
    language === "id"
      ? { apps: "Aplikasi", stand: "Admin Shopify tiruan untuk demo", lang: "Bahasa" }
      : { apps: "Apps", stand: "Stand-in Shopify admin for the demo", lang: "Language" };
  const options = Object.entries(ADMIN_LANGUAGES)
    .map(
      ([code, name]) =>
        `<option value="${code}"${code === language ? " selected" : ""}>${name}</option>`,
    )
    .join("");
  const src = `${path}${path.includes("?") ? "&" : "?"}locale=${language}`;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${o.shop} · ParcelBridge</title>
<style>
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f1f1f1; color: #303030; }
  header { display: flex; align-items: center; gap: 12px; height: 56px; padding: 0 16px; background: #1a1a1a; color: #e3e3e3; }
  header strong { color: #fff; }
  header .stand { font-size: 12px; color: #b5b5b5; }
  header label { margin-left: auto; font-size: 12px; }
  header select { margin-left: 6px; }
  .body { display: flex; height: calc(100vh - 56px); }
  nav { width: 240px; flex: none; padding: 12px 8px; background: #ebebeb; overflow-y: auto; }
  nav h2 { margin: 4px 8px 8px; font-size: 12px; font-weight: 600; color: #616161; text-transform: uppercase; }
  nav a { display: block; padding: 6px 8px; border-radius: 8px; color: #303030; text-decoration: none; }
  nav a:hover { background: #e3e3e3; }
  nav a[aria-current="page"] { background: #fff; font-weight: 600; }
  iframe { flex: 1; border: 0; background: #f1f1f1; min-width: 0; }
  #toast { position: fixed; bottom: 24px; left: 50%; transform: translateX(-50%); padding: 10px 16px; border-radius: 8px; background: #1a1a1a; color: #fff; display: none; }
  @media (max-width: 700px) { .body { flex-direction: column; } nav { width: auto; display: flex; gap: 4px; overflow-x: auto; } nav h2 { display: none; } nav a { white-space: nowrap; } }
</style>
</head>
<body>
<header>
  <strong>${o.shop.replace(/\.myshopify\.com$/, "")}</strong>
  <span class="stand">${words.stand}</span>
  <label>${words.lang}<select id="language" aria-label="${words.lang}">${options}</select></label>
</header>
<div class="body">
  <nav aria-label="${words.apps}"><h2>ParcelBridge</h2><div id="menu"></div></nav>
  <iframe id="app" name="app" title="ParcelBridge" src="${src}"></iframe>
</div>
<div id="toast" role="status"></div>
<script>
  ${ADMIN_CHROME_SOURCE}
  const chrome = adminChrome(${JSON.stringify(ADMIN_WORDS[language])});
  const frame = document.getElementById("app");
  const toFrame = (message) =>
    frame.contentWindow.postMessage({ source: "local-admin", ...message }, location.origin);
  // A new document in the frame has no save bar until it shows one.
  frame.addEventListener("load", () => chrome.hideSaveBar());
  // Leaving the app's page while its save bar shows: asked first.
  const leave = async (href) => {
    if (chrome.saveBarShown() && !(await chrome.askToLeave())) return;
    chrome.hideSaveBar();
    frame.src = withLanguage(href);
  };
  const menu = document.getElementById("menu");
  const language = () => document.getElementById("language").value;
  const withLanguage = (href) => {
    const url = new URL(href, location.origin);
    url.searchParams.set("locale", language());
    return url.pathname + url.search;
  };
  const mark = (href) => {
    const path = new URL(href, location.origin).pathname;
    for (const a of menu.querySelectorAll("a")) {
      const own = new URL(a.href).pathname;
      const current = own === path || (own !== "/app" && path.startsWith(own + "/"));
      if (current) a.setAttribute("aria-current", "page"); else a.removeAttribute("aria-current");
    }
    history.replaceState(null, "", "${PREFIX}?path=" + encodeURIComponent(href));
  };
  addEventListener("message", (event) => {
    if (event.origin !== location.origin || event.data?.source !== "app-bridge-stand-in") return;
    const m = event.data;
    if (m.type === "nav") {
      menu.replaceChildren(...m.items.map((item) => {
        const a = document.createElement("a");
        a.href = item.href;
        a.textContent = item.label;
        a.addEventListener("click", (e) => { e.preventDefault(); void leave(item.href); });
        return a;
      }));
    }
    if (m.type === "nav" || m.type === "location") {
      // The frame's own address, without the language the admin adds.
      const url = new URL(frame.contentWindow.location.href);
      url.searchParams.delete("locale");
      mark(url.pathname + url.search);
    }
    if (m.type === "saveBar") {
      if (m.state) chrome.showSaveBar(m.state, (action) => toFrame({ type: "saveBarAction", action }));
      else chrome.hideSaveBar();
    }
    if (m.type === "leave?") void chrome.askToLeave().then((answer) => toFrame({ type: "leave", id: m.id, leave: answer }));
    if (m.type === "toast") {
      const toast = document.getElementById("toast");
      toast.textContent = m.message;
      toast.style.display = "block";
      setTimeout(() => (toast.style.display = "none"), 3000);
    }
  });
  document.getElementById("language").addEventListener("change", () => {
    document.cookie = "admin_lang=" + language() + "; path=/; SameSite=Lax";
    const here = new URL(location.href).searchParams.get("path") || "/app";
    location.href = "${PREFIX}?path=" + encodeURIComponent(here) + "&lang=" + language();
  });
</script>
</body>
</html>`;
}

/**
 * The admin's HTML rewrite of the app's page: App Bridge stood in for (the app serves its own
 * typeface, so nothing else comes from Shopify's CDN). An attribute only, never an element added
 * or taken away: React hydrates the page, and a page whose elements differ from what it renders
 * is rendered again.
 */
function rewriteHtml(html: string): string {
  return html.replaceAll(
    "https://cdn.shopify.com/shopifycloud/app-bridge.js",
    `${PREFIX}/app-bridge.js`,
  );
}

export async function startLocalAdmin(o: LocalAdminOptions): Promise<LocalAdmin> {
  const app = new URL(o.appUrl);
  let minted: { at: number; token: Promise<string> } | null = null;
  const token = () => {
    if (!minted || Date.now() - minted.at > TOKEN_LIFETIME_MS)
      minted = {
        at: Date.now(),
        token: getJwt(o.shop.replace(".myshopify.com", ""), o.apiKey, o.apiSecret).then(
          (jwt) => jwt.token,
        ),
      };
    return minted.token;
  };
  const bridge = appBridgeStandIn({
    shop: o.shop,
    apiKey: o.apiKey,
    tokenUrl: `${PREFIX}/token`,
  });

  const proxy = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const target = new URL(req.url ?? "/", app);
    const dest = req.headers["sec-fetch-dest"];
    const document =
      req.method === "GET" &&
      (dest === "document" || dest === "iframe" || /text\/html/.test(req.headers.accept ?? "")) &&
      !target.searchParams.has("_data") &&
      !target.pathname.endsWith(".data");
    const headers: http.OutgoingHttpHeaders = { ...req.headers, host: app.host };
    // The HTML is rewritten: asked for uncompressed.
    headers["accept-encoding"] = "identity";
    if (document && !target.searchParams.has("id_token"))
      addEmbeddedQuery(target, {
        shop: o.shop,
        token: await token(),
        locale: languageOf(cookie(req, "admin_lang")),
      });
    else if (!document && !headers.authorization) headers.authorization = `Bearer ${await token()}`;
    const upstream = http.request(target, { method: req.method, headers }, (answer) => {
      const out: http.OutgoingHttpHeaders = { ...answer.headers };
      delete out.link; // a preload of Shopify's CDN
      const policy = out["content-security-policy"];
      if (typeof policy === "string")
        out["content-security-policy"] = policy.replace(
          /frame-ancestors[^;]*/,
          "frame-ancestors 'self'",
        );
      if (typeof out.location === "string" && out.location.startsWith(app.origin))
        out.location = out.location.slice(app.origin.length) || "/";
      if (!/text\/html/.test(String(answer.headers["content-type"] ?? ""))) {
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on("data", (c: Buffer) => chunks.push(c));
      answer.on("end", () => {
        const body = Buffer.from(rewriteHtml(Buffer.concat(chunks).toString("utf8")));
        out["content-length"] = String(body.byteLength);
        res.writeHead(answer.statusCode ?? 502, out);
        res.end(body);
      });
    });
    upstream.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
      res.end(`The app at ${o.appUrl} did not answer: ${error.message}`);
    });
    req.pipe(upstream);
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://admin.local");
    const send = (type: string, body: string, status = 200) => {
      res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
      res.end(body);
    };
    if (url.pathname === "/" || url.pathname === PREFIX) {
      const language = languageOf(url.searchParams.get("lang") ?? cookie(req, "admin_lang"));
      const path = url.searchParams.get("path") ?? "/app";
      // Only the app's own pages are framed.
      return send(
        "text/html; charset=utf-8",
        framePage(o, language, path.startsWith("/") && !path.startsWith("//") ? path : "/app"),
      );
    }
    if (url.pathname === `${PREFIX}/app-bridge.js`)
      return send("application/javascript; charset=utf-8", bridge);
    if (url.pathname === `${PREFIX}/token`) return void token().then((t) => send("text/plain", t));
    void proxy(req, res).catch((error: Error) => {
      if (!res.headersSent) send("text/plain; charset=utf-8", error.message, 502);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
