import { code128, drawBars, encodable } from "./barcode";
import { drawQr, qrMatrix } from "./qr";
import { BOLD, REGULAR, fit, inverse, rule, shown, type Box, type Doc } from "./draw";
import { LABEL_TEXT_LIMITS as L } from "./bounded-text";
import { placeLine, type LabelWords } from "./label-words";

/**
 * One label's layout on its sheet (100 × 150 mm, or a quarter of A4), top to bottom: the order's
 * QR code, the shop, order, booking day and courier; the waybill's barcode and figures; the
 * courier's routing code, or without one the destination's city and postal code, white on black;
 * the cash to collect or NON-COD; piece count, weight, the buyer's shipping, declared value and
 * insurance; the receiver (a missing phone marked) and the sender; then the courier's note and the
 * contents, which take all the room left, at 9 pt down to 7 and never smaller: what does not fit
 * at 7 pt continues on the next sheets, each naming its parcel's order and waybill (no barcode or
 * QR code: one parcel, one scan).
 */

/** A paragraph of the note-and-contents flow. */
export interface Paragraph {
  text: string;
  font: string;
}

/**
 * Sizes the contents are tried at, largest first: as large as the label's room allows (a short
 * list fills the space the receiver leaves, readable at arm's length), never below 7 pt.
 */
const CONTENT_SIZES = [11, 10, 9, 8, 7.5, 7] as const;
const SMALLEST = CONTENT_SIZES[CONTENT_SIZES.length - 1]!;
const MORE = "→ Lanjut di lembar berikutnya / continued on the next label";

/** The label's note and contents as the paragraphs they flow in. */
export function paragraphs(label: LabelWords): Paragraph[] {
  const note = label.note
    ? [{ text: `Catatan / Note: ${shown(label.note, L.note)}`, font: BOLD }]
    : [];
  return [
    ...note,
    { text: `Isi / Contents (${label.contents.length}):`, font: BOLD },
    ...label.contents.map((line) => ({ text: shown(line, L.item), font: REGULAR })),
  ];
}

function heights(doc: Doc, list: Paragraph[], width: number, size: number): number[] {
  return list.map((p) =>
    doc.font(p.font).fontSize(size).heightOfString(p.text, { width, lineGap: 0 }),
  );
}

/**
 * The paragraphs in `box` at the largest size all of them fit, else at 7 pt as many as fit with a
 * line saying the rest continues; returns those left. `always`: at least the first is printed
 * (cut to the box at worst), so a continuation sheet always moves on.
 */
function flow(
  doc: Doc,
  list: Paragraph[],
  box: Box,
  always: boolean,
  smallest = heights(doc, list, box.width, SMALLEST),
): Paragraph[] {
  if (list.length === 0) return [];
  const total = (hs: number[]) => hs.reduce((a, b) => a + b, 0);
  let size: number = SMALLEST;
  let hs = smallest;
  let count = list.length;
  if (total(smallest) <= box.height) {
    for (const candidate of CONTENT_SIZES) {
      const at = candidate === SMALLEST ? smallest : heights(doc, list, box.width, candidate);
      if (total(at) <= box.height) {
        size = candidate;
        hs = at;
        break;
      }
    }
  } else {
    const more = doc.font(BOLD).fontSize(SMALLEST).heightOfString(MORE, { width: box.width });
    let used = 0;
    count = 0;
    while (count < list.length && used + smallest[count]! + more <= box.height) {
      used += smallest[count]!;
      count += 1;
    }
    if (count === 0 && always) count = 1;
  }
  let y = box.y;
  for (let i = 0; i < count; i += 1) {
    const h = Math.min(hs[i]!, box.y + box.height - y);
    doc
      .font(list[i]!.font)
      .fontSize(size)
      .text(list[i]!.text, box.x, y, { width: box.width, height: h, ellipsis: true, lineGap: 0 });
    y += h;
  }
  if (count < list.length)
    fit(doc, MORE, { ...box, y, height: box.y + box.height - y }, { font: BOLD, size: SMALLEST });
  return list.slice(count);
}

/** The inner box of a sheet, and its frame drawn. */
function frame(doc: Doc, outer: Box): Box {
  const pad = 6;
  doc.lineWidth(1.2).rect(outer.x, outer.y, outer.width, outer.height).stroke();
  return {
    x: outer.x + pad,
    y: outer.y + pad,
    width: outer.width - 2 * pad,
    height: outer.height - 2 * pad,
  };
}

