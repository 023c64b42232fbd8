import { describe, expect, it, vi } from "vitest";
vi.hoisted(() => {
  // The page's Admin API calls go to the fake Shopify (its address set once it listens).
  process.env.FAKE_SHOPIFY_ADMIN_URL = "http://127.0.0.1:1";
});
import "#fakes/shopify/redirect-shopify-admin.ts";
import { and, eq } from "drizzle-orm";
import { db } from "#app/db/index.server.ts";
import { codBuyerMarks, shipmentEvents, shipments, type Shipment } from "#app/db/schema.ts";
import * as detail from "#app/routes/app.shipments.$id/route.tsx";
import * as list from "#app/routes/app._index/route.tsx";
import * as orderApi from "#app/routes/api.orders.$orderId.shipment.tsx";
import { action as ordersCreate } from "#app/routes/webhooks.orders.create.tsx";
import { action as ordersPaid } from "#app/routes/webhooks.orders.paid.tsx";
import { action as ordersCancelled } from "#app/routes/webhooks.orders.cancelled.tsx";
import { action as ordersUpdated } from "#app/routes/webhooks.orders.updated.tsx";
import type { ShopSettings } from "#app/shops/settings.ts";
import { freshOrder, shipmentOf, timelineOf, waitFor } from "../helpers/pipeline.ts";
import { deliverWebhook, sessionTokenRequest } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";
import { cameBackUnpaid as cameBack } from "../helpers/cod-history.ts";
import { codHoldShop, redactSiti, SITI, wrongPostalOrder } from "../helpers/cod-hold.ts";
import { shipmentJobsSettled } from "../helpers/after-booking.ts";
import { enqueue } from "#app/jobs/queues.server.ts";

/**
 * A COD order the shop's policy holds for its risk, through the whole stack (webhooks, worker,
 * sandbox over HTTP, Shopify's fake Admin API over HTTP for the page's own calls): held with
 * nothing made at the service, then released once, paid first, cancelled, or decided by the
 * merchant's word on the buyer; and a redacted buyer's history and marks gone.
 */
// The workers write to the same fake Shopify the pages read (its log: invoices, risk assessments).
const stack = testStack({
  sandbox: {},
  shopify: { admin: true },
  workers: (s) => ({ adminLog: s.shopify.log }),
});

const codShop = (settings: Partial<ShopSettings> = {}) => codHoldShop(stack, "hold", settings);

/** Siti's third COD order after two came back: held (`again`: her history is there already). */
async function heldOrder(shop: string, again = false) {
  if (!again)
    await db
      .insert(shipments)
      .values([cameBack(shop, 1, SITI, 4_500_000), cameBack(shop, 2, SITI, 4_500_000)]);
  const order = freshOrder("cod");
  expect(await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order })).toBe(
    200,
  );
  const held = await waitFor("held", async () => {
    const s = await shipmentOf(db, shop, order.id);
    return s?.problemKinds.includes("cod_risk") ? s : undefined;
  });
  return { order, held };
}

/** Another buyer: their own phone, e-mail, customer and door (one door is one buyer). */
const otherBuyer = (phone: string, customer: number) =>
  freshOrder("cod", {
    email: `buyer${customer}@example.com`,
    customer: { id: customer, email: `buyer${customer}@example.com`, phone },
    shipping_address: {
      ...(freshOrder("cod").shipping_address as Record<string, unknown>),
      name: `Pembeli ${customer}`,
      address1: `Jl. Embong Malang No. ${customer % 200}`,
      address2: null,
      phone,
    },
  });

const statusIs = (shop: string, orderId: number, status: string) => async () => {
  const s = await shipmentOf(db, shop, orderId);
  return s?.status === status ? s : undefined;
};

/** The shipment page's action, as the merchant's browser posts it. */
async function press(shop: string, shipment: Shipment, intent: string) {
  const request = await sessionTokenRequest(`/app/shipments/${shipment.id}?locale=id`, shop, {
    method: "POST",
    body: new URLSearchParams({ intent }),
  });
  return (await (detail.action as unknown as (a: object) => Promise<unknown>)({
    request,
    params: { id: shipment.id },
    context: {},
  })) as { ok: boolean; message: string };
}

