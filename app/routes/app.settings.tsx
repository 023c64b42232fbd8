import { LABEL_LAYOUTS, LAYOUT_WORDS } from "../shops/label-layouts";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineStack,
  Layout,
  Page,
  Select,
  Text,
} from "@shopify/polaris";
import { useState, type ReactNode } from "react";
import { productionDeps } from "../checkout-rates/callback.server";
import { lastRatesProblem } from "../checkout-rates/problems.server";
import {
  previewCheckoutRates,
  saveCheckoutRates,
  type RatesFormResult,
} from "../checkout-rates/settings.server";
import { CheckoutRatesCard } from "../components/settings/CheckoutRatesCard";
import { EventsUrlCard } from "../components/settings/EventsUrlCard";
import { callbackTokenOf } from "../shops/callback-token.server";
import { eventsCardFacts } from "../shops/events-url-facts.server";
import { endOldCallbacks, rotateShopCallbacks } from "../checkout-rates/rotate-callbacks.server";
import { Field } from "../components/settings/Field";
import { LocationForm, ShopifyLocationRow } from "../components/settings/Locations";
import { producerConnection } from "../jobs/queues.server";
import { db } from "../db/index.server";
import { byDeadline } from "../platform/deadline";
import { getEnv } from "../platform/env.server";
import { createShippingClient } from "../shipping/client.server";
import { COD_TYPES } from "../shipping/contract";
import {
  ShippingAuthenticationError,
  ShippingError,
  ShippingNotFoundError,
} from "../shipping/errors";
import { ShippingNotConfiguredError, shippingClientForShop } from "../shops/shipping-client.server";
import { deleteLocation, makeDefaultLocation, saveLocation } from "../shops/locations.server";
import {
  connectLocation,
  createPickupForLocation,
  shopifyLocations,
  type ShopifyLocation,
} from "../shops/shopify-locations.server";
import { shopifyAdminGraphql } from "../admin-api/gateway.server";
import { enqueue } from "../jobs/queues.server";
import { authenticate } from "../shopify.server";
import { parsePickupForm, parsePreferencesForm } from "../shops/settings-form.server";
import { parseShopSettings } from "../shops/settings";
import {
  InvalidShippingKeyError,
  getShop,
  setShippingApiKey,
  shippingModeOfKey,
  updateShopSettings,
} from "../shops/shops.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const shop = await getShop(db, session.shop);
  const settings = parseShopSettings(shop?.settings);
  let couriers: { value: string; label: string }[] = [];
  let couriersError: string | null = null;
  if (shop?.shippingApiKeyEncrypted) {
    try {
      const client = await shippingClientForShop(db, getEnv(), session.shop);
      couriers = (await client.getCouriers()).couriers.map((c) => ({
        value: `${c.courier_code}/${c.courier_service_code}`,
        label: `${c.courier_name} ${c.courier_service_name}`,
      }));
    } catch (error) {
      couriersError = (error as Error).message;
    }
  }
  // The shop's Shopify locations, to connect each to the pickup location its parcels leave from.
  let locations: ShopifyLocation[] = [];
  let locationsError: string | null = null;
  try {
    // Not waited for longer than 5 s: the rest of the page still loads.
    locations = await byDeadline(
      shopifyLocations(shopifyAdminGraphql, session.shop),
      Date.now() + 5_000,
      Date.now,
      "Shopify did not answer within 5 s",
    );
  } catch (error) {
    locationsError = (error as Error).message;
  }
  return {
    apiKey: shop?.shippingApiKeyHint
      ? { hint: shop.shippingApiKeyHint, mode: shop.shippingMode }
      : null,
    settings,
    ratesOn: Boolean(shop?.carrierServiceId),
    ratesProblem: shop?.carrierServiceId
      ? await lastRatesProblem(producerConnection(), getEnv().QUEUE_PREFIX, session.shop)
      : null,
    couriers,
    couriersError,
    locations: locations.map((l) => ({
      id: l.id,
      name: l.name,
      place: [l.address.address1, l.address.city].filter(Boolean).join(", "),
    })),
    locationsError,
    events: shop
      ? eventsCardFacts(shop, await callbackTokenOf(db, getEnv().ENCRYPTION_KEY, session.shop))
      : { url: "", previousUntil: null, tokenlessUntil: null, ratesPending: false },
  };
};

