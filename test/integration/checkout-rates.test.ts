import type { Job } from "bullmq";
import { describe, expect, it, vi } from "vitest";

// Before any module reads the environment: a short deadline, and the app's Admin API calls
// redirected to the fake Shopify started below.
vi.hoisted(() => {
  process.env.FAKE_SHOPIFY_ADMIN_URL = "http://127.0.0.1:1";
  process.env.CHECKOUT_RATES_DEADLINE_MS = "1000";
});

import "#fakes/shopify/redirect-shopify-admin.ts";
import { Session } from "@shopify/shopify-api";
import { db } from "#app/db/index.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { enqueue, producerConnection } from "#app/jobs/queues.server.ts";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import * as ratesRoute from "#app/routes/carrier-service.rates.tsx";
import { RATES_MAX_BODY_BYTES } from "#app/server/fast-path.ts";
import * as settingsRoute from "#app/routes/app.settings/route.tsx";
import { sessionStorage } from "#app/shopify.server.ts";
import { shippingClientForShop } from "#app/shops/shipping-client.server.ts";
import { saveLocation } from "#app/shops/locations.server.ts";
import {
  CALLBACK_TOKEN_GRACE_MS,
  callbackTokenOf,
  shopOfCallbackToken,
} from "#app/shops/callback-token.server.ts";
import { shops } from "#app/db/schema.ts";
import { eq } from "drizzle-orm";
import { shopifyAdminGraphql } from "#app/admin-api/gateway.server.ts";
import { registerCarrierCallbacks } from "#worker/processors/carrier-callbacks.ts";
import { checkCarrierServicesActive } from "#worker/processors/carrier-services-active.ts";
import { processCheckCarrierService } from "#worker/processors/check-carrier-service.ts";
import { processRegisterCarrierCallback } from "#worker/processors/register-carrier-callback.ts";
import { connectLocation } from "#app/shops/shopify-locations.server.ts";
import {
  getShop,
  getShopSettings,
  recordInstall,
  setShippingApiKey,
} from "#app/shops/shops.server.ts";
import { SHOPIFY_ORDERS, type FakeLocation } from "#fakes/shopify/fake-admin.ts";
import { PLAN_REFUSAL } from "#fakes/shopify/fake-carrier-services.ts";
import { offlineSessionRow } from "#fakes/shopify/fake-shopify-server.ts";
import { JAKARTA, SURABAYA } from "../helpers/multi-location.ts";
import { freshOrder, shipmentOf, waitFor } from "../helpers/pipeline.ts";
import { liveKey } from "../helpers/sandbox.ts";
import {
  API_SECRET_KEY,
  APP_URL,
  callRoute,
  deliverWebhook,
  sessionTokenRequest,
  uniqueShop,
} from "../helpers/shopify.ts";

import type { ShopifyRate } from "#app/checkout-rates/offer.ts";
import { createShippingClient } from "#app/shipping/client.server.ts";
import { shopifyRateRequest } from "../helpers/rate-requests.ts";
import { testStack } from "../helpers/stack.ts";
import { shopifyHmac } from "#fakes/shopify/webhook-signer.ts";

/**
 * Rates at checkout end to end: the merchant turns them on in the settings (a carrier service is
 * registered at the fake Shopify), Shopify's signed rate requests, shaped as its CarrierService
 * documentation shows them, go through the real route to the sandbox over HTTP, and an order
 * whose shipping line came from those rates is drafted with exactly the courier the customer chose.
 */
const env = getEnv();
const stack = testStack({
  sandbox: {},
  shopify: { admin: true },
  workers: (s) => ({ shopifyOrders: s.shopify.orders }),
});

/** Jakarta's warehouse has coordinates (instant couriers can collect there); Surabaya's has none. */
const JAKARTA_PICKUP = { latitude: -6.2886, longitude: 106.7986 };

async function pickupFor(
  shop: string,
  location: FakeLocation,
  point: { latitude: number; longitude: number } | null,
) {
  const client = await shippingClientForShop(db, env, shop);
  const a = location.address!;
  const saved = await saveLocation(
    db,
    client,
    shop,
    {
      contactName: location.name,
      contactPhone: "+6281234567890",
      address: `${a.address1}, ${a.city}`,
      postalCode: Number(a.zip),
      ...(point ?? {}),
    },
    null,
  );
  await connectLocation(db, enqueue, shop, location.id, saved.locationId);
}

