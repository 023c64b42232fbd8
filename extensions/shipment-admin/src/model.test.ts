import { describe, expect, it } from "vitest";
import { describeStatus, type ShipmentFacts } from "../../../app/shipments/status-words";
import { afterBookingWords } from "../../../app/shipments/after-booking-words";
import { wordsIn } from "../../../app/i18n/i18n.server";
import enTexts from "../locales/en.default.json";
import idTexts from "../locales/id.json";
import {
  bulkSummary,
  describeShipment,
  describeShipments,
  orderIdFromGid,
  questionFor,
  quoteText,
  type ShipmentSummary,
  type Translate,
} from "./model";

type Texts = { [key: string]: string | Texts };

/**
 * The admin's `shopify.i18n.translate` as Shopify documents it, over the extension's own locale
 * files: a dotted key, `{{name}}` replaced, `count` choosing the language's plural form.
 */
function translator(texts: Texts, language: string): Translate {
  return (key, values = {}) => {
    let node: string | Texts | undefined = texts;
    for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
    if (typeof node === "object" && typeof values.count === "number")
      node = node[new Intl.PluralRules(language).select(values.count)] ?? node.other;
    if (typeof node !== "string") throw new Error(`No text for ${key} in ${language}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
  };
}

const t = translator(enTexts, "en");
const tId = translator(idTexts, "id");
const en = { ...wordsIn("en"), locale: "id-ID" };

/** What the app's API sends: the words come from the app's own status words, as the route computes them. */
function summary(
  fields: Partial<ShipmentSummary> & { status: string },
  overrides: Partial<ShipmentFacts> = {},
): ShipmentSummary {
  const facts = {
    courierCompany: "jne",
    courierType: "reg",
    price: 34000,
    currency: "IDR",
    waybillId: null,
    problem: null,
    ...fields,
    ...(fields.waybill ? { waybillId: fields.waybill } : {}),
    ...overrides,
  };
  return {
    id: "s1",
    problem: null,
    courier: { company: "jne", type: "reg" },
    origin: null,
    waybill: null,
    trackingUrl: null,
    price: 34000,
    currency: "IDR",
    updatedAt: "2026-11-22T00:00:00Z",
    actions: [],
    words: describeStatus(facts, en),
    ...fields,
  };
}

describe("order block view", () => {
  it("a parcel in trouble: the COD line and the customer's WhatsApp, as the app words them", () => {
    const words = afterBookingWords(
      {
        status: "on_hold",
        problemKinds: ["delivery"],
        destinationPhone: "0812-9876-5432",
        contents: { cod: 404000 },
        currency: "IDR",
        codSettlement: null,
        codSettledAt: null,
        shopifyReturnId: null,
        returnRestockedAt: null,
        returnOutcome: null,
      },
      en,
    );
    const view = describeShipment(summary({ status: "on_hold", ...words }), t);
    expect(view.call).toBe("https://wa.me/6281298765432");
    expect(view.lines).toContain("Cash on delivery Rp404.000: the courier collects it on delivery");
    // An answer without the fields (an older app) offers no call; a link elsewhere is not followed.
    expect(describeShipment(summary({ status: "on_hold" }), t).call).toBeNull();
    expect(
      describeShipment(summary({ status: "on_hold", whatsapp: "https://evil.example/x" }), t).call,
    ).toBeNull();
  });

  it("a parcel that came back: what became of it in Shopify", () => {
    const words = afterBookingWords(
      {
        status: "returned",
        problemKinds: [],
        destinationPhone: "+6281298765432",
        contents: { cod: 254000 },
        currency: "IDR",
        codSettlement: null,
        codSettledAt: null,
        shopifyReturnId: "gid://shopify/Return/1",
        returnRestockedAt: new Date("2026-11-24T03:00:00Z"),
        returnOutcome: "cancelled",
      },
      en,
    );
    const view = describeShipment(summary({ status: "returned", ...words }), t);
    expect(view.call).toBeNull();
    expect(view.lines.slice(-2)).toEqual([
      "Cash on delivery Rp254.000: not collected (the parcel did not reach the customer)",
      "Came back to you: return recorded in Shopify, restocked (24 Nov 2026, 10.00 WIB), order cancelled with nothing owed",
    ]);
  });

  it("a ready draft: its words, courier and price once, the actions the app allows (cancel destructive)", () => {
    const view = describeShipment(
      summary({ status: "draft_ready", actions: ["confirm", "cancel"] }),
      t,
    );
    expect(view).toMatchObject({
      heading: "Ready to book",
      tone: "caution",
      // Under the badge "Ready to book", its courier and price alone.
      sentence: "JNE REG, Rp34.000",
      tracking: null,
    });
    expect(view.lines).toEqual([]);
    expect(view.buttons).toEqual([
      { action: "confirm", label: "Book shipment", destructive: false },
      { action: "cancel", label: "Cancel shipment", destructive: true },
    ]);
  });

  it("a delivered parcel: success, its waybill with the tracking link, the price and where it left from said apart", () => {
    const view = describeShipment(
      summary({
        status: "delivered",
        waybill: "CGK1",
        trackingUrl: "https://t/x",
        origin: "Gudang Sleman",
      }),
      t,
    );
    expect(view).toMatchObject({
      heading: "Delivered",
      tone: "success",
      tracking: { label: "CGK1", url: "https://t/x" },
      buttons: [],
    });
    expect(view.lines).toEqual(["Price: Rp34.000", "From: Gudang Sleman"]);
  });

  it("a booked parcel offers its label; printed once, it offers to print it again; a draft offers none", () => {
    const fresh = describeShipment(
      summary({
        id: "7f9c2b1e-0000-4000-8000-000000000001",
        status: "confirmed",
        waybill: "CGK1",
        label: { printable: true, printedAt: null },
      }),
      t,
    );
    expect(fresh.print).toEqual({
      href: "app:/app/labels?ids=7f9c2b1e-0000-4000-8000-000000000001",
      label: "Print label",
    });
    const again = describeShipment(
      summary({
        status: "confirmed",
        waybill: "CGK1",
        label: { printable: true, printedAt: "2026-11-25T02:00:00.000Z" },
      }),
      t,
    );
    expect(again.print?.label).toBe("Print label again");
    expect(
      describeShipment(
        summary({ status: "draft_ready", label: { printable: false, printedAt: null } }),
        t,
      ).print,
    ).toBe(null);
    // An answer of an app version before labels says nothing of them: nothing offered.
    expect(describeShipment(summary({ status: "confirmed", waybill: "CGK1" }), t).print).toBe(null);
  });

  it("a customer's return waiting for its pickup: said in a line, and a link to book it on the shipment's page", () => {
    const waiting = describeShipment(
      summary({
        id: "7f9c2b1e-0000-4000-8000-000000000002",
        status: "delivered",
        waybill: "CGK1",
        returns: [
          {
            title: "Customer return approved in Shopify",
            sentence: "Book a courier to pick it up.",
            bookable: true,
          },
        ],
      }),
      t,
    );
    expect(waiting.lines).toContain(
      "Customer return approved in Shopify: Book a courier to pick it up.",
    );
    expect(waiting.returnPickup).toEqual({
      href: "app:/app/shipments/7f9c2b1e-0000-4000-8000-000000000002",
      label: "Book the return pickup",
    });
    const booked = describeShipment(
      summary({
        status: "delivered",
        waybill: "CGK1",
        returns: [{ title: "Return pickup booked", sentence: "Booked.", bookable: false }],
      }),
      t,
    );
    expect(booked.returnPickup).toBe(null);
    expect(booked.lines).toContain("Return pickup booked: Booked.");
  });

  it("a problem is critical and says what is wrong", () => {
    const stuck = describeShipment(
      summary(
        {
          status: "pending",
          problem: "No phone",
          courier: null,
          price: null,
          actions: ["create", "retry", "cancel"],
        },
        { courierCompany: null, price: null },
      ),
      t,
    );
    // The badge says "Needs attention": the sentence does not say it again.
    expect(stuck).toMatchObject({
      heading: "Needs attention",
      tone: "critical",
      sentence: "No phone",
    });
    expect(stuck.buttons.map((b) => b.label)).toEqual([
      "Create shipment",
      "Try again",
      "Cancel shipment",
    ]);
  });

  it("explains an order the app never received", () => {
    expect(describeShipment(null, t)).toMatchObject({
      heading: "No shipment yet",
      buttons: [{ action: "create", label: "Create shipment" }],
    });
  });
});

describe("an order shipped from several locations", () => {
  it("one view per shipment, each titled with its location and acting on its own shipment", () => {
    const views = describeShipments(
      [
        summary({ id: "a", part: 1, location: "Gudang Jakarta", status: "draft_ready" }),
        summary({ id: "b", part: 2, location: "Gudang Surabaya", status: "delivered" }),
      ],
      t,
    );
    expect(views.map((v) => [v.id, v.title, v.heading])).toEqual([
      ["a", "Shipment 1 of 2: items at Gudang Jakarta", expect.any(String)],
      ["b", "Shipment 2 of 2: items at Gudang Surabaya", "Delivered"],
    ]);
  });

  it("one shipment has no title; none offers to create it", () => {
    expect(
      describeShipments([summary({ id: "a", status: "draft_ready" })], t).map((v) => v.title),
    ).toEqual([null]);
    expect(describeShipments([], t)).toMatchObject([{ id: null, heading: "No shipment yet" }]);
  });
});

describe("helpers", () => {
  it("ids and bulk summaries", () => {
    expect(orderIdFromGid("gid://shopify/Order/42")).toBe("42");
    expect(bulkSummary([], t)).toBe("No orders selected");
    expect(bulkSummary([{ orderId: "1", ok: true, message: "queued" }], t)).toBe(
      "1 shipment queued",
    );
    expect(
      bulkSummary(
        [
          { orderId: "1", ok: true, message: "queued" },
          { orderId: "2", ok: false, message: "Not received by the app" },
        ],
        t,
      ),
    ).toBe("1 queued, 1 not: #2 (Not received by the app)");
  });
});

describe("in the admin's language", () => {
  it("the block and the bulk action speak Indonesian with Indonesian texts", () => {
    const view = describeShipment(
      summary({ status: "draft_ready", actions: ["confirm", "cancel"] }),
      tId,
    );
    expect(view.buttons.map((b) => b.label)).toEqual(["Pesan kurir", "Batalkan pengiriman"]);
    expect(describeShipment(null, tId).heading).toBe("Belum ada pengiriman");
    expect(bulkSummary([{ orderId: "1", ok: true, message: "queued" }], tId)).toBe(
      "1 pengiriman masuk antrean",
    );
    expect(tId("language")).toBe("id");
    expect(t("language")).toBe("en");
  });

  it("every key of the English texts has its Indonesian, and no other", () => {
    const keys = (texts: Texts, prefix = ""): string[] =>
      Object.entries(texts).flatMap(([k, v]) =>
        typeof v === "string" ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
      );
    expect(keys(idTexts).sort()).toEqual(keys(enTexts).sort());
  });
});

describe("the block's questions before booking and cancelling", () => {
  it("booking names the courier and what the service charges; cancelling says what was charged", () => {
    const ready = summary({ status: "draft_ready", actions: ["confirm", "cancel"] });
    expect(questionFor("confirm", ready, tId)).toEqual({
      text: "Pesan JNE REG? Layanan pengiriman menagih ongkir Rp34.000 saat kurir dipesan.",
      yes: "Pesan kurir",
      no: "Kembali",
    });
    expect(questionFor("cancel", ready, t)?.text).toBe(
      "Cancel this shipment? It is not booked yet: nothing was charged.",
    );
    const booked = summary({ status: "confirmed", waybill: "CGK123", actions: ["cancel"] });
    expect(questionFor("cancel", booked, tId)?.text).toBe(
      "Batalkan pengiriman ini (resi CGK123)? Kurir tidak akan datang; ongkir Rp34.000 yang sudah ditagih dikembalikan atau tidak sesuai kebijakan layanan pengiriman.",
    );
    // Creating and retrying spend nothing: they ask nothing.
    expect(questionFor("create", ready, t)).toBeNull();
    expect(questionFor("retry", ready, t)).toBeNull();
  });
});

describe("a COD order held for its risk", () => {
  /** What the app answers for Siti's held order (app/cod-risk/risk-words.ts), in Indonesian. */
  const held = summary({
    status: "pending",
    actions: ["cod_confirmed", "cod_invoice", "cod_anyway", "cod_cancel"],
    codRisk: {
      level: "high",
      title: "Risiko tinggi paket COD kembali tanpa dibayar (skor 80)",
      reasons: ["2 dari 2 paket COD pembeli ini sebelumnya kembali tanpa dibayar"],
      whatsapp: "https://wa.me/6281298765432?text=Halo",
      held: {
        since: "Menunggu keputusan Anda sejak 27 Nov 2026, 10.15 WIB",
        marked: false,
        stake: [
          "Ongkir ke pembeli Rp19.000, dan kira-kira sebesar itu lagi untuk ongkir retur: sekitar Rp38.000 hilang",
          "Uang COD Rp404.000 dari pembeli tidak diterima, dan barang tertahan satu sampai dua minggu",
        ],
      },
      mark: null,
      cod: "Rp404.000",
    },
  });

  it("the block says it is held, why, since when and what is at stake, and offers the decisions", () => {
    const view = describeShipment(held, tId);
    // The banner says it is held and why: no sentence repeats it under the badge.
    expect(view.sentence).toBe("");
    expect(view.risk).toEqual({
      tone: "critical",
      title: "Ditahan sebelum dipesan: belum ada yang dipesan atau ditagih",
      lines: [
        "Risiko tinggi paket COD kembali tanpa dibayar (skor 80)",
        "2 dari 2 paket COD pembeli ini sebelumnya kembali tanpa dibayar",
        "Menunggu keputusan Anda sejak 27 Nov 2026, 10.15 WIB",
        "Ongkir ke pembeli Rp19.000, dan kira-kira sebesar itu lagi untuk ongkir retur: sekitar Rp38.000 hilang",
        "Uang COD Rp404.000 dari pembeli tidak diterima, dan barang tertahan satu sampai dua minggu",
      ],
    });
    // Not retry (it would hold again) nor a bare cancel: the decisions, the last one destructive.
    expect(view.buttons).toEqual([
      { action: "cod_confirmed", label: "Pembeli sudah konfirmasi: kirim", destructive: false },
      { action: "cod_invoice", label: "Minta bayar dulu", destructive: false },
      { action: "cod_anyway", label: "Tetap kirim", destructive: false },
      { action: "cod_cancel", label: "Batalkan pesanan", destructive: true },
    ]);
    expect(view.call).toBe("https://wa.me/6281298765432?text=Halo");
  });

  it("what the buyer did from the order's link is said under the reasons", () => {
    const answered = summary({
      ...held,
      codRisk: {
        ...held.codRisk!,
        buyerAnswer: "Pembeli memperbaiki alamat dari tautan pada 30 Nov 2026, 10.05 WIB",
      },
    });
    expect(describeShipment(answered, tId).risk?.lines.slice(1, 3)).toEqual([
      "2 dari 2 paket COD pembeli ini sebelumnya kembali tanpa dibayar",
      "Pembeli memperbaiki alamat dari tautan pada 30 Nov 2026, 10.05 WIB",
    ]);
  });

  it("booking anyway, the invoice and cancelling ask first; the buyer's confirmation does not", () => {
    expect(questionFor("cod_anyway", held, tId)?.text).toBe(
      "Tetap kirim pesanan COD ini, dengan Rp404.000 ditagih kurir? Ongkir ke pembeli Rp19.000, dan kira-kira sebesar itu lagi untuk ongkir retur: sekitar Rp38.000 hilang. Uang COD Rp404.000 dari pembeli tidak diterima, dan barang tertahan satu sampai dua minggu.",
    );
    expect(questionFor("cod_invoice", held, t)?.yes).toBe("Send the invoice");
    expect(questionFor("cod_cancel", held, tId)).toMatchObject({ yes: "Batalkan pesanan" });
    expect(questionFor("cod_confirmed", held, tId)).toBeNull();
  });

  it("a medium risk not held: a warning with its reasons, and the usual buttons", () => {
    const view = describeShipment(
      summary({
        status: "draft_ready",
        actions: ["confirm", "cancel"],
        codRisk: {
          ...held.codRisk!,
          level: "medium",
          title: "Medium risk",
          held: null,
          mark: "trusted",
        },
      }),
      t,
    );
    expect(view.risk).toEqual({
      tone: "warning",
      title: "Medium risk",
      lines: [
        "2 dari 2 paket COD pembeli ini sebelumnya kembali tanpa dibayar",
        "You marked this buyer as trusted: their COD orders are never held.",
      ],
    });
    expect(view.buttons.map((b) => b.action)).toEqual(["confirm", "cancel"]);
  });
});

describe("the bulk action's question before booking", () => {
  it("how many, which couriers and the total, in the admin's language; nothing ready says so", () => {
    const quote = { ready: 2, skipped: 1, couriers: "JNE Reguler ×2", total: "Rp38.000" };
    expect(quoteText(quote, tId)).toEqual([
      "2 siap dipesan: JNE Reguler ×2. Layanan pengiriman menagih ongkir Rp38.000 seluruhnya saat kurir dipesan.",
      "1 pesanan terpilih belum siap dipesan: dilewati.",
    ]);
    expect(quoteText({ ready: 0, skipped: 3, couriers: "", total: null }, t)).toEqual([
      "None of the selected orders has a shipment ready to book.",
    ]);
  });
});
