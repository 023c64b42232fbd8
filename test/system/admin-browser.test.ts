import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { getJwt } from "@shopify/shopify-api/test-helpers";
import { eq, sql } from "drizzle-orm";
import type { Browser, Frame, FrameLocator, Page } from "playwright-core";
import { database, db } from "#app/db/index.server.ts";
import { codBuyerMarks, returnPickups, shipmentEvents, shipments, shops } from "#app/db/schema.ts";
import { firstSentence } from "#app/shipments/status-words.ts";
import { TABS } from "#app/shipments/tabs.ts";
import { callbackTokenOf } from "#app/shops/callback-token.server.ts";
import { courierRuleSchema, type CourierRule } from "#app/shops/courier-rules.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { closeQueues } from "#app/jobs/queues.server.ts";
import { sessionStorage } from "#app/shopify.server.ts";
import { appTomlScopes } from "#fakes/shopify/access.ts";
import { holdDeliveredOrder, SHOP_LOCATION, SHOPIFY_ORDERS } from "#fakes/shopify/fake-admin.ts";
import { loadShopifySample } from "../fixtures/shopify.ts";
import { seedBusyShop } from "../helpers/seed-shipments.ts";
import { seedAfterBooking, seedReweighed, seedStuck } from "../helpers/seed-after-booking.ts";
import { seedCourierLanes } from "../helpers/seed-courier-lanes.ts";
import { cameBackUnpaid } from "../helpers/cod-history.ts";
import { getShop, recordInstall, setShippingApiKey } from "#app/shops/shops.server.ts";
import { shippingClientForShop } from "#app/shops/shipping-client.server.ts";
import { createSandbox, type Sandbox } from "#sandbox/server.ts";
import { freshOrder, startTestWorkers, shipmentOf, waitFor } from "../helpers/pipeline.ts";
import { startFakeShopify, type FakeShopify } from "#fakes/shopify/fake-shopify-server.ts";
import { shopifyRateRequest } from "../helpers/rate-requests.ts";
import { draftBody, testKey } from "../helpers/sandbox.ts";
import { pdfFile } from "../helpers/pdf.ts";
import { flatTexts, quotedValues } from "../helpers/texts.ts";
import { accessibilityViolations } from "../helpers/axe.ts";
import { chromiumAvailable, launchChromium, SHOTS, startAppServer } from "../helpers/browser.ts";
import { forceWideFont, loadedTypeface, unreachableScrollRegions } from "../helpers/wide-font.ts";
import { storedSaid } from "#app/i18n/said.ts";
import { API_KEY, API_SECRET_KEY, offlineSession, postWebhook } from "../helpers/shopify.ts";
import type { RunningWorkers } from "#worker/worker.ts";
import { freePort, startWeb, stopProcess, type Child } from "../../scripts/processes.ts";
import { shopifyHmac } from "#fakes/shopify/webhook-signer.ts";
import { MERCHANT_BROWSER, embeddedUrl, standInAppBridge } from "#fakes/shopify/admin-frame.ts";
import { startLocalAdmin, type LocalAdmin } from "#fakes/shopify/local-admin.ts";
import enTexts from "#app/i18n/locales/en.json";
import idTexts from "#app/i18n/locales/id.json";

/**
 * The embedded admin in a real browser (Debian's Chromium through playwright-core) against the
 * real server: production build served by server.ts, PostgreSQL, Redis, a worker and the
 * sandbox. Only Shopify's CDN script (App Bridge) is stubbed: it cannot load here; the stub hands
 * the pages a valid session token the way App Bridge does. Screenshots: test/screenshots/.
 */
const available = chromiumAvailable();

const env = getEnv();
const shop = `e2e-${process.pid}.myshopify.com`;
const METRICS_TOKEN = "e2e-metrics-token-0123456789";
let sandbox: Sandbox;
let workers: RunningWorkers;
let server: Child | undefined;
let browser: Browser;
let baseUrl = "";
// The run's production build (test/setup/system-build.ts).
const buildDir = path.join(inject("systemBuild"), "build");
let shopify: FakeShopify | undefined;

beforeAll(async () => {
  if (!available) return;
  sandbox = await createSandbox({ port: 0, rateLimits: false });
  // The server's Admin API calls (the settings page reads the shop's Shopify locations) go to the
  // fake Shopify, with the token the shop's offline session holds.
  shopify = await startFakeShopify();
  shopify.orders.locations.set(shop, [
    {
      id: "gid://shopify/Location/81",
      name: "Gudang Jakarta",
      address: {
        address1: "Jl. Fatmawati 10",
        city: "Jakarta Selatan",
        zip: "12430",
        phone: "021 7654321",
      },
    },
    {
      id: "gid://shopify/Location/82",
      name: "Gudang Surabaya",
      address: {
        address1: "Jl. Rungkut Industri 5",
        city: "Surabaya",
        zip: "60293",
        phone: "031 8123456",
      },
    },
  ]);
  ({ server, baseUrl } = await startAppServer({
    buildDir,
    sandboxUrl: sandbox.url,
    shopifyUrl: shopify.url,
    metricsToken: METRICS_TOKEN,
  }));
  workers = startTestWorkers(db, env, { concurrency: 4 });
  await recordInstall(db, shop);
  const session = offlineSession(shop);
  session.accessToken = shopify.connect(shop);
  await sessionStorage.storeSession(session);
  await db.update(shops).set({ shippingBaseUrl: sandbox.url }).where(eq(shops.shop, shop));
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stopProcess(server?.process);
  await workers?.close();
  await closeQueues();
  await sandbox?.close();
  await shopify?.close();
  await database.close();
});

/** A page inside the "admin": App Bridge stood in for, handing out a valid session token. */
async function adminPage(locale = "en"): Promise<Page> {
  const { token } = await getJwt(shop.replace(".myshopify.com", ""), API_KEY, API_SECRET_KEY);
  const page = await browser.newPage(MERCHANT_BROWSER);
  await standInAppBridge(page, { shop, apiKey: API_KEY, token });
  await page.goto(embeddedUrl(baseUrl, "/app", { shop, token, locale }));
  await hydrated(page);
  return page;
}

/**
 * Until React has hydrated the page (the server's HTML shows first; a click on a control before
 * hydration is lost, as a loaded machine showed on the list's "Select all"). React marks each
 * element it has hydrated with its fiber.
 */
async function hydrated(page: Page | Frame) {
  await page.waitForFunction(() =>
    Object.keys(document.body).some((key) => key.startsWith("__reactFiber")),
  );
}

/** Opens a page as the admin does (a fresh id_token; the admin's language English unless asked). */
async function openInAdmin(page: Page, pathname: string, locale = "en") {
  const { token } = await getJwt(shop.replace(".myshopify.com", ""), API_KEY, API_SECRET_KEY);
  await page.goto(embeddedUrl(baseUrl, pathname, { shop, token, locale }));
  await hydrated(page);
}

/**
 * The local admin of `npm run demo -- --serve` (fakes/shopify/local-admin.ts) around the app, in
 * an Indonesian merchant's browser given nothing else: `work` gets its page and the admin.
 */
async function inLocalAdmin(work: (page: Page, admin: LocalAdmin) => Promise<void>) {
  const admin = await startLocalAdmin({
    appUrl: baseUrl,
    shop,
    apiKey: API_KEY,
    apiSecret: API_SECRET_KEY,
    port: 0,
  });
  const context = await browser.newContext({ ...MERCHANT_BROWSER, locale: "id-ID" });
  try {
    await work(await context.newPage(), admin);
  } finally {
    await context.close();
    await admin.close();
  }
}

/**
 * The admin's save bar, App Bridge's `<ui-save-bar>` as the stand-in draws it (the admin's words:
 * "Unsaved changes" in English, "Perubahan belum disimpan" in Indonesian).
 */
const saveBar = (page: Page | FrameLocator, name = "Unsaved changes") =>
  page.getByRole("region", { name });

/** The admin's question before leaving a page whose save bar shows. */
const leaveQuestion = (page: Page, name = "Leave page with unsaved changes?") =>
  page.getByRole("dialog", { name });

/**
 * Today's English UI texts as they show on a page: each text of app/i18n/locales/en.json whose
 * Indonesian differs, cut at its values into the pieces of several words a page would show.
 */
function englishUiWords(): string[] {
  const indonesian = new Map(flatTexts(idTexts));
  return [
    ...new Set(
      flatTexts(enTexts)
        .filter(([key, text]) => indonesian.get(key) !== text)
        .flatMap(([, text]) => text.split(/\{\{\w+\}\}/))
        .map((piece) => piece.replace(/^[\s:,.;()"]+|[\s:,.;()"]+$/g, ""))
        .filter((piece) => piece.length >= 12 && piece.includes(" ")),
    ),
  ];
}

/** A draft at the sandbox, whichever key of the e2e shop made it. */
const sandboxDraft = (id: string) =>
  [...sandbox.service.accountEntries()].map(([, account]) => account.drafts.get(id)).find(Boolean);

/** A shipment of the e2e shop ready to book with its draft at the sandbox (a new order if none is). */
async function draftAtSandbox() {
  const rows = await db.select().from(shipments).where(eq(shipments.shop, shop));
  const found = rows.find(
    (r) => r.status === "draft_ready" && r.draftOrderId && sandboxDraft(r.draftOrderId),
  );
  if (found) return found;
  const order = freshOrder("multi-item");
  await deliverOrder(order);
  return waitFor("draft ready", async () => {
    const s = await shipmentOf(db, shop, order.id);
    return s?.status === "draft_ready" ? s : undefined;
  });
}

/**
 * A COD order held for its risk at the e2e shop (policy: high, the default): a buyer whose two
 * earlier COD parcels came back orders again.
 */
async function heldForCodRisk() {
  await db
    .update(shops)
    .set({ settings: sql`settings || '{"codRiskHold": "high"}'::jsonb` })
    .where(eq(shops.shop, shop));
  const phone = "+6285799990001";
  await db.insert(shipments).values([1, 2].map((n) => cameBackUnpaid(shop, n, phone, 4_600_000)));
  const order = freshOrder("cod", {
    email: "rina.w@example.com",
    customer: { id: 9301, email: "rina.w@example.com", phone },
    shipping_address: {
      ...(freshOrder("cod").shipping_address as Record<string, unknown>),
      name: "Rina Wulandari",
      first_name: "Rina",
      last_name: "Wulandari",
      phone,
    },
  });
  await deliverOrder(order);
  return waitFor("the COD order held", async () => {
    const s = await shipmentOf(db, shop, order.id);
    return s?.problemKinds.includes("cod_risk") ? s : undefined;
  });
}

