import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import { shipments } from "#app/db/schema.ts";
import * as codPage from "#app/routes/app.cod/route.tsx";
import * as codCsvRoute from "#app/routes/app.cod[.]csv.tsx";
import * as orderApi from "#app/routes/api.orders.$orderId.shipment.tsx";
import { sessionStorage } from "#app/shopify.server.ts";
import { csvCell } from "#app/platform/csv-cell.ts";
import { mondayIn, startOfDayIn } from "#app/platform/zoned-time.ts";
import { recordInstall, updateShopSettings } from "#app/shops/shops.server.ts";
import { offlineSession, sessionTokenRequest, uniqueShop } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";

/**
 * The COD page and its CSV, through the routes with a correctly signed session token, over
 * shipments written as the worker leaves them (delivered with the courier's time, returned).
 */
testStack();

const DAY = 24 * 3600 * 1000;
const now = Date.now();

async function shopWithParcels() {
  const shop = uniqueShop("codpage");
  await recordInstall(db, shop);
  await sessionStorage.storeSession(offlineSession(shop));
  await updateShopSettings(db, shop, { codType: "7_days" });
  let n = 0;
  const parcel = (p: {
    status: string;
    courier: string;
    cod: number | null;
    codType?: string;
    price: number;
    deliveredDaysAgo?: number;
    returnedDaysAgo?: number;
    orderName?: string;
    codFee?: number;
  }) => {
    n += 1;
    return {
      shop,
      orderId: String(700_000 + n),
      orderName: p.orderName ?? `#C${n}`,
      referenceId: `cod-${shop}-${n}`,
      status: p.status,
      courierCompany: p.courier,
      courierType: "reg",
      waybillId: `WB${n}`,
      price: String(p.price),
      currency: "IDR",
      contents: {
        items: [],
        ordered: [],
        cod: p.cod,
        ...(p.codType ? { codType: p.codType } : {}),
        insurance: null,
      },
      deliveredAt:
        p.deliveredDaysAgo === undefined ? null : new Date(now - p.deliveredDaysAgo * DAY),
      returnedAt: p.returnedDaysAgo === undefined ? null : new Date(now - p.returnedDaysAgo * DAY),
      codSettlement: p.status === "delivered" && p.cod ? ("marked_paid" as const) : null,
      codFee: p.codFee === undefined ? null : String(p.codFee),
    };
  };
  const rows = [
    // Held: delivered 1 and 2 days ago, payout 3 and 7 days after delivery.
    parcel({
      status: "delivered",
      courier: "jne",
      cod: 150000,
      codType: "3_days",
      price: 18000,
      deliveredDaysAgo: 1,
      codFee: 4500,
    }),
    parcel({ status: "delivered", courier: "jne", cod: 250000, price: 20000, deliveredDaysAgo: 2 }),
    parcel({
      status: "delivered",
      courier: "sicepat",
      cod: 99000,
      codType: "5_days",
      price: 15000,
      deliveredDaysAgo: 2,
    }),
    // Paid out by now: delivered 20 days ago with a 7-day window.
    parcel({
      status: "delivered",
      courier: "jne",
      cod: 300000,
      codType: "7_days",
      price: 21000,
      deliveredDaysAgo: 20,
      codFee: 9000,
    }),
    // Not COD, and too old: not on the page.
    parcel({ status: "delivered", courier: "jne", cod: null, price: 18000, deliveredDaysAgo: 1 }),
    parcel({
      status: "delivered",
      courier: "jne",
      cod: 120000,
      price: 18000,
      deliveredDaysAgo: 200,
    }),
    // Came back, and on its way back.
    parcel({
      status: "returned",
      courier: "jnt",
      cod: 404000,
      price: 23000,
      returnedDaysAgo: 3,
      orderName: '=HYPERLINK("x")',
    }),
    parcel({ status: "return_in_transit", courier: "jne", cod: 185000, price: 17000 }),
  ];
  await db.insert(shipments).values(rows);
  return shop;
}

const call = async (fn: unknown, request: Request) =>
  (fn as (a: { request: Request; params: object; context: object }) => Promise<unknown>)({
    request,
    params: {},
    context: {},
  });

