import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { db } from "#app/db/index.server.ts";
import { codStatementLines, codStatements } from "#app/db/schema-cod-money.ts";
import * as codPage from "#app/routes/app.cod/route.tsx";
import * as statementPage from "#app/routes/app.cod_.statements.$id/route.tsx";
import { importStatement } from "#app/cod/statements/import.server.ts";
import { getShopSettings } from "#app/shops/shops.server.ts";
import { action as customersRedact } from "#app/routes/webhooks.customers.redact.tsx";
import { deliverWebhook, sessionTokenRequest } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";
import {
  STATEMENT_MAPPING,
  statementCsv,
  statementRows,
  statementShop,
  statementXlsx,
} from "../helpers/cod-statements.ts";

/**
 * Payout statements through the COD page's action (a multipart upload with a correctly signed
 * session token) and the statement's page: mapped once, matched parcel by parcel, each kind of
 * difference named, imported once however often it is sent, removed with its parcels reopened.
 */
testStack();

type Answer = {
  ok: boolean;
  message: string;
  reasons?: string[];
  columns?: { header: string[]; chosen: Record<string, string> };
};

const call = async (fn: unknown, request: Request, params: object = {}) =>
  (fn as (a: { request: Request; params: object; context: object }) => Promise<unknown>)({
    request,
    params,
    context: {},
  });

const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta" }).format(new Date());

async function upload(
  shop: string,
  bytes: Uint8Array,
  fileName: string,
  options: { mapping?: Record<string, string>; receivedAmount?: string } = {},
): Promise<Answer> {
  const form = new FormData();
  form.set("intent", "import");
  form.set("statement", new File([new Uint8Array(bytes)], fileName));
  form.set("receivedOn", TODAY);
  form.set("receivedAmount", options.receivedAmount ?? "");
  if (options.mapping) {
    form.set("mapping", "1");
    for (const [field, column] of Object.entries(options.mapping))
      form.set(`column.${field}`, column);
  }
  return (await call(
    codPage.action,
    await sessionTokenRequest("/app/cod", shop, {
      method: "POST",
      body: form,
      headers: { "accept-language": "id-ID" },
    }),
  )) as Answer;
}

const linesOf = (shop: string) =>
  db
    .select()
    .from(codStatementLines)
    .where(eq(codStatementLines.shop, shop))
    .orderBy(codStatementLines.row);

