import { describe, expect, it } from "vitest";
import { db } from "#app/db/index.server.ts";
import { shipments } from "#app/db/schema.ts";
import * as codPage from "#app/routes/app.cod.tsx";
import * as codCsvRoute from "#app/routes/app.cod[.]csv.tsx";
import * as orderApi from "#app/routes/api.orders.$orderId.shipment.tsx";
import { sessionStorage } from "#app/shopify.server.ts";
import { csvCell } from "#app/shipments/cod-report.server.ts";
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

    // Held: the three parcels whose payout is still ahead (150000 + 250000 + 99000).
    expect(data.held).toEqual({ parcels: 3, amount: "Rp499.000" });
    expect(data.lost).toEqual({ parcels: 2, cod: "Rp589.000", shipping: "Rp40.000" });
    // Per courier and week: JNE's 20-day-old parcel is its own week, due since its payout.
    const weeks = data.weeks.map((w) => [w.courier, w.parcels, w.amount, w.due]);
    expect(weeks).toContainEqual(["JNE", 1, "Rp300.000", true]);
    expect(weeks).toContainEqual(["SICEPAT", 1, "Rp99.000", false]);
    const jneNow = data.weeks.filter((w) => w.courier === "JNE" && !w.due);
    expect(jneNow.reduce((s, w) => s + w.parcels, 0)).toBe(2);
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
      "Kind,Order,Courier,Service,Waybill,Status,Cash on delivery,Shipping cost,Currency,Delivered or returned on,Expected payout,Payment in Shopify",
    );
    expect(lines).toHaveLength(1 + 4 + 2);
    expect(lines.filter((l) => l.startsWith("Collected,"))).toHaveLength(4);
    const returned = lines.find((l) => l.includes("404000"))!;
    // A formula in an order name is text in the spreadsheet, quoted as CSV needs.
    expect(returned).toContain(`"'=HYPERLINK(""x"")"`);
    expect(returned).toMatch(
      /^Not collected,.*,JNT,REG,WB\d+,Returned to you,404000,23000,IDR,\d{1,2} [A-Z][a-z]{2} \d{4},/,
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
    expect(rows[0]).toMatch(/^Jenis,Pesanan,Kurir,Layanan,Resi,Status,Nilai COD,Ongkir,/);
    // Each returned parcel: its day on the page is its day in the CSV.
    const returnedRows = rows.filter((r) => r.startsWith("Tidak tertagih,"));
    expect(returnedRows).toHaveLength(page.returned.length);
    for (const p of page.returned.filter((r) => r.at !== "dalam perjalanan")) {
      const row = returnedRows.find((r) => r.includes(p.waybill))!;
      expect(row.split(",")[9], p.waybill).toBe(p.at);
    }
    // Words, not codes: no status or settlement code in any cell.
    expect(csv).not.toMatch(
      /(^|,)(collected|not_collected|marked_paid|already_paid|delivered|returned|return_in_transit)(,|\r|$)/m,
    );
    expect(rows.filter((r) => r.startsWith("Tertagih,"))[0]).toMatch(/,Terkirim,/);
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