/** The rules the Indonesian pages show: by destination and payment, by weight, one shadowed. */
const E2E_RULES: CourierRule[] = [
  {
    name: "COD ke Papua",
    when: courierRuleSchema.shape.when.parse({ provinces: ["PA", "PB"], payment: "cod" }),
    then: { kind: "service", company: "jnt", type: "ez" },
  },
  {
    name: "COD ke Jayapura",
    when: courierRuleSchema.shape.when.parse({
      provinces: ["PA"],
      cities: ["Kota Jayapura"],
      payment: "cod",
    }),
    then: { kind: "hold" },
  },
  {
    name: "Paket berat",
    when: courierRuleSchema.shape.when.parse({ grams: { min: 5000 } }),
    then: { kind: "best", minRate: 85 },
  },
];

async function setCourierRules(rules: CourierRule[]) {
  await db
    .update(shops)
    .set({
      settings: sql`settings || jsonb_build_object('courierRules', ${JSON.stringify(rules)}::jsonb)`,
    })
    .where(eq(shops.shop, shop));
}

async function deliverOrder(order: Record<string, unknown>) {
  const raw = JSON.stringify(order);
  holdDeliveredOrder("orders/create", shop, raw);
  await deliverTopic("orders/create", raw, `e2e-${order.id}`);
}

/** A webhook signed as Shopify signs it, to the production server. */
async function deliverTopic(topic: string, raw: string, webhookId: string) {
  expect(await postWebhook(baseUrl, { topic, shop, body: raw, webhookId })).toBe(200);
}

