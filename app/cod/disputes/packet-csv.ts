import type { CodDispute, CodDisputeItem } from "../../db/schema-cod-money";
import { csvLine } from "../../platform/csv-cell";
import { dateIn } from "../../platform/zoned-time";
import { packetColumns, type PacketWords } from "./packet-rows";

/**
 * A dispute's packet as CSV for the service: a row per parcel, amounts as plain whole rupiah a
 * spreadsheet sums (the difference signed), dates as YYYY-MM-DD, safe to open in a spreadsheet.
 */
export function packetCsv(
  dispute: CodDispute,
  items: readonly CodDisputeItem[],
  words: PacketWords,
): string {
  const { t } = words;
  const date = (at: Date | null) => (at ? dateIn(at, words.timeZone) : "");
  return (
    csvLine(packetColumns(t)) +
    items
      .map((i) =>
        csvLine([
          i.waybill ?? "",
          i.orderName ?? "",
          date(i.deliveredAt),
          date(i.payoutBy),
          i.paidOn ?? "",
          t(`codMoney.kind.${i.kind}` as "codMoney.kind.short"),
          String(i.expected),
          String(i.paid),
          String(i.difference),
          i.proof ?? "",
        ]),
      )
      .join("") +
    csvLine([
      t("codMoney.packet.total"),
      `${t("codMoney.packet.number")} ${dispute.number}`,
      "",
      "",
      "",
      "",
      String(items.reduce((s, i) => s + i.expected, 0)),
      String(items.reduce((s, i) => s + i.paid, 0)),
      String(items.reduce((s, i) => s + i.difference, 0)),
      "",
    ])
  );
}
