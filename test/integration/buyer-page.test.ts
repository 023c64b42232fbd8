import { describe, expect, it, vi } from "vitest";
vi.hoisted(() => {
  // The page's Admin API calls go to the fake Shopify (its address set once it listens).
  process.env.FAKE_SHOPIFY_ADMIN_URL = "http://127.0.0.1:1";
});
import "#fakes/shopify/redirect-shopify-admin.ts";
import { eq } from "drizzle-orm";
import { db } from "#app/db/index.server.ts";
import { shipments, type Shipment } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import * as detail from "#app/routes/app.shipments.$id/route.tsx";
import * as buyerRoute from "#app/routes/proxy.k.$token.tsx";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import { action as ordersUpdated } from "#app/routes/webhooks.orders.updated.tsx";
import { buyerLinkToken } from "#app/buyer-page/buyer-link.server.ts";
import { proxiedRequest } from "#fakes/shopify/fake-app-proxy.ts";
import { freshOrder, shipmentOf, timelineOf, waitFor } from "../helpers/pipeline.ts";
import { deliverWebhook, sessionTokenRequest } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";
import { cameBackUnpaid as cameBack } from "../helpers/cod-history.ts";
import { codHoldShop, redactSiti, SITI, wrongPostalOrder } from "../helpers/cod-hold.ts";
import { shipmentJobsSettled } from "../helpers/after-booking.ts";

/**
 * A held COD order's page for its buyer, through the whole stack: the link in the merchant's
 * WhatsApp message, each request signed as Shopify's app proxy signs it and verified by the Remix
 * package's own helper; the buyer confirms (booked once), corrects the address (the store order's
 * address written in the fake Shopify, its orders/updated assessed again and booked) or cancels
 * (cancelled in Shopify); a forged, altered, expired, other shop's or used link says so in words.
 */
const env = getEnv();
const SECRET = env.SHOPIFY_API_SECRET;
const APP = "https://app.example.test";
const stack = testStack({
  sandbox: {},
  shopify: { admin: true },
  workers: (s) => ({ adminLog: s.shopify.log }),
});

/** The buyer's browser through the storefront: GET, or a form posted. */
async function visit(shop: string, path: string, form?: Record<string, string>) {
  const request = proxiedRequest(APP, shop, path, SECRET, form ? { form } : {});
  const params = { token: path.replace(/^\/k\//, "") };
  try {
    const response = (await (form ? buyerRoute.action : buyerRoute.loader)({
      request,
      params,
      context: {},
    } as never)) as Response;
    return { status: response.status, html: await response.text(), response };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, html: "", response: thrown };
    throw thrown;
  }
}

/** The page's words, without tags. */
const words = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** The COD risk as the merchant's page shows it, in Indonesian. */
async function merchantRisk(shop: string, shipment: Shipment) {
  const request = await sessionTokenRequest(`/app/shipments/${shipment.id}?locale=id`, shop);
  const data = (await (detail.loader as unknown as (a: object) => Promise<unknown>)({
    request,
    params: { id: shipment.id },
    context: {},
  })) as { codRisk: { whatsapp: string | null; buyerAnswer: string | null } };
  return data.codRisk;
}

/** The link the merchant's page puts in the WhatsApp message to the buyer. */
async function linkOnMerchantPage(shop: string, shipment: Shipment): Promise<string> {
  const data = { codRisk: await merchantRisk(shop, shipment) };
  const text = decodeURIComponent(new URL(data.codRisk.whatsapp!).searchParams.get("text")!);
  const link = /https:\/\/\S+\/apps\/parcelbridge\/k\/\S+/.exec(text)?.[0];
  expect(link, text).toBeDefined();
  return link!;
}

async function held(shop: string, order: Record<string, unknown> & { id: number }) {
  expect(await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order })).toBe(
    200,
  );
  return waitFor("held", async () => {
    const s = await shipmentOf(db, shop, order.id);
    return s?.problemKinds.includes("cod_risk") ? s : undefined;
  });
}

const statusIs = (shop: string, orderId: number, status: string) => async () => {
  const s = await shipmentOf(db, shop, orderId);
  return s?.status === status ? s : undefined;
};

/** Siti's third COD order, after two came back unpaid: held high. */
async function sitiHeld(shop: string) {
  await db
    .insert(shipments)
    .values([cameBack(shop, 1, SITI, 4_700_000), cameBack(shop, 2, SITI, 4_700_000)]);
  const order = freshOrder("cod");
  return { order, shipment: await held(shop, order) };
}

