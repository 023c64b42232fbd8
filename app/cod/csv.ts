import { csvLine } from "../platform/csv-cell";
import { courierCells } from "../shipments/courier-names";
import { netOf } from "../shipments/cod";
import { dayOf, orderTitle, statusLabel, type Speech } from "../shipments/status-words";
import type { CodListKind, CodParcel } from "./parcels.server";

/**
 * The COD page's parcels as CSV (one row per parcel, delivered then returned), safe to open in a
 * spreadsheet, in the reader's words: headers, kinds and statuses written out, dates as the page
 * writes them (the same day in the shop's zone); amounts stay plain numbers a spreadsheet sums.
 */

/** The first line: the columns, in the reader's language. */
export function codCsvHeader(speech: Speech): string {
  const { t } = speech;
  return csvLine([
    t("csv.kind"),
    t("csv.order"),
    t("csv.courier"),
    t("csv.service"),
    t("csv.waybill"),
    t("csv.status"),
    t("csv.cod"),
    t("csv.fee"),
    t("csv.net"),
    t("csv.shipping"),
    t("csv.currency"),
    t("csv.at"),
    t("csv.payout"),
    t("csv.received"),
    t("csv.shopify"),
  ]);
}

/** A page of one list's parcels, a line each. */
export function codCsvRows(kind: CodListKind, parcels: readonly CodParcel[], speech: Speech) {
  const { t } = speech;
  const collected = kind === "delivered";
  return parcels
    .map((p) =>
      csvLine([
        t(`csv.kinds.${collected ? "collected" : "notCollected"}`),
        orderTitle(p, t),
        ...courierCells(speech.couriers, p.courierCompany, p.courierType),
        p.waybillId ?? "",
        statusLabel(p.status, t),
        String(p.cod),
        p.codFee === null ? "" : String(p.codFee),
        // What the cash comes to after the fee: nothing for a parcel that came back unpaid.
        collected ? String(netOf(p.cod, p.codFee)) : "",
        p.shippingCost === null ? "" : String(p.shippingCost),
        p.currency ?? "",
        p.at ? dayOf(p.at, speech) : "",
        p.payoutBy ? dayOf(p.payoutBy, speech) : "",
        p.receivedOn
          ? dayOf(`${p.receivedOn}T00:00:00Z`, { locale: speech.locale, timeZone: "UTC" })
          : "",
        p.codSettlement ? t(`csv.settlement.${p.codSettlement}` as "csv.settlement.off") : "",
      ]),
    )
    .join("");
}
