import { useSubmit } from "@remix-run/react";
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
import { useTranslation } from "react-i18next";
import type { RatesFormResult } from "../../checkout-rates/settings.server";
import type { CheckoutRates } from "../../shops/settings";
import { Field } from "./Field";
import { TickBox } from "./TickBox";
import { UnsavedForm } from "../../ui/unsaved/UnsavedForm";

/** The form field of a service's checkout name ("name:jne/reg"). */
const nameField = (service: string) => `name:${service}`;

interface RatesCardProps {
  on: boolean;
  offer: CheckoutRates;
  couriers: { value: string; label: string }[];
  couriersError: string | null;
  problem: { at: string; reason: string } | null;
  result: RatesFormResult | null;
  busy: boolean;
  disabled: boolean;
}

/**
 * Rates at checkout: on or off, the courier services offered and their checkout names, the price
 * adjustment, free shipping from an order value, and a preview of what a customer would see for a
 * sample address (with the choices on the form, saved or not). Its edits are held by the admin's
 * save bar; the preview's sample values are not edits.
 */
export function CheckoutRatesCard(props: RatesCardProps) {
  return (
    <Card>
      <UnsavedForm id="checkoutRates" method="post" answer={props.result} busy={props.busy}>
        <RatesFields {...props} />
      </UnsavedForm>
    </Card>
  );
}

/** The card's fields (drawn afresh on Discard and once saved). */
function RatesFields({
  on,
  offer,
  couriers,
  couriersError,
  problem,
  result,
  busy,
  disabled,
}: RatesCardProps) {
  const submit = useSubmit();
  const { t } = useTranslation();
  const intent = useRef<HTMLInputElement>(null);
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
    const form = intent.current?.form;
    if (!form) return;
    const data = new FormData(form);
    data.set("intent", "previewRates");
    submit(data, { method: "post" });
  };

  return (
    <>
      <input ref={intent} type="hidden" name="intent" value="checkoutRates" />
      <FormLayout>
        <Text as="h2" variant="headingMd">
          {t("rates.card.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("rates.card.about")}
        </Text>
        {problem && (
          <Banner tone="warning">
            {t("rates.card.problem", { at: problem.at, reason: problem.reason })}
          </Banner>
        )}
        <TickBox
          name="ratesOn"
          label={t("rates.card.show")}
          initial={on}
          disabled={disabled}
          helpText={on ? t("rates.card.onHelp") : t("rates.card.offHelp")}
        />
        <BlockStack gap="200">
          <Text as="h3" variant="headingSm">
            {t("rates.card.offered")}
          </Text>
          {couriersError && (
            <Banner tone="warning">
              {t("settings.courier.unloaded", { reason: couriersError })}
            </Banner>
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
                    label={t("rates.card.checkoutName", { name: c.label })}
                    labelHidden
                    name={nameField(c.value)}
                    initial={names.get(c.value) ?? ""}
                    placeholder={c.label}
                    autoComplete="off"
                    error={errors[nameField(c.value)]}
                  />
                </>
              )}
            </InlineStack>
          ))}
        </BlockStack>
        <FormLayout.Group>
          <Select
            label={t("rates.card.adjustment")}
            name="adjustmentKind"
            options={[
              { label: t("rates.card.percent"), value: "percent" },
              { label: t("rates.card.fixed"), value: "fixed" },
            ]}
            value={kind}
            onChange={(v) => setKind(v as typeof kind)}
          />
          <Field
            label={kind === "percent" ? t("rates.card.percentValue") : t("rates.card.fixedValue")}
            name="adjustmentValue"
            initial={offer.adjustment.value ? String(offer.adjustment.value) : ""}
            autoComplete="off"
            helpText={t("rates.card.adjustmentHelp")}
            error={errors.adjustmentValue}
          />
          <Field
            label={t("rates.card.freeAbove")}
            name="freeAbove"
            initial={offer.freeAbove ? String(offer.freeAbove) : ""}
            autoComplete="off"
            helpText={t("rates.card.freeAboveHelp")}
            error={errors.freeAbove}
          />
        </FormLayout.Group>
        <InlineStack align="end">
          <Button submit variant="primary" loading={busy} disabled={disabled}>
            {t("rates.card.save")}
          </Button>
        </InlineStack>
        <Text as="h3" variant="headingSm">
          {t("rates.card.preview")}
        </Text>
        {/* A sample address to preview with, not an edit of the offer. */}
        <div data-unsaved-ignore>
          <FormLayout>
            <FormLayout.Group>
              <Field
                label={t("rates.card.samplePostalCode")}
                name="samplePostalCode"
                initial=""
                autoComplete="off"
                error={errors.samplePostalCode}
              />
              <Field
                label={t("rates.card.sampleGrams")}
                name="sampleGrams"
                initial="1000"
                autoComplete="off"
                error={errors.sampleGrams}
              />
              <Field
                label={t("rates.card.sampleValue")}
                name="sampleValue"
                initial="100000"
                autoComplete="off"
                error={errors.sampleValue}
              />
            </FormLayout.Group>
            <FormLayout.Group>
              <Field
                label={t("rates.card.sampleLatitude")}
                name="sampleLatitude"
                initial=""
                autoComplete="off"
                helpText={t("rates.card.sampleLatitudeHelp")}
                error={errors.sampleLatitude}
              />
              <Field
                label={t("rates.card.sampleLongitude")}
                name="sampleLongitude"
                initial=""
                autoComplete="off"
              />
            </FormLayout.Group>
          </FormLayout>
        </div>
        <InlineStack>
          <Button onClick={preview} loading={busy} disabled={disabled}>
            {t("rates.card.previewButton")}
          </Button>
        </InlineStack>
        {result?.preview && result.preview.rates.length > 0 && (
          <BlockStack gap="100">
            {result.preview.origin && (
              <Text as="p" tone="subdued">
                {t("rates.card.from", { origin: result.preview.origin })}
              </Text>
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
    </>
  );
}
