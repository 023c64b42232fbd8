import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { APP_PROXY } from "#app/buyer-page/buyer-link.server.ts";

/**
 * Shopify's app proxy, as its documentation describes it ("Authenticate app proxies"): a request
 * to `https://<shop>/<prefix>/<subpath>/<path>` is forwarded to the app's proxy URL plus `<path>`,
 * with the storefront's query and `shop`, `logged_in_customer_id` (empty for a guest),
 * `path_prefix` and `timestamp` added, and `signature`: the hex HMAC-SHA256, with the app's
 * secret, of every other parameter as `key=value` (a repeated key's values joined by commas),
 * sorted, concatenated with nothing between. Cookies are not forwarded; the app's answer is
 * passed back as it is.
 */

export function appProxySignature(params: URLSearchParams, secret: string): string {
  const values = new Map<string, string[]>();
  for (const [key, value] of params)
    if (key !== "signature") values.set(key, [...(values.get(key) ?? []), value]);
  const message = [...values]
    .map(([key, list]) => `${key}=${list.join(",")}`)
    .sort()
    .join("");
  return createHmac("sha256", secret).update(message).digest("hex");
}

/** The URL Shopify forwards a storefront request under the proxy to. */
export function proxiedUrl(
  appUrl: string,
  shop: string,
  path: string,
  secret: string,
  query = "",
  now = new Date(),
): string {
  const params = new URLSearchParams(query);
  params.set("shop", shop);
  params.set("logged_in_customer_id", "");
  params.set("path_prefix", `/${APP_PROXY.prefix}/${APP_PROXY.subpath}`);
  params.set("timestamp", String(Math.floor(now.getTime() / 1000)));
  params.set("signature", appProxySignature(params, secret));
  return `${appUrl}${APP_PROXY.path}${path}?${params}`;
}

/** A Request as Shopify's proxy sends it for a storefront path under the proxy ("/k/<token>"). */
export function proxiedRequest(
  appUrl: string,
  shop: string,
  path: string,
  secret: string,
  init: { method?: string; form?: Record<string, string> } = {},
): Request {
  const body = init.form ? new URLSearchParams(init.form) : undefined;
  return new Request(proxiedUrl(appUrl, shop, path, secret), {
    method: init.method ?? (body ? "POST" : "GET"),
    ...(body ? { body, headers: { "Content-Type": "application/x-www-form-urlencoded" } } : {}),
  });
}

/**
 * A storefront for one shop over HTTP, forwarding its proxy path to the app as Shopify does: what
 * a buyer's browser opens. `url` is where `https://<shop>` stands.
 */
export async function startFakeStorefront(options: {
  shop: string;
  appUrl: string;
  secret: string;
}): Promise<{ url: string; close: () => Promise<void> }> {
  const prefix = `/${APP_PROXY.prefix}/${APP_PROXY.subpath}`;
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://storefront");
      if (!url.pathname.startsWith(`${prefix}/`)) {
        res.writeHead(404).end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const forwarded = await fetch(
        proxiedUrl(
          options.appUrl,
          options.shop,
          url.pathname.slice(prefix.length),
          options.secret,
          url.search,
        ),
        {
          method: req.method,
          ...(req.method === "POST"
            ? {
                body: Buffer.concat(chunks),
                headers: { "Content-Type": req.headers["content-type"] ?? "" },
              }
            : {}),
          redirect: "manual",
        },
      );
      const headers: Record<string, string> = {};
      forwarded.headers.forEach((value, key) => {
        if (key !== "set-cookie" && key !== "content-encoding" && key !== "content-length")
          headers[key] = value;
      });
      res.writeHead(forwarded.status, headers).end(Buffer.from(await forwarded.arrayBuffer()));
    })().catch((error: unknown) => {
      res.writeHead(502).end(String(error));
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
