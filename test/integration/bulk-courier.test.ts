import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import * as list from "#app/routes/app._index/route.tsx";
import * as prices from "#app/routes/app.shipments.courier-prices.tsx";
import * as shipmentPage from "#app/routes/app.shipments.$id/route.tsx";
import type { CourierPricesAnswer } from "#app/shipments/bulk-courier.ts";
import { shippingClientForShop } from "#app/shops/shipping-client.server.ts";
import { emptyAdminLog } from "#fakes/shopify/fake-admin.ts";
import { shipmentOf, timelineOf, waitFor } from "../helpers/pipeline.ts";
import { INDONESIAN, routeData, sessionTokenRequest } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";
import {
  postedForm,
  shopWithUnbookedOrders,
  undraftedCodParcel,
} from "../helpers/unbooked-orders.ts";

/**
 * Changing the courier of many parcels from the list: every service's price for the parcels
 * ticked, side by side (each parcel's own rates at the sandbox, over HTTP), then the one chosen set
 * on every draft it carries through the list's action; booked parcels keep theirs, said why.
 */
const stack = testStack({ sandbox: { rateLimits: false }, workers: { adminLog: emptyAdminLog() } });

const pricesFor = async (shop: string, ids: readonly string[]) =>
  routeData<CourierPricesAnswer>(
    prices.loader,
    await sessionTokenRequest(
      `/app/shipments/courier-prices?${ids.map((id) => `id=${id}`).join("&")}`,
      shop,
      INDONESIAN,
    ),
  );
type Answer = { error?: string | null; results?: { id: string; ok: boolean; message: string }[] };
const post = (fn: unknown, url: string, shop: string, fields: Record<string, string | string[]>) =>
  postedForm<Answer>(fn, url, shop, fields);
const rupiah = (n: number) => `Rp${n.toLocaleString("id-ID")}`;

describe("changing the courier of many parcels", () => {
  it("compares each service's total for the drafts, sets the one chosen, leaves the booked one", async () => {
    const { shop, key, shipments } = await shopWithUnbookedOrders(
      stack.sandbox.url,
      "bulk-courier",
      {},
      3,
    );
    const [a, b, booked] = shipments;
    expect(
      await post(shipmentPage.action, `/app/shipments/${booked!.id}`, shop, { intent: "confirm" }),
    ).toMatchObject({ ok: true });
    await waitFor(
      "booked",
      async () => (await shipmentOf(db, shop, booked!.orderId))?.shippingOrderId ?? undefined,
    );

    const answer = await pricesFor(shop, [a!.id, b!.id, booked!.id, "not-a-shipment"]);
    expect(answer).toMatchObject({ changeable: 2, fixed: 1, unpriced: 0, error: null });
    expect(answer.services.length).toBeGreaterThan(1);

    // Each service's total is what the sandbox's rates of the two drafts say it costs.
    const client = await shippingClientForShop(db, getEnv(), shop);
    const rates = await Promise.all(
      [a!, b!].map(async (s) => (await client.getDraftOrderRates(s.draftOrderId!)).pricing),
    );
    const current = [a!, b!].reduce((sum, s) => sum + Number(s.price), 0);
    for (const service of answer.services) {
      const each = rates.flatMap((r) =>
        r.filter((p) => `${p.courier_code}/${p.courier_service_code}` === service.key),
      );
      expect(service.ids).toHaveLength(each.length);
      const total = each.reduce((sum, p) => sum + p.price, 0);
      expect(service.detail).toContain(
        `${rupiah(total)} untuk ${each.length} dari 2 paket`.replace(/\u00a0/g, " "),
      );
      if (each.length === 2)
        expect(service.detail).toContain(
          total === current
            ? "sama dengan kurirnya sekarang"
            : `${rupiah(Math.abs(total - current))} lebih ${total < current ? "murah" : "mahal"} dari kurirnya sekarang`,
        );
    }
    // Those that carry both first, then the cheapest.
    const [first] = answer.services;
    expect(first!.ids).toHaveLength(2);
    expect(first!.label).toMatch(/^\S.* · \d+(–\d+)? (hari|jam)$/);

    // The dearest service carrying both, chosen for both: each draft updated at the sandbox.
    const chosen = answer.services.filter((s) => s.ids.length === 2).at(-1)!;
    const { results } = await post(list.action, "/app?index", shop, {
      intent: "courier",
      courier: chosen.key,
      id: [...chosen.ids, booked!.id],
    });
    expect(results).toEqual([
      { id: chosen.ids[0], ok: true, message: "queued" },
      { id: chosen.ids[1], ok: true, message: "queued" },
      {
        id: booked!.id,
        ok: false,
        message: expect.stringMatching(/sudah dipesan/),
      },
    ]);
    for (const s of [a!, b!]) {
      const draft = stack.drafts(key, s.referenceId)[0]!;
      expect(`${draft.body.courier_company}/${draft.body.courier_type}`).toBe(chosen.key);
      const now = await shipmentOf(db, shop, s.orderId);
      expect(`${now!.courierCompany}/${now!.courierType}`).toBe(chosen.key);
      expect((await timelineOf(db, s.id)).map((e) => e.type)).toContain("courier_chosen");
    }

    // No courier named: refused in words, nothing changed.
    expect(
      await post(list.action, "/app?index", shop, { intent: "courier", id: [a!.id] }),
    ).toMatchObject({ results: [], error: expect.stringMatching(/kurir/i) });
  });

  it("prices a parcel still to be drafted from its route and items; one without items keeps its courier", async () => {
    const { shop, shipments } = await shopWithUnbookedOrders(
      stack.sandbox.url,
      "bulk-courier-pending",
      { autoCreateDrafts: false },
      1,
    );
    // The order's shipment holds no items yet (mapped when its draft is made): it cannot be priced.
    const [bare] = shipments;
    // One whose draft could not be made, from the shop's pickup in Jakarta to Surabaya, COD.
    const parcel = await undraftedCodParcel(shop, "91");
    const answer = await pricesFor(shop, [bare!.id, parcel.id]);
    expect(answer).toMatchObject({ changeable: 2, fixed: 0, unpriced: 1, error: null });
    const [cheapest] = answer.services;
    expect(cheapest!.ids).toEqual([parcel.id]);
    // Never priced before: its difference is not said.
    expect(cheapest!.detail).toMatch(/^Rp[\d.]+ untuk 1 dari 2 paket$/);
    const { results } = await post(list.action, "/app?index", shop, {
      intent: "courier",
      courier: cheapest!.key,
      id: cheapest!.ids,
    });
    expect(results).toEqual([{ id: parcel.id, ok: true, message: "queued" }]);
    const now = await shipmentOf(db, shop, "91");
    expect(now!.chosenCourier).toEqual({ company: cheapest!.company, type: cheapest!.type });
    expect((await shipmentOf(db, shop, bare!.orderId))!.chosenCourier).toBeNull();
  });
});
