import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import { shipments } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import {
  ShipmentActionError,
  cancel,
  chooseCourier,
  confirm,
  createNow,
  draftRates,
  retry,
  type ActionDeps,
} from "#app/shipments/actions.server.ts";
import {
  countByProblemKind,
  countByTab,
  decodeCursor,
  listShipments,
} from "#app/shipments/list.server.ts";
import { recordInstall } from "#app/shops/shops.server.ts";
import { draftBody, liveKey } from "../helpers/sandbox.ts";
import { setUpShop } from "../helpers/pipeline.ts";
import { uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

const env = getEnv();
const stack = testStack({ sandbox: { rateLimits: false } });

const STATUSES = [
  "pending",
  "draft_ready",
  "confirmed",
  "picked",
  "delivered",
  "cancelled",
] as const;

async function seed(shop: string, n: number) {
  await recordInstall(db, shop);
  const base = Date.parse("2026-11-01T00:00:00Z");
  const values = Array.from({ length: n }, (_, i) => ({
    shop,
    orderId: String(5000 + i),
    orderName: `#${5000 + i}`,
    referenceId: `ref-${shop}-${i}`,
    status: STATUSES[i % STATUSES.length]!,
    problem: i % 10 === 0 ? "Needs a phone number" : null,
    // Pairs share a timestamp, so the id must break ties.
    updatedAt: new Date(base + Math.floor(i / 2) * 1000),
  }));
  await db.insert(shipments).values(values);
}

describe("shipments list", () => {
  it("pages through every shipment exactly once, newest change first (keyset with ties)", async () => {
    const shop = uniqueShop("list");
    await seed(shop, 137);
    const seen: string[] = [];
    let after = null;
    let pages = 0;
    let previous: number | null = null;
    do {
      const page = await listShipments(db, shop, { limit: 20, after });
      for (const row of page.rows) {
        const t = row.updatedAt.getTime();
        if (previous !== null) expect(t).toBeLessThanOrEqual(previous);
        previous = t;
        seen.push(row.id);
      }
      after = decodeCursor(page.next);
      pages++;
    } while (after && pages < 20);
    expect(pages).toBe(7);
    expect(seen).toHaveLength(137);
    expect(new Set(seen).size).toBe(137);
  });

  it("pages back from the last page to the first, each page as it was read forwards", async () => {
    const shop = uniqueShop("list-back");
    await seed(shop, 45);
    const forwards: string[][] = [];
    let page = await listShipments(db, shop, { limit: 20 });
    expect(page.prev).toBeNull();
    forwards.push(page.rows.map((r) => r.id));
    while (page.next) {
      page = await listShipments(db, shop, { limit: 20, after: decodeCursor(page.next) });
      forwards.push(page.rows.map((r) => r.id));
    }
    expect(forwards.map((p) => p.length)).toEqual([20, 20, 5]);
    // Back from the last page: the same pages, in the same order within each, then no previous.
    const backwards: string[][] = [];
    while (page.prev) {
      page = await listShipments(db, shop, { limit: 20, before: decodeCursor(page.prev) });
      backwards.unshift(page.rows.map((r) => r.id));
      expect(page.next).not.toBeNull();
    }
    expect(backwards).toEqual(forwards.slice(0, 2));
    expect(page.prev).toBeNull();
    // And forwards again from a page reached backwards.
    const again = await listShipments(db, shop, { limit: 20, after: decodeCursor(page.next) });
    expect(again.rows.map((r) => r.id)).toEqual(forwards[1]);
  });

  it("finds a shipment by the customer's name, phone as Indonesians write it, or waybill", async () => {
    const shop = uniqueShop("find");
    await seed(shop, 3);
    const [first, second] = (await listShipments(db, shop, { limit: 10 })).rows;
    await db
      .update(shipments)
      .set({
        destinationName: "Siti Rahayu",
        destinationPhone: "+62 812-9876-5432",
        waybillId: "CGK2611230004",
      })
      .where(eq(shipments.id, first!.id));
    await db
      .update(shipments)
      .set({ destinationName: "Budi Santoso", destinationPhone: "081211112222" })
      .where(eq(shipments.id, second!.id));
    const found = async (search: string) =>
      (await listShipments(db, shop, { search })).rows.map((r) => r.id);
    expect(await found("siti")).toEqual([first!.id]);
    expect(await found("0812-9876-5432")).toEqual([first!.id]);
    expect(await found("6281298765432")).toEqual([first!.id]);
    expect(await found("81211112222")).toEqual([second!.id]);
    expect(await found("cgk261123")).toEqual([first!.id]);
    // A short number is an order number, not a phone: "0812" finds no one by phone.
    expect(await found("0812")).toEqual([]);
  });

  it("filters by tab and search, counts per tab, and never shows another shop's rows", async () => {
    const shop = uniqueShop("tabs");
    const other = uniqueShop("tabs-other");
    await seed(shop, 60);
    await seed(other, 12);
    const counts = await countByTab(db, shop);
    expect(counts).toEqual({
      all: 60,
      attention: 6,
      drafts: 20,
      in_transit: 20,
      delivered: 10,
      cancelled: 10,
    });
    const delivered = await listShipments(db, shop, { tab: "delivered", limit: 100 });
    expect(delivered.rows.map((r) => r.status)).toEqual(Array(10).fill("delivered"));
    const attention = await listShipments(db, shop, { tab: "attention", limit: 100 });
    expect(attention.rows.every((r) => r.problem)).toBe(true);
    expect(
      (await listShipments(db, shop, { search: "#5007" })).rows.map((r) => r.orderName),
    ).toEqual(["#5007"]);
    expect((await listShipments(db, shop, { search: "500" })).rows).toHaveLength(10);
    expect((await listShipments(db, shop, { search: "%" })).rows).toHaveLength(0);
    const all = await listShipments(db, shop, { limit: 250 });
    expect(all.rows).toHaveLength(60);
    expect(
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(shipments)
        .where(sql`${shipments.shop} = ${other}`),
    ).toEqual([{ n: 12 }]);
  });

  it("filters the problems by kind (a shipment of two kinds under both) and counts each kind", async () => {
    const shop = uniqueShop("kinds");
    const other = uniqueShop("kinds-other");
    await recordInstall(db, shop);
    await recordInstall(db, other);
    const row = (i: number, kinds: string[] | null) => ({
      shop,
      orderId: String(7000 + i),
      orderName: `#${7000 + i}`,
      referenceId: `ref-kinds-${shop}-${i}`,
      ...(kinds ? { problem: `Problem ${i}`, problemKinds: kinds } : {}),
      updatedAt: new Date(Date.parse("2026-11-01T00:00:00Z") + i * 1000),
    });
    await db
      .insert(shipments)
      .values([
        row(1, ["address"]),
        row(2, ["address", "items"]),
        row(3, ["setup"]),
        row(4, null),
        row(5, ["items"]),
      ]);
    await db.insert(shipments).values({
      shop: other,
      orderId: "7001",
      referenceId: `ref-kinds-${other}`,
      problem: "Elsewhere",
      problemKinds: ["address"],
    });

    expect(await countByProblemKind(db, shop)).toEqual({ address: 2, items: 2, setup: 1 });
    const names = async (problemKind: "address" | "items" | "setup" | "shopify") =>
      (await listShipments(db, shop, { tab: "attention", problemKind })).rows.map(
        (r) => r.orderName,
      );
    expect(await names("address")).toEqual(["#7002", "#7001"]);
    expect(await names("items")).toEqual(["#7005", "#7002"]);
    expect(await names("setup")).toEqual(["#7003"]);
    expect(await names("shopify")).toEqual([]);
    // A kind narrows any tab to the shipments with a problem of that kind.
    expect(
      (await listShipments(db, shop, { problemKind: "setup" })).rows.map((r) => r.orderName),
    ).toEqual(["#7003"]);
  });

  it("rejects a forged cursor instead of failing", () => {
    expect(decodeCursor("not-a-cursor")).toBeNull();
    expect(
      decodeCursor(Buffer.from("2026-01-01T00:00:00Z|'; drop table").toString("base64url")),
    ).toBeNull();
  });
});

describe("merchant actions", () => {
  const calls: string[] = [];
  const deps = (): ActionDeps => ({
    db,
    env: { ...env, SHIPPING_API_BASE_URL: stack.sandbox.url },
    enqueue: {
      createDraft: async (shop, orderId, attempt) =>
        void calls.push(`create ${shop} ${orderId} ${attempt}`) as never,
      confirm: async (shop, id, attempt) =>
        void calls.push(`confirm ${shop} ${id} ${attempt}`) as never,
      cancel: async (shop, orderId) => void calls.push(`cancel ${shop} ${orderId}`) as never,
      importOrders: async (shop, importId) =>
        void calls.push(`import ${shop} ${importId}`) as never,
      importOrder: async (shop, orderId) => void calls.push(`import ${shop} ${orderId}`) as never,
    },
  });

  it("act on the shop's own shipments only, in the states that allow it", async () => {
    const shop = uniqueShop("acts");
    const other = uniqueShop("acts-other");
    await seed(shop, 6);
    await recordInstall(db, other);
    const rows = (await listShipments(db, shop, { limit: 10 })).rows;
    const byStatus = (s: string) => rows.find((r) => r.status === s)!.id;

    await expect(confirm(deps(), other, byStatus("draft_ready"))).rejects.toMatchObject({
      status: 404,
    });
    await expect(cancel(deps(), other, byStatus("confirmed"))).rejects.toBeInstanceOf(
      ShipmentActionError,
    );
    await expect(confirm(deps(), shop, "not-a-uuid")).rejects.toMatchObject({ status: 404 });

    await confirm(deps(), shop, byStatus("draft_ready"));
    await confirm(deps(), shop, byStatus("draft_ready")).catch(() => undefined);
    await expect(confirm(deps(), shop, byStatus("pending"))).rejects.toThrow(/ready draft/);
    await createNow(deps(), shop, byStatus("pending"));
    await expect(createNow(deps(), shop, byStatus("confirmed"))).rejects.toThrow(/already exists/);
    await cancel(deps(), shop, byStatus("confirmed"));
    await expect(cancel(deps(), shop, byStatus("delivered"))).rejects.toThrow(/Nothing to cancel/);
    // The courier has the parcel: the service cancels nothing any more; nothing is queued.
    const queued = calls.length;
    await expect(cancel(deps(), shop, byStatus("picked"))).rejects.toMatchObject({
      key: "withCourier",
      message: expect.stringMatching(/^The courier already has the parcel \(Picked up\)/),
    });
    expect(calls).toHaveLength(queued);
    await retry(deps(), shop, byStatus("pending"));
    await expect(retry(deps(), shop, byStatus("picked"))).rejects.toThrow(/Nothing to retry/);

    expect(calls.filter((c) => c.includes(other))).toEqual([]);
    // The double click asked twice for the same job.
    const confirms = calls.filter((c) => c.startsWith("confirm"));
    expect(confirms).toHaveLength(2);
    expect(new Set(confirms).size).toBe(1);
    expect(calls.some((c) => c.startsWith("create") && /v\d+$/.test(c))).toBe(true);
  });

  it("choose a courier from the draft's rates: the draft becomes ready at the service and here", async () => {
    const shop = uniqueShop("courier");
    const key = liveKey("courier");
    await setUpShop(db, env.ENCRYPTION_KEY, shop, key, stack.sandbox.url);
    const draft = stack.sandbox.service.drafts.create(
      key,
      draftBody({ reference_id: `ref-${shop}` }),
    );
    const [row] = await db
      .insert(shipments)
      .values({
        shop,
        orderId: "77",
        referenceId: `ref-${shop}`,
        status: "draft_placed",
        draftOrderId: draft.id,
      })
      .returning();
    const rates = await draftRates(deps(), shop, row!.id);
    const sicepat = rates.find(
      (r) => r.courier_code === "sicepat" && r.courier_service_code === "reg",
    )!;
    const updated = await chooseCourier(deps(), shop, row!.id, "sicepat", "reg");
    expect(updated).toMatchObject({
      status: "draft_ready",
      courierCompany: "sicepat",
      courierType: "reg",
      price: `${sicepat.price}.00`,
    });
    expect(stack.sandbox.service.drafts.get(key, draft.id).status).toBe("ready");
    await expect(chooseCourier(deps(), shop, row!.id, "fedex", "air")).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/courier_company/),
    });
  });
});