/** A shop with two warehouses, each connected to its pickup location at the sandbox. */
async function twoWarehouseShop() {
  const shop = uniqueShop("rates");
  const key = liveKey("rates");
  await recordInstall(db, shop);
  await setShippingApiKey(db, env.ENCRYPTION_KEY, shop, key, stack.sandbox.url);
  await sessionStorage.storeSession(
    new Session(offlineSessionRow(shop, stack.shopify.connect(shop))),
  );
  stack.shopify.orders.locations.set(shop, [JAKARTA, SURABAYA]);
  SHOPIFY_ORDERS.locations.set(shop, [JAKARTA, SURABAYA]);
  await pickupFor(shop, JAKARTA, JAKARTA_PICKUP);
  await pickupFor(shop, SURABAYA, null);
  return { shop, key };
}

/** The settings page's rates-at-checkout form, posted with the merchant's session token. */
/** The settings page's last checkout without live rates, as an Indonesian admin reads it. */
async function ratesProblemIn(shop: string) {
  const request = await sessionTokenRequest("/app/settings?locale=id", shop);
  const data = (await (
    settingsRoute.loader as (args: {
      request: Request;
      params: object;
      context: object;
    }) => Promise<unknown>
  )({ request, params: {}, context: {} })) as {
    ratesProblem: { at: string; reason: string } | null;
  };
  return data.ratesProblem;
}

