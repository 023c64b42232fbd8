import { formatDays, formatMoney, formatPercent } from "../platform/intl-format";
import type { CourierNames } from "../shipments/courier-names";
import { courierName, type Speech } from "../shipments/status-words";
import type { LaneFigures, Share } from "./figures";

type CourierSpeech = Pick<Speech, "t" | "locale"> & { couriers: CourierNames };

/** A figure and what it rests on, said on two lines ("94%", "dari 120 paket"). */
export interface Figure {
  value: string;
  basis: string;
}

/** What a cell shows for a figure there are too few parcels for. */
const NO_FIGURE = "—";

/**
 * A figure from too few parcels: a dash, and how many there are (said once in the row, beside its
 * parcels, when none of its figures has enough: see laneWords).
 */
const tooFew = (count: number, { t }: CourierSpeech): Figure => ({
  value: NO_FIGURE,
  basis: t("couriers.onlyParcels", { count }),
});

/** A cell of a row that has no figure at all: a dash alone (the row says why, once). */
const BLANK: Figure = { value: NO_FIGURE, basis: "" };

/** A share with the parcels behind it ("94%", "dari 120 paket"), or why there is none yet. */
function shareWords(s: Share, speech: CourierSpeech): Figure {
  return s.value === null
    ? tooFew(s.of, speech)
    : {
        value: formatPercent(s.value, speech.locale),
        basis: speech.t("couriers.ofParcels", { count: s.of }),
      };
}

const serviceOf = (f: LaneFigures, speech: CourierSpeech) =>
  courierName(f.courier, f.service, speech.couriers) ?? speech.t("couriers.noService");

/** A lane's figures in the reader's words (the couriers page's table). */
export function laneWords(f: LaneFigures, speech: CourierSpeech) {
  const { t, locale } = speech;
  const days = (d: number | null) => (d === null ? "" : formatDays(d, locale));
  const ofAll = (value: string): Figure => ({
    value,
    basis: t("couriers.ofParcels", { count: f.parcels }),
  });
  const figures = {
    firstAttempt: shareWords(f.firstAttempt, speech),
    returned: shareWords(f.returned, speech),
    days:
      f.days.median === null
        ? tooFew(f.days.of, speech)
        : {
            value: days(f.days.median),
            basis: `${t("couriers.p90", { days: days(f.days.p90) })}, ${t("couriers.ofParcels", { count: f.days.of })}`,
          },
    averagePrice:
      f.averagePrice === null
        ? tooFew(f.parcels, speech)
        : ofAll(formatMoney(Math.round(f.averagePrice), "IDR", locale) ?? ""),
    codShare:
      f.codShare === null ? tooFew(f.parcels, speech) : ofAll(formatPercent(f.codShare, locale)),
  };
  const parcels = t("couriers.parcels", { count: f.parcels });
  // Not one figure yet: said once, beside the parcels, instead of in every cell.
  const none = Object.values(figures).every((figure) => figure.value === NO_FIGURE);
  return {
    key: `${f.courier}/${f.service}/${f.province}/${f.city ?? ""}`,
    service: serviceOf(f, speech),
    destination:
      [f.city, f.province].filter((p) => p).join(", ") || t("couriers.unknownDestination"),
    parcels: none ? t("couriers.parcelsTooFew", { parcels }) : parcels,
    ...(none
      ? { firstAttempt: BLANK, returned: BLANK, days: BLANK, averagePrice: BLANK, codShare: BLANK }
      : figures),
  };
}

/**
 * What the page's charts draw: each service with enough parcels, its first-attempt and return
 * rates in percent and its days from pickup to delivery, each bar with its value as the page
 * writes it; services with too few are left out of a chart (how many is said under it).
 */
export function chartSeries(services: readonly LaneFigures[], speech: CourierSpeech) {
  const { t, locale } = speech;
  const rated = services.filter((f) => f.firstAttempt.value !== null);
  const timed = services.filter((f) => f.days.median !== null);
  const percent = (f: LaneFigures, v: number | null) => {
    const value = Math.round((v ?? 0) * 100);
    return { key: serviceOf(f, speech), value, text: formatPercent(value / 100, locale) };
  };
  const inDays = (f: LaneFigures, value: number | null) => ({
    key: serviceOf(f, speech),
    value: value ?? 0,
    text: formatDays(value ?? 0, locale),
  });
  return {
    rates: [
      {
        name: t("couriers.chart.firstAttempt"),
        data: rated.map((f) => percent(f, f.firstAttempt.value)),
      },
      { name: t("couriers.chart.returned"), data: rated.map((f) => percent(f, f.returned.value)) },
    ],
    days: [
      { name: t("couriers.chart.medianDays"), data: timed.map((f) => inDays(f, f.days.median)) },
      { name: t("couriers.chart.p90Days"), data: timed.map((f) => inDays(f, f.days.p90)) },
    ],
    left: services.length - rated.length,
  };
}

/** A service's first-attempt rate for one destination, short enough for its option in the choice. */
export function shortRecordWords(f: LaneFigures | undefined, { t, locale }: CourierSpeech) {
  return f?.firstAttempt.value === null || f?.firstAttempt.value === undefined
    ? null
    : t("couriers.record.short", { firstAttempt: formatPercent(f.firstAttempt.value, locale) });
}

/**
 * A service's record for one destination, beside it in the courier choice ("Ke Jawa Barat, 90
 * hari terakhir: 94% sampai di percobaan pertama, 3% kembali (dari 120 paket); separuh sampai
 * dalam 2 hari"); null when it has no parcels there yet.
 */
export function recordWords(
  f: LaneFigures | undefined,
  days: number,
  speech: CourierSpeech,
): string | null {
  if (!f) return null;
  const { t, locale } = speech;
  if (f.firstAttempt.value === null)
    return t("couriers.record.tooFew", { province: f.province, count: f.parcels, days });
  return t("couriers.record.line", {
    province: f.province,
    days,
    firstAttempt: formatPercent(f.firstAttempt.value, locale),
    returned: formatPercent(f.returned.value ?? 0, locale),
    count: f.firstAttempt.of,
    transit:
      f.days.median === null
        ? ""
        : t("couriers.record.transit", { median: formatDays(f.days.median, locale) }),
  });
}
