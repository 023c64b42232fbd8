import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { database, db } from "#app/db/index.server.ts";
import { shipments } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { closeQueues } from "#app/jobs/queues.server.ts";
import { sessionStorage } from "#app/shopify.server.ts";
import { buyerLinkToken } from "#app/buyer-page/buyer-link.server.ts";
import { startFakeShopify, type FakeShopify } from "#fakes/shopify/fake-shopify-server.ts";
import { startFakeStorefront } from "#fakes/shopify/fake-app-proxy.ts";
import { createSandbox, type Sandbox } from "#sandbox/server.ts";
import type { RunningWorkers } from "#worker/worker.ts";
import { stopProcess, type Child } from "../../scripts/processes.ts";
import { accessibilityViolations } from "../helpers/axe.ts";
import { chromiumAvailable, launchChromium, SHOTS, startAppServer } from "../helpers/browser.ts";
import { cameBackUnpaid } from "../helpers/cod-history.ts";
import { SITI, wrongPostalOrder } from "../helpers/cod-hold.ts";
import {
  freshOrder,
  setUpShop,
  shipmentOf,
  startTestWorkers,
  waitFor,
} from "../helpers/pipeline.ts";
import { liveKey } from "../helpers/sandbox.ts";
import { API_SECRET_KEY, offlineSession, postWebhook } from "../helpers/shopify.ts";

/**
 * A held COD order's page as its buyer opens it from the WhatsApp message: Debian's Chromium at
 * 390 px, on the shop's storefront (a fake of Shopify's app proxy forwarding, signed, to the
 * production build served by server.ts), PostgreSQL, Redis, a worker and the sandbox. One buyer
 * corrects the address (the store order updated in the fake Shopify, assessed again, booked
 * once); another confirms (booked once). Screenshots: test/screenshots/buyer-*.png.
 */
const available = chromiumAvailable();

const env = getEnv();
const shop = `buyer-${process.pid}.myshopify.com`;
const key = liveKey("buyer-browser");
const buildDir = path.join(inject("systemBuild"), "build");
let sandbox: Sandbox;
let shopify: FakeShopify;
let workers: RunningWorkers;
let server: Child | undefined;
let storefront: { url: string; close: () => Promise<void> };
let browser: Browser;
let baseUrl = "";

beforeAll(async () => {
  if (!available) return;
  sandbox = await createSandbox({ port: 0, rateLimits: false });
  shopify = await startFakeShopify();
  ({ server, baseUrl } = await startAppServer({
    buildDir,
    sandboxUrl: sandbox.url,
    shopifyUrl: shopify.url,
    metricsToken: "buyer-metrics-token-0123456789",
  }));
  workers = startTestWorkers(db, env, { concurrency: 4, adminLog: shopify.log });
  await setUpShop(db, env.ENCRYPTION_KEY, shop, key, sandbox.url, {
    codGateways: ["Cash on Delivery (COD)"],
    codRiskHold: "high",
  });
  const session = offlineSession(shop);
  session.accessToken = shopify.connect(shop);
  await sessionStorage.storeSession(session);
  storefront = await startFakeStorefront({ shop, appUrl: baseUrl, secret: API_SECRET_KEY });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await storefront?.close();
  await stopProcess(server?.process);
  await workers?.close();
  await closeQueues();
  await sandbox?.close();
  await shopify?.close();
  await database.close();
});

/** A webhook signed as Shopify signs it, to the production server. */
async function deliver(topic: string, order: Record<string, unknown>) {
  expect(await postWebhook(baseUrl, { topic, shop, body: order })).toBe(200);
}

/** The orders booked at the sandbox for a shipment's reference. */
const ordersAtService = (reference: string) =>
  [...sandbox.service.account(key).orders.values()].filter((o) => o.spec.referenceId === reference);

const heldShipment = (orderId: number) =>
  waitFor(
    "held",
    async () => {
      const s = await shipmentOf(db, shop, orderId);
      return s?.problemKinds.includes("cod_risk") ? s : undefined;
    },
    30_000,
  );
const booked = (orderId: number) =>
  waitFor(
    "booked",
    async () => {
      const s = await shipmentOf(db, shop, orderId);
      return s?.status === "confirmed" ? s : undefined;
    },
    30_000,
  );

/** The buyer's phone: Chromium at 390 × 844, Indonesian. CSP bypassed only for axe's script. */
async function buyerPhone(): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: "id-ID",
    bypassCSP: true,
  });
  return context.newPage();
}

