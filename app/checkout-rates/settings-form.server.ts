import type { TFunction } from "i18next";
import type { CheckoutRates } from "../shops/settings";

/**
 * The settings page's rates-at-checkout form → the offer, whether rates at checkout are to be on,
 * and a message per bad field. Services are checkboxes named `service` with values
 * "company/type"; each one's checkout name is the field `name:company/type`.
 */
export function parseCheckoutRatesForm(
  form: FormData,
  t: TFunction,
): {
  on: boolean;
  offer: CheckoutRates;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const on = form.get("ratesOn") === "on" || form.get("ratesOn") === "true";
  const services: CheckoutRates["services"] = [];
  const seen = new Set<string>();
  for (const value of form.getAll("service").map(String)) {
    const [company, type] = value.split("/").map((p) => p.trim().toLowerCase());
    if (!company || !type || seen.has(`${company}/${type}`)) continue;
    seen.add(`${company}/${type}`);
    const name = String(form.get(`name:${value}`) ?? "").trim();
    if (name.length > 60) errors[`name:${value}`] = t("settings.errors.atMost", { count: 60 });
    services.push({ company, type, ...(name ? { name: name.slice(0, 60) } : {}) });
  }
  if (on && services.length === 0) errors.services = t("rates.errors.services");

  const kind = form.get("adjustmentKind") === "fixed" ? "fixed" : "percent";
  const adjustmentText = String(form.get("adjustmentValue") ?? "").trim();
  const adjustment = adjustmentText === "" ? 0 : Number(adjustmentText);
  if (!Number.isFinite(adjustment)) errors.adjustmentValue = t("rates.errors.number");
  else if (kind === "percent" && (adjustment < -100 || adjustment > 500))
    errors.adjustmentValue = t("rates.errors.percent");
  else if (kind === "fixed" && (!Number.isInteger(adjustment) || Math.abs(adjustment) > 10_000_000))
    errors.adjustmentValue = t("rates.errors.fixed");

  const freeText = String(form.get("freeAbove") ?? "")
    .replace(/[.\s]/g, "")
    .trim();
  const freeAbove = freeText === "" ? null : Number(freeText);
  if (freeAbove !== null && (!Number.isInteger(freeAbove) || freeAbove <= 0))
    errors.freeAbove = t("rates.errors.freeAbove");

  return {
    on,
    errors,
    offer: {
      services,
      adjustment: { kind, value: Number.isFinite(adjustment) ? adjustment : 0 },
      freeAbove:
        freeAbove !== null && Number.isInteger(freeAbove) && freeAbove > 0 ? freeAbove : null,
    },
  };
}

/** The preview's sample parcel: where to (postal code, optional coordinates), its weight and value. */
export function parseRatesSample(
  form: FormData,
  t: TFunction,
): {
  sample: {
    postalCode: string;
    latitude: number | null;
    longitude: number | null;
    grams: number;
    value: number;
  } | null;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const postalCode = String(form.get("samplePostalCode") ?? "").trim();
  if (!/^\d{5}$/.test(postalCode)) errors.samplePostalCode = t("settings.errors.postalCode");
  const number = (name: string) => {
    const text = String(form.get(name) ?? "").trim();
    return text === "" ? null : Number(text);
  };
  const latitude = number("sampleLatitude");
  const longitude = number("sampleLongitude");
  if (
    (latitude === null) !== (longitude === null) ||
    (latitude !== null && (!Number.isFinite(latitude) || Math.abs(latitude) > 90)) ||
    (longitude !== null && (!Number.isFinite(longitude) || Math.abs(longitude) > 180))
  ) {
    errors.sampleLatitude = t("rates.errors.coordinates");
  }
  const grams = number("sampleGrams") ?? 1000;
  if (!Number.isInteger(grams) || grams <= 0) errors.sampleGrams = t("rates.errors.grams");
  const value = number("sampleValue") ?? 0;
  if (!Number.isFinite(value) || value < 0) errors.sampleValue = t("rates.errors.value");
  if (Object.keys(errors).length > 0) return { sample: null, errors };
  return { sample: { postalCode, latitude, longitude, grams, value }, errors };
}
