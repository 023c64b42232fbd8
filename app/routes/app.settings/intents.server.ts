import type { TFunction } from "i18next";
import { shopifyAdminGraphql } from "../../admin-api/gateway.server";
import { productionDeps } from "../../checkout-rates/callback.server";
import { endOldCallbacks, rotateShopCallbacks } from "../../checkout-rates/rotate-callbacks.server";
import {
  previewCheckoutRates,
  saveCheckoutRates,
  type RatesFormResult,
} from "../../checkout-rates/settings.server";
import { db } from "../../db/index.server";
import { enqueue } from "../../jobs/queues.server";
import type { Env } from "../../platform/env.server";
import { createShippingClient } from "../../shipping/client.server";
import {
  ShippingAuthenticationError,
  ShippingError,
  ShippingNotFoundError,
} from "../../shipping/errors";
import type { Speech } from "../../shipments/status-words";
import { isSkippable } from "../../shops/setup-guide";
import { forgetCourierNames } from "../../shops/courier-names.server";
import { deleteLocation, makeDefaultLocation, saveLocation } from "../../shops/locations.server";
import { parsePickupForm, parsePreferencesForm } from "../../shops/settings-form.server";
import {
  ShippingNotConfiguredError,
  shippingClientForShop,
} from "../../shops/shipping-client.server";
import {
  connectLocation,
  createPickupForLocation,
  shopifyLocations,
} from "../../shops/shopify-locations.server";
import {
  InvalidShippingKeyError,
  getShop,
  getShopSettings,
  setShippingApiKey,
  shippingModeOfKey,
  updateShopSettings,
} from "../../shops/shops.server";

/** What a settings form's submission answers: which form, whether it worked, in words. */
export interface ActionResult {
  form: string;
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
  locationId?: string | null;
  preview?: RatesFormResult["preview"];
}

interface IntentArgs {
  shop: string;
  form: FormData;
  env: Env;
  speech: Speech;
}

type Intent = (args: IntentArgs) => Promise<ActionResult>;

/** The key checked against the service before it is kept (stored encrypted). */
const apiKey: Intent = async ({ shop, form, env, speech: { t } }) => {
  const key = String(form.get("apiKey") ?? "").trim();
  try {
    const mode = shippingModeOfKey(key);
    const row = await getShop(db, shop);
    await createShippingClient({
      baseUrl: row?.shippingBaseUrl ?? env.SHIPPING_API_BASE_URL,
      apiKey: key,
      timeoutMs: env.SHIPPING_API_TIMEOUT_MS,
    }).getCouriers();
    await setShippingApiKey(db, env.ENCRYPTION_KEY, shop, key);
    // The couriers' names come from the service this key reaches: read again.
    forgetCourierNames(shop);
    return {
      form: "apiKey",
      ok: true,
      message: t(`settings.apiKey.saved.${mode}`, { last: key.slice(-4) }),
    };
  } catch (error) {
    if (error instanceof InvalidShippingKeyError) {
      const message = t("settings.apiKey.badForm");
      return { form: "apiKey", ok: false, message, errors: { apiKey: message } };
    }
    if (error instanceof ShippingAuthenticationError)
      return {
        form: "apiKey",
        ok: false,
        message: t("settings.apiKey.refused"),
        errors: { apiKey: t("settings.apiKey.refusedShort") },
      };
    if (error instanceof ShippingError)
      return {
        form: "apiKey",
        ok: false,
        message: t("settings.apiKey.unchecked", { reason: error.message }),
      };
    throw error;
  }
};

/** The pickup-location forms: refusals of the service in words, a missing key named. */
function pickupIntent(
  run: (args: IntentArgs, locationId: string | null) => Promise<ActionResult>,
): Intent {
  return async (args) => {
    const { t } = args.speech;
    const locationId = String(args.form.get("locationId") ?? "") || null;
    try {
      return await run(args, locationId);
    } catch (error) {
      if (error instanceof ShippingNotConfiguredError)
        return { form: "location", ok: false, message: t("settings.noKey") };
      if (error instanceof ShippingError)
        return {
          form: "location",
          ok: false,
          message: t("actionError.serviceRefused", { reason: error.message }),
        };
      throw error;
    }
  };
}

const defaultLocation = pickupIntent(async ({ shop, speech: { t } }, locationId) => {
  await makeDefaultLocation(db, shop, locationId ?? "");
  return { form: "location", ok: true, message: t("settings.pickup.madeDefault") };
});

const deleteLocationIntent = pickupIntent(async ({ shop, env, speech: { t } }, locationId) => {
  const client = await shippingClientForShop(db, env, shop);
  await deleteLocation(db, client, shop, locationId ?? "");
  return { form: "location", ok: true, message: t("settings.pickup.removed") };
});

const saveLocationIntent = pickupIntent(async ({ shop, form, env, speech: { t } }, locationId) => {
  const client = await shippingClientForShop(db, env, shop);
  const { pickup, errors } = parsePickupForm(form, t);
  if (!pickup)
    return { form: "location", ok: false, message: t("settings.checkFields"), errors, locationId };
  await saveLocation(db, client, shop, pickup, locationId);
  return { form: "location", ok: true, message: t("settings.pickup.saved") };
});

