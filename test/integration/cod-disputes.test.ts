import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { db } from "#app/db/index.server.ts";
import { codStatementLines, codStatements } from "#app/db/schema-cod-money.ts";
import { importStatement } from "#app/cod/statements/import.server.ts";
import * as codPage from "#app/routes/app.cod/route.tsx";
import * as statementPage from "#app/routes/app.cod_.statements.$id/route.tsx";
import * as packetPdfRoute from "#app/routes/app.cod_.disputes.$id[.]pdf.tsx";
import * as packetCsvRoute from "#app/routes/app.cod_.disputes.$id[.]csv.tsx";
import { sessionTokenRequest } from "../helpers/shopify.ts";
import { testStack } from "../helpers/stack.ts";
import { pdfFile, hasPoppler } from "../helpers/pdf.ts";
import {
  STATEMENT_MAPPING,
  statementCsv,
  statementRows,
  statementShop,
} from "../helpers/cod-statements.ts";

/**
 * A dispute made from a statement's page (lines with differences and a parcel nothing paid), its
 * packet read back as the service would: the PDF through poppler, the CSV through a CSV parser;
 * its state moved on from the COD page, with its age.
 */
testStack();

const call = async (fn: unknown, request: Request, params: object = {}) =>
  (fn as (a: { request: Request; params: object; context: object }) => Promise<unknown>)({
    request,
    params,
    context: {},
  });

const asked = { "accept-language": "id-ID" };

