import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { parse } from "csv-parse/sync";
import { database, db } from "#app/db/index.server.ts";
import { shops } from "#app/db/schema.ts";
import { closeQueues } from "#app/jobs/queues.server.ts";
import { sessionStorage } from "#app/shopify.server.ts";
import { MERCHANT_BROWSER, embeddedUrl, standInAppBridge } from "#fakes/shopify/admin-frame.ts";
import { startFakeShopify, type FakeShopify } from "#fakes/shopify/fake-shopify-server.ts";
import { createSandbox, type Sandbox } from "#sandbox/server.ts";
import { stopProcess, type Child } from "../../scripts/processes.ts";
import { accessibilityViolations } from "../helpers/axe.ts";
import { chromiumAvailable, launchChromium, SHOTS, startAppServer } from "../helpers/browser.ts";
import {
  statementCsv,
  statementRows,
  statementShop,
  type StatementParcels,
} from "../helpers/cod-statements.ts";
import { hasPoppler, pdfFile } from "../helpers/pdf.ts";
import { API_KEY, API_SECRET_KEY, offlineSession } from "../helpers/shopify.ts";

/**
 * The COD page's payout statements in Debian's Chromium against the production build: a file that
 * does not read (the reasons said, nothing recorded), the columns mapped at the first import, the
 * statement's page with each kind of difference, a dispute made of its lines and the unpaid parcel,
 * its packet downloaded (the PDF read by poppler, the CSV by a CSV parser) and its state moved on;
 * in Indonesian, and the statement's page once in English; axe-core clean. Screenshots:
 * test/screenshots/cod-*.png.
 */
const available = chromiumAvailable();
const buildDir = path.join(inject("systemBuild"), "build");
let sandbox: Sandbox;
let shopify: FakeShopify;
let server: Child | undefined;
let browser: Browser;
let baseUrl = "";
let parcels: StatementParcels;
const files = fs.mkdtempSync(path.join(os.tmpdir(), "statements-"));

beforeAll(async () => {
  if (!available) return;
  sandbox = await createSandbox({ port: 0, rateLimits: false });
  shopify = await startFakeShopify();
  ({ server, baseUrl } = await startAppServer({
    buildDir,
    sandboxUrl: sandbox.url,
    shopifyUrl: shopify.url,
    metricsToken: "statement-metrics-token-0123456789",
  }));
  parcels = await statementShop("browser");
  await db.update(shops).set({ ianaTimezone: "Asia/Jakarta" }).where(eq(shops.shop, parcels.shop));
  const session = offlineSession(parcels.shop);
  session.accessToken = shopify.connect(parcels.shop);
  await sessionStorage.storeSession(session);
  const good = statementRows(parcels);
  const bad = statementRows(parcels).map((r) => [...r]);
  bad[1]![5] = "dua ratus ribu";
  fs.writeFileSync(path.join(files, "pencairan-27-nov.csv"), statementCsv(good));
  fs.writeFileSync(path.join(files, "pencairan-salah.csv"), statementCsv(bad));
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stopProcess(server?.process);
  await sandbox?.close();
  await shopify?.close();
  await closeQueues();
  await database.close();
  fs.rmSync(files, { recursive: true, force: true });
});

async function hydrated(page: Page) {
  await page.waitForFunction(() =>
    Object.keys(document.body).some((key) => key.startsWith("__reactFiber")),
  );
}

async function open(page: Page, pathname: string, locale: string) {
  const shop = parcels.shop;
  const { token } = await getJwt(shop.replace(".myshopify.com", ""), API_KEY, API_SECRET_KEY);
  await page.goto(embeddedUrl(baseUrl, pathname, { shop, token, locale }));
  await hydrated(page);
}

async function merchantPage(): Promise<Page> {
  const shop = parcels.shop;
  const { token } = await getJwt(shop.replace(".myshopify.com", ""), API_KEY, API_SECRET_KEY);
  const page = await browser.newPage({ ...MERCHANT_BROWSER, acceptDownloads: true });
  await standInAppBridge(page, { shop, apiKey: API_KEY, token });
  return page;
}

const axeClean = async (page: Page, name: string) =>
  expect((await accessibilityViolations(page)).join("\n"), `${name}: axe-core`).toBe("");

const bodyText = async (page: Page) =>
  (await page.locator("body").innerText()).replace(/\u00a0/g, " ");

/**
 * Chooses a file and imports it. The shop has no columns remembered (the bad file's were not
 * saved): the page asks for them, offering the guess, which is confirmed with a second import.
 */
async function importFile(page: Page, name: string) {
  await page.locator("#statementFile").setInputFiles(path.join(files, name));
  await page.getByRole("button", { name: "Impor laporan" }).click();
  await page.getByRole("heading", { name: "Cocokkan kolom laporan" }).waitFor();
  expect(await page.getByLabel("Nilai COD", { exact: true }).inputValue()).toBe("Nilai COD");
  await page.getByRole("button", { name: "Impor laporan" }).click();
  await page
    .getByRole("heading", { name: "Cocokkan kolom laporan" })
    .waitFor({ state: "detached" });
}

