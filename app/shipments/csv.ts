import { csvLine } from "../platform/csv-cell";
import { courierCells } from "./courier-names";
import { listRowWords, type ListRow } from "./list-rows";
import { dayOf, type Speech } from "./status-words";

/**
 * The shipments list as CSV, for the bookkeeper: one line per shipment with the list's own words
 * (order, status, customer, problem), its money as plain numbers a spreadsheet sums (COD, what the
 * buyer paid for shipping, what the service charges), and its days as the pages write them in the
 * shop's zone: ordered, picked up, delivered or returned (the same day the shipment's timeline and
 * the COD page give each event).
 */

/** The first line: the columns, in the reader's language. */
export function shipmentsCsvHeader({ t }: Speech): string {
  return csvLine([
    t("csv.order"),
    t("csv.orderedOn"),
    t("csv.status"),
    t("csv.customer"),
    t("csv.city"),
    t("csv.origin"),
    t("csv.payment"),
    t("csv.cod"),
    t("csv.courier"),
    t("csv.service"),
    t("csv.waybill"),
    t("csv.charged"),
    t("csv.cost"),
    t("csv.currency"),
    t("csv.pickedUp"),
    t("csv.delivered"),
    t("csv.returned"),
    t("csv.note"),
  ]);
}

/** A page of the list's rows, a line each. */
export function shipmentsCsvRows(rows: readonly ListRow[], speech: Speech, now: Date): string {
  const { t } = speech;
  const words = listRowWords(rows, speech, now);
  const day = (at: Date | null) => (at ? dayOf(at, speech) : "");
  const amount = (value: string | null) => (value === null ? "" : String(Number(value)));
  return rows
    .map((r, i) => {
      const w = words[i]!;
      return csvLine([
        w.orderName,
        w.ordered,
        w.status.label,
        r.destinationName ?? "",
        r.destinationCity ?? "",
        r.originName ?? "",
        r.cod ? t("csv.payments.cod") : t("csv.payments.prepaid"),
        amount(r.cod),
        ...courierCells(speech.couriers, r.courierCompany, r.courierType),
        r.waybillId ?? "",
        amount(r.shippingCharged),
        amount(r.price),
        r.currency ?? "",
        day(r.pickedUpAt),
        day(r.deliveredAt),
        day(r.returnedAt),
        w.note ?? "",
      ]);
    })
    .join("");
}