describe("COD disputes: the packet and its state", () => {
  it.skipIf(!hasPoppler)(
    "packs the chosen lines and the unpaid parcel as a PDF and a CSV in Indonesian",
    async () => {
      const p = await statementShop("dispute");
      await importStatement(db, p.shop, {
        fileName: "nov.csv",
        bytes: statementCsv(statementRows(p, "2026-11-27")),
        receivedOn: "2026-11-27",
        receivedAmount: null,
        columns: STATEMENT_MAPPING,
        today: "2099-01-01",
      });
      const [statement] = await db
        .select()
        .from(codStatements)
        .where(eq(codStatements.shop, p.shop));
      const lines = await db
        .select()
        .from(codStatementLines)
        .where(eq(codStatementLines.statementId, statement!.id));
      const short = lines.find((l) => l.kind === "short")!;
      const fee = lines.find((l) => l.kind === "fee")!;
      const ok = lines.find((l) => l.kind === "ok")!;
      const form = new FormData();
      form.set("intent", "dispute");
      for (const id of [short.id, fee.id, ok.id]) form.append("line", id);
      form.append("parcel", p.ids.missing);
      const made = (await call(
        statementPage.action,
        await sessionTokenRequest(`/app/cod/statements/${statement!.id}`, p.shop, {
          method: "POST",
          body: form,
          headers: asked,
        }),
        { id: statement!.id },
      )) as { ok: boolean; message: string };
      expect(made).toEqual({
        ok: true,
        message:
          "Sengketa No. 1 dibuat: unduh berkasnya di halaman COD dan kirim ke layanan pengiriman.",
      });

      const page = (await call(
        codPage.loader,
        await sessionTokenRequest("/app/cod", p.shop, { headers: asked }),
      )) as Awaited<ReturnType<typeof codPage.loader>>;
      // The line without a difference is left out: 3 parcels, -9.700 - 1.400 - 96.030.
      expect(page.disputes).toHaveLength(1);
      expect(page.disputes[0]).toMatchObject({
        number: 1,
        state: "sent",
        line: "No. 1: 3 paket, selisih -Rp107.130",
      });
      expect(page.disputes[0]!.age).toMatch(
        /^dibuat 0 hari lalu; status sejak \d{1,2} \w{3} \d{4}$/,
      );
      const id = page.disputes[0]!.id;

      const csvResponse = (await call(
        packetCsvRoute.loader,
        await sessionTokenRequest(`/app/cod/disputes/${id}.csv`, p.shop),
        { id },
      )) as Response;
      expect(csvResponse.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const rows = parse(await csvResponse.text()) as string[][];
      expect(rows[0]).toEqual([
        "No. Resi",
        "Pesanan",
        "Terkirim",
        "Jadwal cair",
        "Dibayar pada",
        "Jenis selisih",
        "Seharusnya",
        "Dibayar",
        "Selisih",
        "Bukti terkirim",
      ]);
      const byWaybill = new Map(rows.slice(1).map((r) => [r[0], r]));
      expect(
        byWaybill
          .get(p.waybills.short)!
          .slice(1, 2)
          .concat(byWaybill.get(p.waybills.short)!.slice(4, 9)),
      ).toEqual(["#1002", "2026-11-27", "Dibayar kurang", "242500", "232800", "-9700"]);
      expect(byWaybill.get(p.waybills.fee)!.slice(5, 9)).toEqual([
        "Biaya COD tidak sesuai",
        "116400",
        "115000",
        "-1400",
      ]);
      const missing = byWaybill.get(p.waybills.missing)!;
      expect(missing.slice(4, 9)).toEqual(["", "Belum dibayar", "96030", "0", "-96030"]);
      expect(missing[9]).toBe(`https://track.example.id/${p.waybills.missing}`);
      expect(rows.at(-1)!.slice(0, 2).concat(rows.at(-1)!.slice(6, 9))).toEqual([
        "Total",
        "Sengketa No. 1",
        "454930",
        "347800",
        "-107130",
      ]);

      const pdfResponse = (await call(
        packetPdfRoute.loader,
        await sessionTokenRequest(`/app/cod/disputes/${id}.pdf`, p.shop),
        { id },
      )) as Response;
      expect(pdfResponse.headers.get("content-type")).toBe("application/pdf");
      const pdf = pdfFile(new Uint8Array(await pdfResponse.arrayBuffer()), "sengketa");
      try {
        const text = pdf.pages().join(" ");
        expect(text).toContain("Pengajuan Selisih COD No. 1");
        expect(text).toContain("Mohon periksa dan bayarkan selisih pencairan COD");
        for (const words of [
          p.waybills.short,
          "Dibayar kurang",
          "-Rp9.700",
          "Biaya COD tidak sesuai",
          "Belum dibayar",
          "-Rp96.030",
        ])
          expect(text).toContain(words);
        expect(text).toContain("Total selisih: -Rp107.130");
        expect(pdf.pageSizes()[0]).toEqual([841.89, 595.28]);
      } finally {
        pdf.remove();
      }

      // The statement's page says which line is in which dispute.
      const view = (await call(
        statementPage.loader,
        await sessionTokenRequest(`/app/cod/statements/${statement!.id}`, p.shop, {
          headers: asked,
        }),
        { id: statement!.id },
      )) as Awaited<ReturnType<typeof statementPage.loader>>;
      expect(
        view.lines
          .filter((l) => l.dispute === "Sengketa No. 1")
          .map((l) => l.kind)
          .sort(),
      ).toEqual(["fee", "short"]);

      // Answered, then paid: the state and since when.
      const move = new FormData();
      move.set("intent", "disputeState");
      move.set("id", id);
      move.set("state", "paid");
      const moved = (await call(
        codPage.action,
        await sessionTokenRequest("/app/cod", p.shop, {
          method: "POST",
          body: move,
          headers: asked,
        }),
      )) as {
        ok: boolean;
        message: string;
      };
      expect(moved).toEqual({
        ok: true,
        message: "Status sengketa No. 1 disimpan: Sudah dibayar.",
      });
      const bad = new FormData();
      bad.set("intent", "disputeState");
      bad.set("id", id);
      bad.set("state", "lunas");
      expect(
        (
          (await call(
            codPage.action,
            await sessionTokenRequest("/app/cod", p.shop, {
              method: "POST",
              body: bad,
              headers: asked,
            }),
          )) as { ok: boolean }
        ).ok,
      ).toBe(false);
      // Another shop cannot read it.
      const other = await statementShop("dispute-other");
      const theirs = (await call(
        packetCsvRoute.loader,
        await sessionTokenRequest(`/app/cod/disputes/${id}.csv`, other.shop),
        { id },
      )) as Response;
      expect(theirs.status).toBe(404);
    },
  );
});
