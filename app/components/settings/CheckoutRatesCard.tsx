import { Form, useSubmit } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineStack,
  Select,
  Text,
} from "@shopify/polaris";
import { useRef, useState } from "react";
import type { RatesFormResult } from "../../checkout-rates/settings.server";
import type { CheckoutRates } from "../../shops/settings";
import { Field } from "./Field";

/**
 * Rates at checkout: on or off, the courier services offered and their checkout names, the price
 * adjustment, free shipping from an order value, and a preview of what a customer would see for a
 * sample address (with the choices on the form, saved or not).
 */
export function CheckoutRatesCard({
  on,
  offer,
  couriers,
  couriersError,
  problem,
  result,
  busy,
  disabled,
}: {
  on: boolean;
  offer: CheckoutRates;
  couriers: { value: string; label: string }[];
  couriersError: string | null;
  problem: { at: string; reason: string } | null;
  result: RatesFormResult | null;
  busy: boolean;
  disabled: boolean;
}) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const [ratesOn, setRatesOn] = useState(on);
  const [chosen, setChosen] = useState(
    () => new Set(offer.services.map((s) => `${s.company}/${s.type}`)),
  );
  const [kind, setKind] = useState(offer.adjustment.kind);
  const names = new Map(offer.services.map((s) => [`${s.company}/${s.type}`, s.name ?? ""]));
  const errors = result?.errors ?? {};
  const toggle = (value: string, checked: boolean) => {
    const next = new Set(chosen);
    if (checked) next.add(value);
    else next.delete(value);
    setChosen(next);
  };
  const preview = () => {
    if (!form.current) return;
    const data = new FormData(form.current);
    data.set("intent", "previewRates");
    submit(data, { method: "post" });
  };

  return (
    <Card>
      <Form method="post" ref={form}>
        <input type="hidden" name="intent" value="checkoutRates" />
        <FormLayout>
          <Text as="h2" variant="headingMd">
            7. Rates at checkout
          </Text>
          <Text as="p" tone="subdued">
            Your customers choose among the shipping service&apos;s couriers at checkout, at the
            service&apos;s live prices from the pickup location their order ships from; the courier
            they choose is the one the shipment is drafted with. Needs a Shopify plan with
            carrier-calculated shipping (Advanced or higher, or a development store).
          </Text>
          {problem && (
            <Banner tone="warning">{`Last time a checkout got no live rates (${new Date(problem.at).toLocaleString()}): ${problem.reason}. Your backup rates in Shopify were shown.`}</Banner>
          )}
          <Checkbox
            label="Show live rates at checkout"
            checked={ratesOn}
            onChange={setRatesOn}
            disabled={disabled}
            helpText={
              on
                ? "On: Shopify asks the app for rates at each checkout"
                : "Off: the checkout shows the rates you set in Shopify"
            }
          />
          <input type="hidden" name="ratesOn" value={ratesOn ? "on" : "off"} />
          <BlockStack gap="200">
            <Text as="h3" variant="headingSm">
              Courier services offered
            </Text>
            {couriersError && (
              <Banner tone="warning">{`Couriers could not be loaded: ${couriersError}`}</Banner>
            )}
            {errors.services && <Banner tone="critical">{errors.services}</Banner>}
            {couriers.map((c) => (
              <InlineStack key={c.value} gap="300" blockAlign="center" wrap={false}>
                <div style={{ minWidth: "14rem" }}>
                  <Checkbox
                    label={c.label}
                    checked={chosen.has(c.value)}
                    onChange={(checked) => toggle(c.value, checked)}
                  />
                </div>
                {chosen.has(c.value) && (
                  <>
                    <input type="hidden" name="service" value={c.value} />
                    <Field
                      label={`Checkout name for ${c.label}`}
                      labelHidden
                      name={`name:${c.value}`}
                      initial={names.get(c.value) ?? ""}
                      placeholder={c.label}
                      autoComplete="off"
                      error={errors[`name:${c.value}`]}
                    />
                  </>
                )}
              </InlineStack>
            ))}
          </BlockStack>
          <FormLayout.Group>
            <Select
              label="Price adjustment"
              name="adjustmentKind"
              options={[
                { label: "Percent of the service's price", value: "percent" },
                { label: "Fixed rupiah per parcel", value: "fixed" },
              ]}
              value={kind}
              onChange={(v) => setKind(v as typeof kind)}
            />
            <Field
              label={kind === "percent" ? "Adjustment (%)" : "Adjustment (Rp)"}
              name="adjustmentValue"
              initial={offer.adjustment.value ? String(offer.adjustment.value) : ""}
              autoComplete="off"
              helpText="Negative to take off; prices never go below 0"
              error={errors.adjustmentValue}
            />
            <Field
              label="Free shipping from (Rp)"
              name="freeAbove"
              initial={offer.freeAbove ? String(offer.freeAbove) : ""}
              autoComplete="off"
              helpText="Orders worth this much get the cheapest offered rate free; empty: never"
              error={errors.freeAbove}
            />
          </FormLayout.Group>
          <InlineStack align="end">
            <Button submit variant="primary" loading={busy} disabled={disabled}>
              Save rates at checkout
            </Button>
          </InlineStack>
          <Text as="h3" variant="headingSm">
            Preview
          </Text>
          <FormLayout.Group>
            <Field
              label="Sample postal code"
              name="samplePostalCode"
              initial=""
              autoComplete="off"
              error={errors.samplePostalCode}
            />
            <Field
              label="Weight (g)"
              name="sampleGrams"
              initial="1000"
              autoComplete="off"
              error={errors.sampleGrams}
            />
            <Field
              label="Order value (Rp)"
              name="sampleValue"
              initial="100000"
              autoComplete="off"
              error={errors.sampleValue}
            />
          </FormLayout.Group>
          <FormLayout.Group>
            <Field
              label="Latitude (optional)"
              name="sampleLatitude"
              initial=""
              autoComplete="off"
              helpText="With longitude, instant couriers are priced too"
              error={errors.sampleLatitude}
            />
            <Field
              label="Longitude (optional)"
              name="sampleLongitude"
              initial=""
              autoComplete="off"
            />
          </FormLayout.Group>
          <InlineStack>
            <Button onClick={preview} loading={busy} disabled={disabled}>
              Preview rates
            </Button>
          </InlineStack>
          {result?.preview && result.preview.rates.length > 0 && (
            <BlockStack gap="100">
              {result.preview.origin && (
                <Text as="p" tone="subdued">{`From ${result.preview.origin}`}</Text>
              )}
              {result.preview.note && (
                <Text as="p" tone="caution">
                  {result.preview.note}
                </Text>
              )}
              {result.preview.rates.map((r) => (
                <InlineStack key={r.code} gap="300" align="space-between">
                  <BlockStack gap="0">
                    <Text as="p" fontWeight="semibold">
                      {r.name}
                    </Text>
                    <Text as="p" tone="subdued">
                      {r.description}
                    </Text>
                  </BlockStack>
                  <Text as="p" fontWeight="semibold">
                    {r.price}
                  </Text>
                </InlineStack>
              ))}
            </BlockStack>
          )}
        </FormLayout>
      </Form>
    </Card>
  );
}
