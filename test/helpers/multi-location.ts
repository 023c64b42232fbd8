import { db } from "#app/db/index.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { enqueue } from "#app/jobs/queues.server.ts";
import { currentShipments } from "#app/shipments/shipments.server.ts";
import { shippingClientForShop } from "#app/shops/shipping-client.server.ts";
import { saveLocation } from "#app/shops/locations.server.ts";
import { connectLocation } from "#app/shops/shopify-locations.server.ts";
import type { Sandbox } from "#sandbox/server.ts";
import { SHOPIFY_ORDERS, type FakeLocation } from "#fakes/shopify/fake-admin.ts";
import { setUpShop } from "./pipeline.ts";
import { liveKey } from "./sandbox.ts";
import { uniqueShop } from "./shopify.ts";

/**
 * A merchant with warehouses in two cities (and a partner's fulfillment warehouse): the Shopify
 * locations, their pickup locations at the sandbox, and Shopify's split of an order between them,
 * for the tests of shipments per fulfillment order.
 */
export const JAKARTA: FakeLocation = {
  id: "gid://shopify/Location/7101",
  name: "Gudang Jakarta",
  address: {
    address1: "Jl. Fatmawati 10",
    city: "Jakarta Selatan",
    zip: "12430",
    phone: "021 7654321",
  },
};
export const SURABAYA: FakeLocation = {
  id: "gid://shopify/Location/7102",
  name: "Gudang Surabaya",
  address: {
    address1: "Jl. Rungkut Industri 5",
    city: "Surabaya",
    zip: "60293",
    phone: "031 8123456",
  },
};
export const PARTNER: FakeLocation = {
  id: "gid://shopify/Location/7103",
  name: "Partner Warehouse",
  fulfillmentService: "Gudang Partner Fulfillment",
};

/** A shop with the given Shopify locations; `connect`: each gets a pickup location at the service, connected. */
export async function multiLocationShop(
  sandbox: Sandbox,
  locations: FakeLocation[],
  connect: FakeLocation[],
  settings = {},
) {
  const env = getEnv();
  const shop = uniqueShop("fo");
  const key = liveKey("fo");
  await setUpShop(db, env.ENCRYPTION_KEY, shop, key, sandbox.url, {
    defaultCourier: null,
    ...settings,
  });
  SHOPIFY_ORDERS.locations.set(shop, locations);
  const client = await shippingClientForShop(db, env, shop);
  const pickups = new Map<string, string>();
  for (const location of connect) {
    const saved = await saveLocation(
      db,
      client,
      shop,
      {
        contactName: location.name,
        contactPhone: "+6281234567890",
        address: `${location.address!.address1}, ${location.address!.city}`,
        postalCode: Number(location.address!.zip),
      },
      null,
    );
    await connectLocation(db, enqueue, shop, location.id, saved.locationId);
    pickups.set(location.id, saved.locationId);
  }
  return { shop, key, pickups };
}

/** Shopify assigned the order's lines to locations: one fulfillment order per entry (ids `<order>1`, `<order>2`, …). */
export function splitOrder(
  shop: string,
  order: { id: number },
  parts: [FakeLocation, Record<string, number>][],
) {
  SHOPIFY_ORDERS.layouts.set(
    `${shop}/${order.id}`,
    parts.map(([location, lines], i) => ({
      id: `gid://shopify/FulfillmentOrder/${order.id}${i + 1}`,
      locationId: location.id,
      lines,
    })),
  );
}

/** The order's current shipments, part 1 first. */
export const partsOf = (shop: string, orderId: number) =>
  currentShipments(db, shop, String(orderId));