describe("payout statements: imported, matched parcel by parcel, each difference named", () => {
  it("asks for the columns at the first import, remembers them, and names each line's kind", async () => {
    const p = await statementShop();
    const file = statementCsv(statementRows(p));
    const first = await upload(p.shop, file, "pencairan-27-nov.csv");
    expect(first.ok).toBe(false);
    expect(first.message).toBe("Cocokkan kolom laporan dulu, lalu impor lagi.");
    // The guess from the header's names is the mapping an Indonesian merchant would choose.
    expect(first.columns!.chosen).toEqual(STATEMENT_MAPPING);
    expect(await linesOf(p.shop)).toHaveLength(0);

    const imported = await upload(p.shop, file, "pencairan-27-nov.csv", {
      mapping: first.columns!.chosen,
      receivedAmount: "737.050",
    });
    expect(imported).toMatchObject({
      ok: true,
      message: "Laporan pencairan-27-nov.csv diimpor: 5 baris dicocokkan, 4 berselisih.",
    });
    expect((await getShopSettings(db, p.shop)).statementColumns).toEqual(STATEMENT_MAPPING);
    const lines = await linesOf(p.shop);
    expect(lines.map((l) => [l.row, l.kind, l.difference, l.pays])).toEqual([
      [2, "ok", 0, 1],
      [3, "short", -9_700, 1],
      [4, "deducted", 0, 1],
      [5, "fee", -1_400, 1],
      [6, "unknown", 72_750, 0],
    ]);
    expect(lines[2]).toMatchObject({ deductionKind: "return_fee", chargedForId: p.ids.returned });
    expect(lines[1]).toMatchObject({ expected: 242_500, expectedFee: 7_500 });

    // The statement's page: each kind explained, the total against the bank, the missing parcel.
    const [statement] = await db.select().from(codStatements).where(eq(codStatements.shop, p.shop));
    const page = (await call(
      statementPage.loader,
      await sessionTokenRequest(`/app/cod/statements/${statement!.id}`, p.shop, {
        headers: { "accept-language": "id-ID" },
      }),
      { id: statement!.id },
    )) as Awaited<ReturnType<typeof statementPage.loader>>;
    expect(page.total).toBe("Total laporan: Rp737.050 dari 5 baris.");
    expect(page.received).toEqual({
      text: "Masuk ke rekening Rp737.050: sama dengan total laporan.",
      differs: false,
    });
    expect(page.lines.map((l) => [l.kindLabel, l.detail])).toEqual([
      ["Dibayar kurang", "COD dibayar Rp232.800, seharusnya Rp242.500."],
      [
        "Dipotong untuk paket lain",
        `Rp23.000 (ongkir retur) dipotong untuk #1004 · ${p.waybills.returned}.`,
      ],
      ["Biaya COD tidak sesuai", "Biaya COD Rp5.000, yang disepakati Rp3.600."],
      ["Paket tidak dikenal", "Tidak ada paket toko dengan resi atau pesanan ini."],
    ]);
    expect(page.unpaid).toHaveLength(1);
    expect(page.unpaid[0]).toMatchObject({ id: p.ids.missing, late: "9 hari", tone: "critical" });

    // The COD page counts the paid parcels as received; the statement listed with its differences.
    const cod = (await call(
      codPage.loader,
      await sessionTokenRequest("/app/cod", p.shop, { headers: { "accept-language": "id-ID" } }),
    )) as Awaited<ReturnType<typeof codPage.loader>>;
    expect(cod.received).toEqual({ parcels: 4, amount: "Rp720.000" });
    expect(cod.overdue).toEqual({ parcels: 1, amount: "Rp99.000" });
    expect(cod.statements[0]).toMatchObject({ check: "4 baris berselisih", differs: true });
  });

  it("imports a file once: the same file again changes nothing, and an XLSX reads as its CSV", async () => {
    const p = await statementShop();
    const rows = statementRows(p);
    await upload(p.shop, statementCsv(rows), "a.csv", { mapping: STATEMENT_MAPPING });
    const again = await upload(p.shop, statementCsv(rows), "a-lagi.csv");
    expect(again.ok).toBe(true);
    expect(again.message).toMatch(
      /^Berkas ini sudah diimpor pada \d{1,2} \w{3} \d{4}: tidak ada yang berubah\.$/,
    );
    expect(await linesOf(p.shop)).toHaveLength(5);

    // The same lines as a workbook: a different file, so every known parcel is now paid twice.
    const xlsx = await upload(p.shop, await statementXlsx(rows), "a.xlsx");
    expect(xlsx.ok).toBe(true);
    const lines = await linesOf(p.shop);
    expect(lines.filter((l) => l.kind === "twice")).toHaveLength(4);
    expect(lines.filter((l) => l.pays === 1)).toHaveLength(4);
  });

  it("two imports at once pay each parcel once; removing the one that paid lets the other pay", async () => {
    const p = await statementShop();
    await importStatement(db, p.shop, {
      fileName: "map.csv",
      bytes: statementCsv([statementRows(p)[0]!]),
      receivedOn: TODAY,
      receivedAmount: null,
      columns: STATEMENT_MAPPING,
      today: TODAY,
    });
    const rows = statementRows(p).slice(1);
    const request = (bytes: Uint8Array, fileName: string) =>
      importStatement(db, p.shop, {
        fileName,
        bytes,
        receivedOn: TODAY,
        receivedAmount: null,
        today: TODAY,
      });
    const [a, b] = await Promise.all([
      request(statementCsv(rows, undefined), "b.csv"),
      request(
        statementCsv(
          rows
            .map((r) => [...r.slice(0, 8), `${r[8]} `.trim(), r[9]!])
            .concat([["9", "27/11/2026", "X", "", "", "0", "0", "0", "", "0"]]),
        ),
        "c.csv",
      ),
    ]);
    expect(a.kind).toBe("imported");
    expect(b.kind).toBe("imported");
    const lines = await linesOf(p.shop);
    const paying = lines.filter((l) => l.pays === 1).map((l) => l.shipmentId);
    expect(new Set(paying).size).toBe(paying.length);
    expect(paying).toHaveLength(4);

    // Remove the statement that paid the short parcel: the other one's line pays it now.
    const short = lines.find((l) => l.shipmentId === p.ids.short && l.pays === 1)!;
    const form = new FormData();
    form.set("intent", "removeStatement");
    form.set("id", short.statementId);
    const removed = (await call(
      codPage.action,
      await sessionTokenRequest("/app/cod", p.shop, {
        method: "POST",
        body: form,
        headers: { "accept-language": "id-ID" },
      }),
    )) as Answer;
    expect(removed).toEqual({
      ok: true,
      message: "Laporan dihapus: paket-paketnya kembali belum cair.",
    });
    const after = await db
      .select()
      .from(codStatementLines)
      .where(
        and(eq(codStatementLines.shop, p.shop), eq(codStatementLines.shipmentId, p.ids.short)),
      );
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ kind: "short", pays: 1, difference: -9_700 });
  });

  it("a file that does not read records nothing, and says which row, which column and what was expected", async () => {
    const p = await statementShop();
    await upload(p.shop, statementCsv([statementRows(p)[0]!]), "ok.csv", {
      mapping: STATEMENT_MAPPING,
    });
    const rows = statementRows(p, "27/11/2026").slice(1);
    rows[1]![5] = "dua ratus ribu";
    rows[2]![1] = "31/02/2026";
    rows[3]![2] = "";
    rows[3]![3] = "";
    const bad = await upload(p.shop, statementCsv(rows), "salah.csv");
    expect(bad.ok).toBe(false);
    expect(bad.message).toBe(
      "Tidak ada yang dicatat dari berkas ini. Perbaiki berkasnya lalu impor lagi.",
    );
    expect(bad.reasons).toEqual([
      'Baris 3, kolom "Nilai COD": "dua ratus ribu" bukan jumlah rupiah bulat (contoh: 150000 atau 150.000).',
      'Baris 4, kolom "Tanggal Cair": "31/02/2026" bukan tanggal (contoh: 27/11/2026 atau 2026-11-27).',
      "Baris 5: tidak ada nomor resi maupun nomor pesanan.",
    ]);
    const ragged = new TextEncoder().encode("No Resi,Nilai COD\nA1,100\nA2,100,5\n");
    const broken = await upload(p.shop, ragged, "rusak.csv");
    expect(broken.message).toBe(
      "Baris 3: berisi 3 kolom, seharusnya 2 seperti baris judul. Tidak ada yang dicatat dari berkas ini. Perbaiki berkasnya lalu impor lagi.",
    );
    const notXlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    expect((await upload(p.shop, notXlsx, "x.xlsx")).message).toMatch(/^Berkas XLSX rusak/);
    expect(await linesOf(p.shop)).toHaveLength(1);
  });

  it("a customer's redaction blanks their name and the deductions' words in stored statements", async () => {
    const p = await statementShop();
    await upload(p.shop, statementCsv(statementRows(p)), "nov.csv", { mapping: STATEMENT_MAPPING });
    // The returned parcel's buyer: the deduction taken for their parcel from another's payout.
    const status = await deliverWebhook(customersRedact, {
      topic: "customers/redact",
      shop: p.shop,
      body: {
        shop_id: 1,
        shop_domain: p.shop,
        customer: { id: 7101, email: "dewi@example.com", phone: "+6281234500004" },
        orders_to_redact: [810_001, 810_004],
      },
    });
    expect(status).toBe(200);
    const lines = await linesOf(p.shop);
    expect(lines.map((l) => [l.row, l.recipient, l.deductionNote])).toEqual([
      [2, null, null],
      [3, "Budi Santoso", null],
      [4, "Dewi Lestari", null],
      [5, "Agus Pratama", null],
      [6, "Rina Wati", null],
    ]);
    // The money stays: the ledger is the shop's.
    expect(lines[2]).toMatchObject({
      kind: "deducted",
      deductions: 23_000,
      chargedForId: p.ids.returned,
    });
  });
});
