import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import { shipments } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import * as detail from "#app/routes/app.shipments.$id/route.tsx";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import { sessionStorage } from "#app/shopify.server.ts";
import { liveKey } from "../helpers/sandbox.ts";
import { freshOrder, setUpShop, shipmentOf, waitFor } from "../helpers/pipeline.ts";
import {
  deliverWebhook,
  offlineSession,
  sessionTokenRequest,
  uniqueShop,
} from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";
import { cameBackUnpaid as cameBack } from "../helpers/cod-history.ts";

/**
 * A COD order's risk of coming back unpaid, assessed by the worker before its draft from the
 * shop's own history, through the whole stack (webhook, worker, sandbox over HTTP, the fake
 * Admin API), and said on the shipment's page in the merchant's language.
 */
const env = getEnv();
const stack = testStack({ sandbox: {}, workers: {} });

/** The COD fixture's buyer: Siti Aminah, 0812-9876-5432, to Surabaya 60271. */
const SITI = "+6281298765432";

async function codShop() {
  const shop = uniqueShop("risk");
  await setUpShop(db, env.ENCRYPTION_KEY, shop, liveKey("risk"), stack.sandbox.url, {
    codGateways: ["Cash on Delivery (COD)"],
    // Booked by the merchant: the risk is there to read before. Only shown, never held here
    // (the hold is cod-risk-hold.test.ts's).
    autoConfirm: false,
    codRiskHold: "never",
  });
  await sessionStorage.storeSession(offlineSession(shop));
  return shop;
}

const drafted = (shop: string, orderId: number) =>
  waitFor("drafted", async () => {
    const s = await shipmentOf(db, shop, orderId);
    return s?.status === "draft_ready" ? s : undefined;
  });

describe("COD risk before booking", () => {
  it("a buyer whose two COD parcels came back: the third is assessed high, with the reason, and the page says so", async () => {
    const shop = await codShop();
    await db.insert(shipments).values([cameBack(shop, 1, SITI), cameBack(shop, 2, SITI)]);
    const order = freshOrder("cod");
    expect(await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order })).toBe(
      200,
    );
    const shipment = await drafted(shop, order.id);
    expect(shipment.codRisk).toMatchObject({
      level: "high",
      reasons: [{ key: "codRiskBuyerReturns", values: { returned: 2, earlier: 2 } }],
    });
    expect(shipment.codRisk!.score).toBeGreaterThanOrEqual(60);

    // The shipment page, in Indonesian (the admin's locale): the level and the reason in words.
    const request = await sessionTokenRequest(`/app/shipments/${shipment.id}?locale=id`, shop);
    const page = (await (detail.loader as unknown as (a: object) => Promise<unknown>)({
      request,
      params: { id: shipment.id },
      context: {},
    })) as {
      codRisk: { level: string; title: string; reasons: string[]; whatsapp: string } | null;
    };
    expect(page.codRisk).toEqual({
      level: "high",
      title: `Risiko tinggi paket COD kembali tanpa dibayar (skor ${shipment.codRisk!.score})`,
      reasons: ["2 dari 2 paket COD pembeli ini sebelumnya kembali tanpa dibayar"],
      whatsapp: expect.stringMatching(/^https:\/\/wa\.me\/6281298765432\?text=/),
      // This shop only shows the risk (it holds nothing): cod-risk-hold.test.ts holds it.
      held: null,
      mark: null,
      markMatched: null,
      cod: expect.stringMatching(/^Rp\u00a0?404\.000$/),
      // Not held: no page for the buyer, nothing answered from one.
      buyerAnswer: null,
    });
    // The buyer is asked in Indonesian, the order written out: its name, items, cash and address.
    const message = decodeURIComponent(page.codRisk!.whatsapp.split("?text=")[1]!);
    expect(message).toContain(`Kami mau konfirmasi pesanan ${order.name} sebelum dikirim`);
    expect(message).toMatch(/\n- \d+x [^\n]+\n/);
    expect(message).toMatch(/Total bayar di tempat \(COD\): Rp\u00a0?[\d.]+\n/);
    expect(message).toContain("Surabaya");
  });

  it("a new buyer's COD order: low, nothing on the page; a prepaid order: no assessment", async () => {
    const shop = await codShop();
    // Another buyer's returns at the same shop are not Siti's history.
    await db.insert(shipments).values([cameBack(shop, 3, "+6285700001111")]);
    const order = freshOrder("cod");
    await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order });
    const shipment = await drafted(shop, order.id);
    expect(shipment.codRisk?.level).toBe("low");
    expect(shipment.codRisk?.reasons.map((r) => r.key)).toEqual(["codRiskFirstOrder"]);
    const request = await sessionTokenRequest(`/app/shipments/${shipment.id}`, shop);
    const page = (await (detail.loader as unknown as (a: object) => Promise<unknown>)({
      request,
      params: { id: shipment.id },
      context: {},
    })) as { codRisk: unknown };
    expect(page.codRisk).toBeNull();

    const prepaid = freshOrder("multi-item");
    await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: prepaid });
    expect((await drafted(shop, prepaid.id)).codRisk).toBeNull();
  });
});