/** The Shopify-location forms: the location must be one of this shop's, read from Shopify now. */
function shopifyLocationIntent(
  run: (
    args: IntentArgs,
    location: Awaited<ReturnType<typeof shopifyLocations>>[number],
  ) => Promise<ActionResult>,
): Intent {
  return async (args) => {
    const { t } = args.speech;
    const shopifyLocationId = String(args.form.get("shopifyLocationId") ?? "");
    try {
      const location = (await shopifyLocations(shopifyAdminGraphql, args.shop)).find(
        (l) => l.id === shopifyLocationId,
      );
      if (!location)
        return { form: "shopifyLocation", ok: false, message: t("settings.shopify.notOurs") };
      return await run(args, location);
    } catch (error) {
      if (error instanceof ShippingNotConfiguredError)
        return { form: "shopifyLocation", ok: false, message: t("settings.noKey") };
      if (error instanceof ShippingNotFoundError)
        return { form: "shopifyLocation", ok: false, message: t("settings.shopify.gone") };
      if (error instanceof ShippingError)
        return {
          form: "shopifyLocation",
          ok: false,
          message: t("actionError.serviceRefused", { reason: error.message }),
        };
      throw error;
    }
  };
}

const queuedWords = (t: TFunction, queued: number) =>
  queued > 0 ? t("settings.shopify.queued", { count: queued }) : "";

const connectLocationIntent = shopifyLocationIntent(
  async ({ shop, form, speech: { t } }, location) => {
    const pickupLocationId = String(form.get("pickupLocationId") ?? "") || null;
    const queued = await connectLocation(db, enqueue, shop, location.id, pickupLocationId);
    return {
      form: "shopifyLocation",
      ok: true,
      message: pickupLocationId
        ? `${t("settings.shopify.connected", { name: location.name })}${queuedWords(t, queued)}`
        : t("settings.shopify.disconnected", { name: location.name }),
    };
  },
);

const pickupFromLocation = shopifyLocationIntent(async ({ shop, env, speech: { t } }, location) => {
  const client = await shippingClientForShop(db, env, shop);
  const made = await createPickupForLocation(db, client, enqueue, shop, location);
  if ("missing" in made)
    return {
      form: "shopifyLocation",
      ok: false,
      message: t("settings.shopify.missing", {
        name: location.name,
        missing: made.missing
          .map((m) => t(`settings.missing.${m}` as "settings.missing.phone"))
          .join(t("settings.missing.and")),
      }),
    };
  return {
    form: "shopifyLocation",
    ok: true,
    message: `${t("settings.shopify.made", { name: location.name })}${queuedWords(t, made.queued)}`,
  };
});

const checkoutRates: Intent = async ({ shop, form, env, speech: { t } }) => ({
  form: "checkoutRates",
  ...(await saveCheckoutRates(
    db,
    env.ENCRYPTION_KEY,
    shopifyAdminGraphql,
    shop,
    env.SHOPIFY_APP_URL,
    form,
    t,
  )),
});

const previewRates: Intent = async ({ shop, form, env, speech }) => ({
  form: "checkoutRates",
  ...(await previewCheckoutRates(
    productionDeps(),
    shop,
    form,
    env.CHECKOUT_RATES_DEADLINE_MS,
    speech,
  )),
});

const rotateEventsUrl: Intent = async ({ shop, env, speech }) => {
  const rotated = await rotateShopCallbacks(
    db,
    env.ENCRYPTION_KEY,
    shopifyAdminGraphql,
    shop,
    env.SHOPIFY_APP_URL,
    speech,
  );
  return { form: "rotateEventsUrl", ok: rotated.ok, message: rotated.message };
};

const endOldEventsUrl: Intent = async ({ shop, speech: { t } }) => ({
  form: "rotateEventsUrl",
  ...(await endOldCallbacks(db, shop, t)),
});

const preferences: Intent = async ({ shop, form, speech: { t } }) => {
  const { patch, errors } = parsePreferencesForm(form, t);
  if (Object.keys(errors).length > 0)
    return { form: "preferences", ok: false, message: t("settings.checkFields"), errors };
  await updateShopSettings(db, shop, patch);
  return { form: "preferences", ok: true, message: t("settings.saved") };
};

/** The setup guide hidden from the shipments page (it shows again from settings). */
const hideSetupGuide: Intent = async ({ shop, speech: { t } }) => {
  await updateShopSettings(db, shop, { setupGuideHidden: true });
  return { form: "setupGuide", ok: true, message: t("setupGuide.hidden") };
};

const showSetupGuide: Intent = async ({ shop, speech: { t } }) => {
  await updateShopSettings(db, shop, { setupGuideHidden: false });
  return { form: "setupGuide", ok: true, message: t("setupGuide.shown") };
};

/** A step the shop does without (rates at checkout: it charges shipping its own way). */
const skipSetupStep: Intent = async ({ shop, form, speech: { t } }) => {
  const step = String(form.get("step") ?? "");
  if (!isSkippable(step))
    return { form: "setupGuide", ok: false, message: t("setupGuide.notSkippable") };
  const { setupSkipped } = await getShopSettings(db, shop);
  if (!setupSkipped.includes(step))
    await updateShopSettings(db, shop, { setupSkipped: [...setupSkipped, step] });
  return { form: "setupGuide", ok: true, message: t("setupGuide.skippedSaved") };
};

/** Each settings form's intent, one function each. */
export const INTENTS: Readonly<Record<string, Intent>> = {
  apiKey,
  saveLocation: saveLocationIntent,
  deleteLocation: deleteLocationIntent,
  defaultLocation,
  connectLocation: connectLocationIntent,
  pickupFromLocation,
  checkoutRates,
  previewRates,
  rotateEventsUrl,
  endOldEventsUrl,
  preferences,
  hideSetupGuide,
  showSetupGuide,
  skipSetupStep,
};

export async function runIntent(intent: string, args: IntentArgs): Promise<ActionResult> {
  const run = Object.hasOwn(INTENTS, intent) ? INTENTS[intent] : undefined;
  if (!run) return { form: intent, ok: false, message: args.speech.t("settings.unknownForm") };
  return run(args);
}