describe.skipIf(!available)("embedded admin in a browser", () => {
  it("set-up, then a shipment confirmed from its page, status visible", async () => {
    const page = await adminPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
    try {
      await flow(page);
    } catch (error) {
      await page
        .screenshot({ path: path.join(SHOTS, "failure.png"), fullPage: true })
        .catch(() => undefined);
      fs.writeFileSync(path.join(SHOTS, "failure.html"), await page.content().catch(() => ""));
      throw new Error(`${(error as Error).message}\nat ${page.url()}\n${problems.join("\n")}`);
    }
  }, 180_000);

  it("after the booking: the COD page, a parcel in trouble and a returned shipment", async () => {
    const page = await adminPage();
    try {
      const seeded = await seedAfterBooking(db, shop);
      // What the couriers hold: every delivered parcel whose payout is not recorded, the two
      // past their payout date by more than two days counted as late in the headline.
      await openInAdmin(page, "/app/cod");
      await page
        .getByRole("heading", { name: "The couriers hold Rp1.292.000 of your COD cash" })
        .waitFor();
      const cod = (await page.locator("body").innerText()).replace(/\u00a0/g, " ");
      expect(cod).toContain(
        "Rp535.000 from 2 parcels is more than 2 days late: ask the shipping service.",
      );
      expect(cod).toContain("Came back uncollected");
      expect(cod).toContain("Coming back to you");
      expect(cod).toMatch(/Expected \d+ \w+ \d{4}/);
      expect(cod).toMatch(/Late: due \d+ \w+ \d{4}/);
      await page.screenshot({ path: path.join(SHOTS, "11-cash-on-delivery.png"), fullPage: true });
      // JNE's payout arrived: recorded from the page, its parcel settled in the ledger.
      const amount = page.getByLabel("Amount received (Rp)");
      expect(await amount.inputValue()).toBe("385000");
      expect(cod).toContain("Due from this courier by today: Rp385.000 from 1 parcel.");
      // A changed amount is held by the admin's save bar; Discard puts back what is due.
      await amount.fill("380000");
      await saveBar(page).waitFor();
      await saveBar(page).getByRole("button", { name: "Discard" }).click();
      await saveBar(page).waitFor({ state: "hidden" });
      expect(await amount.inputValue()).toBe("385000");
      await page.getByRole("button", { name: "Record payout" }).click();
      await page.getByText("Payout of Rp385.000 from JNE recorded: 1 parcel settled.").waitFor();
      await page.getByText("Received: Rp385.000 from 1 parcel.").waitFor();
      await page.getByText(/^Received \d+ \w+ \d{4}$/).waitFor();
      await page.getByText(/: Rp385\.000 from JNE, 1 parcel$/).waitFor();
      await page.screenshot({ path: path.join(SHOTS, "11b-payout-recorded.png"), fullPage: true });

      // The parcel held after a failed attempt: the courier's words, the call, the cash at stake.
      await openInAdmin(page, `/app/shipments/${seeded.heldId}`);
      await page.getByText("Needs attention: delivery in trouble").waitFor();
      const call = page.getByRole("link", { name: "Call the customer on WhatsApp" }).first();
      expect(await call.getAttribute("href")).toBe("https://wa.me/6282166778899");
      const held = (await page.locator("body").innerText()).replace(/\u00a0/g, " ");
      expect(held).toContain("Gagal kirim: penerima tidak di tempat (MEDAN)");
      expect(held).toContain("Rp404.000 cash on delivery at stake");
      await page.screenshot({ path: path.join(SHOTS, "12-parcel-in-trouble.png"), fullPage: true });

      // The parcel that came back: returned, restocked and the order closed in Shopify.
      await openInAdmin(page, `/app/shipments/${seeded.returnedId}`);
      await page
        .getByText("Came back to you: return recorded in Shopify, restocked", { exact: false })
        .waitFor();
      const back = (await page.locator("body").innerText()).replace(/\u00a0/g, " ");
      expect(back).toContain("order cancelled with nothing owed");
      expect(back).toContain("Cash on delivery Rp254.000: not collected");
      expect(back).toContain("Restocked in Shopify");
      await page.screenshot({ path: path.join(SHOTS, "13-returned-shipment.png"), fullPage: true });

      // The held parcel's label: the print page, and the PDF it fetched drawn as an image.
      await openInAdmin(page, `/app/shipments/${seeded.heldId}`);
      await page.getByRole("button", { name: "Print label" }).click();
      await page.getByText("1 label: #").waitFor();
      await page.locator("iframe[title='Labels']").waitFor();
      await page.screenshot({ path: path.join(SHOTS, "14-print-labels.png"), fullPage: true });
      const bytes = await page.evaluate(async (id) => {
        const response = await fetch(`/app/labels.pdf?ids=${id}&layout=thermal`);
        return Array.from(new Uint8Array(await response.arrayBuffer()));
      }, seeded.heldId);
      const pdf = pdfFile(Buffer.from(bytes), "label");
      try {
        expect(await pdf.barcodes()).toEqual([[expect.stringMatching(/^CGK\d+$/)]]);
        expect(pdf.pages()[0]).toContain("COD Rp404.000");
        fs.writeFileSync(path.join(SHOTS, "15-label.png"), pdf.png(1, 110));
      } finally {
        pdf.remove();
      }

      // The delivered parcel's customer asks for a return and the merchant approves it in
      // Shopify: returns/approve (Shopify's sample, renamed) to the production server; the page
      // quotes the courier pickup, the merchant books it, the worker books it at the sandbox.
      const [delivered] = await db
        .select()
        .from(shipments)
        .where(eq(shipments.id, seeded.deliveredId));
      const orderId = delivered!.orderId;
      const lineId = 9_100_000 + (Number(orderId) % 1000);
      const raw = {
        id: Number(orderId),
        line_items: [{ id: lineId, name: "Batik Shirt - M / Blue", sku: "BTK-M-BL", quantity: 1 }],
      };
      SHOPIFY_ORDERS.put(shop, raw);
      shopify!.orders.put(shop, raw);
      const fulfilled = `gid://shopify/FulfillmentLineItem/${lineId}`;
      SHOPIFY_ORDERS.returns.recordFulfillment(shop, `gid://shopify/Fulfillment/${orderId}`, {
        orderId,
        location: SHOP_LOCATION,
        lines: [{ id: fulfilled, lineItemId: `gid://shopify/LineItem/${lineId}`, quantity: 1 }],
      });
      const returnId = SHOPIFY_ORDERS.returns.approveCustomerReturn(shop, orderId, [
        { fulfillmentLineItemId: fulfilled, quantity: 1 },
      ]);
      // The web server's fake Shopify and the workers' share the return.
      SHOPIFY_ORDERS.returns.shareOrder(shopify!.orders.returns, shop, orderId);
      // The shop's key, as the set-up test saved it (set here too when this test runs alone).
      if (!(await getShop(db, shop))?.shippingApiKeyEncrypted)
        await setShippingApiKey(db, env.ENCRYPTION_KEY, shop, testKey("e2e"), sandbox.url);
      const approval = loadShopifySample("returns-approve") as Record<string, unknown>;
      approval.id = Number(returnId.split("/").pop());
      approval.admin_graphql_api_id = returnId;
      approval.order = {
        id: Number(orderId),
        admin_graphql_api_id: `gid://shopify/Order/${orderId}`,
      };
      await deliverTopic("returns/approve", JSON.stringify(approval), `e2e-${returnId}`);
      await openInAdmin(page, `/app/shipments/${seeded.deliveredId}`);
      await page.getByText("Customer return approved in Shopify").waitFor();
      expect(await page.locator("body").innerText()).toContain(
        "1 × Batik Shirt - M / Blue (300 g)",
      );
      await page.screenshot({
        path: path.join(SHOTS, "16-return-pickup-quote.png"),
        fullPage: true,
      });
      await page.getByRole("button", { name: "Book return pickup" }).click();
      await page.getByText("Booking the return pickup: its waybill appears here").waitFor();
      await waitFor("the return pickup booked and on Shopify's return", async () => {
        const [row] = await db.select().from(returnPickups).where(eq(returnPickups.shop, shop));
        return row?.reverseDeliveryId ? row : undefined;
      });
      await openInAdmin(page, `/app/shipments/${seeded.deliveredId}`);
      await page
        .getByText("Return pickup booked: JNE Reguler, waybill", { exact: false })
        .waitFor();
      expect(await page.locator("body").innerText()).toContain(
        "Shopify has the tracking on the return and told the customer",
      );
      await page.screenshot({
        path: path.join(SHOTS, "17-return-pickup-booked.png"),
        fullPage: true,
      });
    } catch (error) {
      await page
        .screenshot({ path: path.join(SHOTS, "failure-after-booking.png"), fullPage: true })
        .catch(() => undefined);
      throw error;
    } finally {
      await page.close();
    }
    for (const f of [
      "11-cash-on-delivery",
      "12-parcel-in-trouble",
      "13-returned-shipment",
      "14-print-labels",
      "15-label",
      "16-return-pickup-quote",
      "17-return-pickup-booked",
    ])
      expect(fs.statSync(path.join(SHOTS, `${f}.png`)).size).toBeGreaterThan(5_000);
  }, 120_000);

  it("a shop installed before write_fulfillments: every page asks for it and says why, until Shopify grants it", async () => {
    const all = appTomlScopes();
    const granted = await sessionStorage.loadSession(`offline_${shop}`);
    shopify!.orders.revoke(shop, "write_fulfillments");
    granted!.scope = all.filter((s) => s !== "write_fulfillments").join(",");
    await sessionStorage.storeSession(granted!);
    const page = await adminPage();
    try {
      const banner = page.getByText("Approve the app's updated permissions");
      await banner.waitFor();
      const body = await page.locator("body").innerText();
      expect(body).toContain(
        "tell your customers when the parcel is out for delivery and when it is delivered",
      );
      expect(body).not.toContain("write_fulfillments");
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: path.join(SHOTS, "18-permissions-to-approve.png") });
      // The merchant approves in Shopify: the next load finds the grant, and the banner is gone.
      shopify!.orders.grant(shop, all);
      await openInAdmin(page, "/app/settings");
      await page.getByRole("heading", { name: "Settings" }).first().waitFor();
      expect(await banner.count()).toBe(0);
      expect((await sessionStorage.loadSession(`offline_${shop}`))!.scope!.split(",")).toContain(
        "write_fulfillments",
      );
    } finally {
      await page.close();
    }
  }, 60_000);

  it("in Bahasa Indonesia: every page, and the order block's answer, without an English UI word", async () => {
    const rows = await db.select().from(shipments).where(eq(shipments.shop, shop));
    const [pickup] = await db.select().from(returnPickups).where(eq(returnPickups.shop, shop));
    const find = (what: string, test: (r: (typeof rows)[number]) => boolean) => {
      const row = rows.find(test);
      if (!row) throw new Error(`no shipment ${what} in the e2e shop`);
      return row;
    };
    const ready = find("ready to book", (r) => r.status === "draft_ready" && !r.problem);
    const booked = find("booked", (r) => r.status === "confirmed" && Boolean(r.waybillId));
    const problem = find("with a problem", (r) => Boolean(r.problem) && r.status !== "on_hold");
    const held = find("in trouble", (r) => r.status === "on_hold");
    const returned = find("returned", (r) => r.status === "returned");
    const heldCod = await heldForCodRisk();
    const reweighed = await seedReweighed(db, shop);
    const stuck = await seedStuck(db, shop);
    const pages: [string, string][] = [
      ["id-01-pengiriman", "/app"],
      ["id-02-perlu-tindakan", "/app?tab=attention"],
      ["id-03-siap-dipesan", `/app/shipments/${ready.id}`],
      ["id-04-sudah-dipesan", `/app/shipments/${booked.id}`],
      ["id-05-masalah", `/app/shipments/${problem.id}`],
      ["id-06-pengiriman-bermasalah", `/app/shipments/${held.id}`],
      ["id-07-retur", `/app/shipments/${returned.id}`],
      ["id-08-penjemputan-retur", `/app/shipments/${pickup!.shipmentId}`],
      ["id-09-cod", "/app/cod"],
      ["id-10-cetak-label", `/app/labels?ids=${booked.id}`],
      ["id-11-pengaturan", "/app/settings"],
      ["id-12-proses-gagal", "/app/failed"],
      // A COD order held before booking for its risk: its page (the money at stake and the
      // decisions), and the list filtered to risky orders (the badge and how long it waits).
      ["id-13-ditahan-risiko-cod", `/app/shipments/${heldCod.id}`],
      ["id-14-risiko-cod", "/app?risk=medium"],
      // What shipping really cost: the costs page, and a parcel the courier re-weighed.
      ["id-16-biaya-ongkir", "/app/costs"],
      ["id-17-ditimbang-ulang", `/app/shipments/${reweighed}`],
      // Which courier delivers: the charts and each service per province.
      ["id-18-kinerja-kurir", "/app/couriers"],
      // A parcel that stopped moving after pickup.
      ["id-19-paket-tidak-bergerak", `/app/shipments/${stuck}`],
      // The courier rules, with what they pick for the shop's latest orders.
      ["id-20-aturan-kurir", "/app/courier-rules"],
    ];
    // Three rules, the second one the first always takes first (warned of on the page); put back
    // to none once the pages are seen, so that later orders go by the checkout and the default.
    await setCourierRules(E2E_RULES);
    const english = englishUiWords();
    expect(english.length).toBeGreaterThan(200);
    // What the app stored as data (problems, reasons, holds, timeline entries) is said in
    // Indonesian: only the words it quotes (Shopify's and the courier's own, names, references)
    // are shown as they came, and a text kept as a sentence only (a row written before its kind
    // existed) as it was written; those are taken out before looking for English UI words.
    const events = await db
      .select({ message: shipmentEvents.message, said: shipmentEvents.said })
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shop, shop));
    const kept = (text: string | null, messages: unknown): unknown[] =>
      storedSaid(messages) ? quotedValues(messages) : [text];
    const stored = [
      ...rows.flatMap((r) => [
        ...kept(r.problem, r.problemSaid),
        ...kept(r.decision, r.decisionSaid),
        ...kept(r.shopifyHold, r.shopifyHoldSaid),
      ]),
      ...events.flatMap((e) => kept(e.message, e.said)),
      ...(pickup ? kept(pickup.problem, pickup.problemSaid) : []),
    ]
      .filter((text): text is string => typeof text === "string" && text.length > 0)
      .flatMap((text) => [text, firstSentence(text)!])
      .sort((a, b) => b.length - a.length);
    const uiText = (body: string) =>
      stored.reduce((rest, text) => rest.split(text).join(" "), body);
    const page = await adminPage("id");
    try {
      for (const [name, pathname] of pages) {
        await openInAdmin(page, pathname, "id");
        await page.locator("html[lang='id']").waitFor({ state: "attached" });
        await page.waitForLoadState("networkidle");
        // The couriers page's charts are drawn in the browser once it has the page.
        if (pathname === "/app/couriers")
          await page.locator("canvas[role='img']").first().waitFor();
        const body = uiText((await page.locator("body").innerText()).replace(/\u00a0/g, " "));
        const found = english.filter((words) => body.includes(words));
        expect(found.join(" | "), `${name}: English on an Indonesian page`).toBe("");
        // Accessible: a title of its own, one main landmark, no axe-core violation of impact
        // moderate or higher.
        expect(await page.title(), `${name}: title`).toMatch(/\S+ · ParcelBridge$/);
        expect(await page.getByRole("main").count(), `${name}: main landmarks`).toBe(1);
        expect((await accessibilityViolations(page)).join("\n"), `${name}: axe-core`).toBe("");
        await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
      }
      await setCourierRules([]);
      // A pickup day and hour for the parcel ready to book, from its page: the draft scheduled at
      // the service and said in words; then back to "as soon as booked" for the flows after this.
      const drafted = await draftAtSandbox();
      await openInAdmin(page, `/app/shipments/${drafted.id}`, "id");
      await page.getByRole("heading", { name: "Jadwal penjemputan" }).waitFor();
      await page.getByLabel("Hari", { exact: true }).selectOption({ index: 1 });
      await page.getByLabel("Jam", { exact: true }).selectOption("10:00");
      await page.getByRole("button", { name: "Simpan jadwal" }).click();
      await page.getByText("Jadwal penjemputan disimpan.").waitFor();
      await page.getByText(/^Kurir menjemput \S+, \d{1,2} \S+ pukul 10\.00 WIB\.$/).waitFor();
      const scheduled = sandboxDraft(drafted.draftOrderId!);
      expect(scheduled?.spec.deliveryType).toBe("scheduled");
      expect((await accessibilityViolations(page)).join("\n"), "pickup: axe-core").toBe("");
      await page.screenshot({
        path: path.join(SHOTS, "id-21-jadwal-penjemputan.png"),
        fullPage: true,
      });
      await page.getByRole("button", { name: "Jemput secepatnya" }).click();
      await page.getByText("Kurir akan menjemput secepatnya setelah dipesan.").waitFor();
      // Its insurance, with the service's premium for the chosen courier before it is added; then
      // back to the shop's rule.
      await page.getByText(/^Premi asuransi .+: Rp[\d.]+, ditambahkan ke ongkir\.$/).waitFor();
      await page.getByRole("button", { name: "Asuransikan paket ini" }).click();
      await page.getByText("Asuransi paket ini disimpan.").waitFor();
      await page.getByText(/^Diasuransikan senilai barang: Rp[\d.]+\.$/).waitFor();
      expect(sandboxDraft(drafted.draftOrderId!)?.spec.insurance).toBeGreaterThan(0);
      await page.screenshot({ path: path.join(SHOTS, "id-23-asuransi.png"), fullPage: true });
      await page.getByRole("button", { name: "Ikuti aturan toko" }).click();
      await page.getByText(/^Mengikuti aturan toko: /).waitFor();
      // Its courier changed from the list: every service that carries it side by side with its
      // price (the draft's rates at the sandbox) and the difference from its courier now.
      await openInAdmin(page, `/app?q=${encodeURIComponent(drafted.orderName!)}`, "id");
      await page.getByRole("link", { name: drafted.orderName! }).waitFor();
      const tickAll = page.getByRole("checkbox", { name: /^Pilih semua/ }).first();
      await tickAll.click();
      await expect.poll(() => tickAll.isChecked(), { timeout: 10_000 }).toBe(true);
      await page.getByRole("button", { name: "Tindakan lainnya" }).click();
      await page.getByRole("button", { name: "Ganti kurir" }).click();
      const change = page.getByRole("dialog");
      await change.getByText("Kurir untuk paket yang dipilih").waitFor();
      const choices = change.getByRole("radio");
      expect(await choices.count()).toBeGreaterThan(1);
      const compared = (await change.innerText()).replace(/\u00a0/g, " ");
      expect(compared).toMatch(
        /Rp[\d.]+ untuk 1 dari 1 paket · Rp[\d.]+ lebih mahal dari kurirnya/,
      );
      expect(compared).toContain("Belum ada yang ditagih");
      expect(compared).not.toMatch(/days|hours/);
      expect((await accessibilityViolations(page)).join("\n"), "bulk courier: axe-core").toBe("");
      await page.screenshot({ path: path.join(SHOTS, "id-24-ganti-kurir-massal.png") });
      const before = `${drafted.courierCompany}/${drafted.courierType}`;
      // Another service than its own: the first whose value is not the courier it has.
      const values = await choices.evaluateAll((boxes) =>
        boxes.map((b) => (b as HTMLInputElement).value),
      );
      const name = values.find((v) => v !== before)!;
      await choices.nth(values.indexOf(name)).check();
      await change.getByRole("button", { name: /^Ganti ke / }).click();
      await page.getByText("Mengganti kurir: 1 dari 1 pengiriman, 1 selesai").waitFor();
      const draft = sandboxDraft(drafted.draftOrderId!)!;
      expect(`${draft.body.courier_company}/${draft.body.courier_type}`).toBe(name);
      expect(name).not.toBe(before);
      // Back to the courier it had, for the flows after this one.
      await page.getByRole("link", { name: drafted.orderName! }).click();
      await page.getByLabel("Kurir untuk draf ini").selectOption(before);
      await page.getByRole("button", { name: "Pakai kurir ini" }).click();
      await expect
        .poll(() => {
          const body = sandboxDraft(drafted.draftOrderId!)!.body;
          return `${body.courier_company}/${body.courier_type}`;
        })
        .toBe(before);
      // Insured from the list, the premium of all the parcels said first (the service's rates
      // for each with its courier); then back to the shop's rule.
      const bulkInsurance = async (choice: string) => {
        await openInAdmin(page, `/app?q=${encodeURIComponent(drafted.orderName!)}`, "id");
        await page.getByRole("link", { name: drafted.orderName! }).waitFor();
        const all = page.getByRole("checkbox", { name: /^Pilih semua/ }).first();
        await all.click();
        await expect.poll(() => all.isChecked(), { timeout: 10_000 }).toBe(true);
        await page.getByRole("button", { name: "Tindakan lainnya" }).click();
        await page.getByRole("button", { name: "Asuransi", exact: true }).click();
        const asked = page.getByRole("dialog");
        await asked.getByText("Asuransi untuk paket yang dipilih").waitFor();
        // The choice's words are its label: pressed as a merchant presses them.
        await asked.getByText(choice, { exact: true }).click();
        await expect.poll(() => asked.getByRole("radio", { name: choice }).isChecked()).toBe(true);
        return asked;
      };
      const byRule = sandboxDraft(drafted.draftOrderId!)?.spec.insurance ?? null;
      const insuring = await bulkInsurance("Asuransikan senilai barangnya");
      await insuring
        .getByText(
          /^Premi Rp[\d.]+ untuk 1 paket \(tarif kurir masing-masing\), ditambahkan ke ongkirnya\.$/,
        )
        .waitFor();
      expect((await accessibilityViolations(page)).join("\n"), "bulk insurance: axe-core").toBe("");
      await page.screenshot({ path: path.join(SHOTS, "id-25-asuransi-massal.png") });
      await insuring.getByRole("button", { name: "Simpan untuk 1 paket" }).click();
      await page.getByText("Mengatur asuransi: 1 dari 1 pengiriman, 1 selesai").waitFor();
      expect(sandboxDraft(drafted.draftOrderId!)?.spec.insurance).toBeGreaterThan(0);
      const backToRule = await bulkInsurance("Ikuti aturan toko");
      await backToRule.getByRole("button", { name: "Simpan untuk 1 paket" }).click();
      await page.getByText("Mengatur asuransi: 1 dari 1 pengiriman, 1 selesai").waitFor();
      await expect
        .poll(() => sandboxDraft(drafted.draftOrderId!)?.spec.insurance ?? null)
        .toBe(byRule);
      // A parcel that stopped moving: the buyer's WhatsApp with the words written, and the parcel's
      // facts for the courier's customer service, copied in one press (or selected, where the
      // frame keeps the clipboard closed).
      await openInAdmin(page, `/app/shipments/${stuck}`, "id");
      await page
        .getByRole("heading", { name: "Paket tidak bergerak: yang bisa Anda lakukan" })
        .waitFor();
      const chat = await page
        .getByRole("link", { name: "Hubungi pembeli lewat WhatsApp" })
        .getAttribute("href");
      expect(decodeURIComponent(chat!.split("?text=")[1]!)).toContain(
        "paket pesanan #3102 (JNE Reguler, resi CGK8000995101) belum bergerak",
      );
      expect(await page.getByLabel("Data paket untuk CS kurir").inputValue()).toContain(
        "Resi: CGK8000995101\nKurir: JNE Reguler\nPesanan: #3102",
      );
      await page.getByRole("button", { name: "Salin data" }).click();
      await page.getByText(/^Data (tersalin|sudah dipilih)/).waitFor();
      expect((await accessibilityViolations(page)).join("\n"), "stuck help: axe-core").toBe("");
      await page.screenshot({
        path: path.join(SHOTS, "id-22-paket-tidak-bergerak-bantuan.png"),
        fullPage: true,
      });
      // The list and a shipment say Indonesian words where they said English ones, and name
      // couriers as the service's couriers list does ("JNE Reguler", not its codes "JNE REG").
      await openInAdmin(page, "/app", "id");
      await page.getByRole("tab", { name: /^Perlu tindakan \(\d+\)$/ }).waitFor();
      const list = await page.locator("body").innerText();
      expect(list).toContain("JNE Reguler");
      // Problems written as data (their kinds and values) read in Indonesian, the courier's own
      // note quoted as the courier wrote it.
      expect(list).toContain("Tidak ada nomor HP penerima");
      expect(list).toContain('Kurir gagal mengantar paket: "Gagal kirim: penerima tidak di tempat');
      expect(uiText(list)).not.toContain("JNE REG");
      // In Shopify's admin frame (about 1,040 px at a 1,280 px screen) every tab of the list fits:
      // nothing to scroll sideways, and a row's problem is read under its status, inside the frame.
      await page.setViewportSize({ width: 1040, height: 900 });
      for (const tab of TABS) {
        await openInAdmin(page, `/app?tab=${tab}`, "id");
        await page.getByRole("tab", { selected: true }).waitFor();
        const overflow = await page
          .locator(".Polaris-IndexTable-ScrollContainer")
          .first()
          .evaluate((el) => el.scrollWidth - el.clientWidth);
        await page.screenshot({
          path: path.join(SHOTS, `id-list-1040-${tab}.png`),
          fullPage: true,
        });
        expect(overflow, `tab ${tab} at 1,040 px: sideways by ${overflow} px`).toBe(0);
      }
      // On a phone every tab is a list of blocks, nothing wider than the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      for (const tab of TABS) {
        await openInAdmin(page, `/app?tab=${tab}`, "id");
        await page.getByLabel("Tampilkan", { exact: true }).waitFor();
        await page.screenshot({ path: path.join(SHOTS, `id-list-390-${tab}.png`), fullPage: true });
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(wide, `tab ${tab} at 390 px`).toBeLessThanOrEqual(390);
      }
      await page.setViewportSize({ width: 1040, height: 900 });
      await openInAdmin(page, "/app?tab=attention", "id");
      const problem = page.getByText("Tidak ada nomor HP penerima").first();
      const where = (await problem.boundingBox())!;
      expect(where.x + where.width).toBeLessThanOrEqual(1040);
      // What a row says of its label only while the parcel waits to leave.
      await openInAdmin(page, "/app?tab=delivered", "id");
      await page.getByRole("tab", { selected: true }).waitFor();
      expect(await page.locator("body").innerText()).not.toContain("Label belum dicetak");
      await page.setViewportSize({ width: 1280, height: 900 });
      // The settings' sections are one press away from the top: "7. Label" brings the labels'
      // settings (the buyer's ongkir, the masked phone) into view.
      await openInAdmin(page, "/app/settings", "id");
      const sections = page.getByRole("navigation", { name: "Langsung ke bagian" });
      await sections.getByRole("link", { name: "7. Label" }).click();
      await page.waitForURL(/#labels$/);
      const masked = page.getByLabel("Samarkan nomor HP pembeli di label");
      await expect
        .poll(async () => (await masked.boundingBox())?.y ?? -1)
        .toBeGreaterThanOrEqual(0);
      expect((await masked.boundingBox())!.y).toBeLessThan(900);
      expect(await page.getByLabel("Cetak ongkir pembeli di label").isChecked()).toBe(true);
      expect((await accessibilityViolations(page)).join("\n"), "settings: axe-core").toBe("");
      await page.screenshot({ path: path.join(SHOTS, "id-settings-label-section.png") });
      await openInAdmin(page, `/app/shipments/${booked.id}`, "id");
      await page
        .getByRole("button", { name: /^Cetak (ulang )?label$/ })
        .first()
        .waitFor();
      // The order page's block asks in the admin's language and gets the app's words in it.
      const answer = await page.evaluate(async (orderId) => {
        const response = await fetch(`/api/orders/${orderId}/shipment?locale=id`);
        return (await response.json()) as { shipments: { words: { label: string } }[] };
      }, booked.orderId);
      expect(answer.shipments[0]!.words.label).toBe("Sudah dipesan");

      // The held COD order: cancelling it in Shopify is asked first, and going back changes
      // nothing; "Pembeli sudah konfirmasi: kirim" lets it go on, once.
      await openInAdmin(page, `/app/shipments/${heldCod.id}`, "id");
      await page.getByRole("button", { name: "Batalkan pesanan" }).click();
      const asked = page.getByRole("dialog");
      await asked.getByText(/^Batalkan pesanan .+ di Shopify\?$/).waitFor();
      expect(await asked.innerText()).toContain("stok barangnya dikembalikan");
      await page.screenshot({ path: path.join(SHOTS, "id-15-batalkan-pesanan-cod.png") });
      await asked.getByRole("button", { name: "Kembali" }).click();
      await asked.waitFor({ state: "detached" });
      expect(shopify!.log.cancellations!.filter((c) => c.orderId === heldCod.orderId)).toEqual([]);
      // Trusting its buyer would book it at once: asked first too.
      await page
        .getByRole("button", { name: "Percayai pembeli ini (jangan pernah tahan)" })
        .click();
      const trust = page.getByRole("dialog");
      await trust.getByText("Percayai pembeli ini?").waitFor();
      expect(await trust.innerText()).toContain("ongkir ditagih saat kurir dipesan");
      await trust.getByRole("button", { name: "Kembali" }).click();
      await trust.waitFor({ state: "detached" });
      expect(await db.select().from(codBuyerMarks).where(eq(codBuyerMarks.shop, shop))).toEqual([]);
      await page.getByRole("button", { name: "Pembeli sudah konfirmasi: kirim" }).click();
      await page.getByText("Pesanan diproses: drafnya segera muncul di sini").waitFor();
      const released = await shipmentOf(db, shop, heldCod.orderId);
      expect(released?.codRiskReleasedAt).not.toBeNull();

      // The re-weighed parcel, checked: it leaves "needs attention"; its price stays on the page.
      await openInAdmin(page, `/app/shipments/${reweighed}`, "id");
      await page.getByText("Perlu tindakan: ditimbang ulang").waitFor();
      await page.getByRole("button", { name: "Sudah dicek: terima harga baru" }).click();
      await page.getByText(/^Ditandai sudah dicek\. Paket keluar dari Perlu tindakan/).waitFor();
      await page.getByText("Perlu tindakan: ditimbang ulang").waitFor({ state: "detached" });
      const [checked] = await db.select().from(shipments).where(eq(shipments.id, reweighed));
      expect(checked!.problem).toBeNull();
      expect(await page.locator("body").innerText()).toContain(
        "Saat dipesan Rp19.000; kurir menambah Rp19.000 setelah menimbang ulang",
      );
    } finally {
      await page.close();
    }
  }, 180_000);

  it("whatever the fonts: drawn in the app's own Inter; with a wide font, large text and a phone's width every table is reachable by keyboard", async () => {
    const page = await adminPage("id");
    try {
      // The page's type is the app's own Inter, served with the app: no system font decides the
      // layout (a machine with only DejaVu drew the costs table wider than its card).
      await openInAdmin(page, "/app/costs", "id");
      expect(await loadedTypeface(page)).toBe("Inter Variable");
      const pages = ["/app", "/app/costs", "/app/cod", "/app/couriers", "/app/failed"];
      for (const width of [1280, 390])
        for (const pathname of pages) {
          await page.setViewportSize({ width, height: 900 });
          await openInAdmin(page, pathname, "id");
          await page.waitForLoadState("networkidle");
          await forceWideFont(page);
          const where = `${pathname} at ${width} px with a wide font`;
          expect((await unreachableScrollRegions(page)).join(" | "), where).toBe("");
          expect((await accessibilityViolations(page)).join("\n"), `${where}: axe-core`).toBe("");
        }
      // The costs page on a phone: its table scrolls, Tab reaches it with its name, and the arrow
      // keys move it.
      await page.setViewportSize({ width: 390, height: 900 });
      await openInAdmin(page, "/app/costs", "id");
      await forceWideFont(page);
      const region = page.getByRole("region", { name: "Per kurir" });
      await region.waitFor();
      await region.focus();
      expect(await region.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press("ArrowRight");
      await expect
        .poll(() => region.evaluate((el) => el.scrollLeft), { timeout: 5_000 })
        .toBeGreaterThan(0);
      await page.screenshot({ path: path.join(SHOTS, "id-21-biaya-ongkir-huruf-lebar.png") });
      // At the admin's width with Inter the costs tables fit their cards: nothing to scroll.
      await page.setViewportSize({ width: 1280, height: 900 });
      await openInAdmin(page, "/app/costs", "id");
      await page.waitForLoadState("networkidle");
      const overflows = await page.evaluate(() =>
        [...document.querySelectorAll(".Polaris-IndexTable-ScrollContainer")].map(
          (el) => el.scrollWidth - el.clientWidth,
        ),
      );
      expect(overflows.length).toBeGreaterThanOrEqual(2);
      expect(
        overflows.every((px) => px === 0),
        `overflow by ${overflows.join(", ")} px`,
      ).toBe(true);
    } finally {
      await page.close();
    }
  }, 120_000);

  it("the local admin (npm run demo -- --serve): an ordinary browser, the app framed, Indonesian then English", async () => {
    // No App Bridge stand-in routed, no token handed to the page: what the admin does, the local
    // admin does. Nothing may reach Shopify's CDN for App Bridge, and no page may fail to hydrate.
    await inLocalAdmin(async (page, admin) => {
      const errors: string[] = [];
      const cdn: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("request", (request) => {
        if (request.url().includes("app-bridge") && !request.url().startsWith(admin.url))
          cdn.push(request.url());
      });
      await page.goto(admin.url);
      const frame = page.frameLocator("iframe#app");
      await frame.getByRole("heading", { name: "Pengiriman", exact: true }).waitFor();
      // The app's own menu shown by the admin, in the side bar, and the page it is on marked.
      const menu = page.locator("#menu a");
      await expect
        .poll(() => menu.allTextContents())
        .toEqual([
          idTexts.nav.shipments,
          idTexts.nav.cod,
          idTexts.nav.costs,
          idTexts.nav.couriers,
          idTexts.nav.settings,
          idTexts.nav.failed,
        ]);
      await expect.poll(() => menu.first().getAttribute("aria-current")).toBe("page");
      // Inside the frame the menu's links are not shown twice.
      expect(await frame.getByRole("link", { name: idTexts.nav.failed }).count()).toBe(0);
      // A client-side navigation (a data request with the session token the admin adds).
      await frame.getByRole("tab", { name: /^Perlu tindakan/ }).click();
      await expect.poll(() => page.url()).toContain("tab%3Dattention");
      await page.getByRole("link", { name: idTexts.nav.cod }).click();
      await frame.getByRole("heading", { name: idTexts.cod.title, exact: true }).waitFor();
      await expect
        .poll(() => page.locator("#menu a[aria-current]").textContent())
        .toBe(idTexts.nav.cod);
      // English from the admin's language menu: the menu and the page.
      await page.getByLabel("Bahasa", { exact: true }).selectOption("en");
      await frame.getByRole("heading", { name: enTexts.cod.title, exact: true }).waitFor();
      await expect
        .poll(() => menu.allTextContents())
        .toEqual([
          enTexts.nav.shipments,
          enTexts.nav.cod,
          enTexts.nav.costs,
          enTexts.nav.couriers,
          enTexts.nav.settings,
          enTexts.nav.failed,
        ]);
      await page.screenshot({ path: path.join(SHOTS, "local-admin-cod-en.png") });
      expect(errors).toEqual([]);
      expect(cdn).toEqual([]);
    });
  }, 120_000);

  it("App Bridge's save bar on every form that saves; leaving with unsaved edits asks first", async () => {
    const page = await adminPage();
    try {
      // Settings: a preference changed shows the admin's bar. The in-page link to the courier
      // rules asks first; staying keeps the edit, Discard puts it back.
      await openInAdmin(page, "/app/settings");
      const insure = page.getByRole("checkbox", {
        name: "Insure shipments for the value of their items",
      });
      const insured = await insure.isChecked();
      await insure.setChecked(!insured);
      await saveBar(page).waitFor();
      await page.getByRole("link", { name: "Courier rules" }).click();
      await leaveQuestion(page).waitFor();
      await page.screenshot({ path: path.join(SHOTS, "2c-settings-leave-question.png") });
      await leaveQuestion(page).getByRole("button", { name: "Stay" }).click();
      await leaveQuestion(page).waitFor({ state: "detached" });
      expect(new URL(page.url()).pathname).toBe("/app/settings");
      expect(await insure.isChecked()).toBe(!insured);
      await saveBar(page).getByRole("button", { name: "Discard" }).click();
      await saveBar(page).waitFor({ state: "hidden" });
      expect(await insure.isChecked()).toBe(insured);
      // Nothing held: the link leaves at once.
      await page.getByRole("link", { name: "Courier rules" }).click();
      await page.getByRole("heading", { name: "Courier rules", level: 1 }).waitFor();
      expect(await leaveQuestion(page).count()).toBe(0);

      // Courier rules: a rule added shows the bar; the back button asks; leaving goes, unsaved.
      const rulesBefore = (await getShop(db, shop))?.settings as { courierRules?: unknown[] };
      await page.getByRole("button", { name: "Add a rule" }).click();
      await saveBar(page).waitFor();
      await page.getByRole("button", { name: "Settings" }).click();
      await leaveQuestion(page).getByRole("button", { name: "Leave page" }).click();
      await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
      await saveBar(page).waitFor({ state: "hidden" });
      expect(((await getShop(db, shop))?.settings as typeof rulesBefore).courierRules).toEqual(
        rulesBefore.courierRules,
      );

      // The other settings forms: the key, a pickup location, the checkout rates. A preview's
      // sample values are no edit.
      await hydrated(page);
      await page.getByLabel("Sample postal code").fill("12430");
      expect(await saveBar(page).isVisible()).toBe(false);
      for (const field of ["Replace the key", "Contact name"]) {
        await page.getByLabel(field, { exact: true }).fill("Gudang Baru");
        await saveBar(page).waitFor();
        await saveBar(page).getByRole("button", { name: "Discard" }).click();
        await saveBar(page).waitFor({ state: "hidden" });
        expect(await page.getByLabel(field, { exact: true }).inputValue()).toBe("");
      }
      // A pickup location the service refuses (no address): the bar's Save sends it, the fault is
      // said, and the edits stay with the bar.
      await page.getByLabel("Contact name", { exact: true }).fill("Gudang Baru");
      await saveBar(page).getByRole("button", { name: "Save" }).click();
      await page.getByText("Check the highlighted fields").first().waitFor();
      await saveBar(page).waitFor();
      expect(await page.getByLabel("Contact name", { exact: true }).inputValue()).toBe(
        "Gudang Baru",
      );
      await saveBar(page).getByRole("button", { name: "Discard" }).click();
      await saveBar(page).waitFor({ state: "hidden" });
    } finally {
      await page.close();
    }
  }, 120_000);

  it("the local admin asks before its menu leaves a page with unsaved edits, in its own words", async () => {
    await inLocalAdmin(async (page, admin) => {
      await page.goto(`${admin.url}__admin?path=${encodeURIComponent("/app/settings")}&lang=id`);
      const frame = page.frameLocator("iframe#app");
      const insure = frame.getByRole("checkbox", { name: idTexts.settings.prefs.insurance.label });
      await insure.waitFor();
      await hydrated(page.frame({ name: "app" })!);
      const insured = await insure.isChecked();
      await insure.setChecked(!insured);
      // The bar is the admin's, across its top, not in the app's frame.
      const bar = saveBar(page, "Perubahan belum disimpan");
      await bar.waitFor();
      expect(await saveBar(frame, "Perubahan belum disimpan").count()).toBe(0);
      const question = leaveQuestion(
        page,
        "Tinggalkan halaman dengan perubahan yang belum disimpan?",
      );
      await page.getByRole("link", { name: idTexts.nav.shipments }).click();
      await question.waitFor();
      await page.screenshot({ path: path.join(SHOTS, "local-admin-leave-question.png") });
      await question.getByRole("button", { name: "Tetap di halaman" }).click();
      expect(await insure.isChecked()).toBe(!insured);
      await page.getByRole("link", { name: idTexts.nav.shipments }).click();
      await question.getByRole("button", { name: "Tinggalkan halaman" }).click();
      await frame.getByRole("heading", { name: "Pengiriman", exact: true }).waitFor();
      await bar.waitFor({ state: "hidden" });
      // Unsaved: nothing of it was kept.
      await page.getByRole("link", { name: idTexts.nav.settings }).click();
      await insure.waitFor();
      expect(await insure.isChecked()).toBe(insured);
    });
  }, 120_000);
});

