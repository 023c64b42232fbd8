import { csvLine } from "../platform/csv-cell";
import { courierCells } from "../shipments/courier-names";
import { dayOf, orderTitle, statusLabel, type Speech } from "../shipments/status-words";
import type { CostParcel } from "./parcels.server";
import { kgOf } from "./reweigh";

type CsvSpeech = Speech & { timeZone: string };

/** The costs CSV's first line: the columns, in the reader's language. */
export function costCsvHeader(speech: CsvSpeech): string {
  const { t } = speech;
  return csvLine([
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
  ]);
}

/** The costs CSV's lines for some parcels, one each, in the reader's language; amounts as plain numbers. */
export function costCsvRows(parcels: readonly CostParcel[], speech: CsvSpeech): string {
  const { t } = speech;
  const plain = (v: number | null) => (v === null ? "" : String(v));
  return parcels
    .map((p) =>
      csvLine([
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
      ]),
    )
    .join("");
}
