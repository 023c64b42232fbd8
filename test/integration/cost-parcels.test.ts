import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import { shipments } from "#app/db/schema.ts";
import type { LabelSnapshot } from "#app/db/json-columns.ts";
import { costParcelPages } from "#app/costs/parcels.server.ts";
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
 * The costs CSV's parcels as the database gives them: only the printed columns, the declared
 * chargeable weight worked out in the statement (held to parcelFacts, the one the pages use), read
 * a page at a time by (created_at, id); and one download per shop at a time.
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
