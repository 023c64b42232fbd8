import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Before any module reads the environment: the rules page's Admin API call (the products' tags)
// goes to the fake Shopify started below (its address is set once it listens).
vi.hoisted(() => {
  process.env.FAKE_SHOPIFY_ADMIN_URL = "http://127.0.0.1:1";
});

import "#fakes/shopify/redirect-shopify-admin.ts";
import { Session } from "@shopify/shopify-api";
import { asc, eq } from "drizzle-orm";
import { db } from "#app/db/index.server.ts";
import { shipmentEvents } from "#app/db/schema.ts";
import { getEnv } from "#app/platform/env.server.ts";
import { i18nIn } from "#app/i18n/instance.ts";
import { sayIn, storedSaid } from "#app/i18n/said.ts";
import * as rulesPage from "#app/routes/app.courier-rules/route.tsx";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import { sessionStorage } from "#app/shopify.server.ts";
import { getShopSettings } from "#app/shops/shops.server.ts";
import {
  offlineSessionRow,
  startFakeShopify,
  type FakeShopify,
} from "#fakes/shopify/fake-shopify-server.ts";
import type { CourierRule } from "#app/shops/courier-rules.ts";
import type { ShopSettings } from "#app/shops/settings.ts";
import { afterBookingStack, shipmentJobsSettled } from "../helpers/after-booking.ts";
import { freshOrder, setUpShop, shipmentOf, waitFor } from "../helpers/pipeline.ts";
import { liveKey } from "../helpers/sandbox.ts";
import { seedCourierLanes } from "../helpers/seed-courier-lanes.ts";
import {
  deliverWebhook,
  INDONESIAN,
  routeData,
  sessionTokenRequest,
  uniqueShop,
} from "../helpers/shopify.ts";

/**
 * The shop's courier rules pick the service of an order whose checkout chose none, when its draft
 * is made: through the real webhook route, the worker, the sandbox over HTTP (its rates for the
 * parcel) and the shop's courier record; the timeline says which rule chose and why.
 */
const stack = afterBookingStack({ label: "rules", clockStart: Date.UTC(2026, 10, 27, 1, 0, 0) });
let shopify: FakeShopify;
beforeAll(async () => {
  shopify = await startFakeShopify();
  process.env.FAKE_SHOPIFY_ADMIN_URL = shopify.url;
});
afterAll(async () => {
  await shopify?.close();
});

/** An order to Kota Jayapura, Papua, whose checkout line names no service ("Tarif Datar"). */
function papuaOrder(payment: "cod" | "prepaid") {
  const order = freshOrder("cod");
  return {
    ...order,
    ...(payment === "prepaid"
      ? { payment_gateway_names: ["bogus"], financial_status: "paid" }
      : {}),
    shipping_lines: [{ id: 1, code: "Tarif Datar", title: "Tarif Datar", price: "45000.00" }],
    shipping_address: {
      ...(order.shipping_address as Record<string, unknown>),
      address1: "Jl. Percetakan Negara No. 12",
      address2: null,
      city: "Jayapura",
      province: "Papua",
      province_code: "PA",
      zip: "99111",
      latitude: null,
      longitude: null,
    },
  };
}

async function drafted(
  rules: CourierRule[],
  order: Record<string, unknown> & { id: number },
  settings: Partial<ShopSettings> = {},
  seeded?: (shop: string) => Promise<void>,
  existing?: string,
) {
  const shop = existing ?? uniqueShop("rules");
  if (!existing)
    await setUpShop(db, getEnv().ENCRYPTION_KEY, shop, liveKey("rules"), stack.sandbox.url, {
      defaultCourier: { company: "jne", type: "reg" },
      courierRules: rules,
      ...settings,
    });
  await seeded?.(shop);
  expect(await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order })).toBe(
    200,
  );
  const shipment = await waitFor("drafted", async () => {
    const s = await shipmentOf(db, shop, order.id);
    return s?.draftOrderId ? s : undefined;
  });
  await shipmentJobsSettled();
  return (await shipmentOf(db, shop, shipment.orderId))!;
}

/** The draft's timeline entry, as an Indonesian reader's page says it. */
async function draftStory(shipmentId: string): Promise<string> {
  const events = await db
    .select()
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, shipmentId))
    .orderBy(asc(shipmentEvents.id));
  const draft = events.find((e) => e.type === "draft_created");
  const kept = storedSaid(draft?.said);
  expect(kept, JSON.stringify(events.map((e) => [e.type, e.message]))).not.toBeNull();
  return sayIn(kept!, i18nIn("id").t);
}

