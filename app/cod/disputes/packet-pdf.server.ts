import PDFDocument from "pdfkit";
import type { CodDispute, CodDisputeItem } from "../../db/schema-cod-money";
import { labelFonts, printable } from "../../labels/fonts.server";
import { dayOf } from "../../shipments/status-words";
import {
  PACKET_KEYS,
  packetColumns,
  packetRows,
  packetTitle,
  packetTotal,
  type PacketWords,
} from "./packet-rows";

/**
 * A dispute's packet as a printable PDF in Indonesian (A4 landscape): who asks and when, a row per
 * parcel (waybill, order, dates, the service's delivery proof, expected, paid, the difference and
 * its kind) and the total asked. Set in DejaVu Sans like the labels (../../labels/fonts.server.ts).
 */
const MM = 72 / 25.4;
const MARGIN = 12 * MM;
/** Each column's share of the table's width, in the packet's order. */
const WIDTHS = [0.11, 0.09, 0.08, 0.08, 0.08, 0.16, 0.1, 0.1, 0.1, 0.1];
export async function packetPdf(
  dispute: CodDispute,
  items: readonly CodDisputeItem[],
  shopName: string,
  words: PacketWords,
): Promise<Buffer> {
  const { t } = words;
  const fonts = labelFonts();
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: MARGIN,
    compress: true,
    info: { Title: packetTitle(dispute, t), Creator: "ParcelBridge" },
  });
  doc.registerFont("regular", fonts.regular);
  doc.registerFont("bold", fonts.bold);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const text = (s: string) => printable(s, fonts);

  doc
    .font("bold")
    .fontSize(16)
    .text(text(packetTitle(dispute, t)));
  doc.moveDown(0.3);
  doc
    .font("regular")
    .fontSize(10)
    .text(
      text(
        t("codMoney.packet.from", {
          shop: shopName,
          day: dayOf(dispute.createdAt, words),
          count: items.length,
        }),
      ),
    );
  doc.text(text(t("codMoney.packet.ask")));
  doc.moveDown(0.8);

  const columns = packetColumns(t);
  const x = (i: number) => MARGIN + WIDTHS.slice(0, i).reduce((s, w) => s + w * width, 0);
  const drawRow = (cells: string[], font: "regular" | "bold") => {
    doc.font(font).fontSize(8);
    const heights = cells.map((c, i) =>
      doc.heightOfString(text(c), { width: WIDTHS[i]! * width - 4 }),
    );
    const height = Math.max(...heights) + 6;
    if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
    const top = doc.y;
    cells.forEach((c, i) =>
      doc.text(text(c), x(i) + 2, top + 3, { width: WIDTHS[i]! * width - 4, lineBreak: true }),
    );
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + width, top + height)
      .lineWidth(0.5)
      .strokeColor("#999999")
      .stroke();
    doc.x = MARGIN;
    doc.y = top + height;
  };
  drawRow(columns, "bold");
  for (const row of packetRows(items, words))
    drawRow(
      PACKET_KEYS.map((k) => row[k]),
      "regular",
    );
  doc.moveDown(0.8);
  doc
    .font("bold")
    .fontSize(11)
    .text(text(t("codMoney.packet.totalAsked", { amount: packetTotal(items, words) })), MARGIN);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