/** The shipments list's rows, in Indonesian, filtered by COD risk (null: every shipment). */
async function listed(shop: string, risk: "medium" | "high" | null) {
  const request = await sessionTokenRequest(`/app?locale=id${risk ? `&risk=${risk}` : ""}`, shop);
  const data = (await (list.loader as unknown as (a: object) => Promise<unknown>)({
    request,
    params: {},
    context: {},
  })) as {
    rows: {
      id: string;
      codRisk: { label: string; tone: string; held: string | null; long: boolean } | null;
    }[];
  };
  return data.rows;
}

async function page(shop: string, shipment: Shipment) {
  const request = await sessionTokenRequest(`/app/shipments/${shipment.id}?locale=id`, shop);
  return (await (detail.loader as unknown as (a: object) => Promise<unknown>)({
    request,
    params: { id: shipment.id },
    context: {},
  })) as {
    standing: string;
    codRisk: {
      level: string;
      held: { since: string; marked: boolean; stake: string[] } | null;
      mark: string | null;
      markMatched: string | null;
      reasons: string[];
    } | null;
  };
}

describe("COD orders held for their risk", () => {
  it("a buyer whose two COD parcels came back: the third is held with nothing at the service; a new buyer books at once", async () => {
    const { shop, key } = await codShop();
    const { order, held } = await heldOrder(shop);
    expect(held).toMatchObject({
      status: "pending",
      draftOrderId: null,
      problemKinds: ["cod_risk"],
    });
    expect(stack.allDrafts(key, held.referenceId)).toHaveLength(0);
    expect(stack.orders(key, held.referenceId)).toHaveLength(0);
    expect(held.codRisk).toMatchObject({
      level: "high",
      held: { reason: "level", cod: 404_000, currency: "IDR" },
    });
    // The courier's price out, from the service's rates for the order's courier.
    expect(held.codRisk!.held!.shipping).toBeGreaterThan(0);
    expect((await timelineOf(db, held.id)).map((e) => e.type)).toContain("cod_risk_held");

    // The page, in Indonesian: held (waiting on the merchant, nothing broken), since when, and the
    // money at stake in rupiah.
    const shown = await page(shop, held);
    expect(shown.standing).toBe(
      "Draf belum dibuat: pesanan ini ditahan sampai Anda memutuskan di atas. Belum ada yang dikirim ke layanan pengiriman, belum ada yang ditagih.",
    );
    const view = shown.codRisk!;
    expect(view.held!.since).toMatch(/^Menunggu keputusan Anda sejak /);
    expect(view.held!.stake[0]).toMatch(
      /^Ongkir ke pembeli Rp[\d.]+, dan kira-kira sebesar itu lagi/,
    );
    expect(view.held!.stake[1]).toMatch(/^Uang COD Rp404\.000 dari pembeli tidak diterima/);

    // A redelivered orders/create and a second draft job change nothing: one hold, one event,
    // its age kept.
    await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order });
    await enqueue.createDraft(shop, String(order.id), "again", held.part);
    await shipmentJobsSettled();
    const again = await shipmentOf(db, shop, order.id);
    expect(again).toMatchObject({ status: "pending", draftOrderId: null });
    expect(again?.codRisk?.held?.at).toBe(held.codRisk!.held!.at);
    const holds = (await timelineOf(db, held.id)).filter((e) => e.type === "cod_risk_held");
    expect(holds).toHaveLength(1);
    expect(stack.allDrafts(key, held.referenceId)).toHaveLength(0);
    // Where Shopify shows an order's risk, once for the two runs: HIGH, where it comes from, and
    // the reasons in Indonesian.
    const assessed = stack.shopify.log.riskAssessments!.filter(
      (a) => a.orderId === String(order.id),
    );
    expect(assessed).toEqual([
      {
        shop,
        orderId: String(order.id),
        riskLevel: "HIGH",
        facts: [
          {
            description: `Dinilai ParcelBridge dari riwayat paket COD toko ini (skor ${held.codRisk!.score})`,
            sentiment: "NEUTRAL",
          },
          {
            description: "2 dari 2 paket COD pembeli ini sebelumnya kembali tanpa dibayar",
            sentiment: "NEGATIVE",
          },
        ],
      },
    ]);

    // The list, filtered to high risks: the held order with its badge and how long it has waited;
    // a day later, it is listed as waiting long.
    const risky = await listed(shop, "high");
    expect(risky.map((r) => r.id)).toEqual([held.id]);
    expect(risky[0]!.codRisk).toMatchObject({
      label: "Risiko COD tinggi",
      tone: "critical",
      held: expect.stringMatching(/^(Baru ditahan|Ditahan \d+ menit)$/),
      long: false,
    });
    await db
      .update(shipments)
      .set({
        codRisk: {
          ...held.codRisk!,
          held: { ...held.codRisk!.held!, at: new Date(Date.now() - 30 * 3_600_000).toISOString() },
        },
      })
      .where(eq(shipments.id, held.id));
    expect((await listed(shop, "medium"))[0]!.codRisk).toMatchObject({
      held: "Ditahan 30 jam",
      long: true,
    });

    // Another buyer's COD order at the same shop books at once.
    const other = otherBuyer("+6285711112222", 9101);
    await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: other });
    const booked = await waitFor("booked", statusIs(shop, other.id, "confirmed"));
    expect(booked.codRisk?.level).toBe("low");
    // A low risk is in no risk filter, and has no badge in the list.
    expect((await listed(shop, "medium")).map((r) => r.id)).toEqual([held.id]);
    expect((await listed(shop, null)).find((r) => r.id === booked.id)?.codRisk).toBeNull();
  });

  it("Buyer confirmed: book, pressed twice at once, books once", async () => {
    const { shop, key } = await codShop();
    const { order, held } = await heldOrder(shop);
    const answers = await Promise.all([
      press(shop, held, "cod_confirmed"),
      press(shop, held, "cod_confirmed"),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)?.message).toMatch(/tidak ditahan|berubah/);
    const booked = await waitFor("booked", statusIs(shop, order.id, "confirmed"));
    expect(booked.codRiskReleasedAt).not.toBeNull();
    expect(stack.allDrafts(key, booked.referenceId)).toHaveLength(1);
    expect(stack.orders(key, booked.referenceId)).toHaveLength(1);
    const types = (await timelineOf(db, booked.id)).map((e) => e.type);
    expect(types.filter((t) => t === "cod_risk_released")).toHaveLength(1);
  });

  it("the order block shows the hold and its decisions; 'Book anyway' from the block books once", async () => {
    const { shop, key } = await codShop();
    const { order, held } = await heldOrder(shop);
    const block = async (init?: RequestInit) => {
      const request = await sessionTokenRequest(
        `/api/orders/${order.id}/shipment?locale=id`,
        shop,
        init,
      );
      const route = init ? orderApi.action : orderApi.loader;
      const response = await (route as unknown as (a: object) => Promise<Response>)({
        request,
        params: { orderId: String(order.id) },
        context: {},
      });
      return {
        status: response.status,
        body: (await response.json()) as {
          shipments?: {
            actions: string[];
            codRisk: { held: { stake: string[] } | null; level: string } | null;
          }[];
          error?: string;
        },
      };
    };
    const shown = await block();
    // The hold's decisions, never "create" (it would be held again) or "retry".
    expect(shown.body.shipments![0]!.actions).toEqual([
      "cod_confirmed",
      "cod_invoice",
      "cod_anyway",
      "cod_cancel",
    ]);
    expect(shown.body.shipments![0]!.codRisk).toMatchObject({
      level: "high",
      held: {
        stake: [expect.stringMatching(/^Ongkir ke pembeli Rp/), expect.stringMatching(/^Uang COD/)],
      },
    });
    const post = (action: string) =>
      block({
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ action, shipmentId: held.id }),
      });
    expect((await post("cod_anyway")).status).toBe(200);
    // Pressed again (a second tab): refused in words, nothing more made.
    const again = await post("cod_anyway");
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/tidak ditahan/);
    expect((await post("cod_nonsense")).status).toBe(400);
    const booked = await waitFor("booked", statusIs(shop, order.id, "confirmed"));
    expect(stack.allDrafts(key, booked.referenceId)).toHaveLength(1);
    const released = (await timelineOf(db, booked.id)).filter(
      (e) => e.type === "cod_risk_released",
    );
    expect(released.map((e) => e.said)).toEqual([[{ key: "codRiskBookAnyway" }]]);
  });

  it("ask for prepayment: one invoice, and once orders/paid arrives it books without COD", async () => {
    const { shop, key } = await codShop();
    const { order, held } = await heldOrder(shop);
    expect(await press(shop, held, "cod_invoice")).toEqual({
      ok: true,
      message: "Tagihan terkirim: paket dikirim setelah pembeli membayar",
    });
    const invoices = () =>
      stack.shopify.log.invoices!.filter((i) => i.orderId === String(order.id));
    expect(invoices()).toEqual([expect.objectContaining({ shop, to: "siti.aminah@example.com" })]);
    // Pressed again at once, three times together: refused in words, no second e-mail.
    const again = await Promise.all([1, 2, 3].map(() => press(shop, held, "cod_invoice")));
    for (const answer of again)
      expect(answer).toEqual({
        ok: false,
        message:
          "Tagihan sudah dikirim ke email pembeli kurang dari 10 menit lalu: bisa dikirim lagi dalam 10 menit, bila pembeli belum menemukannya.",
      });
    expect(invoices()).toHaveLength(1);
    // Ten minutes later it may be sent again (the buyer may have lost the first).
    await db
      .update(shipmentEvents)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(and(eq(shipmentEvents.shipmentId, held.id), eq(shipmentEvents.type, "invoice_sent")));
    expect(await press(shop, held, "cod_invoice")).toMatchObject({ ok: true });
    expect(invoices()).toHaveLength(2);
    // Still held until paid.
    expect((await shipmentOf(db, shop, order.id))?.problemKinds).toEqual(["cod_risk"]);

    const paid = {
      ...order,
      financial_status: "paid",
      total_outstanding: "0.00",
      updated_at: "2026-11-20T12:00:00+07:00",
    };
    expect(await deliverWebhook(ordersPaid, { topic: "orders/paid", shop, body: paid })).toBe(200);
    const booked = await waitFor("booked", statusIs(shop, order.id, "confirmed"));
    const [draft] = stack.allDrafts(key, booked.referenceId);
    expect(draft).toBeDefined();
    expect(stack.orders(key, booked.referenceId)).toHaveLength(1);
    expect(booked.contents).toMatchObject({ cod: null });
  });

  it("cancel the order in Shopify: restocked, the shipment ends, a second press and the webhook change nothing", async () => {
    const { shop, key } = await codShop();
    const { order, held } = await heldOrder(shop);
    expect(await press(shop, held, "cod_cancel")).toMatchObject({ ok: true });
    const cancellations = stack.shopify.log.cancellations!.filter(
      (c) => c.orderId === String(order.id),
    );
    expect(cancellations).toEqual([expect.objectContaining({ restock: true })]);
    expect((await shipmentOf(db, shop, order.id))?.status).toBe("cancelled");
    expect(await press(shop, held, "cod_cancel")).toMatchObject({ ok: false });
    expect(
      stack.shopify.log.cancellations!.filter((c) => c.orderId === String(order.id)),
    ).toHaveLength(1);

    const cancelled = {
      ...order,
      cancelled_at: "2026-11-20T12:00:00+07:00",
      cancel_reason: "customer",
    };
    await deliverWebhook(ordersCancelled, { topic: "orders/cancelled", shop, body: cancelled });
    const after = await shipmentOf(db, shop, order.id);
    expect(after?.status).toBe("cancelled");
    expect(stack.allDrafts(key, held.referenceId)).toHaveLength(0);
  });

  it("a cancellation Shopify runs later leaves the shipment until orders/cancelled; one Shopify does not carry out is refused in words", async () => {
    const { shop } = await codShop();
    const cancels = stack.shopify.orders.cancels;
    // Shopify's job runs after the page has answered: the request is on the timeline, the
    // shipment still held, and the webhook that follows the job ends it.
    const slow = await heldOrder(shop);
    cancels.runsAfterMs = 60_000;
    try {
      expect(await press(shop, slow.held, "cod_cancel")).toEqual({
        ok: true,
        message:
          "Pembatalan diminta di Shopify: pesanan dibatalkan dan stok barangnya dikembalikan dalam beberapa saat",
      });
    } finally {
      cancels.runsAfterMs = 500;
    }
    expect((await shipmentOf(db, shop, slow.order.id))?.status).toBe("pending");
    expect((await timelineOf(db, slow.held.id)).some((e) => e.type === "cancel_requested")).toBe(
      true,
    );
    // The order is Shopify's to cancel now: a release pressed meanwhile is refused, nothing booked.
    const claimed = (await shipmentOf(db, shop, slow.order.id))!;
    for (const intent of ["cod_anyway", "cod_confirmed"])
      expect(await press(shop, claimed, intent)).toMatchObject({ ok: false });
    await shipmentJobsSettled();
    expect(await shipmentOf(db, shop, slow.order.id)).toMatchObject({
      status: "pending",
      draftOrderId: null,
      codRiskReleasedAt: null,
    });
    cancels.runAll(shop, (id) => stack.shopify.orders.byShop.get(shop)?.get(id) ?? null);
    const cancelledLater = {
      ...slow.order,
      cancelled_at: "2026-11-20T12:00:00+07:00",
      cancel_reason: "customer",
    };
    await deliverWebhook(ordersCancelled, {
      topic: "orders/cancelled",
      shop,
      body: cancelledLater,
    });
    await waitFor(
      "the held shipment ended by orders/cancelled",
      async () => (await shipmentOf(db, shop, slow.order.id))?.status === "cancelled",
    );

    // Accepted, then not carried out: the merchant reads why, and the shipment stays held.
    const stuck = await heldOrder(shop, true);
    cancels.failing.add(`${shop} ${stuck.order.id}`);
    const refused = await press(shop, stuck.held, "cod_cancel");
    expect(refused).toMatchObject({ ok: false });
    expect(refused.message).toContain(
      "Shopify menerima permintaan pembatalan tetapi tidak membatalkan pesanan",
    );
    // Not cancelled: held as before, the merchant's to decide again.
    const again = (await shipmentOf(db, shop, stuck.order.id))!;
    expect(again.status).toBe("pending");
    expect(again.codRisk?.held?.cancelAskedAt).toBeUndefined();
    expect(await press(shop, again, "cod_anyway")).toMatchObject({ ok: true });
  });

  it("an order edited while held is assessed again; one cancelled in Shopify ends its shipment", async () => {
    const { shop, key } = await codShop();
    const { order, held } = await heldOrder(shop);
    // The buyer gives another number (the phone with the returns was a relative's): the order is
    // assessed again with it, and books.
    const phone = "+6285755556666";
    const edited = {
      ...order,
      updated_at: "2026-11-20T11:00:00+07:00",
      shipping_address: { ...(order.shipping_address as Record<string, unknown>), phone },
      customer: { id: 9401, email: "siti.lain@example.com", phone },
      email: "siti.lain@example.com",
    };
    expect(
      await deliverWebhook(ordersUpdated, { topic: "orders/updated", shop, body: edited }),
    ).toBe(200);
    const booked = await waitFor("booked", statusIs(shop, order.id, "confirmed"));
    expect(booked).toMatchObject({ destinationPhone: phone, codRiskReleasedAt: null });
    expect(booked.codRisk).toMatchObject({ level: "low" });
    expect(stack.orders(key, booked.referenceId)).toHaveLength(1);
    expect(held.codRisk?.level).toBe("high");

    // Another held order, cancelled by the merchant in Shopify's own admin: its shipment ends,
    // nothing made at the service.
    const second = await heldOrder(shop, true);
    const cancelled = {
      ...second.order,
      cancelled_at: "2026-11-20T12:00:00+07:00",
      cancel_reason: "customer",
    };
    await deliverWebhook(ordersCancelled, { topic: "orders/cancelled", shop, body: cancelled });
    const ended = await waitFor("cancelled", statusIs(shop, second.order.id, "cancelled"));
    expect(stack.allDrafts(key, ended.referenceId)).toHaveLength(0);
  });

  it("an order still held after an edit shows its new address and reasons, its hold's age kept", async () => {
    // What a buyer's corrected address relies on: the follow path records the edit and clears the
    // hold's problem, and create-draft holds it again with the new assessment.
    const { shop } = await codShop();
    const { order, held } = await heldOrder(shop);
    // Siti's address given a postal code that is not its kecamatan's: held as before (her two
    // returns), and the address's reason joins hers.
    const edited = {
      ...order,
      updated_at: "2026-11-20T11:00:00+07:00",
      shipping_address: {
        ...(order.shipping_address as Record<string, unknown>),
        address1: "Jl. Kedungdoro No. 88",
        address2: "Kec. Tegalsari",
        zip: "60271",
      },
    };
    await deliverWebhook(ordersUpdated, { topic: "orders/updated", shop, body: edited });
    const again = await waitFor("reassessed", async () => {
      const s = await shipmentOf(db, shop, order.id);
      return s?.destinationAddress?.startsWith("Jl. Kedungdoro No. 88") ? s : undefined;
    });
    expect(again).toMatchObject({
      status: "pending",
      draftOrderId: null,
      problemKinds: ["cod_risk"],
    });
    expect(again.codRisk!.held!.at).toBe(held.codRisk!.held!.at);
    const shown = await page(shop, again);
    expect(shown.codRisk!.reasons).toContain(
      "Kode pos 60271 bukan di Kecamatan Tegalsari (kode pos itu untuk Kecamatan Genteng, Kota Surabaya)",
    );
    // Held again with its new score: said on the timeline.
    const types = (await timelineOf(db, again.id)).map((e) => e.type);
    expect(types.filter((t) => t === "cod_risk_held")).toHaveLength(2);

    // A postal code no area has: the same score (its points are a mismatch's), another reason;
    // the page says the new one.
    const unknownPostal = {
      ...edited,
      updated_at: "2026-11-20T11:30:00+07:00",
      shipping_address: { ...edited.shipping_address, zip: "69999" },
    };
    await deliverWebhook(ordersUpdated, { topic: "orders/updated", shop, body: unknownPostal });
    const renewed = await waitFor("reasons renewed", async () => {
      const s = await shipmentOf(db, shop, order.id);
      return s?.destinationPostalCode === "69999" ? s : undefined;
    });
    await shipmentJobsSettled();
    const latest = (await shipmentOf(db, shop, order.id))!;
    expect(latest.codRisk!.score).toBe(again.codRisk!.score);
    expect(latest.codRisk!.held!.at).toBe(held.codRisk!.held!.at);
    expect(renewed).toMatchObject({ status: "pending", problemKinds: ["cod_risk"] });
    expect((await page(shop, latest)).codRisk!.reasons).toContain(
      "Kode pos 69999 tidak ada di data wilayah Kemendagri",
    );
  });

  it("a trusted buyer is never held; a buyer always held is held whatever the risk", async () => {
    const { shop } = await codShop();
    const { order, held } = await heldOrder(shop);
    expect(await press(shop, held, "cod_trust")).toMatchObject({ ok: true });
    // The held order is decided again with the mark: it books.
    await waitFor("booked", statusIs(shop, order.id, "confirmed"));
    const next = freshOrder("cod");
    await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: next });
    const booked = await waitFor("booked", statusIs(shop, next.id, "confirmed"));
    expect(booked.codRisk).toMatchObject({ level: "high", mark: "trusted" });

    // A new buyer, low risk, marked always held from their first (booked) order: the next is held.
    const first = otherBuyer("+6285733334444", 9202);
    await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: first });
    const firstBooked = await waitFor("booked", statusIs(shop, first.id, "confirmed"));
    expect(await press(shop, firstBooked, "cod_always_hold")).toMatchObject({ ok: true });
    const second = otherBuyer("+6285733334444", 9202);
    await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: second });
    const heldAgain = await waitFor("held", async () => {
      const s = await shipmentOf(db, shop, second.id);
      return s?.problemKinds.includes("cod_risk") ? s : undefined;
    });
    expect(heldAgain.codRisk?.held?.reason).toBe("marked");
    expect((await page(shop, heldAgain)).codRisk).toMatchObject({
      mark: "held",
      // The page says which of the order's keys the mark was found by.
      markMatched: "Dikenali dari: akun pelanggan Shopify, nomor HP, e-mail.",
      held: { marked: true },
    });
  });

  it("a new buyer's postal code outside the kecamatan named, no house number: held, both said", async () => {
    const { shop, key } = await codShop();
    const order = wrongPostalOrder(301);
    await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: order });
    const held = await waitFor("held", async () => {
      const s = await shipmentOf(db, shop, order.id);
      return s?.problemKinds.includes("cod_risk") ? s : undefined;
    });
    expect(held).toMatchObject({ status: "pending", draftOrderId: null });
    expect(stack.allDrafts(key, held.referenceId)).toHaveLength(0);
    expect(held.codRisk).toMatchObject({ level: "high", held: { reason: "level" } });
    const shown = await page(shop, held);
    // The weightiest first; the others by their points.
    expect(shown.codRisk!.reasons[0]).toBe(
      "Kode pos 60271 bukan di Kecamatan Tegalsari (kode pos itu untuk Kecamatan Genteng, Kota Surabaya)",
    );
    expect(shown.codRisk!.reasons.slice(1).sort()).toEqual([
      "Pesanan pertama pembeli ini di toko Anda",
      "Tanpa nomor rumah atau RT/RW",
    ]);
    // … and where Shopify shows the order's risk, the same words.
    await shipmentJobsSettled();
    const assessed = stack.shopify.log.riskAssessments!.find((a) => a.orderId === String(order.id));
    expect(assessed?.riskLevel).toBe("HIGH");
    expect(assessed?.facts.map((f) => f.description)).toContain(
      "Kode pos 60271 bukan di Kecamatan Tegalsari (kode pos itu untuk Kecamatan Genteng, Kota Surabaya)",
    );
  });

  it("a risky buyer typing a trusted buyer's e-mail as a guest is held all the same", async () => {
    const { shop } = await codShop();
    // A trusted buyer: their own phone, e-mail and Shopify customer.
    const trusted = otherBuyer("+6285711112222", 9101);
    await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: trusted });
    const trustedBooked = await waitFor("booked", statusIs(shop, trusted.id, "confirmed"));
    expect(await press(shop, trustedBooked, "cod_trust")).toMatchObject({ ok: true });
    // Siti, two COD parcels back, is held with her own e-mail.
    await heldOrder(shop);
    // Then she checks out as a guest with the trusted buyer's e-mail (in capitals) and her own
    // phone: the trust is on an e-mail anyone may type, so it does not count.
    const borrowed = freshOrder("cod", {
      email: "BUYER9101@EXAMPLE.COM",
      customer: null,
      shipping_address: {
        ...(freshOrder("cod").shipping_address as Record<string, unknown>),
        phone: SITI,
      },
    });
    await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: borrowed });
    const held = await waitFor("held", async () => {
      const s = await shipmentOf(db, shop, borrowed.id);
      return s?.problemKinds.includes("cod_risk") ? s : undefined;
    });
    expect(held).toMatchObject({ status: "pending", draftOrderId: null });
    expect(held.codRisk).toMatchObject({ level: "high", mark: null, held: { reason: "level" } });
  });

  it("customers/redact: the buyer's history and marks are gone, and their next order is not held", async () => {
    const { shop } = await codShop();
    const { order, held } = await heldOrder(shop);
    expect(await press(shop, held, "cod_always_hold")).toMatchObject({ ok: true });
    const marks = () => db.select().from(codBuyerMarks).where(eq(codBuyerMarks.shop, shop));
    expect(await marks()).toHaveLength(1);
    expect(await redactSiti(shop, [order.id, 4_500_001, 4_500_002])).toBe(200);
    expect(await marks()).toHaveLength(0);
    const redacted = await db
      .select()
      .from(shipments)
      .where(and(eq(shipments.shop, shop), eq(shipments.orderId, "4500001")));
    expect(redacted[0]?.destinationPhone).toBeNull();

    const next = freshOrder("cod");
    await deliverWebhook(ordersCreate, { topic: "orders/create", shop, body: next });
    const booked = await waitFor("booked", statusIs(shop, next.id, "confirmed"));
    expect(booked.codRisk).toMatchObject({ level: "low", mark: null });
  });
});