/** The price a shipment page says it charges. */
const priceOf = (text: string) => /Shipping charged: (Rp[\d.]+)/.exec(text)?.[1];

async function flow(page: Page) {
  {
    // The setup guide: five steps, none done, the first open with the button that does it.
    await page.getByRole("heading", { name: "Setup guide" }).waitFor();
    await page.getByText("0 of 5 steps done").first().waitFor();
    // A brand-new shop is told what will happen when orders arrive, not to change its filters.
    await page.getByText("No shipments yet").waitFor();
    const empty = await page.locator("body").innerText();
    expect(empty).toContain("Orders that arrive before then are kept here");
    expect(empty).not.toContain("Try changing the filters");
    await page.screenshot({ path: path.join(SHOTS, "1-shipments-new-shop.png"), fullPage: true });

    // Set-up: the key (checked with the service), the pickup location, preferences.
    await page.getByRole("button", { name: "Enter the API key" }).click();
    await page.getByLabel("API key").fill(testKey("e2e"));
    await page.getByRole("button", { name: "Check and save key" }).click();
    await page.getByText(/Saved: a test key ending in/).waitFor();
    await page.getByLabel("Contact name").fill("Gudang Toko Maju");
    await page.getByLabel("Contact phone").fill("081234567890");
    await page.getByLabel("Address").fill("Jl. Fatmawati 10, Cilandak, Jakarta Selatan");
    // The district is found through the service's own area search, which fills in its postal code.
    await page.getByLabel("Find the district or postal code").fill("Cilandak");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const areas = page.getByLabel("Areas found");
    await areas.waitFor();
    const found = await areas.locator("option").allInnerTexts();
    const cilandak = found.find((a) => /^Cilandak, .*12430$/.test(a));
    expect(cilandak, found.join(" | ")).toBeDefined();
    await areas.selectOption({ label: cilandak! });
    expect(await page.getByLabel("Postal code", { exact: true }).inputValue()).toBe("12430");
    await page.getByRole("button", { name: "Save pickup location" }).click();
    await page.getByText("Pickup location saved at the shipping service").waitFor();
    // Grouped in the order a new merchant needs them.
    const groups = (await page.getByRole("heading", { level: 2 }).allInnerTexts()).join("|");
    expect(groups).toMatch(
      /1\. Shipping API key[^|]*\|2\. Pickup locations\|3\. Your Shopify locations\|4\. Courier choice\|5\. Automation\|6\. Parcel details/,
    );
    // The shop's Shopify locations (read from its Admin API): one gets a pickup location made from
    // its address in one step, and is connected to it.
    await page.getByText("Gudang Surabaya", { exact: true }).waitFor();
    await page
      .getByRole("button", { name: "Make a pickup location from this address" })
      .nth(1)
      .click();
    await page
      .getByText("Pickup location made from Gudang Surabaya's address and connected")
      .waitFor();
    const linked = (await db.select().from(shops).where(eq(shops.shop, shop)))[0]?.settings as {
      locationLinks: Record<string, string>;
      locations: { locationId: string; contactName: string }[];
    };
    expect(
      linked.locations.find(
        (l) => l.locationId === linked.locationLinks["gid://shopify/Location/82"],
      )?.contactName,
    ).toBe("Gudang Surabaya");
    // The page shows it connected (the select names the new pickup location).
    await expect
      .poll(() => page.getByLabel("Pickup location for Gudang Surabaya").inputValue())
      .toBe(linked.locationLinks["gid://shopify/Location/82"]);
    // Rates at checkout: two services offered (one under the merchant's own name), previewed for a
    // Surabaya customer before saving, then turned on (a carrier service registered at Shopify).
    await page.getByRole("checkbox", { name: "JNE Reguler", exact: true }).check();
    await page.getByRole("checkbox", { name: "SiCepat Besok Sampai Tujuan", exact: true }).check();
    await page
      .getByLabel("Checkout name for SiCepat Besok Sampai Tujuan")
      .fill("Kilat Besok Sampai");
    await page.getByLabel("Sample postal code").fill("60111");
    await page.getByRole("button", { name: "Preview rates" }).click();
    await page.getByText(/^2 rates for 60111, 1000 g/).waitFor();
    await page.getByText("Kilat Besok Sampai", { exact: true }).waitFor();
    const previewed = await page.getByText(/^Rp[\d.]+$/).allInnerTexts();
    expect(previewed).toHaveLength(2);
    await page.getByRole("checkbox", { name: "Show live rates at checkout" }).check();
    await page.getByRole("button", { name: "Save rates at checkout" }).click();
    await page.getByText(/^Rates at checkout are on: 2 courier services offered/).waitFor();
    const registered = shopify!.orders.carrierServices.of(shop);
    const token = await callbackTokenOf(db, env.ENCRYPTION_KEY, shop);
    expect(registered.map((c) => [c.callbackUrl, c.active])).toEqual([
      [`${baseUrl}/carrier-service/rates?token=${token}`, true],
    ]);
    // The shop's own URL for the service's events, to paste in its dashboard.
    expect(await page.getByLabel("Events URL").inputValue()).toBe(
      `${baseUrl}/webhooks/shipping/${token}`,
    );
    await page.screenshot({ path: path.join(SHOTS, "2-settings.png"), fullPage: true });
    // After a leak: a new URL (Shopify takes the new rates URL at once), a second one refused while
    // the old one still works, and the old one ended from the page.
    // (The action's message shows while the page's data is still being read again: each step
    // waits for the page's own state, not only for the message.)
    await page.getByRole("button", { name: "Make a new URL" }).click();
    await page.getByText(/^New events URL made: paste it/).waitFor();
    await page.getByText(/^The previous URL is accepted until /).waitFor();
    const rotated = await callbackTokenOf(db, env.ENCRYPTION_KEY, shop);
    expect(await page.getByLabel("Events URL").inputValue()).toBe(
      `${baseUrl}/webhooks/shipping/${rotated}`,
    );
    await page.getByRole("button", { name: "Make a new URL" }).click();
    await page.getByText(/^No new URL was made: /).waitFor();
    await page.getByRole("button", { name: "End the old URL now" }).click();
    await page
      .getByText("The old URL no longer works: only the current one is accepted.")
      .waitFor();
    await page.getByRole("button", { name: "End the old URL now" }).waitFor({ state: "detached" });
    expect(await page.getByText(/^The previous URL is accepted until /).count()).toBe(0);
    expect(await page.getByLabel("Events URL").inputValue()).toBe(
      `${baseUrl}/webhooks/shipping/${rotated}`,
    );
    const settingsShop = await db.select().from(shops).where(eq(shops.shop, shop));
    expect(settingsShop[0]?.shippingApiKeyHint).toHaveLength(4);
    // The shop keeps its variants' sizes in Shopify: parcels are to be weighed by size too.
    await page
      .getByRole("checkbox", {
        name: "Weigh parcels by size too, from the products' dimensions in Shopify",
      })
      .check();
    await saveBar(page).getByRole("button", { name: "Save" }).click();
    await page.getByText("Settings saved").waitFor();
    await saveBar(page).waitFor({ state: "hidden" });
    // The service's dashboard pings the URL when the merchant saves it there: the settings say
    // when, and the guide ticks its events step. Key, pickup, rates at checkout and events are
    // done; the main courier is the step it opens.
    const ping = await fetch(`${baseUrl}/webhooks/shipping/${rotated}`, {
      method: "POST",
      body: "{}",
    });
    expect(ping.status).toBe(200);
    await openInAdmin(page, "/app/settings");
    await page.getByText(/^The service last reached this URL on \d/).waitFor();
    await openInAdmin(page, "/app");
    await page.getByRole("heading", { name: "Setup guide" }).waitFor();
    await page.getByText("4 of 5 steps done").first().waitFor();
    await page.getByRole("button", { name: "Choose a courier" }).waitFor();
    expect(
      await page
        .getByRole("button", { name: /Connect status updates/ })
        .getAttribute("aria-expanded"),
    ).toBe("false");
    await page.screenshot({ path: path.join(SHOTS, "1b-setup-guide.png"), fullPage: true });
    expect((await accessibilityViolations(page)).join("\n"), "setup guide: axe-core").toBe("");

    // The shop's courier record (as its parcels would have made it): the choice says it.
    await seedCourierLanes(db, shop);
    // A store order arrives; with automatic confirmation off it waits, ready, for the merchant.
    const order = freshOrder("multi-item");
    await deliverOrder(order);
    await waitFor(
      "draft ready",
      async () => (await shipmentOf(db, shop, order.id))?.status === "draft_ready",
    );
    await openInAdmin(page, "/app");
    await page.getByRole("link", { name: order.name }).click();
    await page.getByRole("button", { name: "Confirm shipment" }).waitFor();
    // Each service on offer with its record to the draft's province (Surabaya, Jawa Timur).
    expect(
      await page.getByLabel("Courier for this draft").locator("option:checked").textContent(),
    ).toBe("JNE Reguler: Rp38.000, 2–3 days · 89% at the first attempt");
    await page
      .getByText(
        /^In Jawa Timur, last 90 days: 89% delivered at the first attempt, 5% returned \(of 74 parcels\); half arrive within [\d.]+ days$/,
      )
      .waitFor();
    await page.screenshot({ path: path.join(SHOTS, "3-shipment-ready.png"), fullPage: true });
    // Booking spends money: the page asks first, saying the courier and the price; going back
    // sends nothing to the service.
    const atService = sandbox.service.counts().orders;
    await page.getByRole("button", { name: "Confirm shipment" }).click();
    const question = page.getByRole("dialog");
    await question.getByText("Book the courier?").waitFor();
    expect(await question.innerText()).toMatch(
      /picks up this parcel\. The shipping service charges Rp[\d.]+ when the courier is booked\./,
    );
    await page.screenshot({ path: path.join(SHOTS, "3b-book-question.png") });
    await question.getByRole("button", { name: "Go back" }).click();
    await question.waitFor({ state: "detached" });
    expect(sandbox.service.counts().orders).toBe(atService);
    expect((await shipmentOf(db, shop, order.id))?.status).toBe("draft_ready");
    await page.getByRole("button", { name: "Confirm shipment" }).click();
    // The service answers slowly: the booking is still in flight when the page has reloaded its
    // data after the request, and the page must follow it.
    sandbox.faults.latencyMs = 2_000;
    await page.getByRole("dialog").getByRole("button", { name: "Book courier" }).click();
    await page
      .getByText(/^Booking asked for/)
      .first()
      .waitFor();
    await waitFor(
      "confirmed",
      async () => (await shipmentOf(db, shop, order.id))?.status === "confirmed",
    );
    // The page follows the booking while it is in flight: the waybill appears without a reload.
    const waybill = (await shipmentOf(db, shop, order.id))?.waybillId;
    await page.getByRole("heading", { name: `Booked: waybill ${waybill}` }).waitFor();
    sandbox.faults.latencyMs = 0;
    await page.getByText("Booking: Booked").waitFor();
    await page.getByText(`Waybill: ${waybill}`).waitFor();
    // What ships, said once: the items with their weights, the parcel's weight, the recipient and
    // their phone; one price (the one charged); the pickup; no internal reference.
    const shipped = (await page.locator("body").innerText()).replace(/\u00a0/g, " ");
    expect(shipped).toContain("What ships");
    expect(shipped).toContain("2 × Batik Shirt - M / Blue: 300 g, Rp150.000 each");
    expect(shipped).toContain("1 × Kopi Gayo 250g: 260 g, Rp85.000 each");
    // One weight, the one charged, and why (the shirt weighs by its size: 860 g → 1,51 kg).
    expect(shipped).toContain("Charged weight: 1,51 kg");
    expect(shipped).toContain(
      "The items weigh 860 g, but the volumetric weight (l × w × h ÷ 6000) counts for Batik Shirt - M / Blue",
    );
    // The shirt's variant keeps 30 × 25 × 5 cm in Shopify: 625 g by volume, more than it weighs
    // (numbers as English is written in Indonesia, en-ID: a decimal comma); no second weight.
    expect(shipped).not.toContain("Volumetric weight:");
    expect(shipped).toMatch(/Shipping charged: Rp[\d.]+/);
    expect(shipped.match(/Rp[\d.]+/g)?.filter((p) => p === priceOf(shipped))).toHaveLength(1);
    expect(shipped).toContain("The courier picks the parcel up as soon as it can");
    expect(shipped).not.toContain("Reference at the shipping service");
    expect(shipped).not.toContain("shopify-");
    await page.screenshot({ path: path.join(SHOTS, "4-shipment-confirmed.png"), fullPage: true });

    // The COD payment methods are ticked from those the shop's orders carry, read from Shopify:
    // the order above paid with "bogus". A change brings the save bar; Discard puts it back.
    await openInAdmin(page, "/app/settings");
    const bogus = page.getByRole("checkbox", { name: "bogus" });
    await bogus.waitFor();
    expect(await page.getByText("Used by 1 of the last 100 orders").count()).toBe(1);
    expect(await saveBar(page).isVisible()).toBe(false);
    await bogus.check();
    await saveBar(page).waitFor();
    await page.screenshot({ path: path.join(SHOTS, "2b-settings-save-bar.png") });
    await saveBar(page).getByRole("button", { name: "Discard" }).click();
    await saveBar(page).waitFor({ state: "hidden" });
    expect(await bogus.isChecked()).toBe(false);
    const codGateways = async () =>
      ((await getShop(db, shop))?.settings as { codGateways: string[] }).codGateways;
    await bogus.check();
    await saveBar(page).getByRole("button", { name: "Save" }).click();
    await page.getByText("Settings saved").waitFor();
    await saveBar(page).waitFor({ state: "hidden" });
    expect(await codGateways()).toEqual(["bogus"]);
    await bogus.uncheck();
    await saveBar(page).getByRole("button", { name: "Save" }).click();
    await expect.poll(codGateways).toEqual([]);

    await openInAdmin(page, "/app/failed");
    await page.getByText("Nothing failed").waitFor();
    await page.screenshot({ path: path.join(SHOTS, "5-failed-work.png"), fullPage: true });
  }
  {
    // A busy week: a dozen shipments in different states, read as a merchant reads them.
    const seeded = await seedBusyShop(db, shop, {
      // Attempt 2 exists at the service, at the status its row shows, for the page's side card.
      bookAtService: async (referenceId, status) => {
        const client = await shippingClientForShop(db, getEnv(), shop);
        const draft = await client.createDraftOrder(
          draftBody({
            reference_id: referenceId,
            origin_contact_name: "Gudang Sleman",
            courier_company: "jne",
            courier_type: "reg",
          }),
        );
        const order = await client.confirmDraftOrder(draft.id);
        sandbox.service.lifecycle.forceStatus(order.id, status);
        return {
          shippingOrderId: order.id,
          waybillId: order.courier?.waybill_id ?? null,
          trackingUrl: order.courier?.link ?? null,
        };
      },
    });
    await openInAdmin(page, "/app");
    await page.getByRole("link", { name: "#2002" }).waitFor();
    const list = (await page.locator("body").innerText()).replace(/\u00a0/g, " ");
    for (const words of [
      "Gudang Sleman",
      "Gudang Toko Maju",
      "Ready to book",
      "Needs attention",
      "Waiting for payment",
      "Choose a courier",
      "Courier assigned",
      "On the way to the customer",
      "Coming back to you",
      "No shipment needed",
      "Delivered",
      "Cancelled",
      "JNE Reguler",
      "Rp34.000",
      "(attempt 2)",
      "On hold in Shopify",
      "Gudang Surabaya",
    ])
      expect(list, words).toContain(words);
    // No database codes on the page: every status is said in words.
    expect(list).not.toMatch(
      /draft_ready|draft_placed|return_in_transit|not_required|dropping_off/,
    );
    // The tabs count what they hold: the confirmed order above plus the seeded dozen.
    await page.getByRole("tab", { name: `All (${seeded.count + 1})` }).waitFor();
    await page.getByRole("tab", { name: "Needs attention (2)" }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, "6-shipments-busy-shop.png"), fullPage: true });
    // Each row says when the order was placed, in the shop's zone.
    expect(list).toMatch(/#2002\s+\d{1,2} \w{3} \d{4}/);

    // On a phone: the table becomes a list, each row one block with order, status, customer and
    // payment, courier and waybill, nothing cut off at the side; every tab can be reached.
    await page.setViewportSize({ width: 390, height: 844 });
    await openInAdmin(page, "/app");
    const booked = page.locator("li").filter({ hasText: "On the way to the customer" }).first();
    await booked.waitFor();
    const block = await booked.innerText();
    expect(block).toMatch(/#20\d\d/);
    expect(block).toContain("JNE Reguler");
    expect(block).toMatch(/COD Rp[\d.]+|Prepaid/);
    const box = (await booked.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(SHOTS, "6b-shipments-phone.png"), fullPage: true });
    const tabs = await page.getByLabel("Show", { exact: true }).locator("option").allInnerTexts();
    expect(tabs).toHaveLength(6);
    await page.getByLabel("Show", { exact: true }).selectOption("delivered");
    await page.waitForURL(/tab=delivered/);
    await page.locator("li").filter({ hasText: "Delivered" }).first().waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });

    // Needs attention, by kind: the recipient's address apart from what Shopify refused.
    await page.getByRole("tab", { name: "Needs attention (2)" }).click();
    await page.getByRole("button", { name: "Every kind (2)" }).waitFor();
    await page.getByRole("button", { name: "Shopify (1)" }).waitFor();
    await page.getByRole("button", { name: "Recipient address (1)" }).click();
    await page
      .getByText("Phone number, postal code, address or pin-point of the recipient", {
        exact: false,
      })
      .waitFor();
    await page.waitForURL(/kind=address/);
    const byKind = await page.locator("body").innerText();
    expect(byKind).toContain("#2002");
    expect(byKind).not.toContain("#2011");
    await page.screenshot({
      path: path.join(SHOTS, "9-needs-attention-by-kind.png"),
      fullPage: true,
    });

    // Booking and cancelling from the list ask first, saying how many, which couriers and what it
    // costs; going back sends nothing, and the list keeps its search after the action.
    {
      const ready = seeded.ids[0]!;
      const before = sandbox.service.counts();
      await openInAdmin(page, "/app?q=%232001");
      await page.getByRole("link", { name: "#2001" }).waitFor();
      // The header's box shows ticked a render after the click (the table's select mode is a
      // deferred value), so the test waits for it rather than reading it at once as check() does.
      const selectAll = page.getByRole("checkbox", { name: /^Select all/ }).first();
      await selectAll.click();
      await expect.poll(() => selectAll.isChecked(), { timeout: 10_000 }).toBe(true);
      await page.getByRole("button", { name: "Confirm", exact: true }).click();
      const asked = page.getByRole("dialog");
      await asked.getByText("Book 1 shipment?").waitFor();
      expect(await asked.innerText()).toContain(
        "Couriers: JNE Reguler ×1. The shipping service charges Rp34.000 in all when they are booked.",
      );
      await asked.getByRole("button", { name: "Go back" }).click();
      await asked.waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Cancel", exact: true }).click();
      await asked.getByText("Cancel 1 shipment?").waitFor();
      expect(await asked.innerText()).toContain("1 is not booked yet: nothing was charged for it.");
      await page.screenshot({ path: path.join(SHOTS, "9b-cancel-question.png") });
      expect(sandbox.service.counts()).toEqual(before);
      const [unchanged] = await db.select().from(shipments).where(eq(shipments.id, ready));
      expect(unchanged?.status).toBe("draft_ready");
      await asked.getByRole("button", { name: "Cancel shipments" }).click();
      await waitFor(
        "cancelled from the list",
        async () =>
          (await db.select().from(shipments).where(eq(shipments.id, ready)))[0]?.status ===
          "cancelled",
      );
      expect(new URL(page.url()).searchParams.get("q")).toBe("#2001");
      await page.getByRole("link", { name: "#2001" }).waitFor();
    }

    // The order shipped twice: attempt 2's page names attempt 1, and its timeline reads as sentences.
    await openInAdmin(page, `/app/shipments/${seeded.ids.at(-1)}`);
    await page.getByText("Attempt 2 of 2").waitFor();
    await page.getByRole("button", { name: "Attempt 1: Cancelled" }).waitFor();
    await page.getByRole("heading", { name: "Courier assigned", exact: true }).waitFor();
    const detail = await page.locator("body").innerText();
    expect(detail).toContain("The shipping service · Booked → Courier assigned");
    // The side card reads the booking at the service, where it is at the same status.
    expect(detail).not.toContain("Could not load");
    expect(detail).toMatch(/\d+ hours? ago · \d+ \w+ \d{4}, \d{2}[:.]\d{2} WIB/);
    await page.screenshot({
      path: path.join(SHOTS, "7-shipment-two-attempts.png"),
      fullPage: true,
    });

    // The order shipped from two warehouses: each parcel's page names the other.
    await openInAdmin(page, `/app/shipments/${seeded.splitOrder.ids[1]}`);
    await page
      .getByText("Shipment 2 of 2 of this order: the items at Gudang Surabaya. The others:")
      .waitFor();
    await page
      .getByRole("heading", {
        name: "On hold in Shopify at Gudang Surabaya (Inventory out of stock: restock Friday): booked once the hold is released",
      })
      .waitFor();
    await page.screenshot({ path: path.join(SHOTS, "10-order-two-shipments.png"), fullPage: true });
    await page.getByRole("button", { name: "Shipment 1 (Gudang Jakarta): Booked" }).click();
    await page
      .getByText("Shipment 1 of 2 of this order: the items at Gudang Jakarta. The others:")
      .waitFor();
    await page
      .getByRole("button", { name: "Shipment 2 (Gudang Surabaya): On hold in Shopify" })
      .waitFor();
    // Attempts count within a shipment: the other location's parcel is not an attempt.
    expect(await page.getByText(/Attempt \d of/).count()).toBe(0);

    // A problem is said once, in its banner, with where to fix it; the card says where it stands.
    await openInAdmin(page, `/app/shipments/${seeded.ids[1]}`);
    await page.getByText("Needs attention: recipient address").waitFor();
    await page.getByText("No phone number for the recipient", { exact: false }).first().waitFor();
    await page.getByRole("link", { name: "Open the order in Shopify" }).waitFor();
    const problemPage = await page.locator("body").innerText();
    expect(problemPage).not.toContain("Needs attention: No phone number");
    await page.screenshot({ path: path.join(SHOTS, "8-shipment-problem.png"), fullPage: true });
    await page.close();
    for (const f of [
      "1-shipments-new-shop",
      "2-settings",
      "3-shipment-ready",
      "4-shipment-confirmed",
      "5-failed-work",
      "6-shipments-busy-shop",
      "7-shipment-two-attempts",
      "8-shipment-problem",
      "9-needs-attention-by-kind",
      "10-order-two-shipments",
    ])
      expect(fs.statSync(path.join(SHOTS, `${f}.png`)).size).toBeGreaterThan(5_000);
  }
}

