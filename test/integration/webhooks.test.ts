import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import { codPayouts, sessionTable, shipments, shops, webhookInbox } from "#app/db/schema.ts";
import { sessionStorage } from "#app/shopify.server.ts";
import { recordInstall, recordUninstall } from "#app/shops/shops.server.ts";
import { action as appUninstalled } from "#app/routes/webhooks.app.uninstalled.tsx";
import { action as customersDataRequest } from "#app/routes/webhooks.customers.data_request.tsx";
import { action as customersRedact } from "#app/routes/webhooks.customers.redact.tsx";
import { action as shopRedact } from "#app/routes/webhooks.shop.redact.tsx";
import {
  callRoute,
  offlineSession,
  sessionTokenRequest,
  uniqueShop,
  webhookRequest,
} from "../helpers/shopify.ts";
import { openDataRequests } from "#app/compliance/data-requests.server.ts";
import * as dataRequestCsvRoute from "#app/routes/app.data-requests.$id[.]csv.tsx";
import { testStack } from "../helpers/stack.ts";

testStack();

async function deliver(action: unknown, request: Request): Promise<number> {
  try {
    const response = await callRoute(action, request);
    return response.status;
  } catch (thrown) {
    // authenticate.webhook throws a Response (401) for a bad signature.
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

async function seedShop(shop: string) {
  await recordInstall(db, shop);
  await sessionStorage.storeSession(offlineSession(shop));
  await db.insert(shipments).values([
    {
      shop,
      orderId: "1001",
      customerId: "501",
      referenceId: `${shop}-1001`,
      destinationName: "Siti Aminah",
      destinationPhone: "+6281234567890",
      destinationEmail: "siti@example.com",
      destinationAddress: "Jl. Merdeka 1",
      destinationCity: "Jakarta",
      destinationPostalCode: "10110",
    },
    {
      shop,
      orderId: "1002",
      customerId: "777",
      referenceId: `${shop}-1002`,
      destinationName: "Budi Santoso",
      destinationPhone: "+6281111111111",
      destinationAddress: "Jl. Sudirman 2",
    },
  ]);
  await db.insert(webhookInbox).values({
    webhookId: `${shop}-orders-create-1001`,
    shop,
    topic: "orders/create",
    resourceId: "1001",
    payload: { id: 1001, email: "siti@example.com" },
  });
}

const sessionsOf = (shop: string) =>
  db.select().from(sessionTable).where(eq(sessionTable.shop, shop));
const shopRow = async (shop: string) =>
  (await db.select().from(shops).where(eq(shops.shop, shop)))[0];

describe("app/uninstalled", () => {
  it("deletes the sessions and marks the shop uninstalled; a redelivery does nothing new", async () => {
    const shop = uniqueShop("uninstall");
    await seedShop(shop);
    expect(await sessionsOf(shop)).toHaveLength(1);

    const webhookId = `uninstall-${shop}`;
    expect(
      await deliver(
        appUninstalled,
        webhookRequest({
          topic: "app/uninstalled",
          shop,
          body: { id: 1, domain: shop },
          webhookId,
        }),
      ),
    ).toBe(200);
    expect(await sessionsOf(shop)).toHaveLength(0);
    const row = await shopRow(shop);
    expect(row?.installed).toBe(false);
    expect(row?.uninstalledAt).toBeInstanceOf(Date);
    // Shipments stay until shop/redact.
    expect(await db.select().from(shipments).where(eq(shipments.shop, shop))).toHaveLength(2);

    // A session stored after the uninstall (reinstall) is not touched by a redelivery of the old webhook.
    await sessionStorage.storeSession(offlineSession(shop));
    expect(
      await deliver(
        appUninstalled,
        webhookRequest({
          topic: "app/uninstalled",
          shop,
          body: { id: 1, domain: shop },
          webhookId,
        }),
      ),
    ).toBe(200);
    expect(await sessionsOf(shop)).toHaveLength(1);
    const inbox = await db.select().from(webhookInbox).where(eq(webhookInbox.webhookId, webhookId));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]?.status).toBe("processed");
  });

  it("answers 401 to a tampered or forged delivery and changes nothing", async () => {
    const shop = uniqueShop("uninstall-bad");
    await seedShop(shop);
    const tampered = webhookRequest({
      topic: "app/uninstalled",
      shop,
      body: { id: 1, domain: shop },
      tamper: (raw) => raw.replace("1", "2"),
    });
    expect(await deliver(appUninstalled, tampered)).toBe(401);
    const forged = webhookRequest({
      topic: "app/uninstalled",
      shop,
      body: { id: 1, domain: shop },
      secret: "not-the-app-secret",
    });
    expect(await deliver(appUninstalled, forged)).toBe(401);
    expect(await sessionsOf(shop)).toHaveLength(1);
    expect((await shopRow(shop))?.installed).toBe(true);
    expect(
      await db
        .select()
        .from(webhookInbox)
        .where(and(eq(webhookInbox.shop, shop), eq(webhookInbox.topic, "app/uninstalled"))),
    ).toHaveLength(0);
  });
});