async function submitRates(shop: string, fields: [string, string][], intent = "checkoutRates") {
  const request = await sessionTokenRequest("/app/settings", shop, {
    method: "POST",
    body: new URLSearchParams([["intent", intent], ...fields]),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  return (await (
    settingsRoute.action as (args: {
      request: Request;
      params: object;
      context: object;
    }) => Promise<unknown>
  )({ request, params: {}, context: {} })) as { ok: boolean; message: string };
}
const OFFER: [string, string][] = [
  ["ratesOn", "on"],
  ["service", "jne/reg"],
  ["name:jne/reg", "JNE Reguler"],
  ["service", "sicepat/best"],
  ["service", "gojek/instant"],
];

/** Shopify's rate request, as its documentation shapes it, from a warehouse's address to a Jakarta customer. */
function rateBody(
  origin: FakeLocation,
  options: {
    grams?: number;
    postalCode?: string;
    destination?: { latitude: number; longitude: number };
    subtotal?: number;
  } = {},
) {
  const subtotal = options.subtotal ?? 350_000;
  return shopifyRateRequest({
    origin: {
      postalCode: origin.address!.zip!,
      city: origin.address!.city,
      address1: origin.address!.address1,
      companyName: "Toko Maju",
    },
    destination: {
      postalCode: options.postalCode ?? "12950",
      province: "JK",
      city: "Jakarta Selatan",
      name: "Siti Rahayu",
      address1: "Jl. Kuningan Barat 7",
      ...options.destination,
    },
    items: [
      {
        name: "Kemeja Batik",
        sku: "BTK-01",
        quantity: 2,
        grams: (options.grams ?? 1200) / 2,
        price: subtotal / 2,
        productId: 9001,
        variantId: 90011,
      },
      {
        name: "Gift card",
        quantity: 1,
        grams: 0,
        price: 50_000,
        requiresShipping: false,
        productId: 9009,
        variantId: 90091,
      },
    ],
    subtotal,
  });
}

/** A rate request signed as Shopify signs it (or not), at the shop's callback URL (its token). */
async function rateRequest(
  shop: string,
  body: unknown,
  options: { secret?: string; tamper?: (raw: string) => string; token?: string | null } = {},
) {
  const raw = JSON.stringify(body);
  const token =
    options.token === undefined
      ? await callbackTokenOf(db, env.ENCRYPTION_KEY, shop)
      : options.token;
  return new Request(`${APP_URL}/carrier-service/rates${token ? `?token=${token}` : ""}`, {
    method: "POST",
    body: options.tamper ? options.tamper(raw) : raw,
    headers: {
      "content-type": "application/json",
      "x-shopify-hmac-sha256": shopifyHmac(raw, options.secret ?? API_SECRET_KEY),
      "x-shopify-shop-domain": shop,
    },
  });
}

async function askRates(shop: string, body: unknown) {
  const started = Date.now();
  const response = await callRoute(ratesRoute.action, await rateRequest(shop, body));
  return {
    status: response.status,
    ms: Date.now() - started,
    rates: ((await response.json()) as { rates?: ShopifyRate[] }).rates ?? [],
  };
}
// The sandbox counts POST /v1/rates/couriers under its route pattern.
const ratesCalls = () => stack.sandbox.requests.get("POST /v1/rates/:id") ?? 0;

/** The service's own prices for a route, asked directly (what the checkout must show, ×100). */
async function servicePrices(
  key: string,
  originPostal: number,
  destinationPostal: number,
  grams: number,
) {
  const client = createShippingClient({ baseUrl: stack.sandbox.url, apiKey: key });
  const answer = await client.getRates({
    origin_postal_code: originPostal,
    destination_postal_code: destinationPostal,
    couriers: "jne,sicepat",
    items: [{ name: "x", value: 1, quantity: 1, weight: grams }],
  });
  return new Map(
    answer.pricing.map((p) => [`${p.courier_code}:${p.courier_service_code}`, p.price]),
  );
}

describe("rates at checkout: turned on and off from the settings", () => {
  it("registers the carrier service with the app's callback, removes it when turned off; a plan without carrier services is told so", async () => {
    const { shop } = await twoWarehouseShop();
    const on = await submitRates(shop, OFFER);
    expect(on).toMatchObject({ ok: true });
    const [service] = stack.shopify.orders.carrierServices.of(shop);
    expect(service).toMatchObject({
      name: "ParcelBridge",
      callbackUrl: `${APP_URL}/carrier-service/rates?token=${await callbackTokenOf(db, env.ENCRYPTION_KEY, shop)}`,
      active: true,
    });
    expect((await getShop(db, shop))?.carrierServiceId).toBe(service!.id);
    expect((await getShopSettings(db, shop)).checkoutRates.services).toEqual([
      { company: "jne", type: "reg", name: "JNE Reguler" },
      { company: "sicepat", type: "best" },
      { company: "gojek", type: "instant" },
    ]);
    // Saving again keeps the one carrier service.
    expect(await submitRates(shop, OFFER)).toMatchObject({ ok: true });
    expect(stack.shopify.orders.carrierServices.of(shop)).toHaveLength(1);

    expect(await submitRates(shop, [["service", "jne/reg"]])).toMatchObject({
      ok: true,
      message: expect.stringMatching(/off/),
    });
    expect(stack.shopify.orders.carrierServices.of(shop)).toHaveLength(0);
    expect((await getShop(db, shop))?.carrierServiceId).toBeNull();

    const basic = await twoWarehouseShop();
    stack.shopify.orders.carrierServices.ineligible.add(basic.shop);
    const refused = await submitRates(basic.shop, OFFER);
    expect(refused.ok).toBe(false);
    expect(refused.message).toMatch(/plan does not let apps give rates at checkout.*Advanced/);
    expect(refused.message).not.toContain(PLAN_REFUSAL);
    expect((await getShop(db, basic.shop))?.carrierServiceId).toBeNull();
    // On with nothing to offer is refused before Shopify is asked.
    expect(await submitRates(basic.shop, [["ratesOn", "on"]])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/at least one courier service/),
    });
  });
});

