import { Session } from "@shopify/shopify-api";
import { db } from "#app/db/index.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { sessionStorage } from "#app/shopify.server.ts";
import type { ShopSettings } from "#app/shops/settings.ts";
import { offlineSessionRow } from "#fakes/shopify/fake-shopify-server.ts";
import { liveKey } from "./sandbox.ts";
import { freshOrder, setUpShop } from "./pipeline.ts";
import { deliverWebhook, uniqueShop } from "./shopify.ts";
import { action as customersRedact } from "#app/routes/webhooks.customers.redact.tsx";
import type { TestStack } from "./stack.ts";

/** The COD fixture's buyer: Siti Aminah, 0812-9876-5432 (customer 7001), to Surabaya 60271. */
export const SITI = "+6281298765432";

/**
 * A shop that takes COD and holds high risks (the default policy), its key at the stack's sandbox
 * and its offline session at the stack's fake Shopify (the pages' own calls: cancel, invoice,
 * the buyer's corrected address).
 */
export async function codHoldShop(
  stack: TestStack,
  name: string,
  settings: Partial<ShopSettings> = {},
): Promise<{ shop: string; key: string }> {
  const shop = uniqueShop(name);
  const key = liveKey(name);
  await setUpShop(db, getEnv().ENCRYPTION_KEY, shop, key, stack.sandbox.url, {
    codGateways: ["Cash on Delivery (COD)"],
    codRiskHold: "high",
    ...settings,
  });
  await sessionStorage.storeSession(
    new Session(offlineSessionRow(shop, stack.shopify.connect(shop))),
  );
  return { shop, key };
}

/**
 * A new buyer's COD order to Surabaya whose postal code (60271, Kecamatan Genteng) is not the
 * kecamatan it names (Tegalsari), without a house number: held high by the address alone.
 * `n` keeps each test's buyer (customer, e-mail, phone) apart.
 */
export function wrongPostalOrder(n: number) {
  const phone = `0857${String(40_000_000 + n).padStart(8, "0")}`;
  const order = freshOrder("cod", {
    email: `dewi${n}@example.com`,
    customer: { id: 9_000 + n, email: `dewi${n}@example.com`, phone },
  });
  Object.assign(order.shipping_address as Record<string, unknown>, {
    name: "Dewi Lestari",
    address1: "Jl. Kedungdoro gang buntu",
    address2: "Kec. Tegalsari",
    zip: "60271",
    phone,
  });
  return order;
}

/** Shopify's customers/redact for Siti (customer 7001) and the given orders; the status answered. */
export const redactSiti = (shop: string, orders: (number | string)[]) =>
  deliverWebhook(customersRedact, {
    topic: "customers/redact",
    shop,
    body: {
      shop_id: 1,
      shop_domain: shop,
      customer: { id: 7001, email: "siti.aminah@example.com", phone: SITI },
      orders_to_redact: orders.map(Number),
    },
  });
