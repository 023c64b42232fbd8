import type { SecretKeys } from "../secrets/crypto.server";
import type { Db } from "../db/client.server";
import type { AdminGraphql } from "../admin-api/request";
import { parseCheckoutRatesForm, parseRatesSample } from "../shops/checkout-rates-form.server";
import { getShop, updateShopSettings } from "../shops/shops.server";
import {
  CARRIER_SERVICE_NAME,
  CarrierServiceRefused,
  disableCarrierService,
  enableCarrierService,
} from "./carrier-service.server";
import { formatMoney } from "../shipments/wording";
import { sampleRateRequest } from "./offer";
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
): Promise<RatesFormResult> {
  const { on, offer, errors } = parseCheckoutRatesForm(form);
  if (Object.keys(errors).length > 0)
    return { ok: false, message: errors.services ?? "Check the highlighted fields", errors };
  const row = await getShop(db, shop);
  if (on && !row?.shippingApiKeyEncrypted)
    return {
      ok: false,
      message: "Add your shipping API key first: the rates come from your shipping account",
    };
  await updateShopSettings(db, shop, { checkoutRates: offer });
  try {
    if (on) {
      await enableCarrierService(db, keys, graphql, shop, appUrl, row?.carrierServiceId ?? null);
      return {
        ok: true,
        message: `Rates at checkout are on: ${offer.services.length} courier service${offer.services.length === 1 ? "" : "s"} offered. Add "${CARRIER_SERVICE_NAME}" to your shipping zones in Shopify's shipping settings if it is not there yet.`,
      };
    }
    if (row?.carrierServiceId) {
      await disableCarrierService(db, graphql, shop, row.carrierServiceId);
      return {
        ok: true,
        message: "Rates at checkout are off: the checkout shows your own shipping rates",
      };
    }
    return { ok: true, message: "Saved; rates at checkout are off" };
  } catch (error) {
    if (error instanceof CarrierServiceRefused)
      return { ok: false, message: `Your choices were saved. ${error.message}` };
    throw error;
  }
}

/** The rates a customer would see for a sample parcel, with the offer on the form (saved or not). */
export async function previewCheckoutRates(
  deps: QuoteDeps,
  shop: string,
  form: FormData,
  deadlineMs: number,
): Promise<RatesFormResult> {
  const { offer, errors } = parseCheckoutRatesForm(form);
  const { sample, errors: sampleErrors } = parseRatesSample(form);
  const all = { ...errors, ...sampleErrors };
  delete all.services;
  if (!sample || Object.keys(all).length > 0)
    return { ok: false, message: "Check the highlighted fields", errors: all };
  if (offer.services.length === 0)
    return {
      ok: false,
      message: "Choose at least one courier service to preview",
      errors: { services: "Choose at least one courier service" },
    };
  const quote = await quoteCheckout(deps, shop, sampleRateRequest(sample), {
    deadlineAt: Date.now() + deadlineMs,
    preview: { offer },
  });
  const rates = quote.rates.map((r) => ({
    name: r.service_name,
    code: r.service_code,
    price: Number(r.total_price) === 0 ? "Free" : formatMoney(Number(r.total_price) / 100, "IDR")!,
    description: r.description,
  }));
  const to = `${sample.postalCode}, ${sample.grams} g, goods ${formatMoney(sample.value, "IDR")}`;
  if (rates.length === 0)
    return {
      ok: false,
      message: `No rates for ${to}: ${quote.reason ?? "none of the offered services serves it"}`,
      preview: { rates, origin: quote.origin, note: quote.reason },
    };
  return {
    ok: true,
    message: `${rates.length} rate${rates.length === 1 ? "" : "s"} for ${to}`,
    preview: { rates, origin: quote.origin, note: quote.outcome === "stale" ? quote.reason : null },
  };
}
