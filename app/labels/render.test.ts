import { afterAll, describe, expect, it } from "vitest";
import { hasPoppler, pdfFile, type PdfWord } from "#test/helpers/pdf.ts";
import type { LabelLayout } from "../shops/label-layouts";
import { PAGE_SIZES, labelPdfBuffer } from "./render.server";
import { LABEL_TEXT_LIMITS, LONGEST_RUN } from "./bounded-text";
import type { LabelWords } from "./label-words";
import { sampleLabel } from "#test/fixtures/labels.ts";

/**
 * Labels judged as a printer and a scanner would: each PDF is rendered by poppler and every
 * barcode read back by ZXing and compared with its waybill; page sizes are poppler's.
 */
const files: { remove(): void }[] = [];
afterAll(() => files.forEach((f) => f.remove()));

const label = sampleLabel;

async function render(labels: LabelWords[], layout: LabelLayout) {
  const pdf = pdfFile(await labelPdfBuffer(labels, layout));
  files.push(pdf);
  return pdf;
}

const MM = 72 / 25.4;

/** A word's type size as poppler boxes it: DejaVu Sans spans 1.164 em, ascent to descent. */
const typeSize = (w: PdfWord) => (w.yMax - w.yMin) / 1.164;

describe.skipIf(!hasPoppler)("labels as a PDF", () => {
  it("prints forty thermal labels, 100 × 150 mm, each barcode reading back its waybill", async () => {
    const labels = Array.from({ length: 40 }, (_, i) => label(i));
    const pdf = await render(labels, "thermal");
    const sizes = pdf.pageSizes();
    expect(sizes).toHaveLength(40);
    for (const [w, h] of sizes) {
      expect(w).toBeCloseTo(100 * MM, 0);
      expect(h).toBeCloseTo(150 * MM, 0);
    }
    expect(await pdf.barcodes()).toEqual(labels.map((l) => [l.waybill]));
  });

  it("reads back a waybill the scanner's downscaled pass once misread (a thermal label)", async () => {
    const waybill = "10008178875168228";
    const pdf = await render([{ ...label(0), waybill }], "thermal");
    expect(await pdf.barcodes()).toEqual([[waybill]]);
  });

  it("puts four labels on an A4 page, and reads all four back", async () => {
    const labels = Array.from({ length: 6 }, (_, i) => label(i));
    const pdf = await render(labels, "a4");
    expect(pdf.pageSizes()).toEqual([
      [PAGE_SIZES.a4[0], PAGE_SIZES.a4[1]],
      [PAGE_SIZES.a4[0], PAGE_SIZES.a4[1]],
    ]);
    const read = await pdf.barcodes();
    expect(read.map((page) => [...page].sort())).toEqual([
      labels
        .slice(0, 4)
        .map((l) => l.waybill)
        .sort(),
      labels
        .slice(4)
        .map((l) => l.waybill)
        .sort(),
    ]);
  });

  it("wraps a long address and prints the scripts customers type, with the font embedded", async () => {
    const address =
      "Perumahan Griya Permata Hijau Blok C-7 No. 15, Jalan Raya Letjen. Suprapto Gang Mawar III, RT 012/RW 007, Kelurahan Sukamaju Baru, dekat Masjid Al-Ikhlas, pagar hijau";
    const name = "Ñoño Dewi Ayu Ратмир Ελένη Nurhasanah binti Abdurrahman Wahid";
    const pdf = await render(
      [label(1, { waybill: "JNE00000000001", receiver: { ...label(1).receiver, name, address } })],
      "thermal",
    );
    const [text] = pdf.pages();
    // Wrapped, not cut: every word of the address and the name is on the page.
    for (const word of [...address.split(/\s+/), ...name.split(/\s+/)])
      expect(text).toContain(word);
    expect(text).toContain("Kebon Jeruk, Jakarta Barat, DKI Jakarta 11530");
    expect(text).toContain("NON-COD");
    // The typeface travels in the file (embedded and subset), so any printer prints the same glyphs.
    const fonts = pdf
      .fonts()
      .split("\n")
      .filter((l) => l.includes("DejaVu"));
    expect(fonts.map((l) => /DejaVuSans-Bold/.test(l))).toEqual(
      expect.arrayContaining([true, false]),
    );
    for (const line of fonts) expect(line).toMatch(/\byes\s+yes\s+yes\b/);
    // And the barcode, drawn above the text, still reads.
    expect(await pdf.barcodes()).toEqual([["JNE00000000001"]]);
  });

  it("a hostile label (a pickup address of one 8,000-character word, 255-character names) prints cut, its runs broken, its barcode read", async () => {
    const word = "Ж".repeat(8_000);
    const name = "B".repeat(255);
    const hostile = label(2, {
      sender: { ...label(2).sender, address: word, name: "C".repeat(2_000) },
      contents: Array.from({ length: 8 }, () => `1 × ${name}`),
      shopName: "D".repeat(1_000),
    });
    const pdf = await render([hostile], "thermal");
    const text = pdf.pages().join(" ");
    // No run of characters longer than a label line reaches the page: each is broken with a space.
    const runs = text!.split(/\s+/).map((run) => run.length);
    expect(Math.max(...runs)).toBeLessThanOrEqual(LONGEST_RUN + 1);
    // Each text kept no more than its limit; the rest of the label is as usual.
    expect(text!.replace(/[^Ж]/g, "").length).toBeLessThanOrEqual(LABEL_TEXT_LIMITS.address);
    expect(text).toContain("PENERIMA / TO");
    expect(text).toContain("Kebon Jeruk, Jakarta Barat, DKI Jakarta 11530");
    // Eight items of 160 characters (each cut there) continue on a second sheet, without a barcode.
    expect(text.match(/B{20}/g)?.length).toBeGreaterThanOrEqual(8);
    expect(await pdf.barcodes()).toEqual([[hostile.waybill], []]);
  });

  it("says the COD to collect in large type, NON-COD on a prepaid parcel, the routing code where given", async () => {
    const pdf = await render([label(0), label(1)], "thermal");
    const [cod, prepaid] = pdf.pages();
    expect(cod).toContain("COD Rp150.000");
    expect(cod).not.toContain("NON-COD");
    expect(cod).toContain("CGK10112");
    expect(prepaid).toContain("NON-COD");
    expect(prepaid).not.toContain("CGK10112");
    expect(cod).toContain("Berat 1,25 kg");
    expect(cod).toContain("Pesanan #1000");
    expect(cod).toContain("Batik Sekar Jagad");
    expect(cod).toContain("JNE REG");
    expect(prepaid).toContain("SICEPAT REG");
    // The order's name as a QR code on each label, read back by ZXing.
    expect(await pdf.barcodes(203, "QRCode")).toEqual([["#1000"], ["#1001"]]);
  });

  it("says where it goes without a routing code, when it was booked, Koli 1/1, value, insurance, cost and note", async () => {
    const pdf = await render([label(0), label(1)], "thermal");
    const [routed, unrouted] = pdf.pages();
    // No routing code from the service: the destination's city and postal code, as large.
    expect(unrouted).toContain("JAKARTA BARAT 11530");
    expect(routed).not.toContain("JAKARTA BARAT 11530");
    const [routedWords, unroutedWords] = pdf.words();
    const routing = routedWords!.find((w) => w.text === "CGK10112")!;
    const destination = unroutedWords!.find((w) => w.text === "11530" && typeSize(w) > 10)!;
    expect(typeSize(destination)).toBeGreaterThanOrEqual(typeSize(routing) - 0.5);
    for (const page of [routed, unrouted]) {
      expect(page).toContain("27 Nov 2026");
      expect(page).toContain("Koli 1/1");
      expect(page).toContain("Ongkir");
      expect(page).toContain("Rp19.000");
      expect(page).toContain("Nilai barang");
      expect(page).toContain("Rp150.000");
    }
    expect(routed).toContain("Asuransi Rp150.000");
    expect(unrouted).toContain("Tanpa asuransi");
    expect(unrouted).toContain("Tolong dibungkus rapi, titip di pos satpam kalau rumah kosong");
    expect(routed).not.toContain("Catatan");
    expect(await pdf.barcodes()).toEqual([[label(0).waybill], [label(1).waybill]]);
  });

  it("uses its height: a short list and the receiver set large, nearly down to the frame", async () => {
    const pdf = await render([label(0)], "thermal");
    const [words] = pdf.words();
    const [[, height]] = pdf.pageSizes() as [[number, number]];
    // The last line printed within the label's lowest eighth (a fifth was left blank before).
    const lowest = Math.max(...words!.map((w) => w.yMax));
    expect(lowest / height).toBeGreaterThan(0.85);
    // The receiver's name, what the courier reads at the door, larger than the facts above it.
    const name = words!.find((w) => w.text === "Rahmawati")!;
    expect(typeSize(name)).toBeGreaterThanOrEqual(13);
    // Two items, at 10 pt or more.
    const items = words!.filter((w) => /^(Kemeja|Sarung)$/.test(w.text));
    expect(items).toHaveLength(2);
    for (const w of items) expect(typeSize(w)).toBeGreaterThanOrEqual(10);
  });

  it("marks a receiver without a phone number for the courier to see", async () => {
    const noPhone = label(1, { receiver: { ...label(1).receiver, phone: null } });
    const pdf = await render([noPhone, label(1)], "thermal");
    const [without, withPhone] = pdf.pages();
    expect(without).toContain("TANPA NO. HP");
    expect(withPhone).not.toContain("TANPA NO. HP");
    expect(withPhone).toContain("6281398765432");
  });

  it("sets the contents at 7 pt or more, continued on a second label when they do not fit", async () => {
    const items = Array.from(
      { length: 40 },
      (_, i) => `${(i % 3) + 1} × Kemeja Batik Parang Motif-${i + 1} Lengan Panjang`,
    );
    const long = label(1, { contents: items });
    const pdf = await render([long, label(2)], "thermal");
    const pages = pdf.pages();
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const last = pages.length - 1;
    // Every item once, across the sheets of its parcel.
    const sheets = pages.slice(0, last).join(" ");
    for (let i = 1; i <= 40; i += 1) expect(sheets.split(`Motif-${i} `).length - 1).toBe(1);
    expect(pages[0]).toContain("Lanjut di lembar berikutnya");
    expect(pages[1]).toContain("LANJUTAN ISI");
    expect(pages[1]).toContain(long.waybill);
    expect(pages[1]).toContain("Pesanan #1001");
    expect(pages[1]).toContain("Lembar 2");
    // One parcel, one barcode: the continuation has the waybill in figures only.
    const read = await pdf.barcodes();
    expect(read[0]).toEqual([long.waybill]);
    for (const page of read.slice(1, last)) expect(page).toEqual([]);
    expect(read[last]).toEqual([label(2).waybill]);
    // Nothing of the contents below 7 pt, on any sheet.
    const words = pdf.words();
    const contentWords = words
      .flat()
      .filter((w) => /^(Kemeja|Sarung|Lengan|Panjang)$/.test(w.text));
    expect(contentWords.length).toBeGreaterThanOrEqual(82);
    for (const w of contentWords) expect(typeSize(w)).toBeGreaterThanOrEqual(6.9);
  });
});