describe("rates at checkout: a carrier service Shopify turned off", () => {
  it("deactivated (a plan change) or removed in Shopify: the hourly check tells the merchant on the rates card, with what to do; on again, it is active", async () => {
    const { shop } = await twoWarehouseShop();
    expect(await submitRates(shop, OFFER)).toMatchObject({ ok: true });
    // The hourly sweep queues one check for the shop (a second sweep of the window, none); the
    // check reads the shop's carrier service.
    const queued: string[] = [];
    const sweep = () =>
      checkCarrierServicesActive(
        {} as Job,
        {
          db,
          enqueue: {
            checkCarrierService: async (s: string, window: number) =>
              queued.includes(`${s}|${window}`) ? null : (queued.push(`${s}|${window}`) as never),
          },
        },
        new Date(),
        shop,
      );
    expect(await sweep()).toEqual({ shops: 1, queued: 1 });
    expect(await sweep()).toEqual({ shops: 1, queued: 0 });
    const check = () =>
      processCheckCarrierService({ data: { shop } } as Job, {
        db,
        adminGraphql: shopifyAdminGraphql,
        redis: producerConnection(),
        prefix: env.QUEUE_PREFIX,
      });
    expect(await check()).toBe("active");
    expect(await ratesProblemIn(shop)).toBeNull();

    // Shopify deactivates it on its own: no webhook says so.
    stack.shopify.orders.carrierServices.of(shop)[0]!.active = false;
    expect(await check()).toBe("inactive");
    expect((await ratesProblemIn(shop))?.reason).toMatch(
      /^Shopify mematikan ongkir dari aplikasi ini di checkout Anda .*hapus lalu centang lagi "Tampilkan ongkir langsung di checkout"/,
    );
    // Untick and tick: registered again, active.
    expect(
      await submitRates(
        shop,
        OFFER.filter(([k]) => k !== "ratesOn"),
      ),
    ).toMatchObject({
      ok: true,
    });
    expect(await submitRates(shop, OFFER)).toMatchObject({ ok: true });
    expect(stack.shopify.orders.carrierServices.of(shop)[0]).toMatchObject({ active: true });
    expect(await check()).toBe("active");

    // Removed in Shopify's shipping settings.
    stack.shopify.orders.carrierServices.byShop.set(shop, []);
    expect(await check()).toBe("gone");
    expect((await ratesProblemIn(shop))?.reason).toMatch(
      /^ongkir dari aplikasi ini tidak lagi terpasang di pengaturan pengiriman Shopify Anda/,
    );
  });
});

