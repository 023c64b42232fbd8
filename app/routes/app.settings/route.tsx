import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { SectionAnchor, SettingsSections } from "../../components/settings/SettingsSections";
import { namedOnce } from "../../shipments/courier-names";
import { Form, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { Banner, BlockStack, Button, InlineStack, Layout, Page, Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { lastRatesProblem } from "../../checkout-rates/problems.server";
import { sayIn } from "../../i18n/said";
import { ApiKeyCard } from "../../components/settings/ApiKeyCard";
import { CheckoutRatesCard } from "../../components/settings/CheckoutRatesCard";
import { DataRequestsCard } from "../../components/settings/DataRequestsCard";
import { EventsUrlCard } from "../../components/settings/EventsUrlCard";
import { PickupLocationsCard } from "../../components/settings/PickupLocationsCard";
import { PreferencesForm } from "../../components/settings/PreferencesForm";
import { ShopifyLocationsCard } from "../../components/settings/ShopifyLocationsCard";
import { callbackTokenOf } from "../../shops/callback-token.server";
import { eventsCardFacts } from "../../shops/events-url-facts.server";
import { producerConnection } from "../../jobs/queues.server";
import { openDataRequests } from "../../compliance/data-requests.server";
import { db } from "../../db/index.server";
import { byDeadline } from "../../platform/deadline";
import { getEnv } from "../../platform/env.server";
import { shippingClientForShop } from "../../shops/shipping-client.server";
import { shopifyLocations, type ShopifyLocation } from "../../shops/shopify-locations.server";
import { shopifyAdminGraphql } from "../../admin-api/gateway.server";
import { authenticate } from "../../shopify.server";
import { speechFor } from "../../shops/speech.server";
import { parseShopSettings } from "../../shops/settings";
import { getShop } from "../../shops/shops.server";
import { setupFactsOf, setupGuide } from "../../shops/setup-guide";
import {
  paymentMethodChoices,
  type PaymentMethodChoice,
} from "../../shops/payment-gateways.server";
import { exactTime, type Speech } from "../../shipments/status-words";
import { runIntent, type ActionResult } from "./intents.server";
import { pageTitle } from "../../i18n/page-title";

export const meta = pageTitle((t) => t("nav.settings"));

/**
 * The shop's settings: the shipping key, pickup locations, Shopify's locations, the preferences,
 * rates at checkout and the events URL. Each form posts an intent (./intents.server.ts, one
 * function each); each card is a component of its own (app/components/settings/).
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.meteredAdmin(request);
  const speech = await speechFor(request, session.shop);
  const { t } = speech;
  const shop = await getShop(db, session.shop);
  const settings = parseShopSettings(shop?.settings);
  let couriers: { value: string; label: string }[] = [];
  let couriersError: string | null = null;
  if (shop?.shippingApiKeyEncrypted) {
    try {
      const client = await shippingClientForShop(db, getEnv(), session.shop);
      couriers = (await client.getCouriers()).couriers.map((c) => ({
        value: `${c.courier_code}/${c.courier_service_code}`,
        // Named once, as the courier picker names it ("Pos Reguler", not "Pos Indonesia Pos Reguler").
        label: namedOnce(c.courier_name, c.courier_service_name),
      }));
    } catch (error) {
      couriersError = (error as Error).message;
    }
  }
  // The shop's Shopify locations, to connect each to the pickup location its parcels leave from.
  // Read from Shopify at once, each not waited for longer than 5 s (the rest of the page still
  // loads): the shop's locations, and the payment methods its orders carry (to tick the COD ones).
  const fromShopify = <T,>(work: Promise<T>) =>
    byDeadline(work, Date.now() + 5_000, Date.now, t("settings.shopify.slow")).then(
      (value) => ({ value, error: null }),
      (error: Error) => ({ value: null, error: error.message }),
    );
  const [shopLocations, methods] = await Promise.all([
    fromShopify(shopifyLocations(shopifyAdminGraphql, session.shop)),
    fromShopify(paymentMethodChoices(shopifyAdminGraphql, session.shop, settings.codGateways)),
  ]);
  const locations: ShopifyLocation[] = shopLocations.value ?? [];
  const locationsError = shopLocations.error;
  // Unread: the methods the settings name, so that saving keeps them.
  const paymentMethods: PaymentMethodChoice[] =
    methods.value ?? settings.codGateways.map((name) => ({ name, auto: false, orders: 0 }));
  const paymentMethodsError = methods.error;
  return {
    paymentMethods,
    paymentMethodsError,
    apiKey: shop?.shippingApiKeyHint
      ? { hint: shop.shippingApiKeyHint, mode: shop.shippingMode }
      : null,
    settings,
    // Hidden from the shipments page with steps still open: settings offer to show it again.
    guideHidden:
      settings.setupGuideHidden && setupGuide(setupFactsOf(shop ?? null, settings)).next !== null,
    ratesOn: Boolean(shop?.carrierServiceId),
    ratesProblem: await ratesProblemOf(shop?.carrierServiceId ? session.shop : null, speech),
    dataRequests: (await openDataRequests(db, session.shop)).map((r) => ({
      id: r.id,
      at: exactTime(r.receivedAt.toISOString(), speech),
      due: exactTime(r.dueAt.toISOString(), speech),
      orders: r.ordersRequested.length,
      shipments: r.shipments,
    })),
    couriers,
    couriersError,
    locations: locations.map((l) => ({
      id: l.id,
      name: l.name,
      place: [l.address.address1, l.address.city].filter(Boolean).join(", "),
    })),
    locationsError,
    events: eventsInWords(
      shop
        ? eventsCardFacts(shop, await callbackTokenOf(db, getEnv().ENCRYPTION_KEY, session.shop))
        : {
            url: "",
            previousUntil: null,
            tokenlessUntil: null,
            ratesPending: false,
            reachedAt: null,
          },
      speech,
    ),
  };
};

/** The last checkout that got no live rates, its time in words; null when rates are off or fine. */
async function ratesProblemOf(shop: string | null, speech: Speech) {
  if (!shop) return null;
  const problem = await lastRatesProblem(producerConnection(), getEnv().QUEUE_PREFIX, shop);
  if (!problem) return null;
  const { reason } = problem;
  return {
    at: exactTime(problem.at, speech),
    reason: typeof reason === "string" ? reason : sayIn(reason, speech.t),
  };
}

/** The events card's moments, in the shop's zone and the reader's words. */
function eventsInWords(facts: ReturnType<typeof eventsCardFacts>, speech: Speech) {
  return {
    ...facts,
    previousUntil: facts.previousUntil ? exactTime(facts.previousUntil, speech) : null,
    tokenlessUntil: facts.tokenlessUntil ? exactTime(facts.tokenlessUntil, speech) : null,
    reachedAt: facts.reachedAt ? exactTime(facts.reachedAt, speech) : null,
  };
}

export const action = async ({ request }: ActionFunctionArgs): Promise<ActionResult> => {
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  return runIntent(String(form.get("intent")), {
    shop: session.shop,
    form,
    env: getEnv(),
    speech: await speechFor(request, session.shop),
  });
};

export default function Settings() {
  const navigate = useNavigate();
  const {
    apiKey,
    settings,
    couriers,
    couriersError,
    locations,
    locationsError,
    ratesOn,
    ratesProblem,
    dataRequests,
    events,
    paymentMethods,
    paymentMethodsError,
    guideHidden,
  } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { t } = useTranslation();
  const errors = result?.errors ?? {};
  const [editing, setEditing] = useState<string | null>(null);
  const steps = [
    apiKey ? null : t("settings.steps.apiKey"),
    settings.pickup ? null : t("settings.steps.pickup"),
  ].filter((step): step is string => step !== null);

  return (
    <Page
      title={t("nav.settings")}
      backAction={{ content: t("nav.shipments"), onAction: () => navigate("/app") }}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {steps.length > 0 && (
              <Banner tone="info" title={t("settings.steps.title")}>
                {t("settings.steps.body", { steps: steps.join(t("settings.steps.then")) })}
              </Banner>
            )}
            {guideHidden && (
              <Banner tone="info">
                <Form method="post">
                  <input type="hidden" name="intent" value="showSetupGuide" />
                  <InlineStack gap="200" blockAlign="center">
                    <Text as="span">{t("setupGuide.hiddenOpen")}</Text>
                    <Button submit variant="plain" loading={busy}>
                      {t("setupGuide.show")}
                    </Button>
                  </InlineStack>
                </Form>
              </Banner>
            )}
            <SettingsSections />
            {result && result.form !== "rotateEventsUrl" && (
              <Banner tone={result.ok ? "success" : "critical"}>{result.message}</Banner>
            )}
            <SectionAnchor id="api-key">
              <ApiKeyCard
                apiKey={apiKey}
                error={errors.apiKey}
                answer={result?.form === "apiKey" ? result : null}
                busy={busy}
              />
            </SectionAnchor>
            <SectionAnchor id="pickup">
              <PickupLocationsCard
                settings={settings}
                editing={editing}
                setEditing={setEditing}
                errors={result?.form === "location" ? errors : {}}
                answer={result?.form === "location" ? result : null}
                busy={busy}
                disabled={!apiKey}
              />
            </SectionAnchor>
            <SectionAnchor id="shopify-locations">
              <ShopifyLocationsCard
                locations={locations}
                locationsError={locationsError}
                settings={settings}
                disabled={!apiKey}
                busy={busy}
              />
            </SectionAnchor>
            <PreferencesForm
              settings={settings}
              couriers={couriers}
              couriersError={couriersError}
              paymentMethods={paymentMethods}
              paymentMethodsError={paymentMethodsError}
              errors={result?.form === "preferences" ? errors : {}}
              answer={result?.form === "preferences" ? result : null}
              busy={busy}
            />
            <SectionAnchor id="checkout-rates">
              <CheckoutRatesCard
                on={ratesOn}
                offer={settings.checkoutRates}
                couriers={couriers}
                couriersError={couriersError}
                problem={ratesProblem}
                result={result?.form === "checkoutRates" ? result : null}
                busy={busy}
                disabled={!apiKey}
              />
            </SectionAnchor>
            <SectionAnchor id="events">
              <EventsUrlCard
                url={events.url}
                previousUntil={events.previousUntil}
                tokenlessUntil={events.tokenlessUntil}
                ratesPending={events.ratesPending}
                reachedAt={events.reachedAt}
                result={result?.form === "rotateEventsUrl" ? result : null}
                busy={busy}
              />
            </SectionAnchor>
            <DataRequestsCard requests={dataRequests} />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
