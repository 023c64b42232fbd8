import writeExcelFile from "write-excel-file/node";
import { db } from "#app/db/index.server.ts";
import { shipments } from "#app/db/schema.ts";
import { csvLine } from "#app/platform/csv-cell.ts";
import { recordInstall, updateShopSettings } from "#app/shops/shops.server.ts";
import { sessionStorage } from "#app/shopify.server.ts";
import { offlineSession, uniqueShop } from "./shopify.ts";

/**
 * A shop's COD parcels and a payout statement for them as an Indonesian aggregator writes one
 * ("No Resi", "Nilai COD", "Biaya COD", "Potongan", "Keterangan", "Total Diterima", dates as
 * 27/11/2026): the case of one line paid short, one return fee netted from another
 * parcel's payout, one line the shop does not know, one fee not as agreed, and one parcel missing.
 */
const DAY = 24 * 3600 * 1000;

export const STATEMENT_HEADER = [
  "No",
  "Tanggal Cair",
  "No Resi",
  "No Order",
  "Nama Penerima",
  "Nilai COD",
  "Biaya COD",
  "Potongan",
  "Keterangan",
  "Total Diterima",
];

/** The mapping the merchant confirms for STATEMENT_HEADER (the form's `column.<field>`). */
export const STATEMENT_MAPPING: Record<string, string> = {
  paidOn: "Tanggal Cair",
  waybill: "No Resi",
  reference: "No Order",
  recipient: "Nama Penerima",
  cod: "Nilai COD",
  fee: "Biaya COD",
  deductions: "Potongan",
  deductionNote: "Keterangan",
  net: "Total Diterima",
};

export interface StatementParcels {
  shop: string;
  /** Shipment ids by name: paid (as expected), short, netted (a return fee taken), returned (the return fee's parcel), fee (not as agreed), missing (not in the statement). */
  ids: Record<"paid" | "short" | "netted" | "returned" | "fee" | "missing", string>;
  waybills: Record<"paid" | "short" | "netted" | "returned" | "fee" | "missing", string>;
}

/** A shop with the six parcels (a 3 % COD fee agreed for parcels without the service's fee). */
export async function statementShop(prefix = "stmt"): Promise<StatementParcels> {
  const shop = uniqueShop(prefix);
  await recordInstall(db, shop);
  await sessionStorage.storeSession(offlineSession(shop));
  await updateShopSettings(db, shop, { codType: "3_days", codFeePercent: 3 });
  const now = Date.now();
  const tag = shop
    .slice(0, 6)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "X");
  const parcel = (
    n: number,
    p: {
      status: string;
      cod: number;
      codFee?: number;
      deliveredDaysAgo?: number;
      returnedDaysAgo?: number;
    },
  ) => ({
    shop,
    orderId: String(810_000 + n),
    orderName: `#${1000 + n}`,
    referenceId: `shopify-${shop}-${n}`,
    status: p.status,
    courierCompany: "jne",
    courierType: "reg",
    waybillId: `JNE${tag}${n}`,
    price: "18000",
    currency: "IDR",
    trackingUrl: `https://track.example.id/JNE${tag}${n}`,
    contents: { items: [], ordered: [], cod: p.cod, codType: "3_days", insurance: null },
    deliveredAt: p.deliveredDaysAgo === undefined ? null : new Date(now - p.deliveredDaysAgo * DAY),
    returnedAt: p.returnedDaysAgo === undefined ? null : new Date(now - p.returnedDaysAgo * DAY),
    codFee: p.codFee === undefined ? null : String(p.codFee),
  });
  const rows = [
    parcel(1, { status: "delivered", cod: 150_000, codFee: 4_500, deliveredDaysAgo: 6 }),
    parcel(2, { status: "delivered", cod: 250_000, deliveredDaysAgo: 6 }),
    parcel(3, { status: "delivered", cod: 200_000, codFee: 6_000, deliveredDaysAgo: 6 }),
    parcel(4, { status: "returned", cod: 185_000, returnedDaysAgo: 2 }),
    parcel(5, { status: "delivered", cod: 120_000, codFee: 3_600, deliveredDaysAgo: 6 }),
    parcel(6, { status: "delivered", cod: 99_000, codFee: 2_970, deliveredDaysAgo: 12 }),
  ];
  const inserted = await db.insert(shipments).values(rows).returning({ id: shipments.id });
  const names = ["paid", "short", "netted", "returned", "fee", "missing"] as const;
  return {
    shop,
    ids: Object.fromEntries(names.map((n, i) => [n, inserted[i]!.id])) as StatementParcels["ids"],
    waybills: Object.fromEntries(
      names.map((n, i) => [n, rows[i]!.waybillId]),
    ) as StatementParcels["waybills"],
  };
}

/** The statement's lines (STATEMENT_HEADER's cells): the case. */
export function statementRows(p: StatementParcels, paidOn = "27/11/2026"): string[][] {
  const w = p.waybills;
  return [
    ["1", paidOn, w.paid, "#1001", "Siti Rahayu", "150.000", "4.500", "0", "", "145.500"],
    // Paid short: 240.000 collected of 250.000, the 3 % fee on what was paid.
    ["2", paidOn, w.short, "#1002", "Budi Santoso", "240.000", "7.200", "0", "", "232.800"],
    // The return fee of the returned parcel taken from this parcel's payout.
    [
      "3",
      paidOn,
      w.netted,
      "#1003",
      "Dewi Lestari",
      "200.000",
      "6.000",
      "23.000",
      `Ongkir retur ${w.returned}`,
      "171.000",
    ],
    // The fee taken is 5.000, not the 3.600 the service stated at booking.
    ["4", paidOn, w.fee, "#1005", "Agus Pratama", "120.000", "5.000", "0", "", "115.000"],
    // A parcel the shop does not know.
    ["5", paidOn, "SCP0099887766", "", "Rina Wati", "75.000", "2.250", "0", "", "72.750"],
  ];
}

export const statementCsv = (rows: string[][], header = STATEMENT_HEADER): Uint8Array =>
  new TextEncoder().encode([header, ...rows].map((r) => csvLine(r)).join(""));

/** The same statement as an XLSX workbook (numbers as numbers, as a spreadsheet keeps them). */
export async function statementXlsx(
  rows: string[][],
  header = STATEMENT_HEADER,
): Promise<Uint8Array> {
  const cells = rows.map((r) =>
    r.map((c, i) => (i >= 5 && i !== 8 && c !== "" ? Number(c.replaceAll(".", "")) : c)),
  );
  return new Uint8Array(await writeExcelFile([header, ...cells]).toBuffer());
}
