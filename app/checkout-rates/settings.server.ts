import type { TFunction } from "i18next";
import type { SecretKeys } from "../secrets/crypto.server";
import type { Db } from "../db/client.server";
import type { AdminGraphql } from "../admin-api/request";
import { parseCheckoutRatesForm, parseRatesSample } from "./settings-form.server";
import { getShop, updateShopSettings } from "../shops/shops.server";
import {
  CARRIER_SERVICE_NAME,
  CarrierServiceRefused,
  disableCarrierService,
  enableCarrierService,
} from "./carrier-service.server";
import { formatMoney, type Speech } from "../shipments/status-words";
import { sampleRateRequest } from "./offer";
import { sayIn } from "../i18n/said";
import { quoteCheckout, type QuoteDeps } from "./quote.server";

/** The settings page's two rates-at-checkout intents: save (and turn on or off), and preview. */

export interface RatesFormResult {
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
  preview?: {
    rates: { name: string; code: string; price: string; description: string }[];
    origin: string | null;
    note: string | null;
  };
}

/** Saves the offer, then registers or removes the carrier service as asked. */
export async function saveCheckoutRates(
  db: Db,
  keys: SecretKeys,
  graphql: AdminGraphql,
  shop: string,
  appUrl: string,
  form: FormData,
  t: TFunction,
): Promise<RatesFormResult> {
  const { on, offer, errors } = parseCheckoutRatesForm(form, t);
  if (Object.keys(errors).length > 0)
    return { ok: false, message: errors.services ?? t("settings.checkFields"), errors };
  const row = await getShop(db, shop);
  if (on && !row?.shippingApiKeyEncrypted)
    return {
      ok: false,
      message: t("rates.saved.needsKey"),
    };
  await updateShopSettings(db, shop, { checkoutRates: offer });
  try {
    if (on) {
      await enableCarrierService(db, keys, graphql, shop, appUrl, row?.carrierServiceId ?? null);
      return {
        ok: true,
        message: t("rates.saved.on", {
          count: offer.services.length,
          name: CARRIER_SERVICE_NAME,
        }),
      };
    }
    if (row?.carrierServiceId) {
      await disableCarrierService(db, graphql, shop, row.carrierServiceId);
      return {
        ok: true,
        message: t("rates.saved.off"),
      };
    }
    return { ok: true, message: t("rates.saved.stillOff") };
  } catch (error) {
    if (error instanceof CarrierServiceRefused)
      return { ok: false, message: t("rates.saved.refused", { reason: error.message }) };
    throw error;
  }
}

/** The rates a customer would see for a sample parcel, with the offer on the form (saved or not). */
export async function previewCheckoutRates(
  deps: QuoteDeps,
  shop: string,
  form: FormData,
  deadlineMs: number,
  speech: Speech,
): Promise<RatesFormResult> {
  const { t, locale } = speech;
  const { offer, errors } = parseCheckoutRatesForm(form, t);
  const { sample, errors: sampleErrors } = parseRatesSample(form, t);
  const all = { ...errors, ...sampleErrors };
  delete all.services;
  if (!sample || Object.keys(all).length > 0)
    return { ok: false, message: t("settings.checkFields"), errors: all };
  if (offer.services.length === 0)
    return {
      ok: false,
      message: t("rates.preview.chooseOne"),
      errors: { services: t("rates.preview.chooseOneShort") },
    };
  const quote = await quoteCheckout(deps, shop, sampleRateRequest(sample), {
    deadlineAt: Date.now() + deadlineMs,
    preview: { offer },
  });
  const rates = quote.rates.map((r) => ({
    name: r.service_name,
    code: r.service_code,
    price:
      Number(r.total_price) === 0
        ? t("rates.preview.free")
        : formatMoney(Number(r.total_price) / 100, "IDR", locale)!,
    description: r.description,
  }));
  const to = t("rates.preview.sample", {
    postalCode: sample.postalCode,
    grams: sample.grams,
    value: formatMoney(sample.value, "IDR", locale),
  });
  if (rates.length === 0)
    return {
      ok: false,
      message: t("rates.preview.none", {
        to,
        reason: quote.reason ? sayIn(quote.reason, t) : t("rates.preview.noneServes"),
      }),
      preview: { rates, origin: quote.origin, note: quote.reason && sayIn(quote.reason, t) },
    };
  return {
    ok: true,
    message: t("rates.preview.count", { count: rates.length, to }),
    preview: {
      rates,
      origin: quote.origin,
      note: quote.outcome === "stale" && quote.reason ? sayIn(quote.reason, t) : null,
    },
  };
}
