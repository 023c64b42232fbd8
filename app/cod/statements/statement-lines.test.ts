import { describe, expect, it } from "vitest";
import { guessColumns, mappingGaps } from "./columns";
import { readDate, readLines } from "./statement-lines";

describe("a statement's dates", () => {
  it.each([
    ["2026-11-27", "2026-11-27"],
    ["2026-11-27 14:05:00", "2026-11-27"],
    ["27/11/2026", "2026-11-27"],
    ["27-11-2026", "2026-11-27"],
    ["7.11.2026", "2026-11-07"],
    ["27 Nov 2026", "2026-11-27"],
    ["5 Mei 2026", "2026-05-05"],
    ["17 Agustus 2026", "2026-08-17"],
    ["1 Des 2026", "2026-12-01"],
  ])("%s is %s", (text, date) => expect(readDate(text)).toBe(date));

  it.each(["31/02/2026", "2026-13-01", "27 Foo 2026", "kemarin", "11/27/2026", "27/11/26"])(
    "%s is no date",
    (text) => expect(readDate(text)).toBeNull(),
  );
});

describe("the columns of statements as services and couriers write them", () => {
  it("guesses an aggregator's Indonesian header", () => {
    expect(
      guessColumns([
        "No",
        "Tanggal Pencairan",
        "Nomor Resi",
        "ID Pesanan",
        "Penerima",
        "Nilai COD",
        "Biaya Layanan COD",
        "Potongan Lain",
        "Keterangan Potongan",
        "Jumlah Dicairkan",
      ]),
    ).toEqual({
      paidOn: "Tanggal Pencairan",
      waybill: "Nomor Resi",
      reference: "ID Pesanan",
      recipient: "Penerima",
      cod: "Nilai COD",
      fee: "Biaya Layanan COD",
      deductions: "Potongan Lain",
      deductionNote: "Keterangan Potongan",
      net: "Jumlah Dicairkan",
    });
  });

  it("guesses an English header, and says what a mapping lacks", () => {
    const header = ["AWB", "Order ID", "COD Amount", "COD Fee", "Net Payout", "Paid Date"];
    const guess = guessColumns(header);
    expect(guess).toEqual({
      waybill: "AWB",
      reference: "Order ID",
      cod: "COD Amount",
      fee: "COD Fee",
      net: "Net Payout",
      paidOn: "Paid Date",
    });
    expect(mappingGaps(guess, header)).toEqual([]);
    expect(mappingGaps({ cod: "Nilai", fee: "Nilai" }, ["Nilai"])).toEqual([
      { kind: "needsId" },
      { kind: "twice", column: "Nilai" },
    ]);
    expect(mappingGaps({ waybill: "Resi", cod: "COD" }, ["AWB", "COD"])).toEqual([
      { kind: "missing", field: "waybill", column: "Resi" },
    ]);
  });
});

describe("a statement's rows as lines", () => {
  const header = ["Resi", "COD", "Biaya", "Potongan", "Bersih"];
  const columns = {
    waybill: "Resi",
    cod: "COD",
    fee: "Biaya",
    deductions: "Potongan",
    net: "Bersih",
  };

  it("reads amounts as whole rupiah, deductions as money taken, a missing net as the arithmetic", () => {
    const read = readLines(
      header,
      [
        { row: 2, cells: ["JNE1", "150.000", "4.500", "-23.000", "122.500"] },
        { row: 3, cells: ["JNE2", "Rp 99,000", "", "", ""] },
      ],
      columns,
    );
    expect(read).toEqual({
      ok: true,
      lines: [
        expect.objectContaining({
          waybill: "JNE1",
          cod: 150_000,
          fee: 4_500,
          deductions: 23_000,
          net: 122_500,
        }),
        expect.objectContaining({
          waybill: "JNE2",
          cod: 99_000,
          fee: 0,
          deductions: 0,
          net: 99_000,
        }),
      ],
    });
  });

  it("names each row that does not read, at most ten, and how many more", () => {
    const rows = Array.from({ length: 13 }, (_, i) => ({
      row: i + 2,
      cells: [`W${i}`, "1,5", "", "", ""],
    }));
    const read = readLines(header, rows, columns);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems).toHaveLength(10);
    expect(read.problems[0]).toEqual({ code: "amount", row: 2, column: "COD", value: "1,5" });
    expect(read.more).toBe(3);
  });
});