const codToPapua: CourierRule = {
  name: "COD ke Papua",
  when: {
    provinces: ["PA"],
    cities: [],
    payment: "cod",
    grams: { min: null, max: null },
    value: { min: null, max: null },
    productTypes: [],
    tags: [],
  },
  then: { kind: "service", company: "jnt", type: "ez" },
};

describe("courier rules", () => {
  it("a rule books J&T for cash on delivery to Papua, and the timeline says which rule chose", async () => {
    const cod = await drafted([codToPapua], papuaOrder("cod"));
    expect([cod.courierCompany, cod.courierType]).toEqual(["jnt", "ez"]);
    expect(cod.status).toBe("confirmed");
    expect(await draftStory(cod.id)).toContain(
      "Draf dibuat dengan JNT EZ (aturan kurir 1 “COD ke Papua”: layanan yang ditetapkan aturan itu).",
    );
    // Paid beforehand, the rule does not hold: the shop's default courier goes.
    const prepaid = await drafted([codToPapua], papuaOrder("prepaid"));
    expect([prepaid.courierCompany, prepaid.courierType]).toEqual(["jne", "reg"]);
    expect(await draftStory(prepaid.id)).toContain("kurir utama toko");
  });

  it("best record to the province picks from the shop's parcels; one without a service at its minimum hands on", async () => {
    const rules: CourierRule[] = [
      { ...codToPapua, name: "Terbaik 75%", then: { kind: "best", minRate: 75 } },
      { ...codToPapua, name: "Terbaik 60%", then: { kind: "best", minRate: 60 } },
    ];
    // The seeded record: J&T EZ 71% to Papua of 22 parcels with an outcome; AnterAja too few.
    const s = await drafted(rules, papuaOrder("cod"), {}, (shop) => seedCourierLanes(db, shop));
    expect([s.courierCompany, s.courierType]).toEqual(["jnt", "ez"]);
    expect(await draftStory(s.id)).toMatch(
      /aturan kurir 2 “Terbaik 60%”: rekor terbaik ke Papua, 7\d% sampai di percobaan pertama dari 2\d paket\)/,
    );
  });

  it("cheapest asks the service's rates; a hold leaves the choice to the merchant and books nothing", async () => {
    const cheapest = await drafted(
      [{ ...codToPapua, name: "Termurah", then: { kind: "cheapest" } }],
      papuaOrder("cod"),
    );
    const story = await draftStory(cheapest.id);
    expect(story).toMatch(
      /aturan kurir 1 “Termurah”: yang termurah untuk paket ini, Rp\s?[\d.]+\)/,
    );
    expect(cheapest.courierCompany).not.toBe("jne");
    const held = await drafted(
      [{ ...codToPapua, name: "Pilih sendiri", then: { kind: "hold" } }],
      papuaOrder("cod"),
    );
    expect(held.courierCompany).toBeNull();
    expect(held.status).not.toBe("confirmed");
    expect(held.shippingOrderId).toBeNull();
    expect(await draftStory(held.id)).toBe(
      "Draf dibuat tanpa kurir (aturan kurir 1 “Pilih sendiri” menahannya agar Anda sendiri yang memilih kurir).",
    );
  });

  it("the rules page previews the latest orders, refuses bad rules and warns of a shadowed one, in Indonesian", async () => {
    const papua = await drafted([codToPapua], papuaOrder("cod"));
    const { shop } = papua;
    const prepaid = await drafted([], papuaOrder("prepaid"), {}, undefined, shop);
    const surabaya = await drafted([], freshOrder("cod"), {}, undefined, shop);
    await sessionStorage.storeSession(new Session(offlineSessionRow(shop, shopify.connect(shop))));
    type Page = Awaited<ReturnType<typeof rulesPage.loader>>;
    const page = await routeData<Page>(
      rulesPage.loader,
      await sessionTokenRequest("/app/courier-rules", shop, INDONESIAN),
    );
    expect(page.drafts).toEqual([
      expect.objectContaining({
        name: "COD ke Papua",
        provinces: "Papua",
        payment: "cod",
        service: "jnt/ez",
      }),
    ]);
    const nameOf = async (s: { orderId: string }) =>
      (await shipmentOf(db, shop, s.orderId))!.orderName;
    expect(page.preview.rows.map((r) => [r.order, r.destination, r.payment, r.courier])).toEqual([
      [await nameOf(surabaya), "Surabaya, Jawa Timur", "COD", "Dari checkout: JNE Reguler"],
      [
        await nameOf(prepaid),
        "Jayapura, Papua",
        "Sudah dibayar",
        "Tidak ada aturan yang cocok: kurir utama, JNE Reguler",
      ],
      [await nameOf(papua), "Jayapura, Papua", "COD", "Aturan 1 “COD ke Papua”: J&T EZ"],
    ]);
    expect(page.preview.used).toEqual(["Aturan 1 “COD ke Papua” memilih untuk 1 pesanan"]);
    expect(page.refusals).toEqual([]);

    const send = async (intent: string, drafts: object[]) => {
      const response = await routeData<Response>(
        rulesPage.action,
        await sessionTokenRequest("/app/courier-rules", shop, {
          method: "POST",
          headers: INDONESIAN.headers,
          body: new URLSearchParams({ intent, rules: JSON.stringify(drafts) }),
        }),
      );
      return (await response.json()) as {
        ok: boolean;
        message: string;
        errors: Record<string, string>;
        refusals: string[];
        warnings: string[];
      };
    };
    const saved = page.drafts[0]!;
    const unknown = await send("save", [{ ...saved, service: "kilat/super" }]);
    expect(unknown.ok).toBe(false);
    expect(unknown.refusals).toEqual([
      "Aturan 1: layanan pengiriman Anda tidak menawarkan KILAT SUPER.",
    ]);
    const badWeight = await send("save", [{ ...saved, kgMin: "satu kilo", provinces: "Papuaa" }]);
    expect(badWeight.errors).toEqual({
      "1/kgMin": "Tulis berat dalam kg, misalnya 1,5.",
      "1/provinces":
        "“Papuaa” bukan nama provinsi yang dikenal. Tulis nama provinsi, misalnya Jawa Timur.",
    });
    const never = await send("save", [{ ...saved, kgMin: "5", kgMax: "1,5" }]);
    expect(never.refusals).toEqual([
      "Aturan 1: berat mulai lebih besar dari berat sampai, jadi tidak ada pesanan yang cocok.",
    ]);
    expect((await getShopSettings(db, shop)).courierRules).toEqual([codToPapua]);

    const jayapura = { ...saved, name: "COD ke Jayapura", cities: "Kota Jayapura", action: "hold" };
    const shadowed = await send("save", [saved, jayapura]);
    expect(shadowed).toMatchObject({ ok: true, message: "Aturan kurir disimpan.", refusals: [] });
    expect(shadowed.warnings).toEqual([
      "Aturan 2 tidak akan pernah dipakai: aturan 1 di atasnya sudah mengambil semua pesanan yang cocok dengannya. Pindahkan ke atas, atau persempit aturan 1.",
    ]);
    expect((await getShopSettings(db, shop)).courierRules.map((r) => r.name)).toEqual([
      "COD ke Papua",
      "COD ke Jayapura",
    ]);

    // A rule on a product tag: the preview asks Shopify for the products' tags (the fixture's
    // coffee is tagged "Coffee"), and nothing is saved.
    const coffee = {
      ...saved,
      name: "Kopi",
      provinces: "",
      payment: "any",
      tags: "coffee",
      action: "hold",
    };
    const tea = { ...coffee, name: "Teh", tags: "Tea" };
    const previewed = await send("preview", [coffee, tea]);
    expect(previewed).toMatchObject({
      ok: true,
      message: "Pratinjau memakai aturan seperti yang tertulis di sini, belum disimpan.",
      preview: {
        productsRead: true,
        used: ["Aturan 1 “Kopi” memilih untuk 2 pesanan", "Aturan 2 “Teh” memilih untuk 0 pesanan"],
      },
      warnings: [
        "Aturan 2 tidak cocok dengan satu pun dari 3 pesanan terakhir: periksa syaratnya.",
      ],
    });
    expect((await getShopSettings(db, shop)).courierRules).toHaveLength(2);

    // Saved, the tag rule's page: opened and reloaded within the minute, Shopify is asked for the
    // products once; the merchant's preview reads afresh.
    expect(await send("save", [coffee])).toMatchObject({ ok: true });
    const products = () => shopify.callsOf(shop).get("ProductFacts") ?? 0;
    const before = products();
    const load = async () =>
      routeData<Page>(
        rulesPage.loader,
        await sessionTokenRequest("/app/courier-rules", shop, INDONESIAN),
      );
    expect((await load()).preview.used).toEqual(["Aturan 1 “Kopi” memilih untuk 2 pesanan"]);
    expect((await load()).preview.used).toEqual(["Aturan 1 “Kopi” memilih untuk 2 pesanan"]);
    expect(products()).toBe(before + 1);
    await send("preview", [coffee]);
    expect(products()).toBe(before + 2);
  });
});
