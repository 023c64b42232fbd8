import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import { shipments } from "#app/db/schema.ts";
import type { LabelSnapshot } from "#app/db/json-columns.ts";
import { costParcelPages } from "#app/costs/parcels.server.ts";
import { codParcelPages, codParcels } from "#app/cod/parcels.server.ts";
import { declaredGramsOf } from "#app/costs/reweigh.ts";
import { sessionStorage } from "#app/shopify.server.ts";
import { recordInstall } from "#app/shops/shops.server.ts";
import * as costsCsv from "#app/routes/app.costs[.]csv.tsx";
import * as codCsv from "#app/routes/app.cod[.]csv.tsx";
import {
  INDONESIAN as indonesian,
  routeData as call,
  offlineSession,
  sessionTokenRequest,
  uniqueShop,
} from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * The costs and COD CSVs' parcels as the database gives them: only the printed columns, the
 * declared chargeable weight (held to parcelFacts, the one the pages use) and the COD amount
 * worked out in the statement, read a page at a time by (time, id) and sent as they are read;
 * and one download per shop at a time.
 */
testStack();

const item = (name: string, quantity: number, extra: Record<string, unknown> = {}) => ({
  name,
  sku: null,
  quantity,
  value: 50_000,
  ...extra,
});
const label = (items: { name: string; quantity: number; grams: number }[]) =>
  ({
    sender: { name: "Toko", phone: "0812", address: "Jakarta" },
    receiver: { name: "Siti", phone: "0813", address: "Surabaya" },
    shipper: null,
    routingCode: null,
    items,
    cod: null,
    currency: "IDR",
  }) as unknown as LabelSnapshot;

/** Parcels whose declared weight takes each of parcelFacts's ways. */
const CASES: { contents: unknown; label: LabelSnapshot | null }[] = [
  // Weights only.
  { contents: { items: [item("Kaos", 2, { weight: 300 })], ordered: [] }, label: null },
  // A volumetric weight above the actual: 40×30×20 cm is 4,000 g.
  {
    contents: {
      items: [
        item("Kardus", 1, { weight: 1_000, dimensions: { length: 40, width: 30, height: 20 } }),
        item("Pulpen", 3, { weight: 20 }),
      ],
      ordered: [],
    },
    label: null,
  },
  // Drafted before weights were kept: the label's, for the same item.
  {
    contents: { items: [item("Sepatu", 1), item("Tas", 2, { weight: 0 })], ordered: [] },
    label: label([
      { name: "Sepatu", quantity: 1, grams: 900 },
      { name: "Tas", quantity: 2, grams: 450 },
    ]),
  },
  // The label's item is another one: unknown.
  {
    contents: { items: [item("Sepatu", 1)], ordered: [] },
    label: label([{ name: "Sandal", quantity: 1, grams: 500 }]),
  },
  // A dimension missing or zero: no volumetric weight.
  {
    contents: {
      items: [item("Buku", 4, { weight: 250, dimensions: { length: 30, width: 0, height: 5 } })],
      ordered: [],
    },
    label: null,
  },
  // No items, no contents, a malformed weight.
  { contents: { items: [], ordered: [] }, label: null },
  { contents: null, label: null },
  { contents: { items: [item("Aneh", 1, { weight: "berat" })], ordered: [] }, label: null },
  // 250 items of 255-character names.
  {
    contents: {
      items: Array.from({ length: 250 }, (_, i) =>
        item(`${"Gamis katun premium ".repeat(13).slice(0, 250)} ${i}`, 1 + (i % 3), {
          weight: 100 + i,
        }),
      ),
      ordered: [],
    },
    label: null,
  },
];

async function seed(shop: string, parcels: { contents: unknown; label: LabelSnapshot | null }[]) {
  const at = Date.UTC(2026, 10, 20, 3, 0, 0);
  await recordInstall(db, shop);
  await db.insert(shipments).values(
    parcels.map((p, i) => ({
      shop,
      orderId: String(8_100_000 + i),
      referenceId: `cost-${shop}-${i}`,
      status: "delivered",
      quotedPrice: "18000",
      price: "18000",
      // Several parcels share a time: the pages must neither skip nor repeat them.
      createdAt: new Date(at - Math.floor(i / 3) * 60_000),
      contents: p.contents as never,
      label: p.label,
    })),
  );
}