describe("the COD page: what the couriers hold, and what came back", () => {
  it("sums the collected cash by courier and week with its payout date, and lists the returns with the shipping lost", async () => {
    const shop = await shopWithParcels();
    const other = await shopWithParcels();
    const data = (await call(
      codPage.loader,
      await sessionTokenRequest("/app/cod", shop, { headers: { "accept-language": "id-ID" } }),
    )) as Awaited<ReturnType<typeof codPage.loader>>;

    // Held: every delivered parcel whose payout was not recorded, the late one too
    // (150000 + 250000 + 99000 + 300000), with the service's fees where known and the net.
    expect(data.held).toEqual({
      parcels: 4,
      amount: "Rp799.000",
      fees: "Rp13.500",
      net: "Rp785.500",
    });
    // JNE's 20-day-old parcel was due 13 days ago: late, counted in the headline.
    expect(data.due).toEqual({ parcels: 0, amount: "Rp0" });
    expect(data.overdue).toEqual({ parcels: 1, amount: "Rp300.000" });
    expect(data.received).toEqual({ parcels: 0, amount: "Rp0" });
    expect(data.lost).toEqual({ parcels: 2, cod: "Rp589.000", shipping: "Rp40.000" });
    // Per courier and week: JNE's 20-day-old parcel is its own week, late, with its fee and net.
    const weeks = data.weeks.map((w) => [w.courier, w.parcels, w.amount, w.fees, w.net, w.tone]);
    expect(weeks).toContainEqual(["JNE", 1, "Rp300.000", "Rp9.000", "Rp291.000", "critical"]);
    expect(weeks).toContainEqual(["SICEPAT", 1, "Rp99.000", "Rp0", "Rp99.000", undefined]);
    const late = data.weeks.find((w) => w.tone === "critical")!;
    expect(late.payout).toMatch(/^Terlambat: seharusnya cair \d{1,2} \w{3} \d{4}$/);
    const jneNow = data.weeks.filter((w) => w.courier === "JNE" && w.tone !== "critical");
    expect(jneNow.reduce((s, w) => s + w.parcels, 0)).toBe(2);
    // The payout form offers the courier with cash due, and what is due from it.
    expect(data.couriers).toEqual([
      { code: "jne", name: "JNE", parcels: 1, expected: "Rp300.000", amount: "300000" },
    ]);
    // JNE's 250000 was booked before the window was kept per parcel: the shop's 7 days.
    const sicepat = data.weeks.find((w) => w.courier === "SICEPAT")!;
    expect(sicepat.payout).toBe(
      `Perkiraan cair ${new Intl.DateTimeFormat("id-ID", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Jakarta" }).format(new Date(now + 3 * DAY))}`,
    );
    expect(data.returned.map((r) => [r.state, r.cod, r.shipping]).sort()).toEqual([
      ["Dalam perjalanan retur", "Rp185.000", "Rp17.000"],
      ["Sudah kembali ke Anda", "Rp404.000", "Rp23.000"],
    ]);
    expect(other).not.toBe(shop);
  });

  it("the CSV: one row per parcel, the shop's own only, safe to open in a spreadsheet", async () => {
    const shop = await shopWithParcels();
    await shopWithParcels();
    const response = (await call(
      codCsvRoute.loader,
      await sessionTokenRequest("/app/cod.csv", shop),
    )) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Kind,Order,Courier,Service,Waybill,Status,Cash on delivery,COD fee,Net,Shipping cost,Currency,Delivered or returned on,Expected payout,Payout received,Payment in Shopify",
    );
    expect(lines).toHaveLength(1 + 4 + 2);
    expect(lines.filter((l) => l.startsWith("Collected,"))).toHaveLength(4);
    const returned = lines.find((l) => l.includes("404000"))!;
    // A formula in an order name is text in the spreadsheet, quoted as CSV needs.
    expect(returned).toContain(`"'=HYPERLINK(""x"")"`);
    expect(returned).toMatch(
      /^Not collected,.*,JNT,REG,WB\d+,Returned to you,404000,,,23000,IDR,\d{1,2} [A-Z][a-z]{2} \d{4},/,
    );
  });

  it("the CSV in the page's language says the same days as the page", async () => {
    const shop = await shopWithParcels();
    const asked = { headers: { "accept-language": "id-ID" } };
    const page = (await call(
      codPage.loader,
      await sessionTokenRequest("/app/cod", shop, asked),
    )) as Awaited<ReturnType<typeof codPage.loader>>;
    const csv = await (
      (await call(
        codCsvRoute.loader,
        await sessionTokenRequest("/app/cod.csv", shop, asked),
      )) as Response
    ).text();
    const rows = csv.trimEnd().split("\r\n");
    expect(rows[0]).toMatch(
      /^Jenis,Pesanan,Kurir,Layanan,Resi,Status,Nilai COD,Biaya COD,Bersih,Ongkir,/,
    );
    // Each returned parcel: its day on the page is its day in the CSV.
    const returnedRows = rows.filter((r) => r.startsWith("Tidak tertagih,"));
    expect(returnedRows).toHaveLength(page.returned.length);
    for (const p of page.returned.filter((r) => r.at !== "dalam perjalanan")) {
      const row = returnedRows.find((r) => r.includes(p.waybill))!;
      expect(row.split(",")[11], p.waybill).toBe(p.at);
    }
    // Words, not codes: no status or settlement code in any cell.
    expect(csv).not.toMatch(
      /(^|,)(collected|not_collected|marked_paid|already_paid|delivered|returned|return_in_transit)(,|\r|$)/m,
    );
    expect(rows.filter((r) => r.startsWith("Tertagih,"))[0]).toMatch(/,Terkirim,/);
  });

  it("records a payout once, covering the parcels that were due; removing it opens them again", async () => {
    const shop = await shopWithParcels();
    const other = await shopWithParcels();
    const id = { headers: { "accept-language": "id-ID" } };
    const page = async (s = shop) =>
      (await call(codPage.loader, await sessionTokenRequest("/app/cod", s, id))) as Awaited<
        ReturnType<typeof codPage.loader>
      >;
    const today = (await page()).today;
    const post = async (fields: Record<string, string>, s = shop) =>
      (await call(
        codPage.action,
        await sessionTokenRequest("/app/cod", s, {
          method: "POST",
          headers: { "accept-language": "id-ID" },
          body: new URLSearchParams(fields),
        }),
      )) as { ok: boolean; message: string };
    const record = (amount: string, receivedOn = today) =>
      post({ intent: "record", courier: "jne", receivedOn, amount });

    // Bad input: refused in words, nothing recorded.
    expect(await record("tiga ratus ribu")).toEqual({
      ok: false,
      message: "Tulis jumlah yang diterima dalam rupiah, misalnya 1.250.000.",
    });
    expect((await record("300000", "2999-01-01")).ok).toBe(false);
    // Before JNE's late parcel was due (a month ago) nothing was due: refused, saying so.
    const early = new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10);
    expect((await record("300000", early)).message).toMatch(
      /^Tidak ada COD JNE yang jatuh tempo sampai/,
    );

    // Two clicks at once: one payout, covering JNE's late parcel only (the others are not due).
    const both = await Promise.all([record("Rp 295.000"), record("Rp 295.000")]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => r.ok)!.message).toBe(
      "Pencairan Rp295.000 dari JNE dicatat: 1 paket lunas.",
    );
    const after = await page();
    expect(after.received).toEqual({ parcels: 1, amount: "Rp300.000" });
    expect(after.overdue.parcels).toBe(0);
    expect(after.held.parcels).toBe(3);
    const settled = after.weeks.find((w) => w.tone === "success")!;
    expect(settled.payout).toMatch(/^Diterima \d{1,2} \w{3} \d{4}$/);
    expect(after.couriers).toEqual([]);
    expect(after.payouts).toHaveLength(1);
    expect(after.payouts[0]!.check).toBe("Rp5.000 kurang dari perhitungan (Rp300.000)");
    // Another shop's page does not see it, nor can it remove it.
    expect((await page(other)).payouts).toEqual([]);
    expect((await post({ intent: "remove", id: after.payouts[0]!.id }, other)).ok).toBe(false);
    // The CSV says the day it was received.
    const csv = await (
      (await call(codCsvRoute.loader, await sessionTokenRequest("/app/cod.csv", shop))) as Response
    ).text();
    const row = csv.split("\r\n").find((r) => r.includes(",300000,"))!;
    expect(row.split(",").slice(6, 9)).toEqual(["300000", "9000", "291000"]);
    expect(row.split(",")[13]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);

    // Removed by mistake: the parcel is late again, and can be recorded again.
    expect(await post({ intent: "remove", id: after.payouts[0]!.id })).toEqual({
      ok: true,
      message: "Catatan pencairan dihapus: paketnya kembali belum cair.",
    });
    const again = await page();
    expect(again.overdue.parcels).toBe(1);
    expect(again.payouts).toEqual([]);
  });

  it("refuses a request without a valid session token", async () => {
    const shop = await shopWithParcels();
    const forged = await sessionTokenRequest("/app/cod.csv", shop, {}, {}, "not-the-secret");
    const outcome = await call(codCsvRoute.loader, forged).catch((e: unknown) => e);
    expect(outcome).toBeInstanceOf(Response);
    expect([401, 403]).toContain((outcome as Response).status);
  });
});

