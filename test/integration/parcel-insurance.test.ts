import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import { getEnv } from "#app/platform/env.server.ts";
import * as shipmentPage from "#app/routes/app.shipments.$id/route.tsx";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import { sessionStorage } from "#app/shopify.server.ts";
import { updateShopSettings } from "#app/shops/shops.server.ts";
import { emptyAdminLog } from "#fakes/shopify/fake-admin.ts";
import { freshOrder, setUpShop, shipmentOf, waitFor } from "../helpers/pipeline.ts";
import { liveKey } from "../helpers/sandbox.ts";
import {
  INDONESIAN,
  deliverWebhook,
  offlineSession,
  routeData,
  sessionTokenRequest,
  uniqueShop,
} from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

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
    const shop = uniqueShop("insure");
    const key = liveKey("insure");
    await setUpShop(db, getEnv().ENCRYPTION_KEY, shop, key, stack.sandbox.url, {
      autoConfirm: false,
    });
    await sessionStorage.storeSession(offlineSession(shop));
    // Batik Shirt 2 × Rp150.000 and Kopi Gayo Rp85.000: goods worth Rp385.000.
    const order = freshOrder("multi-item");
    expect(await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order })).toBe(
      200,
    );
    const s = await waitFor("draft ready", async () => {
      const row = await shipmentOf(db, shop, order.id);
      return row?.status === "draft_ready" ? row : undefined;
    });
    const page = async () =>
      (
        await routeData<Page>(
          shipmentPage.loader,
          await sessionTokenRequest(`/app/shipments/${s.id}`, shop, INDONESIAN),
        )
      ).insurance;
    const post = async (intent: string) =>
      routeData<{ ok: boolean; message: string }>(
        shipmentPage.action,
        await sessionTokenRequest(`/app/shipments/${s.id}`, shop, {
          method: "POST",
          body: new URLSearchParams({ intent }),
          headers: { "content-type": "application/x-www-form-urlencoded", ...INDONESIAN.headers },
        }),
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
    const insured = (await shipmentOf(db, shop, order.id))!;
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
      async () => (await shipmentOf(db, shop, order.id))?.shippingOrderId ?? undefined,
    );
    expect(await post("insurance_on")).toEqual({
      ok: false,
      message: "Kurir sudah dipesan: asuransi paket ini tidak bisa diubah lagi.",
    });
    expect(await page()).toBeNull();
  });
});