describe.skipIf(!available)("payout statements in the browser", () => {
  it("imports a bad file (nothing recorded) then a good one, names each difference, and packs a dispute", async () => {
    const page = await merchantPage();
    await open(page, "/app/cod", "id");
    await page.getByRole("heading", { name: "Impor laporan pencairan COD" }).waitFor();

    // A bad file: which row, which column, what was expected; nothing recorded.
    await importFile(page, "pencairan-salah.csv");
    await page.getByText("Tidak ada yang dicatat dari berkas ini.").waitFor();
    expect(await bodyText(page)).toContain(
      'Baris 3, kolom "Nilai COD": "dua ratus ribu" bukan jumlah rupiah bulat (contoh: 150000 atau 150.000).',
    );
    expect(await bodyText(page)).toContain("Belum ada laporan yang diimpor.");
    await axeClean(page, "bad file");
    await page.screenshot({ path: path.join(SHOTS, "cod-01-laporan-salah.png"), fullPage: true });

    // The good one, its columns confirmed once.
    await importFile(page, "pencairan-27-nov.csv");
    await page
      .getByText("Laporan pencairan-27-nov.csv diimpor: 5 baris dicocokkan, 4 berselisih.")
      .waitFor();
    // The answer shows first; the page's data follows (Remix reads it again after the action).
    await page.getByText("4 baris berselisih").waitFor();
    await axeClean(page, "imported");
    await page.screenshot({ path: path.join(SHOTS, "cod-02-laporan-diimpor.png"), fullPage: true });

    // The statement's page: each kind named and explained, and the parcel nothing paid.
    await page.getByRole("link", { name: "Lihat baris" }).click();
    await page.getByRole("heading", { name: "Laporan pencairan-27-nov.csv" }).waitFor();
    await hydrated(page);
    const text = await bodyText(page);
    for (const words of [
      "Dibayar kurang",
      "COD dibayar Rp232.800, seharusnya Rp242.500.",
      "Dipotong untuk paket lain",
      `Rp23.000 (ongkir retur) dipotong untuk #1004 · ${parcels.waybills.returned}.`,
      "Biaya COD tidak sesuai",
      "Biaya COD Rp5.000, yang disepakati Rp3.600.",
      "Paket tidak dikenal",
      "Belum dibayar dan lewat jadwal cair",
      "9 hari",
    ])
      expect(text).toContain(words);
    await axeClean(page, "statement");
    await page.screenshot({ path: path.join(SHOTS, "cod-03-baris-laporan.png"), fullPage: true });

    // A dispute of the short line, the fee and the unpaid parcel.
    for (const row of ["Dibayar kurang", "Biaya COD tidak sesuai", parcels.waybills.missing])
      await page.locator("tr", { hasText: row }).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Buat berkas sengketa" }).click();
    await page.getByText(/^Sengketa No\. 1 dibuat/).waitFor();
    await page.getByText("Sengketa No. 1", { exact: true }).first().waitFor();

    // Back on the COD page: the dispute, its packet downloaded, its state moved on.
    await open(page, "/app/cod", "id");
    await page.getByText("No. 1: 3 paket, selisih -Rp107.130").waitFor();
    if (hasPoppler) {
      const [pdfDownload] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Unduh PDF" }).click(),
      ]);
      const pdf = pdfFile(fs.readFileSync((await pdfDownload.path())!), "sengketa");
      try {
        const packet = pdf.pages().join(" ");
        expect(packet).toContain("Pengajuan Selisih COD No. 1");
        expect(packet).toContain("Total selisih: -Rp107.130");
        expect(packet).toContain(parcels.waybills.missing);
      } finally {
        pdf.remove();
      }
    }
    const [csvDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Unduh CSV" }).click(),
    ]);
    expect(csvDownload.suggestedFilename()).toMatch(/^sengketa-cod-1-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(fs.readFileSync((await csvDownload.path())!, "utf8")) as string[][];
    expect(
      rows
        .slice(1, -1)
        .map((r) => r[5])
        .sort(),
    ).toEqual(["Belum dibayar", "Biaya COD tidak sesuai", "Dibayar kurang"]);
    await page.getByLabel("Status sengketa No. 1").selectOption("answered");
    await page.getByRole("button", { name: "Simpan status" }).click();
    await page.getByText("Status sengketa No. 1 disimpan: Sudah dijawab.").waitFor();
    await axeClean(page, "dispute");
    await page.screenshot({ path: path.join(SHOTS, "cod-04-sengketa.png"), fullPage: true });

    // Once in English: the statement's page.
    const english = await merchantPage();
    await open(english, "/app/cod", "en");
    await english.getByRole("link", { name: "See lines" }).click();
    await english.getByRole("heading", { name: "Statement pencairan-27-nov.csv" }).waitFor();
    const en = await bodyText(english);
    for (const words of [
      "Paid short",
      "Deducted for another parcel",
      "COD fee not as agreed",
      "Unknown parcel",
      "Dispute No. 1",
    ])
      expect(en).toContain(words);
    await axeClean(english, "statement in English");
    await english.screenshot({ path: path.join(SHOTS, "cod-05-statement-en.png"), fullPage: true });
    await english.close();
    await page.close();
  }, 240_000);
});
