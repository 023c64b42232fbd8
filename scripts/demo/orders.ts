/**
 * The demo's merchant and store orders: the shop's set-up (key, pickup location, automatic
 * confirmation, COD gateway, the events URL at the service), then realistic store orders replayed
 * through the real, signed webhook route, and what the merchant and the customer do next.
 */
import crypto from "node:crypto";
import type { Shipment } from "#app/db/schema.ts";
import { signDelivery } from "#fakes/shopify/webhook-signer.ts";
import { API_SECRET, SHOP, type DemoStack } from "./stack.ts";

const DELIVERY_TIMEOUT_MS = 10_000;

export async function setUpMerchant(stack: DemoStack): Promise<void> {
  const { getEnv } = await import("#app/platform/env.server.ts");
  const { recordInstall, setShippingApiKey, updateShopSettings } =
    await import("#app/shops/shops.server.ts");
  const { sessionTable } = await import("#app/db/schema.ts");
  const { offlineSessionRow } = await import("#fakes/shopify/fake-shopify-server.ts");
  const { registerEvents } = await import("#test/helpers/sandbox.ts");
  const { PICKUP } = await import("#test/fixtures/pickup.ts");
  const { callbackTokenOf, eventsUrlFor } = await import("#app/shops/callback-token.server.ts");
  const env = getEnv();
  const db = stack.database.db;
  const apiKey = `biteship_live.demo-${crypto.randomBytes(6).toString("hex")}`;
  await recordInstall(db, SHOP);
  await db.insert(sessionTable).values(offlineSessionRow(SHOP, stack.shopify.connect(SHOP)));
  await setShippingApiKey(db, env.ENCRYPTION_KEY, SHOP, apiKey, stack.sandbox.url);
  await updateShopSettings(db, SHOP, {
    pickup: PICKUP,
    autoConfirm: true,
    defaultCourier: { company: "sicepat", type: "reg" },
    codGateways: ["Cash on Delivery (COD)"],
    defaultWeightGrams: null,
    // The batik shirt's variant keeps its size in Shopify: its parcels show a volumetric weight.
    dimensionsFromShopify: true,
  });
  const hook = await registerEvents(
    stack.sandbox.url,
    apiKey,
    eventsUrlFor(stack.webUrl, await callbackTokenOf(db, env.ENCRYPTION_KEY, SHOP)),
  );
  if (!hook.ok) throw new Error(`Registering the events URL failed: ${await hook.text()}`);
}

type Order = Record<string, unknown> & { id: number; name: string };

export interface Replay {
  /** The store orders sent: id and the fixture they came from. */
  sent: { id: string; name: string; fixture: string }[];
  /** What the merchant and the customer do as the shipments move (edit the unpaid order, then pay it). */
  followUp(rows: Shipment[]): Promise<void>;
}

