import { formatDays, formatMoney, formatPercent } from "../platform/intl-format";
import type { CourierNames } from "../shipments/courier-names";
import { courierName, type Speech } from "../shipments/wording";
import type { LaneFigures, Share } from "./figures";

type CourierSpeech = Pick<Speech, "t" | "locale"> & { couriers: CourierNames };

/** A share with the parcels behind it ("94% dari 120 paket"), or why there is none yet. */
function shareWords(s: Share, { t, locale }: CourierSpeech): string {
  return s.value === null
    ? t("couriers.tooFew", { count: s.of })
    : t("couriers.shareOf", { percent: formatPercent(s.value, locale), count: s.of });
}

/** A lane's figures in the reader's words (the couriers page's table). */
export function laneWords(f: LaneFigures, speech: CourierSpeech) {
  const { t, locale } = speech;
  const days = (d: number | null) => (d === null ? "" : formatDays(d, locale));
  return {
    key: `${f.courier}/${f.service}/${f.province}/${f.city ?? ""}`,
    service: courierName(f.courier, f.service, speech.couriers) ?? t("couriers.noService"),
    destination:
      [f.city, f.province].filter((p) => p).join(", ") || t("couriers.unknownDestination"),
    parcels: f.parcels,
    firstAttempt: shareWords(f.firstAttempt, speech),
    returned: shareWords(f.returned, speech),
    days:
      f.days.median === null
        ? t("couriers.tooFew", { count: f.days.of })
        : t("couriers.daysOf", {
            median: days(f.days.median),
            p90: days(f.days.p90),
            count: f.days.of,
          }),
    averagePrice:
      f.averagePrice === null
        ? t("couriers.tooFew", { count: f.parcels })
        : (formatMoney(Math.round(f.averagePrice), "IDR", locale) ?? ""),
    codShare:
      f.codShare === null
        ? t("couriers.tooFew", { count: f.parcels })
        : formatPercent(f.codShare, locale),
  };
}

/**
 * What the page's charts draw: each service with enough parcels, its first-attempt and return
 * rates in percent and its median days (services with too few are left out of a chart, and said
 * under it).
 */
export function chartSeries(services: readonly LaneFigures[], speech: CourierSpeech) {
  const { t } = speech;
  const name = (f: LaneFigures) =>
    courierName(f.courier, f.service, speech.couriers) ?? t("couriers.noService");
  const rated = services.filter((f) => f.firstAttempt.value !== null);
  const timed = services.filter((f) => f.days.median !== null);
  const percent = (v: number | null) => Math.round((v ?? 0) * 100);
  return {
    rates: [
      {
        name: t("couriers.chart.firstAttempt"),
        data: rated.map((f) => ({ key: name(f), value: percent(f.firstAttempt.value) })),
      },
      {
        name: t("couriers.chart.returned"),
        data: rated.map((f) => ({ key: name(f), value: percent(f.returned.value) })),
      },
    ],
    days: [
      {
        name: t("couriers.chart.medianDays"),
        data: timed.map((f) => ({ key: name(f), value: f.days.median ?? 0 })),
      },
      {
        name: t("couriers.chart.p90Days"),
        data: timed.map((f) => ({ key: name(f), value: f.days.p90 ?? 0 })),
      },
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
 * A service's record for one destination, beside it in the courier choice ("Jawa Barat, 90 hari:
 * 94% sampai di percobaan pertama, 3% kembali, 2 hari"); null when it has no parcels there yet.
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