/** The QR code's square in the header: the header's height. */
const QR_SIDE = 40;

/**
 * The order's name as a QR code first (staff scan it to find the order; the label only, not its
 * continuation sheets: one parcel, one code), then the shop, its order and the booking day, the
 * courier large on the right.
 */
function header(doc: Doc, label: LabelWords, box: Box, withQr: boolean): number {
  const courierWidth = box.width * 0.42;
  fit(
    doc,
    shown(label.courier, L.courier),
    { ...box, x: box.x + box.width - courierWidth, width: courierWidth, height: 40 },
    { font: BOLD, size: 18, min: 10, align: "right" },
  );
  const order = shown(label.orderName, L.orderName);
  let qr = 0;
  if (withQr && encodable(order)) {
    doc.fillColor("black");
    drawQr(doc, qrMatrix(order), { x: box.x, y: box.y, side: QR_SIDE });
    doc.fill();
    qr = QR_SIDE + 2;
  }
  const left = { ...box, x: box.x + qr, width: box.width - courierWidth - 6 - qr };
  let y = box.y;
  y += fit(
    doc,
    shown(label.shopName, L.shopName),
    { ...left, y, height: 12 },
    {
      font: BOLD,
      size: 10,
      min: 7,
    },
  );
  y += 1;
  y += fit(
    doc,
    `Pesanan ${order}`,
    { ...left, y, height: 11 },
    {
      size: 8,
      min: 6,
    },
  );
  if (label.bookedOn)
    fit(
      doc,
      `Tgl kirim ${label.bookedOn}`,
      { ...left, y: y + 1, height: 11 },
      {
        size: 8,
        min: 6,
      },
    );
  const end = box.y + 42;
  rule(doc, box, end);
  return end + 5;
}

/** The waybill in figures, large and centred, under its barcode or alone on a continuation. */
function waybillFigures(doc: Doc, label: LabelWords, box: Box, y: number): void {
  fit(
    doc,
    shown(label.waybill, L.waybill),
    { ...box, y, height: 16 },
    {
      font: BOLD,
      size: 13,
      min: 8,
      align: "center",
    },
  );
}

/** Koli, weight, cost; declared value and insurance: each fact known, in a cell of its own. */
function facts(doc: Doc, label: LabelWords, box: Box, top: number): number {
  const rows = [
    [
      `Koli ${label.pieces}`,
      `Berat ${shown(label.weight, L.weight)}`,
      label.shippingCost ? `Ongkir ${label.shippingCost}` : null,
    ],
    [
      label.declaredValue ? `Nilai barang ${label.declaredValue}` : null,
      label.insured === null
        ? null
        : label.insured
          ? `Asuransi ${label.insured}`
          : "Tanpa asuransi",
    ],
  ].map((row) => row.filter((cell): cell is string => cell !== null));
  let y = top;
  for (const row of rows) {
    if (row.length === 0) continue;
    const width = box.width / row.length;
    row.forEach((cell, i) =>
      fit(
        doc,
        cell,
        { x: box.x + i * width, y, width: width - 4, height: 12 },
        {
          font: BOLD,
          size: 9,
          min: 6,
        },
      ),
    );
    y += 12;
  }
  return y;
}

/** The receiver or the sender: title, name and phone, address, and its place line in bold. */
function party(
  doc: Doc,
  box: Box,
  top: number,
  space: number,
  side: {
    title: string;
    p: LabelWords["receiver"];
    sizes: { name: number; text: number };
    markNoPhone: boolean;
  },
): number {
  let y = top;
  const end = top + space;
  const cell = (h: number): Box => ({ ...box, y, height: Math.max(0, Math.min(h, end - y)) });
  const { p, sizes } = side;
  y += fit(doc, side.title, cell(10), { font: BOLD, size: 6.5 }) + 1;
  if (side.markNoPhone && !p.phone) {
    const band = cell(12);
    if (band.height >= 10) {
      inverse(doc, band, "TANPA NO. HP PENERIMA · hubungi pengirim", 7, 6);
      y += band.height + 2;
    }
  }
  y +=
    fit(
      doc,
      [shown(p.name ?? "", L.name), shown(p.phone ?? "", L.phone)].filter(Boolean).join(" · "),
      cell(space * 0.3),
      { font: BOLD, size: sizes.name, min: 6 },
    ) + 1;
  const place = shown(placeLine(p), L.place);
  const placeHeight = place ? Math.min(sizes.text * 2.6, Math.max(0, end - y) / 2) : 0;
  y += fit(doc, shown(p.address ?? "", L.address), cell(end - y - placeHeight), {
    size: sizes.text,
    min: 5.5,
  });
  if (place) y += fit(doc, place, cell(placeHeight), { font: BOLD, size: sizes.text, min: 5.5 });
  return Math.max(y, top) + 3;
}

