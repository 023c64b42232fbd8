import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import * as shipmentPage from "#app/routes/app.shipments.$id/route.tsx";
import { updateShopSettings } from "#app/shops/shops.server.ts";
import { emptyAdminLog } from "#fakes/shopify/fake-admin.ts";
import { shipmentOf, waitFor } from "../helpers/pipeline.ts";
import { INDONESIAN, routeData, sessionTokenRequest } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";
import { postedForm, shopWithUnbookedOrders } from "../helpers/unbooked-orders.ts";

/**
 * Insurance chosen per parcel before booking: the page says whether it is insured and why, and
 * the premium the service charges with the chosen courier (its rates for this parcel); each choice
 * updates the draft at the sandbox over HTTP, whose price then carries the premium; the shop's
 * rule insures from a goods value; a booked parcel is refused in words.
 */
const stack = testStack({ sandbox: { rateLimits: false }, workers: { adminLog: emptyAdminLog() } });

type Page = {
  insurance: { state: string; basis: string; premium: string; choice: string | null } | null;
};

describe("insurance per parcel", () => {
  it("insured from its page with the premium shown, back to the shop's rule, refused once booked", async () => {
    // Batik Shirt 2 × Rp150.000 and Kopi Gayo Rp85.000: goods worth Rp385.000.
    const { shop, key, shipments } = await shopWithUnbookedOrders(
      stack.sandbox.url,
      "insure",
      {},
      1,
    );
    const s = shipments[0]!;
    const page = async () =>
      (
        await routeData<Page>(
          shipmentPage.loader,
          await sessionTokenRequest(`/app/shipments/${s.id}`, shop, INDONESIAN),
        )
      ).insurance;
    const post = (intent: string) =>
      postedForm<{ ok: boolean; message: string }>(
        shipmentPage.action,
        `/app/shipments/${s.id}`,
        shop,
        { intent },
      );
    const draft = () => stack.drafts(key, s.referenceId)[0]!;

    // The sandbox's premium: 0.25 % of the value, at least Rp2.500.
    expect(await page()).toEqual({
      state: "Tidak diasuransikan.",
      basis: "Mengikuti aturan toko: paket tidak diasuransikan.",
      premium: expect.stringMatching(/^Premi asuransi JNE .+: Rp2\.500, ditambahkan ke ongkir\.$/),
      choice: null,
      available: true,
    });
    const before = draft().quote!.price;

    expect(await post("insurance_on")).toEqual({
      ok: true,
      message: "Asuransi paket ini disimpan.",
    });
    expect(draft().spec.insurance).toBe(385_000);
    expect(draft().quote!.price).toBe(before + 2_500);
    expect(await page()).toMatchObject({
      state: "Diasuransikan senilai barang: Rp385.000.",
      basis: "Diatur khusus untuk paket ini.",
      choice: "on",
    });
    const insured = (await shipmentOf(db, shop, s.orderId))!;
    expect(insured.insuranceChoice).toBe("on");
    expect(Number(insured.price)).toBe(before + 2_500);
    expect((insured.contents as { insurance: number | null }).insurance).toBe(385_000);

    // Back to the shop's rule, which insures from Rp500.000: this parcel is not insured.
    await updateShopSettings(db, shop, { insurance: true, insuranceFrom: 500_000 });
    expect(await post("insurance_rule")).toMatchObject({ ok: true });
    expect(draft().spec.insurance).toBeNull();
    expect(draft().quote!.price).toBe(before);
    expect(await page()).toMatchObject({
      state: "Tidak diasuransikan.",
      basis: "Mengikuti aturan toko: paket dengan nilai barang mulai Rp500.000 diasuransikan.",
      choice: null,
    });

    // Booked: refused in words, and the card leaves the page.
    expect(await post("confirm")).toMatchObject({ ok: true });
    await waitFor(
      "booked",
      async () => (await shipmentOf(db, shop, s.orderId))?.shippingOrderId ?? undefined,
    );
    expect(await post("insurance_on")).toEqual({
      ok: false,
      message: "Kurir sudah dipesan: asuransi paket ini tidak bisa diubah lagi.",
    });
    expect(await page()).toBeNull();
  });
});
