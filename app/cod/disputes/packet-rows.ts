import type { TFunction } from "i18next";
import type { CodDispute, CodDisputeItem } from "../../db/schema-cod-money";
import { dayOf, formatMoney } from "../../shipments/status-words";

/**
 * A dispute's parcels as its packet says them (the CSV and the PDF say the same): in Indonesian,
 * the service's language, whatever the merchant reads; dates as days in the shop's zone; money
 * in rupiah, the difference signed.
 */
export interface PacketRow {
  waybill: string;
  order: string;
  delivered: string;
  payoutBy: string;
  paidOn: string;
  kind: string;
  expected: string;
  paid: string;
  difference: string;
  proof: string;
}

export interface PacketWords {
  t: TFunction;
  locale: string;
  timeZone: string;
}

/** The packet's columns, in order. */
export const PACKET_KEYS: readonly (keyof PacketRow)[] = [
  "waybill",
  "order",
  "delivered",
  "payoutBy",
  "paidOn",
  "kind",
  "expected",
  "paid",
  "difference",
  "proof",
];

/** The columns' titles, in the packet's order. */
export const packetColumns = (t: TFunction): string[] =>
  PACKET_KEYS.map((c) => t(`codMoney.packet.columns.${c}` as "codMoney.packet.columns.waybill"));

export function packetRows(items: readonly CodDisputeItem[], words: PacketWords): PacketRow[] {
  const { t, locale, timeZone } = words;
  const money = (n: number) => formatMoney(n, "IDR", locale) ?? String(n);
  const day = (at: Date | null) => (at ? dayOf(at, { locale, timeZone }) : "—");
  return items.map((i) => ({
    waybill: i.waybill ?? "—",
    order: i.orderName ?? "—",
    delivered: day(i.deliveredAt),
    payoutBy: day(i.payoutBy),
    paidOn: i.paidOn ? dayOf(`${i.paidOn}T00:00:00Z`, { locale, timeZone: "UTC" }) : "—",
    kind: t(`codMoney.kind.${i.kind}` as "codMoney.kind.short"),
    expected: money(i.expected),
    paid: money(i.paid),
    difference: i.difference > 0 ? `+${money(i.difference)}` : money(i.difference),
    proof: i.proof ?? "—",
  }));
}

/** The packet's title line: "Pengajuan selisih COD No. 3". */
export const packetTitle = (dispute: CodDispute, t: TFunction) =>
  t("codMoney.packet.title", { number: dispute.number });

/** The sum of the differences, said as money. */
export function packetTotal(items: readonly CodDisputeItem[], words: PacketWords): string {
  const total = items.reduce((s, i) => s + i.difference, 0);
  return formatMoney(total, "IDR", words.locale) ?? String(total);
}