/** Sends every fixture order as Shopify would (signed orders/create), a redelivery, and a cancel before its create. */
export async function replayOrders(stack: DemoStack, say: (line: string) => void): Promise<Replay> {
  const { ORDER_FIXTURES, orderWithId } = await import("#test/fixtures/orders.ts");
  const deliver = async (topic: string, body: unknown, webhookId = crypto.randomUUID()) => {
    const raw = JSON.stringify(body);
    stack.shopify.hold(topic, SHOP, raw);
    const response = await fetch(`${stack.webUrl}/webhooks/${topic}`, {
      method: "POST",
      headers: signDelivery({ topic, shop: SHOP, body: raw, secret: API_SECRET, webhookId })
        .headers,
      body: raw,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    return response.status;
  };

  const sent: Replay["sent"] = [];
  let unpaid: Order = orderWithId("id-bank-transfer-pending", 0);
  let n = 0;
  for (const fixture of ORDER_FIXTURES) {
    const order = orderWithId(fixture, 9_100_000_000_000 + ++n, { name: `#D${1000 + n}` });
    const webhookId = crypto.randomUUID();
    const status = await deliver("orders/create", order, webhookId);
    if (fixture === "multi-item") await deliver("orders/create", order, webhookId); // Shopify redelivers
    sent.push({ id: String(order.id), name: order.name, fixture });
    if (fixture === "id-bank-transfer-pending") unpaid = order;
    say(`  → orders/create ${order.name.padEnd(6)} (${fixture}) answered ${status}`);
  }
  const cancelled = orderWithId("multi-item", 9_100_000_000_000 + ++n, {
    name: `#D${1000 + n}`,
    cancelled_at: new Date().toISOString(),
    cancel_reason: "customer",
  });
  say(
    `  → orders/cancelled ${cancelled.name} before its orders/create: ${await deliver("orders/cancelled", cancelled)}, then create: ${await deliver("orders/create", cancelled)}`,
  );
  sent.push({ id: String(cancelled.id), name: cancelled.name, fixture: "cancelled-first" });

  // A buyer whose two earlier COD parcels came back unpaid (cancelled with nothing owed, as the
  // app leaves them) orders again: the shop's policy (high risk, the default) holds the order
  // before anything is booked, for the merchant to decide on its page.
  const { shipments } = await import("#app/db/schema.ts");
  const phone = "+6285712340099";
  await stack.database.db.insert(shipments).values(
    [1, 2].map((k) => ({
      shop: SHOP,
      orderId: String(9_100_000_000_900 + k),
      orderName: `#D090${k}`,
      referenceId: `demo-earlier-${k}`,
      status: "returned",
      returnOutcome: "cancelled" as const,
      orderCreatedAt: new Date(Date.now() - (60 - 10 * k) * 86_400_000),
      returnedAt: new Date(Date.now() - (50 - 10 * k) * 86_400_000),
      destinationName: "Dewi Lestari",
      destinationPhone: phone,
      destinationCity: "Makassar",
      destinationPostalCode: "90111",
      contents: { items: [], ordered: [], cod: 275_000, insurance: null },
    })),
  );
  const template = orderWithId("cod", 0);
  const risky = orderWithId("cod", 9_100_000_000_000 + ++n, {
    name: `#D${1000 + n}`,
    email: "dewi.lestari@example.com",
    customer: { id: 7301, email: "dewi.lestari@example.com", phone },
    shipping_address: {
      ...(template.shipping_address as Record<string, unknown>),
      name: "Dewi Lestari",
      first_name: "Dewi",
      last_name: "Lestari",
      phone,
    },
  });
  say(
    `  → orders/create ${risky.name} (a buyer whose two COD parcels came back): ${await deliver("orders/create", risky)}`,
  );
  sent.push({ id: String(risky.id), name: risky.name, fixture: "cod-risky-buyer" });
  say("");

  let edited = false;
  let paid = false;
  return {
    sent,
    // The bank-transfer order waits for its payment: the merchant edits it (the draft follows),
    // then the customer pays (orders/paid books it).
    async followUp(rows) {
      const waiting = rows.find((r) => r.orderId === String(unpaid.id));
      if (waiting?.status === "draft_ready" && waiting.awaitingPayment && !edited) {
        edited = true;
        const lines = unpaid.line_items as Record<string, unknown>[];
        unpaid = {
          ...unpaid,
          updated_at: new Date().toISOString(),
          total_outstanding: "254000.00",
          line_items: [
            { ...lines[0], current_quantity: 1, fulfillable_quantity: 1 },
            ...lines.slice(1),
          ],
        };
        say(
          `  → orders/updated ${unpaid.name}: one Batik Shirt removed before payment: ${await deliver("orders/updated", unpaid)}`,
        );
      } else if (
        edited &&
        !paid &&
        waiting?.contents &&
        (waiting.contents as { items: { quantity: number }[] }).items[0]?.quantity === 1
      ) {
        paid = true;
        unpaid = {
          ...unpaid,
          updated_at: new Date().toISOString(),
          financial_status: "paid",
          total_outstanding: "0.00",
        };
        say(
          `  → orders/paid ${unpaid.name}: the bank transfer arrived: ${await deliver("orders/paid", unpaid)}`,
        );
      }
    },
  };
}