describe("rates at checkout: Shopify's rate requests", () => {
  it("answers the offered couriers at the service's prices from the origin's connected pickup, in subunits, with names and dates", async () => {
    const { shop, key } = await twoWarehouseShop();
    await submitRates(shop, OFFER);
    const answer = await askRates(shop, rateBody(SURABAYA, { grams: 1200 }));
    expect(answer.status).toBe(200);
    // 1.2 kg is priced as the started 2 kg, from Surabaya's pickup (60293), not Jakarta's.
    const fromSurabaya = await servicePrices(key, 60293, 12950, 2000);
    const fromJakarta = await servicePrices(key, 12430, 12950, 2000);
    expect(fromSurabaya.get("jne:reg")).not.toBe(fromJakarta.get("jne:reg"));
    expect(
      answer.rates.map((r) => [r.service_code, r.service_name, r.total_price, r.currency]),
    ).toEqual([
      ["jne:reg", "JNE Reguler", String(fromSurabaya.get("jne:reg")! * 100), "IDR"],
      [
        "sicepat:best",
        expect.stringMatching(/SiCepat/i),
        String(fromSurabaya.get("sicepat:best")! * 100),
        "IDR",
      ],
    ]);
    // Gojek needs both sides' coordinates: not offered to an address Shopify sends without them.
    expect(
      answer.rates.every(
        (r) =>
          r.min_delivery_date &&
          /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000$/.test(r.min_delivery_date),
      ),
    ).toBe(true);
  });

  it("instant couriers are offered when both sides' coordinates are known", async () => {
    const { shop } = await twoWarehouseShop();
    await submitRates(shop, OFFER);
    const withPoint = await askRates(
      shop,
      rateBody(JAKARTA, { destination: { latitude: -6.225, longitude: 106.87 } }),
    );
    expect(withPoint.rates.map((r) => r.service_code)).toContain("gojek:instant");
    const fromSurabaya = await askRates(
      shop,
      rateBody(SURABAYA, { destination: { latitude: -6.225, longitude: 106.87 } }),
    );
    expect(fromSurabaya.rates.map((r) => r.service_code)).not.toContain("gojek:instant");
  });

  it("adjusts prices, makes the cheapest free from the merchant's value, and answers the same band from the cache", async () => {
    const { shop, key } = await twoWarehouseShop();
    await submitRates(shop, [
      ...OFFER,
      ["adjustmentKind", "percent"],
      ["adjustmentValue", "10"],
      ["freeAbove", "500.000"],
    ]);
    const prices = await servicePrices(key, 12430, 12940, 1000);
    const before = ratesCalls();
    const cheap = await askRates(
      shop,
      rateBody(JAKARTA, { postalCode: "12940", grams: 300, subtotal: 200_000 }),
    );
    expect(ratesCalls()).toBe(before + 1);
    expect(cheap.rates.map((r) => r.total_price)).toEqual([
      String(Math.round(prices.get("jne:reg")! * 1.1) * 100),
      String(Math.round(prices.get("sicepat:best")! * 1.1) * 100),
    ]);
    // Same origin, destination, kilogram band and couriers: the service is not asked again.
    const rich = await askRates(
      shop,
      rateBody(JAKARTA, { postalCode: "12940", grams: 900, subtotal: 500_000 }),
    );
    expect(ratesCalls()).toBe(before + 1);
    const cheapest = Math.min(...cheap.rates.map((r) => Number(r.total_price)));
    expect(rich.rates.map((r) => r.total_price)).toEqual(
      cheap.rates.map((r) => (Number(r.total_price) === cheapest ? "0" : r.total_price)),
    );
    expect(rich.rates.find((r) => r.total_price === "0")?.description).toMatch(
      /^Free from Rp500\.000/,
    );
    // Another band is another question.
    await askRates(shop, rateBody(JAKARTA, { postalCode: "12940", grams: 1100 }));
    expect(ratesCalls()).toBe(before + 2);
  });

  it("a service outage is answered in time: from the older cached answer, else with 503 (Shopify's backup rates), and with rates once it is back", async () => {
    const { shop } = await twoWarehouseShop();
    await submitRates(shop, OFFER);
    const warm = await askRates(shop, rateBody(JAKARTA, { postalCode: "12950" }));
    expect(warm.rates.length).toBeGreaterThan(0);
    // The cached answer grows older than the cache's freshness.
    const redis = producerConnection();
    for (const k of await redis.keys(`${env.QUEUE_PREFIX}:checkout-rates:*`)) {
      const raw = await redis.get(k);
      if (raw?.includes('"prices"'))
        await redis.set(
          k,
          JSON.stringify({ ...(JSON.parse(raw) as object), at: Date.now() - 3_600_000 + 60_000 }),
          "EX",
          600,
        );
    }
    stack.sandbox.faults.latencyMs = 5_000;
    stack.sandbox.faults.match = "^POST /v1/rates";
    try {
      const stale = await askRates(shop, rateBody(JAKARTA, { postalCode: "12950" }));
      expect(stale.status).toBe(200);
      expect(stale.rates.map((r) => r.total_price)).toEqual(warm.rates.map((r) => r.total_price));
      expect(stale.ms).toBeLessThan(2_000);
      // Nothing cached for this route: an error status, within the deadline, so that Shopify
      // shows the merchant's backup rates and asks again in 30 s (an empty 200 would be kept
      // for 15 minutes as "cannot ship there").
      const cold = await askRates(shop, rateBody(JAKARTA, { postalCode: "60111" }));
      expect(cold).toMatchObject({ status: 503, rates: [] });
      expect(cold.ms).toBeLessThan(2_000);
      stack.sandbox.faults.latencyMs = 0;
      stack.sandbox.faults.errorRate = 1;
      const failing = await askRates(shop, rateBody(JAKARTA, { postalCode: "40115" }));
      expect(failing).toMatchObject({ status: 503, rates: [] });
      // The settings card says why, in the merchant's words.
      await waitFor("the checkout's problem kept for the settings", async () =>
        (await ratesProblemIn(shop))?.reason.startsWith("layanan pengiriman gagal: "),
      );
    } finally {
      Object.assign(stack.sandbox.faults, { latencyMs: 0, errorRate: 0, match: null });
    }
    // The service back: the same checkout gets its rates.
    const back = await askRates(shop, rateBody(JAKARTA, { postalCode: "40115" }));
    expect(back.status).toBe(200);
    expect(back.rates.length).toBeGreaterThan(0);
  });

  it("refuses what Shopify did not sign, and a shop with rates off gets none", async () => {
    const { shop } = await twoWarehouseShop();
    await submitRates(shop, OFFER);
    const before = ratesCalls();
    const forged = await callRoute(
      ratesRoute.action,
      await rateRequest(shop, rateBody(JAKARTA), { secret: "not-the-app-secret" }),
    );
    expect(forged.status).toBe(401);
    const tampered = await callRoute(
      ratesRoute.action,
      await rateRequest(shop, rateBody(JAKARTA), {
        tamper: (raw) => raw.replace("12950", "12951"),
      }),
    );
    expect(tampered.status).toBe(401);
    expect(ratesCalls()).toBe(before);
    const notARate = await callRoute(
      ratesRoute.action,
      await rateRequest(shop, { hello: "world" }),
    );
    expect(notARate.status).toBe(400);
    // Larger than a rate request ever is: refused before it is read whole, declared or not.
    const padded = (bytes: number) =>
      JSON.stringify({ ...rateBody(JAKARTA), padding: " ".repeat(bytes) });
    const oversized = await callRoute(
      ratesRoute.action,
      new Request(`${APP_URL}/Carrier-Service/rates`, {
        method: "POST",
        body: padded(RATES_MAX_BODY_BYTES),
        headers: { "content-type": "application/json", "x-shopify-shop-domain": shop },
      }),
    );
    expect(oversized.status).toBe(413);
    const undeclared = await callRoute(
      ratesRoute.action,
      new Request(`${APP_URL}/carrier-service/rates`, {
        method: "POST",
        body: new Blob([padded(RATES_MAX_BODY_BYTES)]).stream(),
        duplex: "half",
        headers: { "content-type": "application/json", "x-shopify-shop-domain": shop },
      } as RequestInit),
    );
    expect(undeclared.status).toBe(413);
    expect(ratesCalls()).toBe(before);

    await submitRates(shop, [["service", "jne/reg"]]);
    expect(await askRates(shop, rateBody(JAKARTA))).toMatchObject({ status: 200, rates: [] });
  });

  it("a request from an origin that is none of the shop's locations (another shop's checkout, replayed) is refused", async () => {
    const { shop } = await twoWarehouseShop();
    await submitRates(shop, OFFER);
    // Warm the shop's locations, as a real checkout of its own would.
    expect((await askRates(shop, rateBody(JAKARTA))).rates.length).toBeGreaterThan(0);
    const before = ratesCalls();
    const elsewhere: FakeLocation = {
      id: "gid://shopify/Location/777",
      name: "Gudang Medan",
      address: { address1: "Jl. Gatot Subroto 99", city: "Medan", zip: "20112" },
    };
    expect(await askRates(shop, rateBody(elsewhere))).toMatchObject({ status: 403, rates: [] });
    // Not even the default pickup's prices were asked for.
    expect(ratesCalls()).toBe(before);
  });
});

