import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import * as list from "#app/routes/app._index/route.tsx";
import * as quote from "#app/routes/app.shipments.insurance-quote.tsx";
import * as shipmentPage from "#app/routes/app.shipments.$id/route.tsx";
import type { InsuranceQuoteAnswer } from "#app/shipments/bulk-insurance.ts";
import { emptyAdminLog } from "#fakes/shopify/fake-admin.ts";
import { shipmentOf, waitFor } from "../helpers/pipeline.ts";
import { INDONESIAN, routeData, sessionTokenRequest } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";
import { postedForm, shopWithUnbookedOrders } from "../helpers/unbooked-orders.ts";

/**
 * Insurance for many parcels from the list: the premium of all of them said first (each parcel's
 * rates with its courier at the sandbox, over HTTP), then the choice set on every draft through
 * the list's action, whose prices then carry exactly that premium; booked parcels left out.
 */
const stack = testStack({ sandbox: { rateLimits: false }, workers: { adminLog: emptyAdminLog() } });

type Answer = { error?: string | null; results?: { id: string; ok: boolean; message: string }[] };

describe("insurance for many parcels", () => {
  it("says the premium of all, insures them for it, then back to the shop's rule; booked ones left", async () => {
    // Each "multi-item" order: Batik Shirt 2 × Rp150.000 and Kopi Gayo Rp85.000, Rp385.000.
    const { shop, key, shipments } = await shopWithUnbookedOrders(
      stack.sandbox.url,
      "bulk-insure",
      {},
      3,
    );
    const [a, b, booked] = shipments;
    const post = (fields: Record<string, string | string[]>) =>
      postedForm<Answer>(list.action, "/app?index", shop, fields);
    expect(
      await postedForm(shipmentPage.action, `/app/shipments/${booked!.id}`, shop, {
        intent: "confirm",
      }),
    ).toMatchObject({ ok: true });
    await waitFor(
      "booked",
      async () => (await shipmentOf(db, shop, booked!.orderId))?.shippingOrderId ?? undefined,
    );

    const answer = await routeData<InsuranceQuoteAnswer>(
      quote.loader,
      await sessionTokenRequest(
        `/app/shipments/insurance-quote?id=${a!.id}&id=${b!.id}&id=${booked!.id}`,
        shop,
        INDONESIAN,
      ),
    );
    expect(answer).toMatchObject({
      open: [a!.id, b!.id],
      insurable: [a!.id, b!.id],
      notes: ["1 paket sudah dipesan: asuransinya tidak bisa diubah lagi, dilewati."],
      error: null,
    });
    const said =
      /^Premi (Rp[\d.]+) untuk 2 paket \(tarif kurir masing-masing\), ditambahkan ke ongkirnya\.$/.exec(
        answer.premium!.replace(/\u00a0/g, " "),
      );
    expect(said, answer.premium!).not.toBeNull();

    // Insured: each draft at the sandbox covers its goods' value, and the two prices together
    // grew by the premium said.
    const price = (s: typeof a) => stack.drafts(key, s!.referenceId)[0]!.quote!.price;
    const before = price(a) + price(b);
    const { results } = await post({ intent: "insurance", insurance: "on", id: answer.insurable });
    expect(results!.every((r) => r.ok)).toBe(true);
    for (const s of [a!, b!]) {
      expect(stack.drafts(key, s.referenceId)[0]!.spec.insurance).toBe(385_000);
      expect((await shipmentOf(db, shop, s.orderId))!.insuranceChoice).toBe("on");
    }
    expect(`Rp${(price(a) + price(b) - before).toLocaleString("id-ID")}`).toBe(said![1]);

    // Back to the shop's rule (no insurance): the drafts as they were.
    expect(
      (await post({ intent: "insurance", insurance: "rule", id: answer.open })).results,
    ).toHaveLength(2);
    for (const s of [a!, b!]) {
      expect(stack.drafts(key, s.referenceId)[0]!.spec.insurance).toBeNull();
      expect((await shipmentOf(db, shop, s.orderId))!.insuranceChoice).toBeNull();
    }
    expect(price(a) + price(b)).toBe(before);

    // A choice that is none of the three: refused in words, nothing changed.
    expect(await post({ intent: "insurance", insurance: "maybe", id: [a!.id] })).toEqual({
      results: [],
      error: expect.stringMatching(/\S/),
    });
    // A booked parcel named anyway: refused in words.
    const [refused] = (await post({ intent: "insurance", insurance: "on", id: [booked!.id] }))
      .results!;
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/dipesan/) });
  });
});