describe("the order page's block after the booking", () => {
  it("names the COD at stake and gives the customer's WhatsApp for a parcel in trouble", async () => {
    const shop = uniqueShop("codblock");
    await recordInstall(db, shop);
    await sessionStorage.storeSession(offlineSession(shop));
    await db.insert(shipments).values({
      shop,
      orderId: "812345",
      orderName: "#C9",
      referenceId: `block-${shop}`,
      status: "on_hold",
      problem: "The courier could not deliver the parcel",
      problemKinds: ["delivery"],
      destinationPhone: "+62 0812 9876 5432",
      currency: "IDR",
      contents: { items: [], ordered: [], cod: 404000, insurance: null },
    });
    const response = (await (
      orderApi.loader as (a: {
        request: Request;
        params: object;
        context: object;
      }) => Promise<Response>
    )({
      request: await sessionTokenRequest("/api/orders/812345/shipment?locale=id", shop),
      params: { orderId: "812345" },
      context: {},
    })) as Response;
    const body = (await response.json()) as {
      shipments: { whatsapp: string | null; cod: string | null; words: { sentence: string } }[];
    };
    expect(body.shipments[0]).toMatchObject({
      whatsapp: "https://wa.me/6281298765432",
      cod: "COD Rp404.000: ditagih kurir saat paket diterima",
    });
  });
});

