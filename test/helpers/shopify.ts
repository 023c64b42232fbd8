import crypto from "node:crypto";
import { API_KEY, API_SECRET_KEY, getJwt } from "@shopify/shopify-api/test-helpers";
import { Session } from "@shopify/shopify-api";
import { appTomlScopes } from "#fakes/shopify/access.ts";
import { holdDeliveredOrder } from "#fakes/shopify/fake-admin.ts";
import { signDelivery } from "#fakes/shopify/webhook-signer.ts";

/**
 * Requests signed the way Shopify signs them, built with Shopify's own test helpers, so the
 * app's real authentication code (authenticate.webhook / authenticate.admin) verifies them.
 * The app under test runs with SHOPIFY_API_KEY/SECRET set to the helpers' test constants.
 */
export const APP_URL = "https://my-test-app.myshopify.io";
export { API_KEY, API_SECRET_KEY };

let counter = 0;
/** A shop domain no other test uses, so tests share the database without interfering. */
export function uniqueShop(label = "shop"): string {
  counter += 1;
  return `${label}-${process.pid}-${counter}-${crypto.randomBytes(3).toString("hex")}.myshopify.com`;
}

export interface WebhookRequestOptions {
  topic: string;
  shop: string;
  body: unknown;
  webhookId?: string;
  /** Sign with another secret (a forged delivery). */
  secret?: string;
  /** Change the body after signing (a tampered delivery). */
  tamper?: (raw: string) => string;
  apiVersion?: string;
  /** When Shopify says the event happened (X-Shopify-Triggered-At); default now. */
  triggeredAt?: Date;
}

export function webhookRequest(options: WebhookRequestOptions): Request {
  // A string body is sent as it is (exact ids above 2^53 that JSON.stringify cannot write).
  const raw = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  // Signed with the app's secret, untampered: Shopify sent it for this shop, so Shopify holds its order.
  if (!options.secret && !options.tamper) holdDeliveredOrder(options.topic, options.shop, raw);
  const sent = options.tamper ? options.tamper(raw) : raw;
  return new Request(`${APP_URL}/webhooks/${options.topic}`, {
    method: "POST",
    body: sent,
    headers: signDelivery({
      topic: options.topic,
      shop: options.shop,
      body: raw,
      secret: options.secret ?? API_SECRET_KEY,
      webhookId: options.webhookId,
      apiVersion: options.apiVersion,
      triggeredAt: options.triggeredAt ?? new Date(),
    }).headers,
  });
}

/** A Remix route's action or loader, as the tests call it. */
export type RouteAction = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response>;

/** Calls a route's action (or loader) with a request and no route params, as Remix does. */
export function callRoute(action: unknown, request: Request): Promise<Response> {
  return (action as RouteAction)({ request, params: {}, context: {} });
}

/** A signed webhook delivery to a route's action; the status it answered. */
export async function deliverWebhook(
  action: unknown,
  options: WebhookRequestOptions,
): Promise<number> {
  return (await callRoute(action, webhookRequest(options))).status;
}

/** A signed webhook delivery to a running server at `baseUrl`; the status it answered. */
export async function postWebhook(
  baseUrl: string,
  options: WebhookRequestOptions,
): Promise<number> {
  const request = webhookRequest(options);
  const response = await fetch(`${baseUrl}/webhooks/${options.topic}`, {
    method: "POST",
    headers: request.headers,
    body: await request.text(),
  });
  return response.status;
}

/** What an Indonesian browser sends: the admin's pages answer in Bahasa Indonesia. */
export const INDONESIAN = { headers: { "accept-language": "id-ID" } };

/**
 * A route's loader or action called as Remix calls it, its data typed by the test; the route's
 * `id` parameter is the request path's last part.
 */
export const routeData = async <T>(fn: unknown, request: Request) =>
  (await (fn as (a: { request: Request; params: object; context: object }) => Promise<unknown>)({
    request,
    params: { id: new URL(request.url).pathname.split("/").at(-1) },
    context: {},
  })) as T;

/** A request carrying a session token (ID token) as App Bridge sends it: Authorization: Bearer. */
export async function sessionTokenRequest(
  url: string,
  shop: string,
  init: RequestInit = {},
  overrides: Parameters<typeof getJwt>[3] = {},
  secret = API_SECRET_KEY,
): Promise<Request> {
  // The helper takes the store name and appends .myshopify.com itself.
  const { token } = await getJwt(shop.replace(/\.myshopify\.com$/, ""), API_KEY, secret, overrides);
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${token}`);
  // authenticate.admin answers 410 to bot user agents.
  headers.set(
    "user-agent",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36",
  );
  return new Request(new URL(url, APP_URL), { ...init, headers });
}

/**
 * An offline session as token exchange would have stored it at install: `scope` is what the shop
 * granted (by default all shopify.app.toml requests).
 */
export function offlineSession(shop: string, scope = appTomlScopes().join(",")): Session {
  return new Session({
    id: `offline_${shop}`,
    shop,
    state: "state",
    isOnline: false,
    scope,
    accessToken: `shpat_${crypto.randomBytes(16).toString("hex")}`,
    expires: new Date(Date.now() + 3600_000),
  });
}