type ActionResult = {
  form: string;
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
  locationId?: string | null;
  preview?: RatesFormResult["preview"];
};

export const action = async ({ request }: ActionFunctionArgs): Promise<ActionResult> => {
  const { session } = await authenticate.admin(request);
  const env = getEnv();
  const form = await request.formData();
  const intent = String(form.get("intent"));

  if (intent === "apiKey") {
    const key = String(form.get("apiKey") ?? "").trim();
    try {
      const mode = shippingModeOfKey(key);
      const shop = await getShop(db, session.shop);
      // Checked against the service before it is kept.
      await createShippingClient({
        baseUrl: shop?.shippingBaseUrl ?? env.SHIPPING_API_BASE_URL,
        apiKey: key,
        timeoutMs: env.SHIPPING_API_TIMEOUT_MS,
      }).getCouriers();
      await setShippingApiKey(db, env.ENCRYPTION_KEY, session.shop, key);
      return {
        form: intent,
        ok: true,
        message: `Saved: a ${mode} key ending in …${key.slice(-4)}`,
      };
    } catch (error) {
      if (error instanceof InvalidShippingKeyError)
        return {
          form: intent,
          ok: false,
          message: error.message,
          errors: { apiKey: error.message },
        };
      if (error instanceof ShippingAuthenticationError)
        return {
          form: intent,
          ok: false,
          message: "The shipping service refused this key",
          errors: { apiKey: "Refused by the shipping service" },
        };
      if (error instanceof ShippingError)
        return {
          form: intent,
          ok: false,
          message: `Could not check the key with the shipping service: ${error.message}. Nothing was saved.`,
        };
      throw error;
    }
  }

  if (intent === "saveLocation" || intent === "deleteLocation" || intent === "defaultLocation") {
    const locationId = String(form.get("locationId") ?? "") || null;
    try {
      if (intent === "defaultLocation") {
        await makeDefaultLocation(db, session.shop, locationId ?? "");
        return { form: "location", ok: true, message: "Default pickup location changed" };
      }
      const client = await shippingClientForShop(db, env, session.shop);
      if (intent === "deleteLocation") {
        await deleteLocation(db, client, session.shop, locationId ?? "");
        return { form: "location", ok: true, message: "Pickup location removed" };
      }
      const { pickup, errors } = parsePickupForm(form);
      if (!pickup)
        return {
          form: "location",
          ok: false,
          message: "Check the highlighted fields",
          errors,
          locationId,
        };
      await saveLocation(db, client, session.shop, pickup, locationId);
      return {
        form: "location",
        ok: true,
        message: "Pickup location saved at the shipping service",
      };
    } catch (error) {
      if (error instanceof ShippingNotConfiguredError)
        return { form: "location", ok: false, message: error.message };
      if (error instanceof ShippingError)
        return {
          form: "location",
          ok: false,
          message: `The shipping service refused: ${error.message}`,
        };
      throw error;
    }
  }

  if (intent === "connectLocation" || intent === "pickupFromLocation") {
    const shopifyLocationId = String(form.get("shopifyLocationId") ?? "");
    try {
      const location = (await shopifyLocations(shopifyAdminGraphql, session.shop)).find(
        (l) => l.id === shopifyLocationId,
      );
      if (!location)
        return {
          form: "shopifyLocation",
          ok: false,
          message: "That Shopify location is not one of this shop's (reload the page)",
        };
      if (intent === "connectLocation") {
        const pickupLocationId = String(form.get("pickupLocationId") ?? "") || null;
        const queued = await connectLocation(
          db,
          enqueue,
          session.shop,
          location.id,
          pickupLocationId,
        );
        return {
          form: "shopifyLocation",
          ok: true,
          message: pickupLocationId
            ? `${location.name} connected${queued > 0 ? `: ${queued} waiting shipment${queued === 1 ? "" : "s"} queued for a draft` : ""}`
            : `${location.name} disconnected`,
        };
      }
      const client = await shippingClientForShop(db, env, session.shop);
      const made = await createPickupForLocation(db, client, enqueue, session.shop, location);
      if ("missing" in made)
        return {
          form: "shopifyLocation",
          ok: false,
          message: `${location.name} has no ${made.missing.join(" and no ")} in Shopify: add it there, or add the pickup location by hand below and connect it`,
        };
      return {
        form: "shopifyLocation",
        ok: true,
        message: `Pickup location made from ${location.name}'s address and connected${made.queued > 0 ? `: ${made.queued} waiting shipment${made.queued === 1 ? "" : "s"} queued for a draft` : ""}`,
      };
    } catch (error) {
      if (error instanceof ShippingNotConfiguredError)
        return { form: "shopifyLocation", ok: false, message: error.message };
      if (error instanceof ShippingNotFoundError)
        return {
          form: "shopifyLocation",
          ok: false,
          message: `${error.message} (reload the page)`,
        };
      if (error instanceof ShippingError)
        return {
          form: "shopifyLocation",
          ok: false,
          message: `The shipping service refused: ${error.message}`,
        };
      throw error;
    }
  }

  if (intent === "checkoutRates")
    return {
      form: intent,
      ...(await saveCheckoutRates(
        db,
        env.ENCRYPTION_KEY,
        shopifyAdminGraphql,
        session.shop,
        env.SHOPIFY_APP_URL,
        form,
      )),
    };
  if (intent === "previewRates")
    return {
      form: "checkoutRates",
      ...(await previewCheckoutRates(
        productionDeps(),
        session.shop,
        form,
        env.CHECKOUT_RATES_DEADLINE_MS,
      )),
    };

  if (intent === "rotateEventsUrl") {
    const rotated = await rotateShopCallbacks(
      db,
      env.ENCRYPTION_KEY,
      shopifyAdminGraphql,
      session.shop,
      env.SHOPIFY_APP_URL,
    );
    return { form: intent, ok: rotated.ok, message: rotated.message };
  }
  if (intent === "endOldEventsUrl")
    return { form: "rotateEventsUrl", ...(await endOldCallbacks(db, session.shop)) };

  if (intent === "preferences") {
    const { patch, errors } = parsePreferencesForm(form);
    if (Object.keys(errors).length > 0)
      return { form: intent, ok: false, message: "Check the highlighted fields", errors };
    await updateShopSettings(db, session.shop, patch);
    return { form: intent, ok: true, message: "Settings saved" };
  }
  return { form: intent, ok: false, message: `Unknown form ${intent}` };
};