describe("rates at checkout: each shop's callback token", () => {
  /** A signed rate request for `shop`'s header, with `token` in its URL (null: none). */
  const ratesWith = async (shop: string, token: string | null) => {
    const response = await callRoute(
      ratesRoute.action,
      await rateRequest(shop, rateBody(JAKARTA), { token }),
    );
    return ((await response.json()) as { rates?: ShopifyRate[] }).rates?.length ?? 0;
  };
  const tokenOf = (shop: string) => callbackTokenOf(db, env.ENCRYPTION_KEY, shop);
  /** The sweep, for the shop: whether it queued the shop's registration. */
  const sweepCallbacks = async (shop: string) => {
    const queued: string[] = [];
    await registerCarrierCallbacks(
      { data: {} } as Job,
      {
        db,
        enqueue: {
          registerCarrierCallback: async (s: string) => queued.push(s) as never,
        },
      },
      new Date(),
      shop,
    );
    return queued.includes(shop);
  };
  /** The shop's registration job, as the worker runs it. */
  const carrierCallback = (shop: string) =>
    processRegisterCarrierCallback({ data: { shop } } as Job, {
      db,
      env: { ENCRYPTION_KEY: env.ENCRYPTION_KEY, SHOPIFY_APP_URL: APP_URL },
      adminGraphql: shopifyAdminGraphql,
    });
  const ratesUrlAtShopify = (shop: string) =>
    stack.shopify.orders.carrierServices.of(shop)[0]?.callbackUrl;
  const ratesUrl = (token: string) => `${APP_URL}/carrier-service/rates?token=${token}`;
  /** The shop's token columns as if its last new URL was made `ms` ago. */
  const rotatedAgo = (shop: string, ms: number) =>
    db
      .update(shops)
      .set({ callbackTokenRotatedAt: new Date(Date.now() - ms) })
      .where(eq(shops.shop, shop));

  it("a signed request replayed under another shop's header, with the replayer's own token, gets no rates", async () => {
    const a = await twoWarehouseShop();
    const b = await twoWarehouseShop();
    await submitRates(a.shop, OFFER);
    await submitRates(b.shop, OFFER);
    const tokenA = await tokenOf(a.shop);
    const tokenB = await tokenOf(b.shop);
    expect(tokenA).not.toBe(tokenB);
    expect(await ratesWith(b.shop, tokenB)).toBeGreaterThan(0);
    // The same signed body, B's header, A's token (all a replayer from shop A has): nothing.
    const before = ratesCalls();
    expect(await ratesWith(b.shop, tokenA)).toBe(0);
    // Nor without a token, now that B's carrier service calls with one.
    expect(await ratesWith(b.shop, null)).toBe(0);
    expect(ratesCalls()).toBe(before);
  });

  it("a carrier service registered before tokens answers without one until the worker registers it again, and never past its deadline", async () => {
    const { shop } = await twoWarehouseShop();
    await submitRates(shop, OFFER);
    // As the upgrade leaves one registered before tokens: its URL has none, and the shop records
    // none, with the deadline the migration gave it.
    const asBeforeTokens = (until: Date) =>
      db
        .update(shops)
        .set({ carrierCallbackTokenHash: null, carrierTokenlessUntil: until })
        .where(eq(shops.shop, shop));
    await asBeforeTokens(new Date(Date.now() + 3600_000));
    const [service] = stack.shopify.orders.carrierServices.of(shop);
    service!.callbackUrl = `${APP_URL}/carrier-service/rates`;
    expect(await ratesWith(shop, null)).toBeGreaterThan(0);

    // Shopify refuses the new registration (the grant lacks write_shipping): after the deadline,
    // requests without a token get nothing even so.
    stack.shopify.orders.revoke(shop, "write_shipping");
    expect(await sweepCallbacks(shop)).toBe(true);
    await expect(carrierCallback(shop)).rejects.toThrow();
    expect(await ratesWith(shop, null)).toBeGreaterThan(0);
    await asBeforeTokens(new Date(Date.now() - 1_000));
    expect(await ratesWith(shop, null)).toBe(0);

    stack.shopify.orders.grant(shop, [...stack.shopify.orders.scopesOf(shop), "write_shipping"]);
    await asBeforeTokens(new Date(Date.now() + 3600_000));
    expect(await carrierCallback(shop)).toBe("registered");
    // Registered: the next sweep leaves the shop alone, and so would a job queued before.
    expect(await sweepCallbacks(shop)).toBe(false);
    expect(await carrierCallback(shop)).toBe("current");
    const token = await tokenOf(shop);
    expect(stack.shopify.orders.carrierServices.of(shop)).toMatchObject([
      { id: service!.id, callbackUrl: ratesUrl(token) },
    ]);
    expect(await ratesWith(shop, null)).toBe(0);
    expect(await ratesWith(shop, token)).toBeGreaterThan(0);
  });

  it("a new URL Shopify takes at once: the old token gets no more rates; the service's events take it for the grace period only", async () => {
    const { shop } = await twoWarehouseShop();
    await submitRates(shop, OFFER);
    const old = await tokenOf(shop);
    const rotated = await submitRates(shop, [], "rotateEventsUrl");
    expect(rotated).toMatchObject({
      ok: true,
      message: expect.stringMatching(/keeps working for 72 hours.*already use the new one/),
    });
    const token = await tokenOf(shop);
    expect(token).not.toBe(old);
    expect(ratesUrlAtShopify(shop)).toBe(ratesUrl(token));
    // Shopify calls with the new one only: the old one answers no rate request.
    expect(await ratesWith(shop, old)).toBe(0);
    expect(await ratesWith(shop, token)).toBeGreaterThan(0);
    // The merchant still has to paste the new events URL at the service: the old one works there.
    expect(await shopOfCallbackToken(db, old)).toBe(shop);
    await rotatedAgo(shop, CALLBACK_TOKEN_GRACE_MS + 60_000);
    expect(await shopOfCallbackToken(db, old)).toBeNull();
    expect(await shopOfCallbackToken(db, token)).toBe(shop);
    expect(await ratesWith(shop, token)).toBeGreaterThan(0);
  });

  it("a new URL Shopify cannot take yet: the old token answers rates until the worker registers the new one, never past the grace period", async () => {
    const { shop } = await twoWarehouseShop();
    await submitRates(shop, OFFER);
    const old = await tokenOf(shop);
    stack.shopify.orders.revoke(shop, "write_shipping");
    const rotated = await submitRates(shop, [], "rotateEventsUrl");
    expect(rotated).toMatchObject({
      ok: true,
      message: expect.stringMatching(/Shopify could not be told the new rates URL now/),
    });
    const token = await tokenOf(shop);
    expect(ratesUrlAtShopify(shop)).toBe(ratesUrl(old));
    expect(await ratesWith(shop, old)).toBeGreaterThan(0);
    // Past the grace period the old one is refused, registered or not.
    await rotatedAgo(shop, CALLBACK_TOKEN_GRACE_MS + 60_000);
    expect(await ratesWith(shop, old)).toBe(0);
    await rotatedAgo(shop, 60_000);

    stack.shopify.orders.grant(shop, [...stack.shopify.orders.scopesOf(shop), "write_shipping"]);
    expect(await sweepCallbacks(shop)).toBe(true);
    expect(await carrierCallback(shop)).toBe("registered");
    expect(ratesUrlAtShopify(shop)).toBe(ratesUrl(token));
    expect(await ratesWith(shop, old)).toBe(0);
    expect(await ratesWith(shop, token)).toBeGreaterThan(0);
  });

  it("a second new URL while the old one still works is refused in words; ending the old one stops it at once, and then a new one can be made", async () => {
    const { shop } = await twoWarehouseShop();
    await submitRates(shop, OFFER);
    const first = await tokenOf(shop);
    expect(await submitRates(shop, [], "rotateEventsUrl")).toMatchObject({ ok: true });
    const second = await tokenOf(shop);

    const again = await submitRates(shop, [], "rotateEventsUrl");
    expect(again).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^No new URL was made: .*End the old URL now/),
    });
    // Nothing dropped: the URL the merchant may have pasted, and the one before, both still work.
    expect(await tokenOf(shop)).toBe(second);
    expect(await shopOfCallbackToken(db, first)).toBe(shop);
    expect(await shopOfCallbackToken(db, second)).toBe(shop);

    expect(await submitRates(shop, [], "endOldEventsUrl")).toMatchObject({
      ok: true,
      message: "The old URL no longer works: only the current one is accepted.",
    });
    expect(await shopOfCallbackToken(db, first)).toBeNull();
    expect(await ratesWith(shop, first)).toBe(0);
    expect(await shopOfCallbackToken(db, second)).toBe(shop);
    expect(await ratesWith(shop, second)).toBeGreaterThan(0);

    expect(await submitRates(shop, [], "rotateEventsUrl")).toMatchObject({ ok: true });
    expect(await tokenOf(shop)).not.toBe(second);
    expect(await shopOfCallbackToken(db, second)).toBe(shop);
  });
});