/** A parcel's label on its sheet; returns the paragraphs of contents left for the next sheets. */
export function drawLabel(doc: Doc, label: LabelWords, outer: Box): Paragraph[] {
  const box = frame(doc, outer);
  const bottom = box.y + box.height;
  let y = header(doc, label, box, true);

  // The waybill as a barcode the courier scans, and in figures below it.
  // A waybill longer than any courier's is no barcode a scanner reads: its figures alone.
  if (encodable(label.waybill) && label.waybill.length <= L.waybill) {
    doc.fillColor("black");
    drawBars(doc, code128(label.waybill), { x: box.x, y, width: box.width, height: 56 });
    doc.fill();
  }
  y += 58;
  waybillFigures(doc, label, box, y);
  y += 17;
  // What a hub sorts by: the courier's routing code, else the destination's city and postal code.
  const sortBy = label.routingCode
    ? shown(label.routingCode, L.routingCode)
    : label.destinationCode && shown(label.destinationCode, L.destination);
  if (sortBy) {
    inverse(doc, { ...box, y, height: 22 }, sortBy, 15);
    y += 24;
  }
  rule(doc, box, y);
  y += 4;

  // The cash the courier collects, in large type; or NON-COD, so nobody collects what is paid.
  if (label.cod) inverse(doc, { ...box, y, height: 28 }, `COD ${shown(label.cod, L.cod)}`, 18);
  else {
    doc.lineWidth(1.2).rect(box.x, y, box.width, 28).stroke();
    fit(
      doc,
      "NON-COD",
      { x: box.x + 4, y: y + 6, width: box.width - 8, height: 20 },
      {
        font: BOLD,
        size: 14,
        align: "center",
      },
    );
  }
  y += 31;
  y = facts(doc, label, box, y) + 1;
  rule(doc, box, y);
  y += 3;

  // The contents keep what they need up to a third of the rest (at 7 pt); the parties share the
  // remainder and take only what they need, so the contents get whatever they leave.
  const list = paragraphs(label);
  const room = bottom - y;
  const atSmallest = heights(doc, list, box.width, SMALLEST);
  const needed = atSmallest.reduce((a, b) => a + b, 0);
  const reserve = Math.min(needed, Math.max(room / 3, 4 * SMALLEST * 1.2));
  const parties = room - reserve - 8;
  y = party(doc, box, y, parties * 0.6, {
    title: "PENERIMA / TO",
    p: label.receiver,
    // Large where there is room (what the courier reads at the door); fit shrinks it where not.
    sizes: { name: 14, text: 11 },
    markNoPhone: true,
  });
  rule(doc, box, y);
  y += 3;
  y = party(doc, box, y, Math.max(0, bottom - reserve - 5 - y), {
    title: "PENGIRIM / FROM",
    p: label.sender,
    sizes: { name: 8, text: 7 },
    markNoPhone: false,
  });
  rule(doc, box, y);
  y += 3;
  return flow(doc, list, { ...box, y, height: bottom - y }, false, atSmallest);
}

/** A sheet continuing a parcel's contents: its order and waybill in figures, then the contents. */
export function drawContinuation(
  doc: Doc,
  label: LabelWords,
  rest: Paragraph[],
  sheet: number,
  outer: Box,
): Paragraph[] {
  const box = frame(doc, outer);
  const bottom = box.y + box.height;
  let y = header(doc, label, box, false);
  waybillFigures(doc, label, box, y);
  y += 18;
  inverse(doc, { ...box, y, height: 20 }, `LANJUTAN ISI · Lembar ${sheet}`, 12);
  y += 22;
  y += fit(
    doc,
    "Bukan label pengiriman: tempel atau masukkan bersama paket / not a shipping label: keep with the parcel",
    { ...box, y, height: 20 },
    { size: 7 },
  );
  rule(doc, box, y + 2);
  y += 5;
  return flow(doc, rest, { ...box, y, height: bottom - y }, true);
}