describe("the buyer's page of a held COD order", () => {
  it("shows the order, the cash and the address, and a confirmation books it once", async () => {
    const { shop, key } = await codHoldShop(stack, "buyer-yes");
    const { order, shipment } = await sitiHeld(shop);
    const link = await linkOnMerchantPage(shop, shipment);
    expect(link.startsWith(`https://${shop}/apps/parcelbridge/k/`)).toBe(true);
    const path = link.slice(`https://${shop}/apps/parcelbridge`.length);

    const page = await visit(shop, path);
    expect(page.status).toBe(200);
    expect(page.response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.response.headers.get("referrer-policy")).toBe("no-referrer");
    const text = words(page.html);
    expect(text).toContain(`Konfirmasi pesanan ${order.name}`);
    expect(text).toContain("Halo Siti Aminah");
    expect(text).toMatch(/Bayar di tempat \(COD\) Rp\s?404\.000/);
    expect(text).toContain("Jl. Tunjungan No. 5");
    expect(text).toContain("Ya, saya akan membayar saat paket tiba");
    // The map pin of the checkout's coordinates, and nothing of the risk or of other buyers.
    expect(page.html).toContain("mlat=-7.2575&amp;mlon=112.7521");
    expect(text).not.toMatch(/risiko|kembali tanpa dibayar|skor/i);
    expect(page.html).not.toContain(SITI);

    // Pressed twice at once: one answer books, the other finds the link used.
    const answers = await Promise.all([
      visit(shop, path, { intent: "confirm" }),
      visit(shop, path, { intent: "confirm" }),
    ]);
    const thanked = answers.filter((a) => words(a.html).includes("Terima kasih!"));
    expect(thanked).toHaveLength(1);
    expect(words(thanked[0]!.html)).toMatch(/Siapkan uang Rp\s?404\.000 saat kurir datang/);
    const booked = await waitFor("booked", statusIs(shop, order.id, "confirmed"));
    expect(stack.orders(key, booked.referenceId)).toHaveLength(1);
    expect(booked.buyerAnswer).toMatchObject({ did: "confirmed" });
    const events = await timelineOf(db, booked.id);
    expect(events.filter((e) => e.type === "cod_risk_released")).toEqual([
      expect.objectContaining({ actor: "buyer" }),
    ]);

    // The link, used, says so; the merchant's page says what the buyer did and when, and its
    // message no longer carries the link.
    expect(words((await visit(shop, path)).html)).toMatch(
      /Tautan ini sudah dipakai: Anda sudah mengonfirmasi pesanan .+ pada /,
    );
    const seen = await merchantRisk(shop, booked);
    expect(seen.buyerAnswer).toMatch(/^Pembeli mengonfirmasi pesanan dari tautan pada /);
    expect(decodeURIComponent(seen.whatsapp!)).not.toContain("/apps/parcelbridge/");
  });

  it("refuses what Shopify did not sign, and says an altered, expired or other shop's link in words", async () => {
    const { shop } = await codHoldShop(stack, "buyer-bad");
    const { shipment } = await sitiHeld(shop);
    const path = `/k/${buyerLinkToken(SECRET, shipment.id, new Date(shipment.codRisk!.held!.at))}`;
    // Signed with another secret: Shopify's helper answers 400.
    const forged = proxiedRequest(APP, shop, path, "not-the-app-secret");
    await expect(
      buyerRoute.loader({
        request: forged,
        params: { token: path.slice(3) },
        context: {},
      } as never),
    ).rejects.toMatchObject({ status: 400 });
    // One character of the token changed.
    const altered = path.slice(0, -1) + (path.endsWith("A") ? "B" : "A");
    const unknown = await visit(shop, altered);
    expect(unknown.status).toBe(404);
    expect(words(unknown.html)).toContain("Tautan ini tidak dikenal");
    // Another shop's storefront with this shop's link.
    const { shop: other } = await codHoldShop(stack, "buyer-other");
    expect((await visit(other, path)).status).toBe(404);
    // A link of a hold four days old.
    const old = `/k/${buyerLinkToken(SECRET, shipment.id, new Date(Date.now() - 4 * 86_400_000))}`;
    const expired = await visit(shop, old);
    expect(expired.status).toBe(410);
    expect(words(expired.html)).toContain("Tautan ini sudah kedaluwarsa");
    // The buyer redacted (customers/redact): the link shows nothing any more.
    expect((await visit(shop, path)).status).toBe(200);
    expect(await redactSiti(shop, [shipment.orderId])).toBe(200);
    const gone = await visit(shop, path);
    expect(gone.status).toBe(404);
    expect(words(gone.html)).not.toContain("Siti");
  });

  it("a corrected address is written on the Shopify order, assessed again and booked", async () => {
    const { shop, key } = await codHoldShop(stack, "buyer-fix");
    // A new buyer whose postal code is not their kecamatan's, without a house number: held.
    const order = wrongPostalOrder(401);
    const shipment = await held(shop, order);
    const path = (await linkOnMerchantPage(shop, shipment)).replace(/^.*\/apps\/parcelbridge/, "");

    // The area from the service's own search.
    const searched = await visit(shop, path, { intent: "search", q: "Tegalsari Surabaya" });
    // Kelurahan Tegalsari's own postal code, 60262.
    const area = /name="areaId" value="([^"]+)"\/?>\s*Tegalsari, Surabaya, Jawa Timur, 60262/.exec(
      searched.html,
    )?.[1];
    expect(area, words(searched.html)).toBeDefined();
    // Without a house number: said, nothing written.
    const missing = await visit(shop, path, {
      intent: "fix",
      q: "Tegalsari Surabaya",
      areaId: area!,
      street: "Jl. Kedungdoro",
      number: "",
      rt: "2",
      rw: "5",
      note: "",
    });
    expect(missing.status).toBe(400);
    expect(words(missing.html)).toContain("Isi nomor rumah atau blok.");
    expect(stack.shopify.log.addressUpdates!.filter((u) => u.shop === shop)).toEqual([]);

    const fixed = await visit(shop, path, {
      intent: "fix",
      q: "Tegalsari Surabaya",
      areaId: area!,
      street: "Jl. Kedungdoro",
      number: "88",
      rt: "2",
      rw: "5",
      note: "pagar hijau",
    });
    expect(words(fixed.html)).toContain(
      "Alamat pesanan " +
        order.name +
        " sudah diperbarui menjadi: Jl. Kedungdoro No. 88 RT 2/RW 5, Kec. Tegalsari, pagar hijau, Surabaya, Jawa Timur, 60262",
    );
    const [update] = stack.shopify.log.addressUpdates!.filter((u) => u.shop === shop);
    expect(update).toMatchObject({
      orderId: String(order.id),
      address: {
        address1: "Jl. Kedungdoro No. 88 RT 2/RW 5",
        address2: "Kec. Tegalsari, pagar hijau",
        city: "Surabaya",
        province_code: "JI",
        zip: "60262",
        first_name: "Dewi",
        last_name: "Lestari",
      },
    });
    const answered = (await shipmentOf(db, shop, order.id))!;
    expect(answered.buyerAnswer).toMatchObject({ did: "fixed" });
    expect((await timelineOf(db, answered.id)).map((e) => e.type)).toContain("buyer_address_fixed");
    // Nothing booked until Shopify's orders/updated brings the order back, assessed again.
    expect(stack.orders(key, answered.referenceId)).toHaveLength(0);
    const updated = {
      ...order,
      shipping_address: update!.address,
      updated_at: new Date().toISOString(),
    };
    expect(
      await deliverWebhook(ordersUpdated, { topic: "orders/updated", shop, body: updated }),
    ).toBe(200);
    const booked = await waitFor("booked", statusIs(shop, order.id, "confirmed"));
    expect(booked.destinationPostalCode).toBe("60262");
    expect(booked.codRisk?.level).not.toBe("high");
    expect(stack.orders(key, booked.referenceId)).toHaveLength(1);
    expect(words((await visit(shop, path)).html)).toMatch(/sudah memperbaiki alamat pesanan/);
  });

  it("a cancellation is asked first, then made in Shopify", async () => {
    const { shop, key } = await codHoldShop(stack, "buyer-no");
    const { order, shipment } = await sitiHeld(shop);
    const path = `/k/${buyerLinkToken(SECRET, shipment.id, new Date(shipment.codRisk!.held!.at))}`;
    const asked = await visit(shop, path, { intent: "cancel-ask" });
    expect(words(asked.html)).toContain(`Yakin membatalkan pesanan ${order.name}?`);
    expect(asked.html).toContain('value="cancel"');
    const done = await visit(shop, path, { intent: "cancel" });
    expect(words(done.html)).toMatch(
      new RegExp(`Pesanan ${order.name} (sudah dibatalkan|sedang dibatalkan)`),
    );
    await shipmentJobsSettled();
    expect(stack.shopify.log.cancellations!.filter((c) => c.shop === shop)).toEqual([
      expect.objectContaining({ orderId: String(order.id), restock: true }),
    ]);
    const row = (await db.select().from(shipments).where(eq(shipments.id, shipment.id)))[0]!;
    expect(row.buyerAnswer).toMatchObject({ did: "cancelled" });
    expect(stack.orders(key, row.referenceId)).toHaveLength(0);
  });
});