describe("rates at checkout: the customer's choice ships", () => {
  it("an order whose shipping line came from these rates becomes a ready draft with exactly that courier", async () => {
    const { shop, key } = await twoWarehouseShop();
    await submitRates(shop, OFFER);
    const { rates } = await askRates(shop, rateBody(JAKARTA));
    const chosen = rates.find((r) => r.service_code === "sicepat:best")!;
    // Shopify's shipping line for a carrier service's rate: its code, its name as title, the service as source.
    const order = freshOrder("multi-item", {
      shipping_lines: [
        {
          id: 1,
          code: chosen.service_code,
          title: chosen.service_name,
          source: "ParcelBridge",
          carrier_identifier: "b36c09d2e9b4a4e8f8d1e1b1c1e1a1f1",
          price: String(Number(chosen.total_price) / 100),
          discounted_price: String(Number(chosen.total_price) / 100),
        },
      ],
    });
    expect(await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order })).toBe(
      200,
    );
    const ready = await waitFor("a ready draft", async () => {
      const s = await shipmentOf(db, shop, order.id);
      return s?.status === "draft_ready" ? s : undefined;
    });
    expect(ready).toMatchObject({ courierCompany: "sicepat", courierType: "best", problem: null });
    const [draft] = [...stack.sandbox.service.account(key).drafts.values()].filter(
      (d) => d.spec.referenceId === ready.referenceId && !d.deletedAt,
    );
    expect([draft?.spec.service?.courierCode, draft?.spec.service?.serviceCode]).toEqual([
      "sicepat",
      "best",
    ]);
  });
});