async function fitsThePhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  expect(await accessibilityViolations(page)).toEqual([]);
}

describe.skipIf(!available)("the buyer's page in a browser, at 390 px", () => {
  it("a buyer corrects the address: written on the Shopify order, assessed again, booked once", async () => {
    const order = wrongPostalOrder(501);
    await deliver("orders/create", order);
    const held = await heldShipment(order.id);
    const token = buyerLinkToken(API_SECRET_KEY, held.id, new Date(held.codRisk!.held!.at));
    const page = await buyerPhone();
    await page.goto(`${storefront.url}/apps/parcelbridge/k/${token}`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      `Konfirmasi pesanan ${order.name}`,
    );
    await expect(page.getByText("Halo Dewi Lestari").count()).resolves.toBe(1);
    await fitsThePhone(page);
    await page.screenshot({
      path: path.join(SHOTS, "buyer-01-halaman-pembeli.png"),
      fullPage: true,
    });

    await page.getByLabel("Cari kecamatan, kelurahan, atau kode pos").fill("Tegalsari Surabaya");
    await page.getByRole("button", { name: "Cari wilayah" }).click();
    await page.getByLabel("Tegalsari, Surabaya, Jawa Timur, 60262").check();
    await page.getByLabel("Nama jalan, gang, atau perumahan").fill("Jl. Kedungdoro");
    await page.getByLabel("Nomor rumah atau blok").fill("88");
    await page.getByLabel("RT", { exact: true }).fill("2");
    await page.getByLabel("RW", { exact: true }).fill("5");
    await fitsThePhone(page);
    await page.screenshot({
      path: path.join(SHOTS, "buyer-02-perbaiki-alamat.png"),
      fullPage: true,
    });
    await page.getByRole("button", { name: "Simpan alamat" }).click();
    await expect(page.getByRole("status").textContent()).resolves.toContain(
      "sudah diperbarui menjadi: Jl. Kedungdoro No. 88 RT 2/RW 5, Kec. Tegalsari, Surabaya, Jawa Timur, 60262",
    );
    await page.screenshot({
      path: path.join(SHOTS, "buyer-03-alamat-tersimpan.png"),
      fullPage: true,
    });

    // Shopify's orders/updated with the address the fake Shopify now holds: assessed again, booked.
    const update = shopify.log.addressUpdates!.find((u) => u.orderId === String(order.id));
    expect(update?.address).toMatchObject({ zip: "60262", province_code: "JI" });
    await deliver("orders/updated", {
      ...order,
      shipping_address: update!.address,
      updated_at: new Date().toISOString(),
    });
    const done = await booked(order.id);
    expect(done.destinationPostalCode).toBe("60262");
    expect(ordersAtService(done.referenceId)).toHaveLength(1);
    // The link is used now, and says so.
    await page.goto(`${storefront.url}/apps/parcelbridge/k/${token}`);
    await expect(page.getByRole("status").textContent()).resolves.toMatch(
      /^Tautan ini sudah dipakai: Anda sudah memperbaiki alamat pesanan/,
    );
    await page.context().close();
  });

  it("a buyer confirms: booked once", async () => {
    await db
      .insert(shipments)
      .values([cameBackUnpaid(shop, 1, SITI, 4_800_000), cameBackUnpaid(shop, 2, SITI, 4_800_000)]);
    const order = freshOrder("cod");
    await deliver("orders/create", order);
    const held = await heldShipment(order.id);
    const token = buyerLinkToken(API_SECRET_KEY, held.id, new Date(held.codRisk!.held!.at));
    const page = await buyerPhone();
    await page.goto(`${storefront.url}/apps/parcelbridge/k/${token}`);
    await page.getByRole("button", { name: "Ya, saya akan membayar saat paket tiba" }).click();
    await expect(page.getByRole("status").textContent()).resolves.toMatch(
      /^Terima kasih! Pesanan .+ segera dikirim\. Siapkan uang Rp\s?404\.000 saat kurir datang\.$/,
    );
    await fitsThePhone(page);
    await page.screenshot({ path: path.join(SHOTS, "buyer-04-terkonfirmasi.png"), fullPage: true });
    const done = await booked(order.id);
    expect(done.buyerAnswer).toMatchObject({ did: "confirmed" });
    expect(ordersAtService(done.referenceId)).toHaveLength(1);
    await page.context().close();
  });
});