describe.skipIf(!available)("the production server (server.ts)", () => {
  const post = (pathname: string, body: string, headers: Record<string, string>) =>
    fetch(`${baseUrl}${pathname}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
    });
  const signed = (topic: string, raw: string, overrides: Record<string, string> = {}) => ({
    "x-shopify-hmac-sha256": shopifyHmac(raw, API_SECRET_KEY),
    "x-shopify-topic": topic,
    "x-shopify-shop-domain": shop,
    "x-shopify-api-version": "2026-10",
    "x-shopify-webhook-id": `e2e-${topic}-${raw.length}-${Math.random()}`,
    ...overrides,
  });

  it("refuses order webhooks that are forged, misdirected, without an id or oversized", async () => {
    const raw = JSON.stringify(freshOrder("multi-item"));
    const forged = await post(
      "/webhooks/orders/create",
      raw,
      signed("orders/create", raw, {
        "x-shopify-hmac-sha256": shopifyHmac(raw, "another-apps-secret"),
      }),
    );
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ error: "HMAC does not match the body" });
    const tampered = await post(
      "/webhooks/orders/create",
      raw.replace(/}$/, ',"note":"changed"}'),
      signed("orders/create", raw),
    );
    expect(tampered.status).toBe(401);
    const misdirected = await post("/webhooks/orders/create", raw, signed("orders/cancelled", raw));
    expect(misdirected.status).toBe(400);
    const noId = JSON.stringify({ name: "#1" });
    expect(
      (await post("/webhooks/orders/updated", noId, signed("orders/updated", noId))).status,
    ).toBe(400);
    const huge = JSON.stringify({ id: 1, note: "x".repeat(3 * 1024 * 1024) });
    const tooLarge = await post(
      "/webhooks/orders/create",
      huge,
      signed("orders/create", huge),
    ).catch(() => null);
    // The server answers 413 and closes the upload; the client may see either.
    if (tooLarge) expect(tooLarge.status).toBe(413);
    // Other topics go through Remix, verified the same way.
    const uninstall = JSON.stringify({ id: 1 });
    expect(
      (
        await post(
          "/webhooks/app/uninstalled",
          uninstall,
          signed("app/uninstalled", uninstall, { "x-shopify-hmac-sha256": "bad" }),
        )
      ).status,
    ).toBe(401);
  });

  it("answers /healthz, /readyz and /metrics ahead of Remix, from the build", async () => {
    expect(await (await fetch(`${baseUrl}/healthz`)).json()).toEqual({ ok: true });
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      ok: true,
      checks: { database: "ok", migrations: "ok", redis: "ok" },
    });
    const raw = JSON.stringify(freshOrder("multi-item"));
    expect((await post("/webhooks/orders/create", raw, signed("orders/create", raw))).status).toBe(
      200,
    );
    // In production /metrics is its token's bearer's only.
    expect((await fetch(`${baseUrl}/metrics`)).status).toBe(401);
    const metrics = await (
      await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(metrics).toMatch(
      /^parcelbridge_webhook_acks_total\{topic="orders\/create",status="200"\} [1-9]\d*$/m,
    );
    expect(metrics).toMatch(/^parcelbridge_queue_jobs\{queue="shipments",state="failed"\} \d+$/m);
  });

  it("answers the checkout's rate requests ahead of Remix: signed ones with rates, forged ones refused", async () => {
    const raw = JSON.stringify(
      shopifyRateRequest({
        origin: { postalCode: "60293", city: "Surabaya", address1: "Jl. Rungkut Industri 5" },
        destination: {
          postalCode: "12950",
          city: "Jakarta Selatan",
          address1: "Jl. Kuningan Barat 7",
        },
        items: [
          {
            name: "Kemeja Batik",
            sku: "BTK-01",
            quantity: 1,
            grams: 800,
            price: 175_000,
            productId: 9001,
            variantId: 90011,
          },
        ],
      }),
    );
    const headers = {
      "x-shopify-hmac-sha256": shopifyHmac(raw, API_SECRET_KEY),
      "x-shopify-shop-domain": shop,
    };
    const callback = `/carrier-service/rates?token=${await callbackTokenOf(db, env.ENCRYPTION_KEY, shop)}`;
    const answer = await post(callback, raw, headers);
    expect(answer.status).toBe(200);
    const { rates } = (await answer.json()) as {
      rates: { service_code: string; service_name: string; total_price: string }[];
    };
    expect(rates.map((r) => [r.service_code, r.service_name])).toEqual([
      ["jne:reg", "JNE Reguler"],
      ["sicepat:best", "Kilat Besok Sampai"],
    ]);
    expect(rates.every((r) => /^[1-9]\d*00$/.test(r.total_price))).toBe(true);
    const forged = await post(callback, raw, {
      ...headers,
      "x-shopify-hmac-sha256": shopifyHmac(raw, "another-apps-secret"),
    });
    expect(forged.status).toBe(401);
    // Signed, but without the shop's token (or with another): refused, no rates.
    for (const path of [
      "/carrier-service/rates",
      `/carrier-service/rates?token=${"0".repeat(64)}`,
    ]) {
      const other = await post(path, raw, headers);
      expect(other.status).toBe(403);
      expect(((await other.json()) as { rates?: unknown[] }).rates).toBeUndefined();
    }
  });

  it("caps every body before reading it, on every path and method; order paths match with a trailing slash, POST only", async () => {
    const order = freshOrder("multi-item");
    const raw = JSON.stringify(order);
    // A trailing slash still reaches the order path (verified there, not by Remix).
    expect((await post("/webhooks/orders/create/", raw, signed("orders/create", raw))).status).toBe(
      200,
    );
    // Another method on an order path: 405, before anything reads the body.
    const put = await fetch(`${baseUrl}/webhooks/orders/create`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...signed("orders/create", raw) },
      body: raw,
    });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("POST");
    /** Announces `declared` bytes (or none, chunked) and sends only a few: the answer must not wait for the rest. */
    const announce = (pathname: string, method: string, declared: number | null) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(pathname, baseUrl);
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method,
            headers: {
              "content-type": "application/json",
              ...(declared === null ? {} : { "content-length": declared }),
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
            req.destroy();
          },
        );
        req.on("error", reject);
        req.write('{"x":"');
      });
    for (const pathname of [
      "/webhooks/orders/create",
      "/webhooks/orders/create/",
      "/webhooks/app/uninstalled",
      "/auth/login",
      "/api/shipments/bulk",
      "/anything",
    ]) {
      expect(await announce(pathname, "POST", 300 * 1024 * 1024), pathname).toBe(413);
      expect(await announce(pathname, "PUT", 300 * 1024 * 1024), pathname).toBe(413);
      expect(await announce(pathname, "POST", null), pathname).toBe(411);
    }
  });

  it("answers the admin extensions' CORS preflight on both API routes", async () => {
    for (const pathname of [
      "/api/shipments/bulk",
      "/api/orders/gid%3A%2F%2Fshopify%2FOrder%2F1/shipment",
    ]) {
      const response = await fetch(`${baseUrl}${pathname}`, {
        method: "OPTIONS",
        headers: {
          origin: "https://extensions.shopifycdn.com",
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization,content-type",
          "user-agent":
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36",
        },
      });
      expect(response.status, pathname).toBe(204);
      expect(response.headers.get("access-control-allow-origin"), pathname).toBe("*");
    }
  });

  it("does not start with a wrong ENCRYPTION_KEY, and says why", async () => {
    const port = await freePort();
    const error = await startWeb(buildDir, port, {
      env: {
        ...process.env,
        SHOPIFY_APP_URL: `http://127.0.0.1:${port}`,
        ENCRYPTION_KEY: "cd".repeat(32),
      },
    }).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(error).toMatch(/exited \(1\)/);
    expect(error).toContain(
      "ENCRYPTION_KEY is not the key this database's secrets were encrypted with",
    );
  });

  it("finishes its work and exits on SIGTERM", async () => {
    const port = await freePort();
    const second = await startWeb(buildDir, port, {
      env: {
        ...process.env,
        SHOPIFY_APP_URL: `http://127.0.0.1:${port}`,
        SHIPPING_API_BASE_URL: sandbox.url,
      },
    });
    const order = freshOrder("multi-item");
    const raw = JSON.stringify(order);
    expect(
      (
        await fetch(`http://127.0.0.1:${port}/webhooks/orders/create`, {
          method: "POST",
          headers: { "content-type": "application/json", ...signed("orders/create", raw) },
          body: raw,
        })
      ).status,
    ).toBe(200);
    const exited = new Promise<number | null>((resolve) =>
      second.process.once("exit", (code) => resolve(code)),
    );
    second.process.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(second.output()).toContain("SIGTERM: finishing requests in flight");
    expect(await shipmentOf(db, shop, order.id)).toMatchObject({ status: expect.any(String) });
  });
});