describe("compliance topics", () => {
  it("customers/data_request is recorded with ids only", async () => {
    const shop = uniqueShop("datareq");
    await seedShop(shop);
    const body = {
      shop_id: 1,
      shop_domain: shop,
      orders_requested: [1001],
      customer: { id: 501, email: "siti@example.com", phone: "+6281234567890" },
      data_request: { id: 9999 },
    };
    expect(
      await deliver(
        customersDataRequest,
        webhookRequest({ topic: "customers/data_request", shop, body }),
      ),
    ).toBe(200);
    const [row] = await db
      .select()
      .from(webhookInbox)
      .where(and(eq(webhookInbox.shop, shop), eq(webhookInbox.topic, "customers/data_request")));
    expect(row?.payload).toEqual({
      customerId: "501",
      ordersRequested: ["1001"],
      dataRequestId: "9999",
    });
    expect(JSON.stringify(row)).not.toContain("siti@example.com");

    // The settings page lists it with the day Shopify expects the data by, and the data to send:
    // that customer's parcels only, in the merchant's words.
    const [request] = await openDataRequests(db, shop);
    expect(request).toMatchObject({ id: row!.id, ordersRequested: ["1001"], shipments: 1 });
    expect(request!.dueAt.getTime() - request!.receivedAt.getTime()).toBe(30 * 86_400_000);
    const csvOf = async (asShop: string) =>
      (await dataRequestCsvRoute.loader({
        request: await sessionTokenRequest(`/app/data-requests/${row!.id}.csv?locale=id`, asShop),
        params: { id: String(row!.id) },
        context: {},
      } as never)) as Response;
    const answer = await csvOf(shop);
    expect(answer.status).toBe(200);
    const csv = await answer.text();
    expect(csv.split("\r\n")[0]).toBe(
      "Pesanan,Dicatat,Status,Penerima,Nomor HP,E-mail,Alamat,Kota,Kode pos,Kurir,Resi",
    );
    // A leading + is kept from being read as a formula (the app's CSV cells, csvCell).
    expect(csv).toContain(
      "Siti Aminah,'+6281234567890,siti@example.com,Jl. Merdeka 1,Jakarta,10110",
    );
    expect(csv).not.toContain("Budi");
    // Another shop cannot read it.
    const other = uniqueShop("datareq");
    await seedShop(other);
    expect((await csvOf(other)).status).toBe(404);
  });

  it("customers/redact blanks that customer's recipients and order payloads only", async () => {
    const shop = uniqueShop("custredact");
    await seedShop(shop);
    const body = {
      shop_id: 1,
      shop_domain: shop,
      customer: { id: 501, email: "siti@example.com" },
      orders_to_redact: [1001],
    };
    expect(
      await deliver(customersRedact, webhookRequest({ topic: "customers/redact", shop, body })),
    ).toBe(200);

    const rows = await db
      .select()
      .from(shipments)
      .where(eq(shipments.shop, shop))
      .orderBy(shipments.orderId);
    expect(rows[0]).toMatchObject({
      orderId: "1001",
      destinationName: null,
      destinationPhone: null,
      destinationEmail: null,
      destinationAddress: null,
      destinationCity: null,
      destinationPostalCode: null,
    });
    expect(rows[0]?.redactedAt).toBeInstanceOf(Date);
    expect(rows[1]).toMatchObject({
      orderId: "1002",
      destinationName: "Budi Santoso",
      redactedAt: null,
    });
    const [order] = await db
      .select()
      .from(webhookInbox)
      .where(eq(webhookInbox.webhookId, `${shop}-orders-create-1001`));
    expect(order?.payload).toBeNull();
  });

  it("shop/redact removes everything of that shop and nothing of another", async () => {
    const shop = uniqueShop("shopredact");
    const other = uniqueShop("bystander");
    await seedShop(shop);
    await seedShop(other);
    // A COD payout each shop recorded (the merchant's own bookkeeping of its money).
    const payout = (s: string) => ({
      shop: s,
      courier: "jne",
      receivedOn: "2026-11-20",
      amount: "385000",
      expected: "385000",
      parcels: 1,
    });
    await db.insert(codPayouts).values([payout(shop), payout(other)]);
    // Shopify sends shop/redact 48 hours after the uninstall.
    await recordUninstall(db, shop);
    expect(
      await deliver(
        shopRedact,
        webhookRequest({ topic: "shop/redact", shop, body: { shop_id: 1, shop_domain: shop } }),
      ),
    ).toBe(200);
    // Only the tombstone stays: no key, no settings, marked redacted.
    expect(await shopRow(shop)).toMatchObject({
      installed: false,
      redactedAt: expect.any(Date),
      shippingApiKeyEncrypted: null,
      settings: {},
    });
    expect(await sessionsOf(shop)).toHaveLength(0);
    expect(await db.select().from(shipments).where(eq(shipments.shop, shop))).toHaveLength(0);
    expect(await db.select().from(webhookInbox).where(eq(webhookInbox.shop, shop))).toHaveLength(0);
    expect(await db.select().from(codPayouts).where(eq(codPayouts.shop, shop))).toHaveLength(0);
    expect(await db.select().from(codPayouts).where(eq(codPayouts.shop, other))).toHaveLength(1);
    expect(await shopRow(other)).toBeDefined();
    expect(await db.select().from(shipments).where(eq(shipments.shop, other))).toHaveLength(2);
  });

  it.each([
    ["customers/data_request", customersDataRequest],
    ["customers/redact", customersRedact],
    ["shop/redact", shopRedact],
  ])("%s answers 401 to a tampered delivery and changes nothing", async (topic, action) => {
    const shop = uniqueShop("tamper");
    await seedShop(shop);
    const body = {
      shop_id: 1,
      shop_domain: shop,
      customer: { id: 501 },
      orders_to_redact: [1001],
      orders_requested: [],
    };
    expect(
      await deliver(
        action,
        webhookRequest({ topic, shop, body, tamper: (raw) => raw.replace("501", "502") }),
      ),
    ).toBe(401);
    expect(await shopRow(shop)).toBeDefined();
    const rows = await db.select().from(shipments).where(eq(shipments.shop, shop));
    expect(rows.map((r) => r.destinationName).sort()).toEqual(["Budi Santoso", "Siti Aminah"]);
  });

  it("answers 400 to a signed payload that is not in the documented shape", async () => {
    const shop = uniqueShop("malformed");
    expect(
      await deliver(
        customersRedact,
        webhookRequest({ topic: "customers/redact", shop, body: { unexpected: true } }),
      ),
    ).toBe(400);
  });
});