/** A settings group's heading and what the group changes. */
function GroupHeading({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <>
      <Text as="h2" variant="headingMd">
        {title}
      </Text>
      <Text as="p" tone="subdued">
        {children}
      </Text>
    </>
  );
}

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
    events,
  } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const errors = result?.errors ?? {};
  const [editing, setEditing] = useState<string | null>(null);
  const [s, setS] = useState({
    autoCreateDrafts: settings.autoCreateDrafts,
    autoConfirm: settings.autoConfirm,
    bookPendingOrders: settings.bookPendingOrders,
    insurance: settings.insurance,
    proofOfDelivery: settings.proofOfDelivery,
    fulfillOnConfirm: settings.fulfillOnConfirm,
    notifyCustomer: settings.notifyCustomer,
    markCodPaid: settings.markCodPaid,
    restockReturns: settings.restockReturns,
    cancelReturnedCod: settings.cancelReturnedCod,
    holdWhileBooking: settings.holdWhileBooking,
    defaultCourier: settings.defaultCourier
      ? `${settings.defaultCourier.company}/${settings.defaultCourier.type}`
      : "",
    deliveryType: settings.deliveryType,
    codType: settings.codType,
    labelLayout: settings.labelLayout,
  });
  const check = (name: keyof typeof s, label: string, help?: string) => (
    <>
      <Checkbox
        label={label}
        helpText={help}
        error={errors[name]}
        checked={Boolean(s[name])}
        onChange={(v) => setS({ ...s, [name]: v })}
      />
      <input type="hidden" name={name} value={s[name] ? "on" : "off"} />
    </>
  );
  const steps = [
    !apiKey && "add your shipping API key",
    !settings.pickup && "add a pickup location",
  ].filter(Boolean);

  return (
    <Page title="Settings" backAction={{ content: "Shipments", onAction: () => navigate("/app") }}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {steps.length > 0 && (
              <Banner
                tone="info"
                title="Before the first shipment"
              >{`To start: ${steps.join(", then ")}.`}</Banner>
            )}
            {result && result.form !== "rotateEventsUrl" && (
              <Banner tone={result.ok ? "success" : "critical"}>{result.message}</Banner>
            )}
            <Card>
              <Form method="post">
                <input type="hidden" name="intent" value="apiKey" />
                <FormLayout>
                  <GroupHeading
                    title={
                      <>
                        1. Shipping API key{" "}
                        {apiKey && (
                          <Badge
                            tone={apiKey.mode === "live" ? "success" : "info"}
                          >{`${apiKey.mode} …${apiKey.hint}`}</Badge>
                        )}
                      </>
                    }
                  >
                    Connects the app to your shipping account: drafts and bookings are made, and
                    charged, on it. A test key books nothing real.
                  </GroupHeading>
                  <Field
                    key={apiKey?.hint ?? "none"}
                    label={apiKey ? "Replace the key" : "API key"}
                    name="apiKey"
                    type="password"
                    autoComplete="off"
                    helpText="Starts with biteship_test. (test mode) or biteship_live. (live). Checked with the service before it is saved; stored encrypted."
                    error={errors.apiKey}
                  />
                  <Button submit loading={busy}>
                    Check and save key
                  </Button>
                </FormLayout>
              </Form>
            </Card>
            <Card>
              <BlockStack gap="300">
                <GroupHeading title="2. Pickup locations">
                  Where couriers collect your parcels. Each is kept in the shipping service's
                  location list; shipments leave from the default one.
                </GroupHeading>
                {settings.locations.map((l) => (
                  <BlockStack gap="100" key={l.locationId}>
                    <InlineStack gap="200" blockAlign="center">
                      <Text as="p" fontWeight="semibold">
                        {l.contactName}
                      </Text>
                      {settings.pickup?.locationId === l.locationId && (
                        <Badge tone="success">Default origin</Badge>
                      )}
                    </InlineStack>
                    <Text as="p">{`${l.address}, ${l.postalCode}${l.latitude !== undefined ? ` (${l.latitude}, ${l.longitude})` : ""}`}</Text>
                    <InlineStack gap="200">
                      <Button variant="plain" onClick={() => setEditing(l.locationId)}>
                        Edit
                      </Button>
                      {settings.pickup?.locationId !== l.locationId && (
                        <Form method="post">
                          <input type="hidden" name="intent" value="defaultLocation" />
                          <input type="hidden" name="locationId" value={l.locationId} />
                          <Button submit variant="plain">
                            Make default
                          </Button>
                        </Form>
                      )}
                      <Form method="post">
                        <input type="hidden" name="intent" value="deleteLocation" />
                        <input type="hidden" name="locationId" value={l.locationId} />
                        <Button submit variant="plain" tone="critical">
                          Remove
                        </Button>
                      </Form>
                    </InlineStack>
                  </BlockStack>
                ))}
                <LocationForm
                  key={`${editing ?? "new"}-${settings.locations.length}`}
                  location={settings.locations.find((l) => l.locationId === editing) ?? null}
                  errors={result?.form === "location" ? errors : {}}
                  busy={busy}
                  disabled={!apiKey}
                />
                {editing && (
                  <Button variant="plain" onClick={() => setEditing(null)}>
                    Add another location instead
                  </Button>
                )}
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="300">
                <GroupHeading title="3. Your Shopify locations">
                  Shopify assigns each order's items to the locations that stock them; each
                  location's items leave as their own shipment from the pickup location connected to
                  it.
                  {locations.length === 1
                    ? " Your shop has one location: unless you connect it, its parcels leave from the default pickup location."
                    : " A location that is not connected holds its shipments (they say so) until you connect it."}
                </GroupHeading>
                {locationsError && (
                  <Banner tone="warning">{`Shopify's locations could not be read: ${locationsError}`}</Banner>
                )}
                {locations.map((l) => (
                  <ShopifyLocationRow
                    key={`${l.id}-${settings.locationLinks[l.id] ?? ""}`}
                    location={l}
                    linked={settings.locationLinks[l.id] ?? ""}
                    pickups={settings.locations}
                    disabled={!apiKey}
                    busy={busy}
                  />
                ))}
              </BlockStack>
            </Card>
            <Form method="post">
              <input type="hidden" name="intent" value="preferences" />
              <BlockStack gap="400">
                <Card>
                  <FormLayout>
                    <GroupHeading title="4. Courier choice">
                      Which courier a shipment gets when the checkout did not name one, and when it
                      is picked up.
                    </GroupHeading>
                    <Select
                      label="Default courier and service"
                      name="defaultCourier"
                      options={[
                        { label: "None: the merchant chooses per shipment", value: "" },
                        ...couriers,
                      ]}
                      value={s.defaultCourier}
                      onChange={(v) => setS({ ...s, defaultCourier: v })}
                      helpText={
                        couriersError
                          ? `Couriers could not be loaded: ${couriersError}`
                          : "Used when the checkout's shipping line names no courier"
                      }
                    />
                    <Select
                      label="Delivery type"
                      name="deliveryType"
                      options={[
                        { label: "Now: pickup right away", value: "now" },
                        { label: "Scheduled: pickup next day 10:00", value: "scheduled" },
                      ]}
                      value={s.deliveryType}
                      onChange={(v) => setS({ ...s, deliveryType: v as "now" | "scheduled" })}
                      error={errors.deliveryType}
                    />
                  </FormLayout>
                </Card>
                <Card>
                  <FormLayout>
                    <GroupHeading title="5. Automation">
                      What the app does on its own when an order comes in, and what it tells Shopify
                      and your customer once a shipment is booked.
                    </GroupHeading>
                    {check("autoCreateDrafts", "Create a draft automatically for each new order")}
                    {check(
                      "autoConfirm",
                      "Confirm ready drafts automatically",
                      "Confirming books the courier and is charged; unpaid orders wait until Shopify marks them paid (cash on delivery books at once)",
                    )}
                    {check(
                      "bookPendingOrders",
                      "Also book orders whose payment is pending",
                      "For stores whose manual payment methods (bank transfer) never mark orders paid in Shopify",
                    )}
                    {check(
                      "fulfillOnConfirm",
                      "Fulfill the store order with tracking when a shipment is confirmed",
                    )}
                    {check("notifyCustomer", "Notify the customer when fulfilled")}
                    {check(
                      "holdWhileBooking",
                      "Hold the order in Shopify while it is being booked, so nobody fulfills it by hand (needs fulfillment with tracking on)",
                    )}
                  </FormLayout>
                </Card>
                <Card>
                  <FormLayout>
                    <GroupHeading title="6. Parcel details">
                      How items are described to the courier (category, weight), how cash on
                      delivery is recognised and paid out, insurance and proof of delivery.
                    </GroupHeading>
                    <Field
                      label="Product type → category"
                      name="categoryMapping"
                      multiline={4}
                      autoComplete="off"
                      initial={Object.entries(settings.categoryMapping)
                        .map(([k, v]) => `${k} = ${v}`)
                        .join("\n")}
                      helpText="One per line, e.g. Apparel = fashion. Unmatched products are others."
                      error={errors.categoryMapping}
                    />
                    <Field
                      label="Default weight (grams)"
                      name="defaultWeightGrams"
                      type="number"
                      autoComplete="off"
                      initial={
                        settings.defaultWeightGrams ? String(settings.defaultWeightGrams) : ""
                      }
                      helpText="For variants without a weight; empty makes a missing weight a problem to fix"
                      error={errors.defaultWeightGrams}
                    />
                    <Field
                      label="Payment gateways that mean cash on delivery"
                      name="codGateways"
                      autoComplete="off"
                      initial={settings.codGateways.join(", ")}
                      helpText="Comma-separated, as they appear on orders, e.g. Cash on Delivery (COD)"
                    />
                    <Select
                      label="COD disbursement"
                      name="codType"
                      options={COD_TYPES.map((t) => ({ label: t.replace("_", " "), value: t }))}
                      value={s.codType}
                      onChange={(v) => setS({ ...s, codType: v as typeof s.codType })}
                      error={errors.codType}
                    />
                    {check(
                      "markCodPaid",
                      "Mark cash-on-delivery orders paid in Shopify when the courier delivers them",
                      "The courier collected the cash; the COD page lists what the couriers hold until the service pays it out",
                    )}
                    {check(
                      "restockReturns",
                      "Restock parcels that come back to you",
                      "The returned lines are recorded as a return in Shopify and restocked at the location they left from",
                    )}
                    {check(
                      "cancelReturnedCod",
                      "Cancel unpaid cash-on-delivery orders whose parcel came back",
                      "With nothing owed and a staff note; prepaid orders are left for you to refund",
                    )}
                    {check("insurance", "Insure shipments for the value of their items")}
                    {check("proofOfDelivery", "Ask for proof of delivery")}
                    <Field
                      label="Proof of delivery instruction"
                      name="proofOfDeliveryNote"
                      autoComplete="off"
                      initial={settings.proofOfDeliveryNote}
                      error={errors.proofOfDeliveryNote}
                    />
                  </FormLayout>
                </Card>
                <Card>
                  <FormLayout>
                    <GroupHeading title="7. Labels">
                      The label each parcel carries: its waybill as a barcode, the receiver, the
                      cash to collect. Printed from the shipments list, a shipment&apos;s page or
                      the order page.
                    </GroupHeading>
                    <Select
                      label="Label size"
                      name="labelLayout"
                      options={LABEL_LAYOUTS.map((l) => ({ label: LAYOUT_WORDS[l], value: l }))}
                      value={s.labelLayout}
                      onChange={(v) => setS({ ...s, labelLayout: v as typeof s.labelLayout })}
                      error={errors.labelLayout}
                    />
                    <Field
                      label="Shop name on labels"
                      name="labelShopName"
                      autoComplete="off"
                      initial={settings.labelShopName}
                      helpText="Empty: your shop's name in Shopify"
                      error={errors.labelShopName}
                    />
                  </FormLayout>
                </Card>
                <InlineStack align="end">
                  <Button submit variant="primary" loading={busy}>
                    Save preferences
                  </Button>
                </InlineStack>
              </BlockStack>
            </Form>
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
            <EventsUrlCard
              url={events.url}
              previousUntil={events.previousUntil}
              tokenlessUntil={events.tokenlessUntil}
              ratesPending={events.ratesPending}
              result={result?.form === "rotateEventsUrl" ? result : null}
              busy={busy}
            />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