describe("the costs CSV's parcels", () => {
  it("declare the weight parcelFacts declares, worked out in the statement", async () => {
    const shop = uniqueShop("grams");
    await seed(shop, CASES);
    const read = [];
    for await (const page of costParcelPages(db, shop, new Date(0))) read.push(...page);
    expect(read).toHaveLength(CASES.length);
    const byOrder = new Map(read.map((p) => [p.orderId, p.declaredGrams]));
    CASES.forEach((c, i) =>
      expect([i, byOrder.get(String(8_100_000 + i))]).toEqual([
        i,
        declaredGramsOf({ contents: c.contents, label: c.label }),
      ]),
    );
    // The cases do take their ways.
    expect(byOrder.get("8100000")).toBe(600);
    expect(byOrder.get("8100001")).toBe(4_060);
    expect(byOrder.get("8100002")).toBe(1_800);
    expect(byOrder.get("8100003")).toBeNull();
  });

  it("are read a page at a time, newest first, none skipped or repeated", async () => {
    const shop = uniqueShop("pages");
    await seed(
      shop,
      Array.from({ length: 23 }, () => CASES[0]!),
    );
    const pages = [];
    for await (const page of costParcelPages(db, shop, new Date(0), 5)) pages.push(page);
    expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 5, 3]);
    const ids = pages.flat().map((p) => p.orderId);
    expect(new Set(ids).size).toBe(23);
    const times = pages.flat().map((p) => p.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

/** `count` delivered COD parcels of a long list each (250 items of long names), a few a minute. */
async function seedCod(shop: string, count: number) {
  const at = Date.now() - 3_600_000;
  await recordInstall(db, shop);
  await db.insert(shipments).values(
    Array.from({ length: count }, (_, i) => ({
      shop,
      orderId: String(8_200_000 + i),
      referenceId: `cod-${shop}-${i}`,
      status: "delivered",
      waybillId: `WB${i}`,
      price: "18000",
      // Several parcels share a time: the pages must neither skip nor repeat them.
      deliveredAt: new Date(at - Math.floor(i / 3) * 60_000),
      contents: {
        cod: 150_000 + i,
        codType: i % 2 === 0 ? "7_days" : undefined,
        items: Array.from({ length: 250 }, (_, k) => item(`${"Batik tulis ".repeat(21)}${k}`, 1)),
      } as never,
    })),
  );
}

describe("the COD CSV's parcels", () => {
  it("are read a page at a time, newest first, none skipped or repeated, as the page lists them", async () => {
    const shop = uniqueShop("cod-pages");
    await seedCod(shop, 23);
    const window = { shop, shopCodType: "5_days" as const, now: new Date() };
    const pages = [];
    for await (const page of codParcelPages(db, "delivered", window, 5)) pages.push(page);
    expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 5, 3]);
    expect(new Set(pages.flat().map((p) => p.orderId)).size).toBe(23);
    expect(pages.flat()).toEqual(await codParcels(db, "delivered", window));
    const byOrder = new Map(pages.flat().map((p) => [p.orderId, p]));
    // The amount and the parcel's own disbursement window, read out of its contents in SQL; the
    // shop's window for a parcel drafted before the app kept each one's.
    const kept = byOrder.get("8200000")!;
    expect(kept).toMatchObject({ cod: 150_000, status: "delivered" });
    expect(kept.payoutBy!.getTime() - kept.at!.getTime()).toBe(7 * 24 * 3_600_000);
    const shops = byOrder.get("8200001")!;
    expect(shops.cod).toBe(150_001);
    expect(shops.payoutBy!.getTime() - shops.at!.getTime()).toBe(5 * 24 * 3_600_000);
  });

  it("the file is sent as it is read: a chunk a page of parcels", async () => {
    const shop = uniqueShop("cod-stream");
    await seedCod(shop, 1_100);
    await sessionStorage.storeSession(offlineSession(shop));
    const response = await call<Response>(
      codCsv.loader,
      await sessionTokenRequest("/app/cod.csv", shop, indonesian),
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read())
      chunks.push(next.value);
    // The header, then pages of 500, 500 and 100 parcels.
    expect(chunks.length).toBe(4);
    const lines = Buffer.concat(chunks).toString("utf8").trimEnd().split("\r\n");
    expect(lines).toHaveLength(1 + 1_100);
    expect(lines.filter((l) => l.includes(",150000,"))).toHaveLength(1);
  });
});

describe("one CSV download per shop at a time", () => {
  it("a second download while the first is under way is refused in words; the next one goes", async () => {
    const shop = uniqueShop("busy");
    await recordInstall(db, shop);
    await sessionStorage.storeSession(offlineSession(shop));
    await seed(
      shop,
      Array.from({ length: 3 }, () => CASES[1]!),
    );
    const ask = async (route: unknown, path: string) =>
      call<Response>(route, await sessionTokenRequest(path, shop, indonesian));

    const first = await ask(costsCsv.loader, "/app/costs.csv?days=90");
    expect(first.status).toBe(200);
    // Not read yet: the shop's slot is held, for either CSV.
    for (const [route, path] of [
      [costsCsv.loader, "/app/costs.csv?days=90"],
      [codCsv.loader, "/app/cod.csv"],
    ] as const) {
      const busy = await ask(route, path);
      expect(busy.status).toBe(429);
      expect(await busy.json()).toEqual({
        error: "CSV toko ini sedang diunduh: tunggu sampai selesai, lalu coba lagi.",
      });
    }
    // Another shop downloads meanwhile.
    const other = uniqueShop("busy-other");
    await recordInstall(db, other);
    await sessionStorage.storeSession(offlineSession(other));
    const theirs = await call<Response>(
      costsCsv.loader,
      await sessionTokenRequest("/app/costs.csv", other, indonesian),
    );
    expect(theirs.status).toBe(200);
    await theirs.text();

    const lines = (await first.text()).trim().split("\r\n");
    expect(lines).toHaveLength(4);
    // The declared weight in kilograms (to 0.1 kg), as a plain number.
    expect(lines[1]).toContain(",4.1,");
    const again = await ask(costsCsv.loader, "/app/costs.csv?days=90");
    expect(again.status).toBe(200);
    await again.body?.cancel();
    // Cancelled by the reader: the slot is given back too.
    expect((await ask(codCsv.loader, "/app/cod.csv")).status).toBe(200);
  });
});
