import { csvCell } from "../cod/report.server";
import { courierCells } from "../shipments/courier-names";
import { dayOf, orderTitle, statusLabel, type Speech } from "../shipments/status-words";
import type { CostParcel } from "./report.server";
import { kgOf } from "./reweigh";

/** The costs page's parcels as CSV, one row each, in the reader's language; amounts as plain numbers. */
export function costCsv(
  parcels: readonly CostParcel[],
  speech: Speech & { timeZone: string },
): string {
  const { t } = speech;
  const header = [
    t("costs.csv.orderDate"),
    t("csv.order"),
    t("csv.courier"),
    t("csv.service"),
    t("csv.waybill"),
    t("csv.status"),
    t("costs.csv.charged"),
    t("costs.csv.quoted"),
    t("costs.csv.final"),
    t("costs.csv.surcharge"),
    t("costs.csv.returnFee"),
    t("costs.csv.codFee"),
    t("costs.csv.insuranceFee"),
    t("costs.csv.margin"),
    t("costs.csv.declaredKg"),
    t("costs.csv.impliedKg"),
    t("csv.currency"),
  ];
  const plain = (v: number | null) => (v === null ? "" : String(v));
  const rows = parcels.map((p) => [
    dayOf(p.createdAt, speech),
    orderTitle(p, t),
    ...courierCells(speech.couriers, p.courierCompany, p.courierType),
    p.waybillId ?? "",
    statusLabel(p.status, t),
    plain(p.charged),
    plain(p.cost.quoted),
    plain(p.cost.final),
    String(p.surcharge),
    plain(p.cost.returnFee),
    plain(p.cost.codFee),
    plain(p.cost.insuranceFee),
    p.charged === null || p.cost.final === null
      ? ""
      : String(Math.round((p.charged - p.cost.final) * 100) / 100),
    p.declaredGrams === null ? "" : String(kgOf(p.declaredGrams)),
    plain(p.impliedKg),
    "IDR",
  ]);
  return `${[header, ...rows].map((cells) => cells.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
