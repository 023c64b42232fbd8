/**
 * Numbers, money and dates through Intl, with its formatters made once per locale, zone and
 * options. Pure; the pages' words (app/shipments/status-words.ts) and the English kept beside stored
 * messages (app/i18n/said.ts) format money the same way.
 */

const ZERO_DECIMALS = new Set(["IDR", "JPY", "KRW", "VND"]);

/**
 * An amount in the shop's currency and the reader's locale: 34000 IDR in "id" → "Rp34.000".
 * Whole amounts show no decimals; an unknown currency code still reads as "XYZ 1,000".
 */
export function formatMoney(
  amount: number | string | null | undefined,
  currency: string | null | undefined,
  locale = "id-ID",
): string | null {
  if (amount === null || amount === undefined || amount === "") return null;
  const value = Number(amount);
  if (!Number.isFinite(value)) return null;
  const code = (currency ?? "IDR").toUpperCase();
  const whole = Number.isInteger(value) || ZERO_DECIMALS.has(code);
  try {
    return formatter(
      `money|${locale}|${code}|${whole}`,
      () =>
        new Intl.NumberFormat(safeLocale(locale), {
          style: "currency",
          currency: code,
          currencyDisplay: "narrowSymbol",
          maximumFractionDigits: whole ? 0 : 2,
          minimumFractionDigits: whole ? 0 : 2,
        }),
    )
      .format(value)
      .replace(/^(-?Rp)\s/u, "$1");
  } catch {
    return `${code} ${value.toLocaleString("en-US")}`;
  }
}

/**
 * Intl's formatters, made once per locale, zone and options (making one costs far more than using
 * it: a list page formats hundreds of times, in a few locales and zones).
 */
const formatters = new Map<
  string,
  Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat
>();
export function formatter<
  T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat,
>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) {
    made = make();
    // Bounded: locales and zones come from requests; a flood of odd ones starts the cache afresh.
    if (formatters.size >= 500) formatters.clear();
    formatters.set(key, made);
  }
  return made;
}

export function safeLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? "id-ID";
  } catch {
    return "id-ID";
  }
}

/** A weight in the reader's locale: under a kilogram in grams ("870 g"), else kilograms ("1,27 kg"). */
export function formatWeight(grams: number, locale = "id-ID"): string {
  const kg = grams >= 1000;
  return formatter(
    `weight|${locale}|${kg}`,
    () =>
      new Intl.NumberFormat(safeLocale(locale), {
        style: "unit",
        unit: kg ? "kilogram" : "gram",
        maximumFractionDigits: kg ? 2 : 0,
      }),
  ).format(kg ? grams / 1000 : Math.round(grams));
}

/** Kilograms in the reader's locale, to one decimal ("0,9 kg", "2 kg"). */
export function formatKilograms(kg: number, locale = "id-ID"): string {
  return formatter(
    `kilograms|${locale}`,
    () =>
      new Intl.NumberFormat(safeLocale(locale), {
        style: "unit",
        unit: "kilogram",
        maximumFractionDigits: 1,
      }),
  ).format(kg);
}

/**
 * How long something has lasted, in the reader's locale, in whole units: minutes under an hour
 * ("12 menit"), hours under two days ("30 jam"), else days ("3 hari").
 */
export function formatDuration(ms: number, locale = "id-ID"): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const unit = minutes < 60 ? "minute" : minutes < 48 * 60 ? "hour" : "day";
  const amount =
    unit === "minute"
      ? minutes
      : unit === "hour"
        ? Math.floor(minutes / 60)
        : Math.floor(minutes / 1440);
  return formatter(
    `duration|${locale}|${unit}`,
    () => new Intl.NumberFormat(safeLocale(locale), { style: "unit", unit, unitDisplay: "long" }),
  ).format(amount);
}

/**
 * A courier service's stated time, as the shipping service gives it (`shipment_duration_range`
 * "2 - 3" with `shipment_duration_unit` "days" or "hours"), in the reader's locale: "2–3 hari",
 * "1 hari" (a range of one day, "1 - 1"), "6–8 jam". Null when the range is not one or two whole
 * numbers.
 */
export function formatServiceDuration(
  range: string | null | undefined,
  unit: string | null | undefined,
  locale = "id-ID",
): string | null {
  const bounds = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(range ?? "");
  if (!bounds) return null;
  const low = Number(bounds[1]);
  const high = bounds[2] === undefined ? low : Number(bounds[2]);
  const kind = unit?.trim().toLowerCase().startsWith("hour") ? "hour" : "day";
  const format = formatter(
    `service-duration|${locale}|${kind}`,
    () =>
      new Intl.NumberFormat(safeLocale(locale), {
        style: "unit",
        unit: kind,
        unitDisplay: "long",
      }),
  );
  return high > low ? format.formatRange(low, high) : format.format(low);
}

/** Names as one phrase in the reader's locale: "A, B, dan C" / "A, B, and C". */
export function listOf(names: readonly string[], locale = "id-ID"): string {
  return new Intl.ListFormat(safeLocale(locale), { type: "conjunction" }).format(names);
}

/** A share in the reader's locale, in whole percent ("94%"). */
export function formatPercent(share: number, locale = "id-ID"): string {
  return formatter(
    `percent|${locale}`,
    () => new Intl.NumberFormat(safeLocale(locale), { style: "percent", maximumFractionDigits: 0 }),
  ).format(share);
}

/** Days in the reader's locale, to the quarter day ("2,25 hari", "3 hari"). */
export function formatDays(days: number, locale = "id-ID"): string {
  return formatter(
    `days|${locale}`,
    () =>
      new Intl.NumberFormat(safeLocale(locale), {
        style: "unit",
        unit: "day",
        unitDisplay: "long",
        maximumFractionDigits: 2,
      }),
  ).format(days);
}