describe("the COD report's pieces", () => {
  it("weeks start on Monday and days at midnight in the shop's zone (WIB, WITA, WIT)", () => {
    // Sunday 23:30 in Jakarta is Sunday 16:30 UTC: still the week of Monday the 16th.
    expect(mondayIn(new Date("2026-11-22T16:30:00Z"), "Asia/Jakarta")).toBe("2026-11-16");
    // Monday 00:30 in Jakarta is Sunday 17:30 UTC: the new week.
    expect(mondayIn(new Date("2026-11-22T17:30:00Z"), "Asia/Jakarta")).toBe("2026-11-23");
    // In Makassar (WITA, UTC+8) Monday starts an hour earlier; in Jayapura (WIT) two.
    expect(mondayIn(new Date("2026-11-22T16:30:00Z"), "Asia/Makassar")).toBe("2026-11-23");
    expect(mondayIn(new Date("2026-11-22T15:30:00Z"), "Asia/Jayapura")).toBe("2026-11-23");
    expect(mondayIn(new Date("2026-11-22T15:30:00Z"), "Asia/Makassar")).toBe("2026-11-16");
    // The day a print's "not printed today" starts: midnight in the shop's zone.
    const at = new Date("2026-11-23T16:30:00Z");
    expect(startOfDayIn(at, "Asia/Jakarta").toISOString()).toBe("2026-11-22T17:00:00.000Z");
    expect(startOfDayIn(at, "Asia/Makassar").toISOString()).toBe("2026-11-23T16:00:00.000Z");
    expect(startOfDayIn(at, "Asia/Jayapura").toISOString()).toBe("2026-11-23T15:00:00.000Z");
  });

  it("csvCell quotes what CSV must and defuses formulas, not negative numbers", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", then')).toBe('"say ""hi"", then"');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    // Spelled so that a check of the first character alone misses it: a leading space, a no-break
    // space, a tab, the full-width equals sign.
    expect(csvCell(" =HYPERLINK(1)")).toBe("' =HYPERLINK(1)");
    // (NFKC makes the no-break and the ideographic space plain spaces.)
    expect(csvCell("\u00a0=1+1")).toBe("' =1+1");
    expect(csvCell("\u3000@SUM(A1)")).toBe("' @SUM(A1)");
    expect(csvCell("\u200b-2+3")).toBe("'\u200b-2+3");
    expect(csvCell("＝1+1")).toBe("'=1+1");
    expect(csvCell("＋628123")).toBe("'+628123");
    expect(csvCell("-12000")).toBe("-12000");
  });
});
